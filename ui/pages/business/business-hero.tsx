// The top of the detail page: hero photo (never lazy: it is the page's largest paint), category badge,
// name, stars, review count, address, phone and Call Now.
import type { Business } from '../../../server/contract/business.ts';
import { displayAddress } from '../../components/business-card/display-address.ts';
import { OpenBadge } from '../../components/business-card/open-badge.tsx';
import { BusinessImage } from '../../components/business-image/business-image.tsx';
import { StarRating } from '../../components/star-rating/star-rating.tsx';
import { telHref } from './map-links.ts';

export function BusinessHero({ business }: { business: Business }) {
  const tel = telHref(business);
  const reviews = business.reviewCount;
  return (
    <div className="bdetail__hero">
      <div className="bdetail__media">
        <BusinessImage business={business} eager highPriority className="bdetail__img" />
      </div>
      <div className="bdetail__summary">
        <p className="bdetail__badges">
          <span className="bbadge bbadge--category">{business.category}</span>
          {business.isVerified && <span className="bbadge bbadge--verified">Verified</span>}
          <OpenBadge business={business} />
        </p>
        <h1 className="bdetail__name">{business.name}</h1>
        <p className="bdetail__rating">
          <StarRating rating={business.rating} />
          <span className="bdetail__reviews">
            ({reviews.toLocaleString('en-US')} {reviews === 1 ? 'review' : 'reviews'})
          </span>
        </p>
        <dl className="bdetail__facts">
          <div>
            <dt>Address</dt>
            <dd>{displayAddress(business, true)}</dd>
          </div>
          {business.phone && (
            <div>
              <dt>Phone</dt>
              <dd>{tel ? <a href={tel}>{business.phone}</a> : business.phone}</dd>
            </div>
          )}
        </dl>
        {tel && (
          <a className="bbtn bbtn--primary bbtn--large" href={tel}>
            Call Now
          </a>
        )}
      </div>
    </div>
  );
}
