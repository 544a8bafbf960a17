// Popular Locations (§2 Home): the first 16 cities by number of businesses, each a link to its city
// page with its count; 16 grey tiles stand in only while the list loads on client-side navigation.
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../components/app-link.tsx';
import { cityPath } from '../../../server/contract/paths.ts';
import { useApi } from '../../api/api-context.tsx';
import { popularCitiesQuery } from '../../api/queries.ts';

export const HOME_CITY_COUNT = 16;

export function businessCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'business' : 'businesses'}`;
}

function CityTileSkeletons() {
  return (
    <>
      <span role="status" className="visually-hidden">
        Loading…
      </span>
      <ul className="home-cities" aria-hidden="true">
        {Array.from({ length: HOME_CITY_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <li key={index} className="home-city home-city--skeleton">
            <span className="skeleton home-city__skeleton-name" />
            <span className="skeleton home-city__skeleton-count" />
          </li>
        ))}
      </ul>
    </>
  );
}

export function PopularLocations() {
  const cities = useQuery(popularCitiesQuery(useApi()));
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-cities-title">
      <div className="container">
        <h2 id="home-cities-title" className="home-section__title">
          Popular Locations
        </h2>
        <p className="home-section__lead">Explore businesses in the cities with the most listings.</p>
        {cities.isPending ? (
          <CityTileSkeletons />
        ) : cities.isError ? (
          <p className="home-section__message">Failed to fetch cities</p>
        ) : cities.data.length === 0 ? (
          <p className="home-section__message">No cities yet.</p>
        ) : (
          <ul className="home-cities">
            {cities.data.slice(0, HOME_CITY_COUNT).map((city) => (
              <li key={city.name} className="home-city">
                <AppLink to={cityPath(city.name)} className="home-city__link">
                  <span className="home-city__name">{city.name}</span>
                  <span className="home-city__count">{businessCountText(city.businessCount)}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
        <p className="home-section__more">
          <AppLink to="/cities" className="btn btn--outline">
            View All Cities
          </AppLink>
        </p>
      </div>
    </section>
  );
}
