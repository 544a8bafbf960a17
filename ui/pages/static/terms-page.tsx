// Terms of Service (/terms-of-service), with the content §1 lists: permitted and prohibited uses,
// accuracy not guaranteed, liability capped at the amount paid in the previous twelve months,
// termination without notice, changes at any time (continued use is acceptance), support within
// 24 hours on business days, last updated 28 January 2025.
import { useSiteConfig } from '../../site-config.ts';
import { StaticPage } from './static-page.tsx';

export const TERMS_LAST_UPDATED = '28 January 2025';

export function TermsPage() {
  const site = useSiteConfig();
  return (
    <StaticPage
      title="Terms of Service"
      path="/terms-of-service"
      description={`The terms for using ${site.siteName}: permitted and prohibited uses, accuracy of listings, liability, termination and support.`}
      meta={`Last updated ${TERMS_LAST_UPDATED}`}
    >
      <section aria-labelledby="terms-acceptance">
        <h2 id="terms-acceptance">Acceptance of these terms</h2>
        <p>
          By using {site.siteName} you agree to these terms. If you do not agree, please do not use the
          service.
        </p>
      </section>
      <section aria-labelledby="terms-permitted">
        <h2 id="terms-permitted">Permitted uses</h2>
        <p>You may use the service to:</p>
        <ul>
          <li>search for and view business information;</li>
          <li>contact the businesses listed;</li>
          <li>submit accurate listings for businesses;</li>
          <li>use it for legitimate business purposes.</li>
        </ul>
      </section>
      <section aria-labelledby="terms-prohibited">
        <h2 id="terms-prohibited">Prohibited uses</h2>
        <p>You must not:</p>
        <ul>
          <li>submit false or misleading information;</li>
          <li>scrape or harvest the service by automated means;</li>
          <li>disrupt or interfere with the service or its servers;</li>
          <li>use the service for any illegal purpose;</li>
          <li>attempt unauthorised access to the service, its accounts or its data.</li>
        </ul>
      </section>
      <section aria-labelledby="terms-accuracy">
        <h2 id="terms-accuracy">Accuracy of listings</h2>
        <p>
          Listings are collected from public online sources and submitted by users. We do not guarantee that
          any listing is accurate, complete or up to date.
        </p>
      </section>
      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">Limitation of liability</h2>
        <p>
          To the extent permitted by law, our total liability to you for any claim arising from the service is
          limited to the amount you paid us in the twelve months before the claim.
        </p>
      </section>
      <section aria-labelledby="terms-termination">
        <h2 id="terms-termination">Termination</h2>
        <p>We may suspend or terminate your access to the service at any time, without notice.</p>
      </section>
      <section aria-labelledby="terms-changes">
        <h2 id="terms-changes">Changes to these terms</h2>
        <p>
          We may change these terms at any time. Your continued use of the service after a change means that
          you accept the new terms.
        </p>
      </section>
      <section aria-labelledby="terms-support">
        <h2 id="terms-support">Support</h2>
        <p>
          Questions about these terms? Write to{' '}
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>. We reply within 24 hours on
          business days.
        </p>
      </section>
    </StaticPage>
  );
}
