// The home page's statistic tiles (§2 Home), counts abbreviated as §9 says.
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { statisticsQuery } from '../../api/queries.ts';
import { abbreviateCount } from '../../format/counts.ts';

export function HomeStatistics() {
  const { data } = useQuery(statisticsQuery(useApi()));
  const tiles = [
    { label: 'Total Businesses', value: data?.totalBusinesses },
    { label: 'Verified Reviews', value: data?.totalReviews },
    { label: 'Categories', value: data?.categories },
    { label: 'Cities', value: data?.totalCities },
  ];
  return (
    <section className="home-stats" aria-labelledby="home-stats-title">
      <h2 id="home-stats-title" className="visually-hidden">
        The directory in numbers
      </h2>
      <dl className="container home-stats__grid">
        {tiles.map(({ label, value }) => (
          <div key={label} className="home-stats__tile">
            <dt className="home-stats__label">{label}</dt>
            <dd className="home-stats__value">
              {value === undefined ? (
                <span className="skeleton home-stats__skeleton" />
              ) : (
                abbreviateCount(value)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
