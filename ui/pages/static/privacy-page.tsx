// Privacy Policy (/privacy-policy): last updated January 28, 2025, and it mentions the analytics
// service (§1).
import { useSiteConfig } from '../../site-config.ts';
import { StaticPage } from './static-page.tsx';

export const PRIVACY_LAST_UPDATED = 'January 28, 2025';

export function PrivacyPage() {
  const site = useSiteConfig();
  return (
    <StaticPage
      title="Privacy Policy"
      path="/privacy-policy"
      description={`How ${site.siteName} collects, uses and protects information when you use the directory, including the analytics service we use.`}
      meta={`Last updated: ${PRIVACY_LAST_UPDATED}`}
    >
      <section aria-labelledby="privacy-collect">
        <h2 id="privacy-collect">Information we collect</h2>
        <p>
          You can use {site.siteName} without an account. When you visit, our servers record technical
          information such as the pages requested, the time of the request and your browser type, to keep the
          service running and secure. When you submit a business or contact us, we keep what you send us (for
          example a business’s details and your e-mail address) to process it.
        </p>
      </section>
      <section aria-labelledby="privacy-analytics">
        <h2 id="privacy-analytics">Analytics</h2>
        <p>
          We use an analytics service to understand how visitors use the site, for example which pages are
          visited most and how people find us. It works with aggregated usage data; we use the results only to
          improve the directory and do not use them to identify you.
        </p>
      </section>
      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">How we use information</h2>
        <ul>
          <li>To provide, maintain and improve the directory.</li>
          <li>To review and publish business submissions.</li>
          <li>To answer your questions and requests.</li>
          <li>To protect the service against abuse.</li>
        </ul>
        <p>We do not sell personal information.</p>
      </section>
      <section aria-labelledby="privacy-listings">
        <h2 id="privacy-listings">Business listings</h2>
        <p>
          Listings contain business information collected from public online sources. If you represent a
          business and want its details corrected or removed, contact us at{' '}
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
        </p>
      </section>
      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">Cookies</h2>
        <p>
          We use cookies only where a feature needs them, for example to keep the administrator of the
          directory signed in.
        </p>
      </section>
      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your choices and rights</h2>
        <p>
          You may ask us what information we hold about you, and ask us to correct or delete it, by writing to{' '}
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
        </p>
      </section>
      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">Changes to this policy</h2>
        <p>When we change this policy, we update the date at the top of this page.</p>
      </section>
    </StaticPage>
  );
}
