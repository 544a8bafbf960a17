// The eight broad groups of the site's navigation, and the keyword rules that put every specific
// Google Maps category ("Dentist", "Mexican restaurant", "Auto repair shop") into one of them.
// Rules are matched in order against the lower-cased category, each keyword at the start of a word
// ("tire" matches "Tire shop", not "entirely"); a keyword ending in a space must be a whole word.
// The first hit wins, so more specific keywords come first. Administrators can add rules in front of these (see the issue on the API).
// The group is stored with each business (category_group): a change to these rules is picked up by
// existing databases at the next start (regroup-businesses.ts compares CATEGORY_GROUPING_VERSION).

import { CATEGORY_GROUPS, type CategoryGroup } from '../../contract/category-groups.ts';
import { categorySlug } from '../../contract/paths.ts';
import { hashString } from '../seo/seeded-random.ts';

/** Where a category that matches no rule goes: the specification's "Service Provider" catch-all. */
export const FALLBACK_GROUP: CategoryGroup = 'Professional Services';

export interface CategoryRule {
  keyword: string;
  group: CategoryGroup;
}

// biome-ignore format: one rule table, read as a table
const DEFAULT_RULES: readonly [string, CategoryGroup][] = [
  // Words that outrank a group further down: "Massage therapist" is not Healthcare's "therapist",
  // "Auto insurance agency" not Auto Services, "Health club" a gym.
  ['massage', 'Beauty & Wellness'], ['health club', 'Beauty & Wellness'], ['insurance', 'Professional Services'],
  // Healthcare before "care" words elsewhere; "pet" and "veterinar" here as animal health.
  ['dentist', 'Healthcare'], ['dental', 'Healthcare'], ['orthodont', 'Healthcare'], ['doctor', 'Healthcare'],
  ['physician', 'Healthcare'], ['clinic', 'Healthcare'], ['hospital', 'Healthcare'], ['medical', 'Healthcare'],
  ['pharmac', 'Healthcare'], ['chemist', 'Healthcare'], ['health', 'Healthcare'], ['physiotherap', 'Healthcare'],
  ['chiropract', 'Healthcare'], ['optometr', 'Healthcare'], ['optician', 'Healthcare'], ['pediatric', 'Healthcare'],
  ['psycholog', 'Healthcare'], ['therapist', 'Healthcare'], ['veterinar', 'Healthcare'], ['urgent care', 'Healthcare'],
  ['surgeon', 'Healthcare'], ['dermatolog', 'Healthcare'], ['nursing', 'Healthcare'], ['drug store', 'Healthcare'],
  ['drugstore', 'Healthcare'], ['eye care', 'Healthcare'],
  // Auto
  ['auto', 'Auto Services'], ['car ', 'Auto Services'], ['car wash', 'Auto Services'], ['tire', 'Auto Services'],
  ['tyre', 'Auto Services'], ['mechanic', 'Auto Services'], ['garage', 'Auto Services'], ['motor', 'Auto Services'],
  ['vehicle', 'Auto Services'], ['oil change', 'Auto Services'], ['body shop', 'Auto Services'],
  ['towing', 'Auto Services'], ['gas station', 'Auto Services'], ['petrol', 'Auto Services'], ['brake', 'Auto Services'],
  ['wheel ', 'Auto Services'], ['transmission', 'Auto Services'], ['muffler', 'Auto Services'],
  // Restaurants and food
  ['restaurant', 'Restaurants'], ['cafe', 'Restaurants'], ['coffee', 'Restaurants'], ['bakery', 'Restaurants'],
  ['pizza', 'Restaurants'], ['bar & grill', 'Restaurants'], ['grill', 'Restaurants'], ['diner', 'Restaurants'],
  ['bistro', 'Restaurants'], ['takeaway', 'Restaurants'], ['food', 'Restaurants'], ['sushi', 'Restaurants'],
  ['steak', 'Restaurants'], ['burger', 'Restaurants'], ['pub ', 'Restaurants'], ['brewery', 'Restaurants'],
  ['deli', 'Restaurants'], ['catering', 'Restaurants'], ['ice cream', 'Restaurants'], ['tea house', 'Restaurants'],
  ['gastropub', 'Restaurants'], ['brewpub', 'Restaurants'], ['tavern', 'Restaurants'], ['taproom', 'Restaurants'],
  ['beer garden', 'Restaurants'], ['beer hall', 'Restaurants'], ['noodle', 'Restaurants'], ['cake', 'Restaurants'],
  ['pastry', 'Restaurants'], ['patisserie', 'Restaurants'],
  // Beauty and wellness
  ['hair', 'Beauty & Wellness'], ['salon', 'Beauty & Wellness'], ['barber', 'Beauty & Wellness'],
  ['beauty', 'Beauty & Wellness'], ['nail', 'Beauty & Wellness'], ['spa', 'Beauty & Wellness'],
  ['massage', 'Beauty & Wellness'], ['gym', 'Beauty & Wellness'], ['fitness', 'Beauty & Wellness'],
  ['yoga', 'Beauty & Wellness'], ['pilates', 'Beauty & Wellness'], ['tattoo', 'Beauty & Wellness'],
  ['cosmetic', 'Beauty & Wellness'], ['wellness', 'Beauty & Wellness'], ['skin care', 'Beauty & Wellness'],
  ['personal trainer', 'Beauty & Wellness'], ['meditation', 'Beauty & Wellness'], ['blow dry', 'Beauty & Wellness'],
  ['brow', 'Beauty & Wellness'],
  // Home services
  ['plumb', 'Home Services'], ['electric', 'Home Services'], ['clean', 'Home Services'], ['roof', 'Home Services'],
  ['hvac', 'Home Services'], ['heating', 'Home Services'], ['air condition', 'Home Services'],
  ['locksmith', 'Home Services'], ['pest', 'Home Services'], ['landscap', 'Home Services'], ['garden', 'Home Services'],
  ['painter', 'Home Services'], ['contractor', 'Home Services'], ['handyman', 'Home Services'],
  ['moving', 'Home Services'], ['removal', 'Home Services'], ['carpet', 'Home Services'], ['flooring', 'Home Services'],
  ['window', 'Home Services'], ['appliance', 'Home Services'], ['builder', 'Home Services'],
  ['construction', 'Home Services'], ['home ', 'Home Services'], ['pool', 'Home Services'], ['drain', 'Home Services'],
  ['water heater', 'Home Services'], ['furnace', 'Home Services'], ['key duplication', 'Home Services'],
  ['mover', 'Home Services'], ['storage', 'Home Services'],
  // Education
  ['school', 'Education'], ['college', 'Education'], ['university', 'Education'], ['tutor', 'Education'],
  ['academy', 'Education'], ['education', 'Education'], ['kindergarten', 'Education'], ['preschool', 'Education'],
  ['nursery school', 'Education'], ['training', 'Education'], ['library', 'Education'], ['driving school', 'Education'],
  ['day care', 'Education'], ['daycare', 'Education'], ['child care', 'Education'], ['childcare', 'Education'],
  ['instructor', 'Education'], ['test prep', 'Education'],
  // Entertainment
  ['cinema', 'Entertainment'], ['movie', 'Entertainment'], ['theater', 'Entertainment'], ['theatre', 'Entertainment'],
  ['museum', 'Entertainment'], ['night club', 'Entertainment'], ['nightclub', 'Entertainment'],
  ['bowling', 'Entertainment'], ['casino', 'Entertainment'], ['amusement', 'Entertainment'],
  ['park', 'Entertainment'], ['gallery', 'Entertainment'], ['concert', 'Entertainment'], ['karaoke', 'Entertainment'],
  ['escape room', 'Entertainment'], ['arcade', 'Entertainment'], ['zoo', 'Entertainment'], ['stadium', 'Entertainment'],
  ['venue', 'Entertainment'], ['attraction', 'Entertainment'], ['team building', 'Entertainment'],
  ['dance club', 'Entertainment'],
  // Professional services
  ['lawyer', 'Professional Services'], ['attorney', 'Professional Services'], ['law firm', 'Professional Services'],
  ['solicitor', 'Professional Services'], ['accountant', 'Professional Services'], ['accounting', 'Professional Services'],
  ['tax ', 'Professional Services'], ['consult', 'Professional Services'], ['insurance', 'Professional Services'],
  ['real estate', 'Professional Services'], ['estate agent', 'Professional Services'], ['marketing', 'Professional Services'],
  ['software', 'Professional Services'], ['agency', 'Professional Services'], ['bank', 'Professional Services'],
  ['financial', 'Professional Services'], ['architect', 'Professional Services'], ['notary', 'Professional Services'],
  ['print', 'Professional Services'], ['design', 'Professional Services'], ['photograph', 'Professional Services'],
  ['bar association', 'Professional Services'],
  // Last, the bare words that many kinds share: "Nail bar" is a salon and "Golf club" has its own
  // word above, but a "Bar", "Wine bar" or "Sports bar" is a place to drink (with the pubs), and a
  // "Jazz club" or "Comedy club" a night out.
  ['bar ', 'Restaurants'], ['club ', 'Entertainment'],
];

export const DEFAULT_CATEGORY_RULES: readonly CategoryRule[] = DEFAULT_RULES.map(([keyword, group]) => ({
  keyword,
  group,
}));

// Bump when the matching itself (not the rule table) changes how a category is read.
const MATCHING_VERSION = 1;

/** Names this version of the grouping: the matching, the rules, the catch-all and the group list.
 *  A database whose rows were grouped under another value gets them regrouped at start. */
export const CATEGORY_GROUPING_VERSION = `${MATCHING_VERSION}-${hashString(
  JSON.stringify([DEFAULT_RULES, FALLBACK_GROUP, CATEGORY_GROUPS]),
).toString(36)}`;

/** Maps categories to groups with a rule list; memoised, since a site has few distinct categories. */
export function createCategoryGrouper(
  extraRules: readonly CategoryRule[] = [],
): (category: string) => CategoryGroup {
  const rules = [...extraRules, ...DEFAULT_CATEGORY_RULES].map((r) => ({
    ...r,
    keyword: r.keyword.toLowerCase(),
  }));
  const memo = new Map<string, CategoryGroup>();
  return (category) => {
    const known = memo.get(category);
    if (known) return known;
    // Padded and with punctuation as spaces, so that " keyword" finds word starts everywhere and
    // "keyword " whole words at the end too.
    const text = ` ${category.toLowerCase().replace(/[^\p{L}\p{N}&]+/gu, ' ')} `;
    const exactGroup = CATEGORY_GROUPS.find((g) => g.toLowerCase() === category.toLowerCase().trim());
    const group =
      exactGroup ?? rules.find((rule) => text.includes(` ${rule.keyword}`))?.group ?? FALLBACK_GROUP;
    if (memo.size < 100_000) memo.set(category, group);
    return group;
  };
}

/** The group whose navigation slug this is ("beauty-wellness"), if any. */
export function groupBySlug(slug: string): CategoryGroup | undefined {
  return CATEGORY_GROUPS.find((group) => categorySlug(group) === slug);
}
