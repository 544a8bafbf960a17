// All categories (/categories): the eight groups of the navigation, then every category with its
// number of businesses, A to Z, each linked to its category page. A flat list: which group a specific
// category belongs to is a rule of the domain (server/domain/categories), not known to the pages.
import { useQuery } from '@tanstack/react-query';
import { CATEGORY_GROUPS } from '../../../server/contract/category-groups.ts';
import { categoryPath } from '../../../server/contract/paths.ts';
import { useApi } from '../../api/api-context.tsx';
import { categoriesQuery } from '../../api/queries.ts';
import { AppLink } from '../../components/app-link.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import type { RouteLoader } from '../../route-types.ts';
import { groupByLetter } from './category-index.ts';

export const loadCategories: RouteLoader = async ({ api, load }) => {
  await load(categoriesQuery(api));
  return undefined;
};

export function CategoriesPage() {
  const query = useQuery(categoriesQuery(useApi()));
  const groups = query.data ? groupByLetter(query.data) : [];
  const count = query.data?.length.toLocaleString('en-US');
  return (
    <main id="main" className="container lists">
      <PageMeta
        title="All Categories – Local Businesses by Category"
        description={
          query.data
            ? `Browse local businesses in ${count} categories, from the most popular groups to every specific service.`
            : 'Browse local businesses by category.'
        }
        canonicalPath="/categories"
      />
      <header className="lists-hero">
        <h1 className="lists-hero__title">All Categories</h1>
        <p className="lists-hero__lead">Find local businesses by the service they offer.</p>
        {query.data && <p className="lists-badge">{count} Categories</p>}
      </header>
      <section className="lists-section" aria-labelledby="categories-popular">
        <h2 id="categories-popular">Popular Categories</h2>
        <ul className="lists-groups">
          {CATEGORY_GROUPS.map((name) => (
            <li key={name}>
              <AppLink to={categoryPath(name)} className="lists-groups__link">
                {name}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="lists-section" aria-labelledby="categories-all">
        <h2 id="categories-all">Every Category, A to Z</h2>
        {query.isError ? (
          <div className="lists-empty" role="alert">
            <h3>Error Loading Categories</h3>
            <p>Unable to load categories. Please try again later.</p>
          </div>
        ) : !query.data ? (
          <p role="status" className="lists-count">
            Loading categories…
          </p>
        ) : groups.length === 0 ? (
          <p>There are no businesses listed yet.</p>
        ) : (
          <>
            <nav aria-label="Categories by first letter" className="lists-letters">
              <ul>
                {groups.map((group) => (
                  <li key={group.letter}>
                    <a href={`#letter-${group.letter === '#' ? 'other' : group.letter}`}>{group.letter}</a>
                  </li>
                ))}
              </ul>
            </nav>
            {groups.map((group) => (
              <div key={group.letter} className="lists-letter-group">
                <h3 id={`letter-${group.letter === '#' ? 'other' : group.letter}`} className="lists-letter">
                  {group.letter}
                </h3>
                <ul className="lists-links">
                  {group.categories.map((c) => (
                    <li key={c.category} className="lists-links__item">
                      <AppLink to={categoryPath(c.category)} className="lists-links__link">
                        {c.category}
                      </AppLink>{' '}
                      <span className="lists-links__count">
                        {c.businessCount.toLocaleString('en-US')}{' '}
                        {c.businessCount === 1 ? 'business' : 'businesses'}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </>
        )}
      </section>
    </main>
  );
}
