// The cards of a list page (city, category, browse, search) in the cards' grid, as a list so that
// screen readers announce how many there are. The first two pictures are above the fold on a phone.
import type { Business } from '../../../server/contract/business.ts';
import { BusinessCard } from '../../components/business-card/business-card.tsx';

const EAGER_CARDS = 2;

export function BusinessList({ businesses }: { businesses: readonly Business[] }) {
  return (
    <ul className="bcard-grid lists-cards">
      {businesses.map((business, index) => (
        <li key={business.id}>
          <BusinessCard
            business={business}
            variant="list"
            headingLevel={2}
            eagerImage={index < EAGER_CARDS}
          />
        </li>
      ))}
    </ul>
  );
}
