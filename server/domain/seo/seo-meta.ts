// The page title (≤ 60 characters where the name allows) and meta description (120–160 characters),
// both from the business's own data.
import { joinList } from './hours-summary.ts';
import { charLength, truncateWords } from './plain-text.ts';
import type { Chooser } from './seeded-random.ts';
import type { SeoFacts } from './seo-facts.ts';

export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 120;
export const DESCRIPTION_MAX = 160;

/** "{name} – {category} in {city}", dropping the least useful part until it fits. */
export function buildSeoTitle(f: SeoFacts): string {
  const candidates: string[] = [];
  if (f.category && f.city) candidates.push(`${f.name} – ${f.category} in ${f.city}`);
  if (f.city) candidates.push(`${f.name} – ${f.city}`);
  if (f.category) candidates.push(`${f.name} – ${f.category}`);
  candidates.push(f.name);
  for (const title of candidates) {
    if (charLength(title) <= TITLE_MAX) return title;
  }
  return truncateWords(f.name, TITLE_MAX);
}

function appendIfFits(parts: string[], sentence: string): boolean {
  const next = [...parts, sentence].join(' ');
  if (charLength(next) > DESCRIPTION_MAX) return false;
  parts.push(sentence);
  return true;
}

/** A 120–160 character summary: who and where first, then rating, status and what the page offers. */
export function buildMetaDescription(f: SeoFacts, r: Chooser): string {
  const where = f.city ?? f.place;
  const lead =
    f.category && where
      ? r.pick([
          `${f.name}: ${f.category} in ${where}.`,
          `${f.name}, listed under ${f.category} in ${where}.`,
        ])
      : f.category
        ? `${f.name}: listed under ${f.category}.`
        : where
          ? `${f.name} in ${where}.`
          : `${f.name}.`;
  // A very long name can fill the whole budget on its own: cut the lead, not the limit.
  const parts = [truncateWords(lead, DESCRIPTION_MAX - 20)];

  if (f.status === 'CLOSED_PERMANENTLY') appendIfFits(parts, 'Listed as permanently closed.');
  else if (f.status === 'CLOSED_TEMPORARILY') appendIfFits(parts, 'Listed as temporarily closed.');
  if (f.rating && f.reviewCount > 0) {
    appendIfFits(
      parts,
      r.pick([
        `Rated ${f.rating}/5 from ${f.reviewCountText} ${f.reviewCount === 1 ? 'review' : 'reviews'}.`,
        `${f.rating} out of 5 from ${f.reviewCountText} ${f.reviewCount === 1 ? 'review' : 'reviews'}.`,
      ]),
    );
  }
  const items: string[] = [];
  if (f.address) items.push('address');
  if (f.hasPhone) items.push('phone');
  if (f.hours) items.push('opening hours');
  if (f.hasWebsite) items.push('website');
  if (items.length > 0) {
    const list = joinList(items);
    if (!appendIfFits(parts, r.pick([`See the ${list}.`, `Find the ${list} here.`]))) {
      appendIfFits(parts, 'See the details.');
    }
  }
  const padding = [
    where ? `Compare other businesses in ${where}.` : 'Compare similar businesses in the directory.',
    'Confirm details with the business before you visit.',
    'Free local business directory listing.',
    'Details from public sources.',
  ];
  for (const sentence of padding) {
    if (charLength(parts.join(' ')) >= DESCRIPTION_MIN) break;
    appendIfFits(parts, sentence);
  }
  return parts.join(' ');
}
