// Suggestions offered under the category field (a <datalist>: any other category may be typed).
// The navigation's groups first, then specific categories people often list.
import { CATEGORY_GROUPS } from '../../../server/contract/category-groups.ts';

export const CATEGORY_SUGGESTIONS = [
  ...CATEGORY_GROUPS,
  'Restaurant',
  'Cafe',
  'Bakery',
  'Dentist',
  'Doctor',
  'Pharmacy',
  'Auto repair shop',
  'Car wash',
  'Hair salon',
  'Barber shop',
  'Gym',
  'Plumber',
  'Electrician',
  'Cleaning service',
  'Lawyer',
  'Accountant',
  'Real estate agency',
  'Software company',
  'School',
  'Tutoring service',
] as const;
