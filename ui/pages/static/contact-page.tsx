// Contact (/contact): the e-mail address and phone number from configuration, and the support
// promise of §1 (a reply within 24 hours on business days).
import { AppLink } from '../../components/app-link.tsx';
import { telHref } from '../../layout/tel-href.ts';
import { useSiteConfig } from '../../site-config.ts';
import { StaticPage } from './static-page.tsx';

export function ContactPage() {
  const site = useSiteConfig();
  return (
    <StaticPage
      title="Contact Us"
      path="/contact"
      description={`Contact ${site.siteName} by e-mail or phone about listings, corrections or advertising. We reply within 24 hours on business days.`}
      lead="Questions about a listing, a correction or advertising? We are happy to help."
    >
      <dl className="static-page__contact">
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(site.contactPhone)}>{site.contactPhone}</a>
          </dd>
        </div>
      </dl>
      <p>Our support team replies within 24 hours on business days.</p>
      <section aria-labelledby="contact-topics">
        <h2 id="contact-topics">How we can help</h2>
        <ul>
          <li>
            <strong>Wrong or outdated details:</strong> tell us the business’s page address and what should
            change.
          </li>
          <li>
            <strong>Your business is missing:</strong> <AppLink to="/add-business">add it yourself</AppLink>
            {'; '}we review every submission before it appears on the site.
          </li>
          <li>
            <strong>Advertising:</strong> see <AppLink to="/advertise">Advertise With Us</AppLink> for the
            formats we offer.
          </li>
        </ul>
      </section>
    </StaticPage>
  );
}
