// The site's fixed navigation (§1, §2): the header's menu and submenus, the footer's categories and
// page links. Paths come from the shared contract so that links match the canonical URLs.
import { CATEGORY_GROUPS } from '../../server/contract/category-groups.ts';
import { categoryPath } from '../../server/contract/paths.ts';

export interface NavItem {
  label: string;
  to: string;
}

const toCategoryItem = (name: string): NavItem => ({ label: name, to: categoryPath(name) });

/** The header's Categories submenu: the first six (§2). */
export const HEADER_CATEGORY_ITEMS: NavItem[] = CATEGORY_GROUPS.slice(0, 6).map(toCategoryItem);

/** The footer's eight fixed popular categories (§9). */
export const FOOTER_CATEGORY_ITEMS: NavItem[] = CATEGORY_GROUPS.map(toCategoryItem);

export const FOOTER_CITY_COUNT = 8;

export const HOME_ITEM: NavItem = { label: 'Home', to: '/' };
export const BROWSE_ITEM: NavItem = { label: 'Browse Businesses', to: '/businesses' };
export const ABOUT_ITEM: NavItem = { label: 'About', to: '/about' };
export const CONTACT_ITEM: NavItem = { label: 'Contact', to: '/contact' };
export const ALL_CITIES_ITEM: NavItem = { label: 'View All Cities', to: '/cities' };

/** The footer's page links (§2), in reading order. /sitemap.xml is a file, not a page of the app. */
export const FOOTER_PAGE_ITEMS: NavItem[] = [
  { label: 'All Cities', to: '/cities' },
  { label: 'About Us', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Add Your Business', to: '/add-business' },
  { label: 'Advertise With Us', to: '/advertise' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
];

export const SITEMAP_HREF = '/sitemap.xml';
