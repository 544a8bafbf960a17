// Advertise With Us (/advertise): the ad slot sizes offered (§9: the 300×250 slot of the business
// pages, and the banner sizes) and the contact e-mail.
import { useSiteConfig } from '../../site-config.ts';
import { StaticPage } from './static-page.tsx';

export const AD_SLOTS = [
  {
    name: 'Medium Rectangle',
    size: '300×250',
    width: 300,
    height: 250,
    where: 'On business pages, beside the details (the slot every business page reserves).',
  },
  {
    name: 'Leaderboard',
    size: '728×90',
    width: 728,
    height: 90,
    where: 'Above the results on city, category and browse pages, on wide screens.',
  },
  {
    name: 'Mobile Banner',
    size: '320×50',
    width: 320,
    height: 50,
    where: 'Above the results on city, category and browse pages, on phones.',
  },
] as const;

export function AdvertisePage() {
  const site = useSiteConfig();
  const mailto = `mailto:${site.contactEmail}?subject=${encodeURIComponent('Advertising enquiry')}`;
  return (
    <StaticPage
      title="Advertise With Us"
      path="/advertise"
      description={`Reach local customers on ${site.siteName}: ad slots of 300×250, 728×90 and 320×50 on business, city and category pages. Contact us to book.`}
      lead="Put your business in front of people who are looking for local services right now."
    >
      <section aria-labelledby="advertise-slots">
        <h2 id="advertise-slots">Ad slots</h2>
        <ul className="advertise-slots">
          {AD_SLOTS.map((slot) => (
            <li key={slot.size} className="advertise-slot">
              <h3>
                {slot.name} <span className="advertise-slot__size">{slot.size}</span>
              </h3>
              <p>{slot.where}</p>
              <p className="muted">
                Image or HTML5 creative, {slot.width} × {slot.height} pixels.
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="advertise-contact">
        <h2 id="advertise-contact">Book a slot</h2>
        <p>
          Tell us about your business, the cities or categories you want to reach and the dates you have in
          mind, and we will send you availability and prices. Write to{' '}
          <a href={mailto}>{site.contactEmail}</a>; we reply within 24 hours on business days.
        </p>
      </section>
    </StaticPage>
  );
}
