// Quick Actions (§2): Call Business (tel:), Get Directions (Google Maps), Send Message (mailto:, and
// only when the business has an e-mail address: a control that cannot work is left out, not
// disabled), Visit Website when there is a safe http(s) address.
import type { Business } from '../../../server/contract/business.ts';
import { safeHttpUrl } from '../../format/safe-url.ts';
import { directionsUrl, mailtoHref, telHref } from './map-links.ts';

export function QuickActions({ business }: { business: Business }) {
  const tel = telHref(business);
  const mailto = mailtoHref(business.email);
  const website = safeHttpUrl(business.website);
  return (
    <section className="bdetail__card" aria-labelledby="bdetail-actions">
      <h2 id="bdetail-actions">Quick Actions</h2>
      <ul className="bactions">
        {tel && (
          <li>
            <a className="bbtn bbtn--primary" href={tel}>
              Call Business
            </a>
          </li>
        )}
        <li>
          <a className="bbtn bbtn--outline" href={directionsUrl(business)}>
            Get Directions
          </a>
        </li>
        {mailto && (
          <li>
            <a className="bbtn bbtn--outline" href={mailto}>
              Send Message
            </a>
          </li>
        )}
        {website && (
          <li>
            <a className="bbtn bbtn--outline" href={website} rel="ugc nofollow noopener" target="_blank">
              Visit Website<span className="bcard-vh"> (opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
