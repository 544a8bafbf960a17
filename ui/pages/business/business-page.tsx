// Business detail (/details/:slug, §2): the loader fills the cache on the server (404 for an unknown
// slug); the page reads the same query, and fetches it on client-side navigation.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { Business } from '../../../server/contract/business.ts';
import { businessPath } from '../../../server/contract/paths.ts';
import { businessQuery, nearbyQuery } from '../../api/queries.ts';
import { useApi } from '../../api/api-context.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import type { RouteLoader } from '../../route-types.ts';
import { breadcrumbList } from '../../seo/breadcrumb-list.ts';
import { businessImageUrl, businessJsonLd } from '../../seo/business-json-ld.ts';
import { useSiteConfig } from '../../site-config.ts';
import { AdSlot } from './ad-slot.tsx';
import { BreadcrumbNav } from './breadcrumb-nav.tsx';
import { BusinessFeatures } from './business-features.tsx';
import { BusinessHero } from './business-hero.tsx';
import { aboutParagraphs, businessCrumbs, businessDescription, businessTitle } from './business-meta.ts';
import { BusinessNotFound } from './business-not-found.tsx';
import { BusinessSkeleton } from './business-skeleton.tsx';
import { LocationBlock } from './location-block.tsx';
import { NearbyBusinesses } from './nearby-businesses.tsx';
import { OpeningHours } from './opening-hours.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { QuickActions } from './quick-actions.tsx';
import { WhyChooseUs } from './why-choose-us.tsx';

export const loadBusiness: RouteLoader = async ({ api, load, params }) => {
  const business = await load(businessQuery(api, params.slug ?? ''));
  if (!business) return { status: 404 };
  // The nearby list is part of the server's HTML; a failure to read it leaves the page whole (the
  // browser asks for it again after hydration).
  await load(nearbyQuery(api, business.id)).catch(() => undefined);
  return undefined;
};

export function BusinessPage() {
  const { slug = '' } = useParams();
  const query = useQuery(businessQuery(useApi(), slug));
  if (query.isPending) return <BusinessSkeleton />;
  if (query.isError || !query.data) return <BusinessNotFound />;
  return <BusinessDetail business={query.data} />;
}

function BusinessDetail({ business }: { business: Business }) {
  const site = useSiteConfig();
  const crumbs = businessCrumbs(business);
  return (
    <main id="main" className="container bdetail">
      <PageMeta
        title={businessTitle(business)}
        description={businessDescription(business)}
        canonicalPath={businessPath(business.slug)}
        ogType="business.business"
        image={businessImageUrl(business, site.siteUrl)}
        jsonLd={[businessJsonLd(business, site.siteUrl), breadcrumbList(site.siteUrl, crumbs)]}
      />
      <BreadcrumbNav crumbs={crumbs} />
      <BusinessHero business={business} />
      <div className="bdetail__layout">
        <div className="bdetail__main">
          <section className="bdetail__section" aria-labelledby="bdetail-about">
            <h2 id="bdetail-about">About {business.name}</h2>
            {aboutParagraphs(business).map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text
              <p key={index}>{paragraph}</p>
            ))}
          </section>
          <PhotoGallery business={business} />
          <WhyChooseUs />
          <BusinessFeatures attributes={business.attributes} />
          <OpeningHours business={business} />
          <NearbyBusinesses business={business} />
        </div>
        <div className="bdetail__aside">
          <QuickActions business={business} />
          <LocationBlock business={business} />
          <AdSlot />
        </div>
      </div>
    </main>
  );
}
