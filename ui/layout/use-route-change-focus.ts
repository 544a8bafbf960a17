// Client-side navigation changes the page without the browser's own page load: no scroll to the top
// and no focus reset, so a keyboard or screen-reader user would be left on a link of the old page.
// On a new path this scrolls to the top (or to the #fragment) and moves focus to the new page's
// <main>; Back/Forward keep the browser's scroll restoration. A new #fragment on the same page
// scrolls to it. Changes of the query string alone (filters, paging) are left to the page: a filter
// field must keep its focus while the URL follows it.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export function useRouteChangeFocus(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // What is already shown: the first render (and StrictMode's second effect run) is not a change.
  const shown = useRef({ pathname, hash });

  useEffect(() => {
    const previous = shown.current;
    if (previous.pathname === pathname && previous.hash === hash) return;
    shown.current = { pathname, hash };
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (navigationType !== 'POP' && previous.pathname !== pathname) window.scrollTo(0, 0);
    if (previous.pathname === pathname) return;
    const main = document.getElementById('main');
    if (!main) return;
    // <main> is not focusable by default; -1 keeps it out of the tab order.
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
  }, [pathname, hash, navigationType]);
}
