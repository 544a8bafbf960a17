// Category page (/category/:categoryName, §2): one of the eight navigation groups or a specific
// category (the domain resolves both), 20 businesses a page with real paging links. 404 for an
// unknown or empty category and for a page past the end.
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { categoryPath, categorySlug } from '../../../server/contract/paths.ts';
import { useApi } from '../../api/api-context.tsx';
import type { CountedBusinesses, DirectoryApi } from '../../api/directory-api.ts';
import { categoryQuery } from '../../api/queries.ts';
import { AppLink } from '../../components/app-link.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { offsetOf, pageCount, pageHref, parsePageParam } from '../../components/pagination/page-number.ts';
import { PageOutOfRange } from '../../components/pagination/page-out-of-range.tsx';
import { ResultFilterBar } from '../../components/result-filters/result-filter-bar.tsx';
import {
  apiFilterParams,
  filteredHref,
  filteredListOutcome,
  filterPhrase,
  isRefined,
  type ResultFilters,
  readResultFilters,
  resultFilterParams,
} from '../../components/result-filters/result-filters.ts';
import { CardSkeletons } from '../../components/skeleton/card-skeleton.tsx';
import type { RouteLoader } from '../../route-types.ts';
import { breadcrumbList } from '../../seo/breadcrumb-list.ts';
import { useSiteConfig } from '../../site-config.ts';
import { PagedBusinessList } from '../browse/paged-business-list.tsx';
import { BreadcrumbNav } from '../business/breadcrumb-nav.tsx';
import {
  CATEGORY_PAGE_SIZE,
  categoryCrumbs,
  categoryDescription,
  categoryDisplayName,
  categoryPageHref,
  categoryTitle,
} from './category-meta.ts';
import { CategoryNotFound } from './category-not-found.tsx';

const RESULTS_ID = 'category-results';

// Keyed on the slug: /category/Dentist and /category/dentist are one category and one cache entry.
const categoryPageQuery = (api: DirectoryApi, slug: string, filters: ResultFilters, page: number) =>
  categoryQuery(
    api,
    slug,
    { limit: CATEGORY_PAGE_SIZE, offset: offsetOf(page, CATEGORY_PAGE_SIZE) },
    apiFilterParams(filters),
  );

export const loadCategory: RouteLoader = async ({ api, load, params, url }) => {
  const slug = categorySlug(params.categoryName ?? '');
  const page = parsePageParam(url.searchParams.get('page'));
  if (!slug || page === null) return { status: 404 };
  const filters = readResultFilters(url.searchParams);
  const data = await load(categoryPageQuery(api, slug, filters, page));
  return filteredListOutcome(data.totalCount, page, CATEGORY_PAGE_SIZE, filters) === 'ok'
    ? undefined
    : { status: 404 };
};

export function CategoryPage() {
  const api = useApi();
  const { categoryName = '' } = useParams();
  const [searchParams] = useSearchParams();
  const slug = categorySlug(categoryName);
  const name = categoryDisplayName(categoryName.trim());
  const page = parsePageParam(searchParams.get('page'));
  const filters = readResultFilters(searchParams);
  const query = useQuery({
    enabled: Boolean(slug) && page !== null,
    ...categoryPageQuery(api, slug, filters, page ?? 1),
  });

  if (!slug) return <CategoryNotFound name={name} />;
  if (page === null)
    return <PageOutOfRange listName={`${name} businesses`} firstPageHref={categoryPageHref(name, 1)} />;
  // Skeletons inside the same page structure, so a pager click keeps focus on the results.
  if (query.isPending) return <CategoryView name={name} page={page} filters={filters} />;
  if (query.isError) return <CategoryNotFound name={name} />;
  const outcome = filteredListOutcome(query.data.totalCount, page, CATEGORY_PAGE_SIZE, filters);
  if (outcome === 'empty') return <CategoryNotFound name={name} />;
  if (outcome === 'out-of-range')
    return (
      <PageOutOfRange
        listName={`${name} businesses`}
        firstPageHref={filteredHref(categoryPath(name), {}, filters)}
      />
    );
  return <CategoryView name={name} page={page} filters={filters} data={query.data} />;
}

function CategoryView({
  name,
  page,
  filters,
  data,
}: {
  name: string;
  page: number;
  filters: ResultFilters;
  data?: CountedBusinesses;
}) {
  const site = useSiteConfig();
  const crumbs = categoryCrumbs(name);
  const refined = isRefined(filters);
  const path = categoryPath(name);
  return (
    <main id="main" className="container lists">
      {data && (
        <PageMeta
          title={categoryTitle(name, page)}
          description={categoryDescription(
            name,
            data.totalCount,
            page,
            pageCount(data.totalCount, CATEGORY_PAGE_SIZE),
          )}
          // Filtered and sorted views: noindex, the canonical at the unfiltered list (issue 16).
          canonicalPath={refined ? categoryPageHref(name, 1) : categoryPageHref(name, page)}
          noindex={refined}
          jsonLd={[breadcrumbList(site.siteUrl, crumbs)]}
        />
      )}
      <BreadcrumbNav crumbs={crumbs} />
      <header className="lists-hero lists-hero--banner">
        <h1 className="lists-hero__title">{name}</h1>
        <p className="lists-hero__lead">
          Discover quality {name.toLocaleLowerCase('en-US')} businesses and services in your area
        </p>
        {data && <p className="lists-badge">{data.totalCount.toLocaleString('en-US')} Businesses Found</p>}
      </header>
      <ResultFilterBar path={path} own={{}} filters={filters} distance={filters.point !== null} />
      <section id={RESULTS_ID} className="lists-results" tabIndex={-1} aria-label={`${name} businesses`}>
        {data ? (
          <PagedBusinessList
            data={data}
            page={page}
            pageSize={CATEGORY_PAGE_SIZE}
            hrefFor={(n) => pageHref(path, resultFilterParams(filters), n)}
            countSuffix={filterPhrase(filters)}
            pagerLabel={`Pages of ${name} businesses`}
            mapLabel={`Map of these ${name} businesses`}
            resultsId={RESULTS_ID}
            empty={
              <>
                <h2>No businesses found in {name}</h2>
                {refined && <p>None match these filters.</p>}
                <p>Try browsing other categories or check back later for new listings.</p>
                <p>
                  <AppLink to="/" className="btn btn--outline">
                    Browse All Categories
                  </AppLink>
                </p>
              </>
            }
          />
        ) : (
          <CardSkeletons count={6} />
        )}
      </section>
    </main>
  );
}
