// The sticky header of every public page (§2): the brand, the desktop menu with its Categories and
// Cities submenus, the Search button (a link to the browse page, which has the search box and the
// category filter) and, on small screens, the button that opens the side drawer.
import type { RefObject } from 'react';
import { AppLink, AppNavLink } from '../components/app-link.tsx';
import { cityPath } from '../../server/contract/paths.ts';
import { useSiteConfig } from '../site-config.ts';
import { BrandMark, MenuIcon, SearchIcon } from './icons.tsx';
import { DRAWER_ID } from './mobile-drawer.tsx';
import { NavMenu } from './nav-menu.tsx';
import {
  ABOUT_ITEM,
  ALL_CITIES_ITEM,
  BROWSE_ITEM,
  CONTACT_ITEM,
  HEADER_CATEGORY_ITEMS,
  HOME_ITEM,
  type NavItem,
} from './navigation.ts';

export interface SiteHeaderProps {
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

function TopLink({ label, to }: NavItem) {
  return (
    <li>
      <AppNavLink to={to} end={to === '/'} className="site-nav__link">
        {label}
      </AppNavLink>
    </li>
  );
}

function MenuLink({ label, to }: NavItem) {
  return (
    <li>
      <AppLink to={to} className="nav-menu__link">
        {label}
      </AppLink>
    </li>
  );
}

export function SiteHeader({ drawerOpen, onOpenDrawer, menuButtonRef }: SiteHeaderProps) {
  const site = useSiteConfig();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <AppLink to="/" className="site-brand">
          <BrandMark />
          <span className="site-brand__name">{site.siteName}</span>
        </AppLink>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            <TopLink {...HOME_ITEM} />
            <TopLink {...BROWSE_ITEM} />
            <li>
              <NavMenu label="Categories">
                {HEADER_CATEGORY_ITEMS.map((item) => (
                  <MenuLink key={item.to} {...item} />
                ))}
              </NavMenu>
            </li>
            <li>
              <NavMenu label="Cities">
                {site.headerCities.map((city) => (
                  <MenuLink key={city} label={city} to={cityPath(city)} />
                ))}
                <MenuLink {...ALL_CITIES_ITEM} />
              </NavMenu>
            </li>
            <TopLink {...ABOUT_ITEM} />
            <TopLink {...CONTACT_ITEM} />
          </ul>
        </nav>
        <div className="site-header__actions">
          <AppLink to="/businesses" className="btn btn--primary site-search-button">
            <SearchIcon />
            <span className="site-search-button__text">Search</span>
          </AppLink>
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-button site-menu-button"
            aria-expanded={drawerOpen}
            aria-controls={DRAWER_ID}
            aria-label="Menu"
            onClick={onOpenDrawer}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
    </header>
  );
}
