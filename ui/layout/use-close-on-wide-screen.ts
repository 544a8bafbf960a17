// The drawer exists only below the desktop breakpoint (layout.css shows the desktop menu from
// 64em): a drawer left open when the window grows (or a tablet turns) would trap focus in a panel
// that is no longer shown.
import { useEffect } from 'react';

export const DESKTOP_MEDIA_QUERY = '(min-width: 64em)';

export function useCloseOnWideScreen(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(DESKTOP_MEDIA_QUERY);
    if (query.matches) close();
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) close();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, close]);
}
