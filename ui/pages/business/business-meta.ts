// The detail page's title, description, about text fallback and breadcrumb trail, from the data.
// SEO generation (server/domain/seo) writes seoTitle, seoDescription and about; until it has run for
// a business these fallbacks keep every page unique and complete.
import type { Business } from '../../../server/contract/business.ts';
import { businessPath, categoryPath, cityPath } from '../../../server/contract/paths.ts';
import { formatRating } from '../../components/star-rating/star-rating.tsx';
import type { Crumb } from '../../seo/breadcrumb-list.ts';

const DESCRIPTION_MAX = 160;

function place(business: Pick<Business, 'city' | 'state'>): string {
  const city = business.city.trim();
  const state = business.state.trim();
  return city && state && state !== city ? `${city}, ${state}` : city || state;
}

export function businessTitle(business: Business): string {
  const seo = business.seoTitle?.trim();
  if (seo) return seo;
  const where = business.city.trim();
  return where
    ? `${business.name} – ${business.category} in ${where}`
    : `${business.name} – ${business.category}`;
}

/** Cut at a word boundary, with an ellipsis, when longer than `max` characters. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export function businessDescription(business: Business): string {
  const seo = business.seoDescription?.trim();
  if (seo) return seo;
  const where = place(business);
  const parts = [
    where ? `${business.name}: ${business.category} in ${where}.` : `${business.name}: ${business.category}.`,
  ];
  if (business.rating > 0 && business.reviewCount > 0) {
    const reviews = business.reviewCount === 1 ? 'review' : 'reviews';
    parts.push(
      `Rated ${formatRating(business.rating)}/5 from ${business.reviewCount.toLocaleString('en-US')} ${reviews}.`,
    );
  }
  const items = ['address'];
  if (business.phone) items.push('phone number');
  if (Object.keys(business.openingHours).length > 0) items.push('opening hours');
  parts.push(`See the ${items.join(', ')} and directions.`);
  return clip(parts.join(' '), DESCRIPTION_MAX);
}

/** The generated about text in paragraphs; without one, a short text from the business's own data. */
export function aboutParagraphs(business: Business): string[] {
  const about = business.about?.trim();
  if (about) {
    return about
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
  }
  const where = place(business);
  const paragraphs: string[] = [];
  const description = business.description?.trim();
  if (description) paragraphs.push(description);
  paragraphs.push(
    `${business.name} is listed under ${business.category}${where ? ` in ${where}` : ''}. ` +
      `You can find it at ${business.address.trim() || where}.`,
  );
  const contact = business.phone
    ? `To ask about services, prices or availability, call ${business.phone}.`
    : 'Contact the business directly to ask about services, prices or availability.';
  paragraphs.push(`${contact} Please confirm opening hours before you visit.`);
  return paragraphs;
}

/** Home › City › Category › Business, shown on the page and given to search engines. */
export function businessCrumbs(business: Business): Crumb[] {
  const crumbs: Crumb[] = [{ name: 'Home', path: '/' }];
  if (business.city.trim()) crumbs.push({ name: business.city.trim(), path: cityPath(business.city.trim()) });
  if (business.category.trim())
    crumbs.push({ name: business.category.trim(), path: categoryPath(business.category.trim()) });
  crumbs.push({ name: business.name, path: businessPath(business.slug) });
  return crumbs;
}
