// §9: six default pictures, chosen from the business's category. A small keyword table of our own
// (the UI may not import server/domain): the words of the navigation's groups that lead to one of
// the six pictures; everything else, unknown categories included, gets Service Provider.

export type CategoryImageSlug =
  | 'software-development'
  | 'auto-service'
  | 'restaurant'
  | 'cleaning-service'
  | 'healthcare'
  | 'service-provider';

/** Every default picture is drawn on this canvas (the SVG files' width and height). */
export const CATEGORY_IMAGE_WIDTH = 400;
export const CATEGORY_IMAGE_HEIGHT = 300;

// Matched in order at the start of a word of the lower-cased category; the first hit wins, so
// "car wash" (cleaning) comes before "car" (auto) and "pet food" never reaches "food".
// biome-ignore format: one rule table, read as a table
const RULES: readonly [string, CategoryImageSlug][] = [
  ['software', 'software-development'], ['web design', 'software-development'], ['website', 'software-development'], ['web develop', 'software-development'],
  ['app develop', 'software-development'], ['it service', 'software-development'], ['it support', 'software-development'],
  ['computer', 'software-development'], ['information technology', 'software-development'],
  ['digital agency', 'software-development'], ['technology', 'software-development'],
  ['car wash', 'cleaning-service'], ['clean', 'cleaning-service'], ['janitor', 'cleaning-service'],
  ['maid', 'cleaning-service'], ['laundr', 'cleaning-service'], ['dry clean', 'cleaning-service'],
  ['housekeep', 'cleaning-service'], ['pressure wash', 'cleaning-service'], ['window wash', 'cleaning-service'],
  ['auto', 'auto-service'], ['car ', 'auto-service'], ['tire', 'auto-service'], ['tyre', 'auto-service'],
  ['mechanic', 'auto-service'], ['garage', 'auto-service'], ['motor', 'auto-service'], ['vehicle', 'auto-service'],
  ['oil change', 'auto-service'], ['body shop', 'auto-service'], ['towing', 'auto-service'],
  ['gas station', 'auto-service'], ['petrol', 'auto-service'], ['truck', 'auto-service'],
  ['restaurant', 'restaurant'], ['cafe', 'restaurant'], ['café', 'restaurant'], ['coffee', 'restaurant'],
  ['bakery', 'restaurant'], ['pizza', 'restaurant'], ['grill', 'restaurant'], ['diner', 'restaurant'],
  ['bistro', 'restaurant'], ['takeaway', 'restaurant'], ['food', 'restaurant'], ['sushi', 'restaurant'],
  ['steak', 'restaurant'], ['burger', 'restaurant'], ['pub ', 'restaurant'], ['bar ', 'restaurant'],
  ['brewery', 'restaurant'], ['deli ', 'restaurant'], ['delicatessen', 'restaurant'], ['catering', 'restaurant'], ['ice cream', 'restaurant'],
  ['dentist', 'healthcare'], ['dental', 'healthcare'], ['orthodont', 'healthcare'], ['doctor', 'healthcare'],
  ['physician', 'healthcare'], ['clinic', 'healthcare'], ['hospital', 'healthcare'], ['medical', 'healthcare'],
  ['pharmac', 'healthcare'], ['chemist', 'healthcare'], ['health', 'healthcare'], ['physiotherap', 'healthcare'],
  ['chiropract', 'healthcare'], ['optometr', 'healthcare'], ['optician', 'healthcare'], ['pediatric', 'healthcare'],
  ['psycholog', 'healthcare'], ['therapist', 'healthcare'], ['veterinar', 'healthcare'], ['urgent care', 'healthcare'],
  ['surgeon', 'healthcare'], ['dermatolog', 'healthcare'], ['nursing', 'healthcare'],
];

const memo = new Map<string, CategoryImageSlug>();

export function categoryImageSlug(category: string): CategoryImageSlug {
  const known = memo.get(category);
  if (known) return known;
  // Padded, punctuation as spaces: " keyword" finds word starts, "keyword " whole words at the end.
  const text = ` ${category.toLowerCase().replace(/[^\p{L}\p{N}&]+/gu, ' ')} `;
  const slug = RULES.find(([keyword]) => text.includes(` ${keyword}`))?.[1] ?? 'service-provider';
  if (memo.size < 5_000) memo.set(category, slug);
  return slug;
}

/** Site-relative path of the category's default picture. */
export function categoryImagePath(category: string): string {
  return `/images/categories/${categoryImageSlug(category)}.svg`;
}
