// schema.org BreadcrumbList from the same trail the page shows (business, city and category pages).
import { absoluteUrl } from '../../server/contract/paths.ts';

export interface Crumb {
  name: string;
  /** Site-relative path. */
  path: string;
}

export function breadcrumbList(siteUrl: string, crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}
