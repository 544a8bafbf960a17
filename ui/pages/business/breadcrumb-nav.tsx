// The visible breadcrumb trail (the same crumbs as the BreadcrumbList JSON-LD); the last one is the
// current page and not a link.
import { AppLink } from '../../components/app-link.tsx';
import type { Crumb } from '../../seo/breadcrumb-list.ts';

export function BreadcrumbNav({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="bcrumbs">
      <ol className="bcrumbs__list">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} className="bcrumbs__item">
              <span aria-current="page">{crumb.name}</span>
            </li>
          ) : (
            <li key={crumb.path} className="bcrumbs__item">
              <AppLink to={crumb.path}>{crumb.name}</AppLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
