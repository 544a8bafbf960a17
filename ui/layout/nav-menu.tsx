// A submenu of the desktop header (Categories, Cities) as a disclosure built on <details>/<summary>:
// the links are in the server's HTML and the menu opens and closes without JavaScript (before
// hydration, or if the script fails); browsers expose the summary as a button with its expanded
// state. `name` makes the header's menus exclusive natively (one open at a time). After hydration
// this adds what <details> lacks: Escape closes and returns focus to the button, and the menu
// closes when focus or a click goes elsewhere and when a link is chosen.
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { ChevronDownIcon } from './icons.tsx';

export interface NavMenuProps {
  label: string;
  children: ReactNode;
}

export function NavMenu({ label, children }: NavMenuProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  // A chosen link navigates: the menu has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const closeIfOutside = (event: Event) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('pointerdown', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('pointerdown', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = ref.current;
    if (event.key !== 'Escape' || !details?.open) return;
    event.preventDefault();
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  // The same link chosen again (the current page) does not navigate; close the menu anyway.
  const onClick = (event: MouseEvent<HTMLDetailsElement>) => {
    if ((event.target as Element).closest('a') && ref.current) ref.current.open = false;
  };

  return (
    <details
      ref={ref}
      name="site-nav"
      className="nav-menu"
      onKeyDown={onKeyDown}
      onClick={onClick}
      // The visitor may open it before hydration: its `open` attribute is theirs, not a mismatch.
      suppressHydrationWarning
    >
      <summary className="nav-menu__button">
        {label}
        <ChevronDownIcon />
      </summary>
      <ul className="nav-menu__list">{children}</ul>
    </details>
  );
}
