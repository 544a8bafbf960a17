// The one route table: matched by the server (to run loaders and pick the status) and rendered by
// both the server and the browser through useRoutes. Each page is its own chunk (lazyPage): a first
// visit downloads the shell and the one page it shows; the matched pages are preloaded before the
// server renders and before the browser hydrates (preloadMatchedPages).
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { type LazyPage, lazyLoader, lazyPage } from './lazy-page.tsx';
import { loadLayout, SiteLayout } from './layout/site-layout.tsx';
import type { RouteHandle } from './route-types.ts';

const pages = {
  home: lazyPage(
    'ui/pages/home/home-page.tsx',
    () => import('./pages/home/home-page.tsx'),
    (m) => m.HomePage,
  ),
  search: lazyPage(
    'ui/pages/search/search-page.tsx',
    () => import('./pages/search/search-page.tsx'),
    (m) => m.SearchPage,
  ),
  browse: lazyPage(
    'ui/pages/browse/browse-page.tsx',
    () => import('./pages/browse/browse-page.tsx'),
    (m) => m.BrowsePage,
  ),
  redirect: lazyPage(
    'ui/pages/business/business-redirect.tsx',
    () => import('./pages/business/business-redirect.tsx'),
    (m) => m.BusinessRedirect,
  ),
  business: lazyPage(
    'ui/pages/business/business-page.tsx',
    () => import('./pages/business/business-page.tsx'),
    (m) => m.BusinessPage,
  ),
  city: lazyPage(
    'ui/pages/city/city-page.tsx',
    () => import('./pages/city/city-page.tsx'),
    (m) => m.CityPage,
  ),
  cities: lazyPage(
    'ui/pages/cities/cities-page.tsx',
    () => import('./pages/cities/cities-page.tsx'),
    (m) => m.CitiesPage,
  ),
  category: lazyPage(
    'ui/pages/category/category-page.tsx',
    () => import('./pages/category/category-page.tsx'),
    (m) => m.CategoryPage,
  ),
  categories: lazyPage(
    'ui/pages/categories/categories-page.tsx',
    () => import('./pages/categories/categories-page.tsx'),
    (m) => m.CategoriesPage,
  ),
  about: lazyPage(
    'ui/pages/static/about-page.tsx',
    () => import('./pages/static/about-page.tsx'),
    (m) => m.AboutPage,
  ),
  contact: lazyPage(
    'ui/pages/static/contact-page.tsx',
    () => import('./pages/static/contact-page.tsx'),
    (m) => m.ContactPage,
  ),
  privacy: lazyPage(
    'ui/pages/static/privacy-page.tsx',
    () => import('./pages/static/privacy-page.tsx'),
    (m) => m.PrivacyPage,
  ),
  terms: lazyPage(
    'ui/pages/static/terms-page.tsx',
    () => import('./pages/static/terms-page.tsx'),
    (m) => m.TermsPage,
  ),
  addBusiness: lazyPage(
    'ui/pages/add-business/add-business-page.tsx',
    () => import('./pages/add-business/add-business-page.tsx'),
    (m) => m.AddBusinessPage,
  ),
  advertise: lazyPage(
    'ui/pages/static/advertise-page.tsx',
    () => import('./pages/static/advertise-page.tsx'),
    (m) => m.AdvertisePage,
  ),
  notFound: lazyPage(
    'ui/pages/not-found-page.tsx',
    () => import('./pages/not-found-page.tsx'),
    (m) => m.NotFoundPage,
  ),
  // The admin screens: a public visitor never downloads them.
  adminLogin: lazyPage(
    'ui/admin/admin-login-page.tsx',
    () => import('./admin/admin-login-page.tsx'),
    (m) => m.default,
  ),
  adminPanel: lazyPage(
    'ui/admin/admin-panel-page.tsx',
    () => import('./admin/admin-panel-page.tsx'),
    (m) => m.default,
  ),
} satisfies Record<string, LazyPage>;

interface PageRoute {
  path: string;
  page: LazyPage;
  load?: RouteHandle['load'];
  noCache?: boolean;
}

const route = ({ path, page, load, noCache }: PageRoute): RouteObject => ({
  path,
  element: <page.Page />,
  handle: { load, noCache, preload: page.preload, module: page.module } satisfies RouteHandle,
});

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    handle: { load: loadLayout } satisfies RouteHandle,
    children: [
      route({
        path: '/',
        page: pages.home,
        load: lazyLoader(
          () => import('./pages/home/home-page.tsx'),
          (m) => m.loadHome,
        ),
      }),
      route({
        path: '/search',
        page: pages.search,
        load: lazyLoader(
          () => import('./pages/search/search-page.tsx'),
          (m) => m.loadSearch,
        ),
      }),
      route({
        path: '/businesses',
        page: pages.browse,
        load: lazyLoader(
          () => import('./pages/browse/browse-page.tsx'),
          (m) => m.loadBrowse,
        ),
      }),
      route({
        path: '/business/:id',
        page: pages.redirect,
        load: lazyLoader(
          () => import('./pages/business/business-redirect.tsx'),
          (m) => m.loadBusinessRedirect,
        ),
      }),
      route({
        path: '/details/:slug',
        page: pages.business,
        load: lazyLoader(
          () => import('./pages/business/business-page.tsx'),
          (m) => m.loadBusiness,
        ),
      }),
      route({
        path: '/city/:cityName',
        page: pages.city,
        load: lazyLoader(
          () => import('./pages/city/city-page.tsx'),
          (m) => m.loadCity,
        ),
      }),
      route({
        path: '/cities',
        page: pages.cities,
        load: lazyLoader(
          () => import('./pages/cities/cities-page.tsx'),
          (m) => m.loadCities,
        ),
      }),
      route({
        path: '/category/:categoryName',
        page: pages.category,
        load: lazyLoader(
          () => import('./pages/category/category-page.tsx'),
          (m) => m.loadCategory,
        ),
      }),
      route({
        path: '/categories',
        page: pages.categories,
        load: lazyLoader(
          () => import('./pages/categories/categories-page.tsx'),
          (m) => m.loadCategories,
        ),
      }),
      route({ path: '/about', page: pages.about }),
      route({ path: '/contact', page: pages.contact }),
      route({ path: '/privacy-policy', page: pages.privacy }),
      route({ path: '/terms-of-service', page: pages.terms }),
      route({ path: '/add-business', page: pages.addBusiness, noCache: true }),
      route({ path: '/advertise', page: pages.advertise }),
      route({
        path: '*',
        page: pages.notFound,
        load: lazyLoader(
          () => import('./pages/not-found-page.tsx'),
          (m) => m.loadNotFound,
        ),
      }),
    ],
  },
  route({ path: '/admin', page: pages.adminLogin, noCache: true }),
  route({ path: '/admin-login', page: pages.adminLogin, noCache: true }),
  route({ path: '/admin-panel', page: pages.adminPanel, noCache: true }),
  route({ path: '/admin/dashboard', page: pages.adminPanel, noCache: true }),
];

export type PageMatch = RouteMatch;

const matchedByPath = new Map<string, RouteMatch[]>();
const MATCHED_PATHS_KEPT = 2000;
/** Longer paths are matched each time: a match holds its path about three times over, and 2,000 kept
 *  made-up 15 KB paths (a flood of 404s) held ~100 MB (bench/url-flood.bench.ts). */
const MATCHED_PATH_MAX_LENGTH = 256;
type RouteMatch = NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>[number];

/** The routes a path shows, outermost first. react-router flattens and ranks the whole table on every
 *  call (measured ~3 % of a server render each): the answers for recent paths are kept (the table
 *  never changes), and a render passes its matches on rather than matching again. Read-only. */
export function matchPageRoutes(pathname: string): readonly RouteMatch[] {
  let matches = matchedByPath.get(pathname);
  if (!matches) {
    matches = matchRoutes(routes, pathname) ?? [];
    if (pathname.length > MATCHED_PATH_MAX_LENGTH) return matches;
    if (matchedByPath.size >= MATCHED_PATHS_KEPT) matchedByPath.clear();
    matchedByPath.set(pathname, matches);
  }
  return matches;
}

/** The manifest keys of the page modules a URL shows (their chunks are preloaded with the entry). */
export function matchedPageModules(matches: readonly PageMatch[]): string[] {
  return matches.flatMap((m) => {
    const module = (m.route.handle as RouteHandle | undefined)?.module;
    return module ? [module] : [];
  });
}

/** Loads the code of the pages a URL shows, so that they render without suspending. */
export async function preloadMatchedPages(matches: readonly PageMatch[]): Promise<void> {
  await Promise.all(matches.map((m) => (m.route.handle as RouteHandle | undefined)?.preload?.()));
}
