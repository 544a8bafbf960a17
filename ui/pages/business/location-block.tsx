// The Location block: the full address, a map with the business's marker when it has coordinates
// (loaded when it scrolls into view; decision 0027), and View on Map (Google Maps at the
// coordinates, else the address), which stays: it is the map without JavaScript or tiles.
import { useMemo } from 'react';
import type { Business } from '../../../server/contract/business.ts';
import { displayAddress } from '../../components/business-card/display-address.ts';
import { ResultsMap } from '../../components/results-map/results-map.tsx';
import { mapUrl } from './map-links.ts';

export function LocationBlock({ business }: { business: Business }) {
  const located = useMemo(() => [business], [business]);
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
      <ResultsMap businesses={located} label={`Map of ${business.name}`} />
      <a className="bbtn bbtn--outline" href={mapUrl(business)}>
        View on Map
      </a>
    </section>
  );
}
