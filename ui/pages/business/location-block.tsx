// The Location block: the full address and View on Map (Google Maps at the coordinates, else the address).
import type { Business } from '../../../server/contract/business.ts';
import { displayAddress } from '../../components/business-card/display-address.ts';
import { mapUrl } from './map-links.ts';

export function LocationBlock({ business }: { business: Business }) {
  const postcode = business.zipCode.trim();
  const address = displayAddress(business, true);
  const country = business.country.trim();
  return (
    <section className="bdetail__card" aria-labelledby="bdetail-location">
      <h2 id="bdetail-location">Location</h2>
      <address className="blocation__address">
        {address}
        {postcode && !address.includes(postcode) && `, ${postcode}`}
        {country && !address.toLowerCase().includes(country.toLowerCase()) && (
          <>
            <br />
            {country}
          </>
        )}
      </address>
      <a className="bbtn bbtn--outline" href={mapUrl(business)}>
        View on Map
      </a>
    </section>
  );
}
