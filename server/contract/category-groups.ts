// The eight broad groups of the site's navigation (§1, §2, §9), in the specification's order. One
// list for the server's category rules, the website's menus and the demo-data generator.
export const CATEGORY_GROUPS = [
  'Restaurants',
  'Healthcare',
  'Auto Services',
  'Beauty & Wellness',
  'Home Services',
  'Professional Services',
  'Education',
  'Entertainment',
] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];
