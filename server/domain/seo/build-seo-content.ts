// One business's generated SEO content. Pure: used by the batch generator and by any on-demand
// fallback for a row whose text has not been generated yet.
import { absoluteUrl, businessPath } from '../../contract/paths.ts';
import { buildAboutText } from './about-text.ts';
import { createChooser, hashString } from './seeded-random.ts';
import { deriveFacts } from './seo-facts.ts';
import { buildMetaDescription, buildSeoTitle } from './seo-meta.ts';
import type { SeoSource } from './seo-source.ts';

export interface SeoContent {
  about: string;
  seoTitle: string;
  seoDescription: string;
  canonicalUrl: string;
}

export type SeoTexts = Omit<SeoContent, 'canonicalUrl'>;

/** The texts alone, which do not depend on the site's address. */
export function buildSeoTexts(source: SeoSource): SeoTexts {
  const facts = deriveFacts(source);
  // Seeded from the place id and the cleaned data: the same data always gives the same text, and a
  // change to the data may re-phrase it (the row's updated_at moves then anyway).
  const seed = hashString(`${source.placeId}\u0000${JSON.stringify(facts)}`);
  const about = buildAboutText(facts, createChooser(seed));
  // A separate stream for the meta tags, so adding a phrasing to the about text does not reshuffle them.
  const seoDescription = buildMetaDescription(facts, createChooser(hashString(`meta\u0000${seed}`)));
  return { about, seoTitle: buildSeoTitle(facts), seoDescription };
}

export function buildSeoContent(source: SeoSource, siteUrl: string): SeoContent {
  return { ...buildSeoTexts(source), canonicalUrl: absoluteUrl(siteUrl, businessPath(source.slug)) };
}
