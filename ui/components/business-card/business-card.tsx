// The shared business card of §2: picture, name (the card's one link), category, address, phone,
// stars and the open-now badge; list pages add the Verified badge, review count, state and description.
import { AppLink } from '../app-link.tsx';
import type { Business } from '../../../server/contract/business.ts';
import { businessPath } from '../../../server/contract/paths.ts';
import { BusinessImage } from '../business-image/business-image.tsx';
import { StarRating } from '../star-rating/star-rating.tsx';
import { displayAddress } from './display-address.ts';
import { distanceText } from './distance-text.ts';
import { OpenBadge } from './open-badge.tsx';
import { ViewDetailsButton } from './view-details.tsx';

export interface BusinessCardProps {
  business: Business;
  /** 'compact' on the home page; 'list' on city, category, browse and search pages (verified badge,
   *  review count, state, description clamped to 3 lines). */
  variant?: 'compact' | 'list';
  /** Heading level of the business name inside the card (the page decides its outline). */
  headingLevel?: 2 | 3;
  /** The first cards of a page are above the fold: their images load eagerly. */
  eagerImage?: boolean;
}

export function BusinessCard({
  business,
  variant = 'compact',
  headingLevel = 3,
  eagerImage = false,
}: BusinessCardProps) {
  const list = variant === 'list';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`bcard bcard--${variant}`}>
      <div className="bcard__media">
        <BusinessImage business={business} eager={eagerImage} className="bcard__img" />
      </div>
      <div className="bcard__body">
        <Heading className="bcard__name">
          {/* The card's one link; CSS stretches its hit area over the whole card. */}
          <AppLink to={businessPath(business.slug)} className="bcard__link">
            {business.name}
          </AppLink>
        </Heading>
        <p className="bcard__category">{business.category}</p>
        <div className="bcard__rating">
          <StarRating rating={business.rating} />
          {list && (
            <span className="bcard__reviews">
              ({business.reviewCount.toLocaleString('en-US')}{' '}
              {business.reviewCount === 1 ? 'review' : 'reviews'})
            </span>
          )}
        </div>
        <p className="bcard__address">{displayAddress(business, list)}</p>
        {/* Issue 16: only in a list searched near a point (the answer carries distanceKm). */}
        {distanceText(business) && <p className="bcard__distance">{distanceText(business)}</p>}
        {business.phone && <p className="bcard__phone">{business.phone}</p>}
        {list && business.description && <p className="bcard__description">{business.description}</p>}
        <p className="bcard__badges">
          <OpenBadge business={business} />
          {list && business.isVerified && <span className="bbadge bbadge--verified">Verified</span>}
        </p>
        <ViewDetailsButton slug={business.slug} name={business.name} />
      </div>
    </article>
  );
}
