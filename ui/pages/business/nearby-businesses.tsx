// Issue 16: up to six businesses of the same category group near this one, nearest first (within
// 5 km; in the same city when the business has no coordinates), as plain links. The loader reads them
// with the business, so they are in the server's HTML and work without JavaScript.
import { useQuery } from '@tanstack/react-query';
import type { Business } from '../../../server/contract/business.ts';
import { businessPath } from '../../../server/contract/paths.ts';
import { useApi } from '../../api/api-context.tsx';
import { nearbyQuery } from '../../api/queries.ts';
import { AppLink } from '../../components/app-link.tsx';
import { displayAddress } from '../../components/business-card/display-address.ts';
import { distanceText } from '../../components/business-card/distance-text.ts';
import { StarRating } from '../../components/star-rating/star-rating.tsx';

export function NearbyBusinesses({ business }: { business: Business }) {
  const query = useQuery(nearbyQuery(useApi(), business.id));
  // Never the business itself, whatever the answer holds; nothing at all when there is none.
  const nearby = (query.data ?? []).filter((other) => other.id !== business.id).slice(0, 6);
  if (nearby.length === 0) return null;
  return (
    <section className="bdetail__section" aria-labelledby="bdetail-nearby">
      <h2 id="bdetail-nearby">Nearby</h2>
      <ul className="bnearby">
        {nearby.map((other) => (
          <li key={other.id} className="bnearby__item">
            <AppLink to={businessPath(other.slug)} className="bnearby__link">
              {other.name}
            </AppLink>
            <span className="bnearby__meta">
              {other.category}
              {distanceText(other) && ` · ${distanceText(other)}`}
            </span>
            <StarRating rating={other.rating} />
            <span className="bnearby__address">{displayAddress(other, false)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
