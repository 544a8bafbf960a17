// Home (/): hero search, statistics, why choose us, popular locations, recommended businesses and
// the call for business owners (§2 Home). The loader fills every query on the server, so the HTML
// is complete; skeletons appear only when a visitor navigates here client-side before data comes.
import { recommendedQuery, popularCitiesQuery, statisticsQuery } from '../../api/queries.ts';
import { PageMeta } from '../../components/page-meta.tsx';
import type { RouteLoader } from '../../route-types.ts';
import { useSiteConfig } from '../../site-config.ts';
import { BusinessOwners } from './business-owners.tsx';
import { HomeSearchForm } from './home-search-form.tsx';
import { HomeStatistics } from './home-statistics.tsx';
import { PopularLocations } from './popular-locations.tsx';
import { RecommendedBusinesses } from './recommended-businesses.tsx';
import { WhyChoose } from './why-choose.tsx';

export const loadHome: RouteLoader = async ({ api, load }) => {
  await Promise.all([load(statisticsQuery(api)), load(popularCitiesQuery(api)), load(recommendedQuery(api))]);
  return undefined;
};

export const HOME_DESCRIPTION =
  'Find local businesses and services near you: search by service and city, compare ratings, check opening hours and get contact details and directions.';

export function HomePage() {
  const site = useSiteConfig();
  return (
    <main id="main" className="home">
      <PageMeta
        title={`${site.siteName} – Find Local Businesses and Services`}
        description={HOME_DESCRIPTION}
        canonicalPath="/"
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: site.siteName,
            url: `${site.siteUrl}/`,
          },
          {
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: site.siteName,
            url: `${site.siteUrl}/`,
            email: site.contactEmail,
            telephone: site.contactPhone,
          },
        ]}
      />
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <h1 id="home-title" className="home-hero__title">
            Find Trusted Local Businesses Near You
          </h1>
          <p className="home-hero__lead">
            Restaurants, doctors, mechanics, salons and more: compare ratings, check opening hours and get in
            touch in a tap.
          </p>
          <HomeSearchForm />
        </div>
      </section>
      <HomeStatistics />
      <WhyChoose />
      <PopularLocations />
      <RecommendedBusinesses />
      <BusinessOwners />
    </main>
  );
}
