// The frame of every public page: skip link, sticky header, side drawer (small screens), the page
// (each page renders its own <main id="main">), footer. The loader fills what the footer shows.
import { useCallback, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { popularCitiesQuery, statisticsQuery } from '../api/queries.ts';
import type { RouteLoader } from '../route-types.ts';
import { MobileDrawer } from './mobile-drawer.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useCloseOnWideScreen } from './use-close-on-wide-screen.ts';
import { useRouteChangeFocus } from './use-route-change-focus.ts';

export const loadLayout: RouteLoader = async ({ api, load }) => {
  await Promise.all([load(statisticsQuery(api)), load(popularCitiesQuery(api))]);
  return undefined;
};

export function SiteLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }, []);
  useCloseOnWideScreen(drawerOpen, () => setDrawerOpen(false));
  useRouteChangeFocus();

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader
        drawerOpen={drawerOpen}
        onOpenDrawer={() => setDrawerOpen(true)}
        menuButtonRef={menuButtonRef}
      />
      <MobileDrawer open={drawerOpen} onClose={closeDrawer} />
      <Outlet />
      <SiteFooter />
    </>
  );
}
