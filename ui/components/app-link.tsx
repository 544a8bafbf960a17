// The site's links: a plain <a href> that navigates in the app on a plain left click, as
// react-router's <Link> does. Every link of the site is an absolute path, so nothing needs resolving,
// and a page has ~80 of them: <Link> resolved each against the route matches and serialised them,
// which measured ~10 % of a server render of a city page. The router's navigate function and the
// current location are read once per render (LinkNavigationProvider), not once per link.
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useMemo,
} from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';

interface LinkNavigation {
  navigate: NavigateFunction;
  /** The current location as a path with its query and hash. */
  current: string;
  pathname: string;
}

const LinkNavigationContext = createContext<LinkNavigation | null>(null);

export function LinkNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const value = useMemo(
    () => ({ navigate, pathname, current: pathname + search + hash }),
    [navigate, pathname, search, hash],
  );
  return <LinkNavigationContext.Provider value={value}>{children}</LinkNavigationContext.Provider>;
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of this site, with its query string if any. */
  to: string;
}

/** A click the app handles itself; any other (new tab, download, another frame) is the browser's. */
export function isPlainLeftClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>,
  target: string | undefined,
): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function AppLink({ to, onClick, target, ...rest }: AppLinkProps) {
  const navigation = useContext(LinkNavigationContext);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigation || event.defaultPrevented || !isPlainLeftClick(event, target)) return;
    event.preventDefault();
    // Like <Link>: a link to the page being shown replaces its history entry instead of adding one.
    navigation.navigate(to, { replace: to === navigation.current });
  };
  // The fixed attributes come first: in V8 an object that starts as a spread and then gets more
  // properties (`{...rest, href}`) has a hidden class of its own, old-generation garbage on every
  // render of every link (decision 0017). `rest` cannot hold href, target or onClick.
  return <a href={to} target={target} onClick={click} {...rest} />;
}

/** A navigation link marked aria-current="page" on its own page (and, unless `end`, below it). */
export function AppNavLink({ end = false, ...props }: AppLinkProps & { end?: boolean }) {
  const pathname = useContext(LinkNavigationContext)?.pathname;
  const path = props.to.split(/[?#]/)[0] ?? props.to;
  const active =
    pathname !== undefined &&
    (pathname === path || (!end && pathname.startsWith(path.endsWith('/') ? path : `${path}/`)));
  const linkProps: AppLinkProps = { 'aria-current': undefined, ...props };
  // Assigned, not spread after `props`, so that every link shares one object shape (see AppLink).
  linkProps['aria-current'] = active ? 'page' : undefined;
  return <AppLink {...linkProps} />;
}
