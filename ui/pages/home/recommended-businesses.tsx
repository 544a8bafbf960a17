// Recommended Businesses (§2 Home): the first six, as compact cards linking to /details/{slug};
// six card skeletons only while they load on client-side navigation.
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../components/app-link.tsx';
import { useApi } from '../../api/api-context.tsx';
import { recommendedQuery } from '../../api/queries.ts';
import { BusinessCard } from '../../components/business-card/business-card.tsx';
import { CardSkeletons } from '../../components/skeleton/card-skeleton.tsx';

export const HOME_RECOMMENDED_COUNT = 6;

export function RecommendedBusinesses() {
  const recommended = useQuery(recommendedQuery(useApi()));
  return (
    <section className="home-section" aria-labelledby="home-recommended-title">
      <div className="container">
        <h2 id="home-recommended-title" className="home-section__title">
          Recommended Businesses
        </h2>
        <p className="home-section__lead">Highly rated places picked from the directory.</p>
        {recommended.isPending ? (
          <CardSkeletons count={HOME_RECOMMENDED_COUNT} />
        ) : recommended.isError ? (
          <p className="home-section__message">Failed to fetch businesses</p>
        ) : recommended.data.length === 0 ? (
          <p className="home-section__message">No businesses yet.</p>
        ) : (
          <ul className="bcard-grid home-recommended">
            {recommended.data.slice(0, HOME_RECOMMENDED_COUNT).map((business) => (
              <li key={business.id}>
                <BusinessCard business={business} variant="compact" headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
        <p className="home-section__more">
          <AppLink to="/businesses" className="btn btn--outline">
            Browse All Businesses
          </AppLink>
        </p>
      </div>
    </section>
  );
}
