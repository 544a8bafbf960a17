// Everything a page puts in <head>: one title as one string, description, canonical, robots, Open
// Graph and Twitter tags (React 19 hoists them), and JSON-LD blocks escaped against script breakout.
import { escapeJsonForHtml } from '../json-for-html.ts';
import { useSiteConfig } from '../site-config.ts';

export interface PageMetaProps {
  title: string;
  description: string;
  /** Path of this page's canonical URL (made absolute with the site URL). Omit on noindex search
   *  pages; a filtered or sorted view (issue 16) is noindex with the canonical of its unfiltered list. */
  canonicalPath?: string;
  noindex?: boolean;
  ogType?: 'website' | 'business.business';
  /** Absolute image URL for link previews. */
  image?: string;
  jsonLd?: object[];
}

export function PageMeta({
  title,
  description,
  canonicalPath,
  noindex,
  ogType,
  image,
  jsonLd,
}: PageMetaProps) {
  const site = useSiteConfig();
  const canonical = canonicalPath ? `${site.siteUrl}${canonicalPath}` : undefined;
  const fullTitle = title.includes(site.siteName) ? title : `${title} | ${site.siteName}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={noindex ? 'noindex, follow' : 'index, follow'} />
      {canonical && <link rel="canonical" href={canonical} />}
      <meta property="og:site_name" content={site.siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={ogType ?? 'website'} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={image ?? `${site.siteUrl}/images/categories/service-provider.svg`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {jsonLd?.map((block, index) => (
        <script
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per render
          key={index}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by escapeJsonForHtml, not executable
          dangerouslySetInnerHTML={{ __html: escapeJsonForHtml(JSON.stringify(block)) }}
        />
      ))}
    </>
  );
}
