import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../fixtures/generator/categories.ts';
import { CATEGORY_GROUPING_VERSION, createCategoryGrouper, groupBySlug } from './category-groups.ts';

describe('category groups', () => {
  const groupOf = createCategoryGrouper();

  it('puts real Google Maps categories into the navigation groups', () => {
    expect(groupOf('Dentist')).toBe('Healthcare');
    expect(groupOf('Pediatric dentist')).toBe('Healthcare');
    expect(groupOf('Mexican restaurant')).toBe('Restaurants');
    expect(groupOf('Coffee shop')).toBe('Restaurants');
    expect(groupOf('Auto repair shop')).toBe('Auto Services');
    expect(groupOf('Hair salon')).toBe('Beauty & Wellness');
    expect(groupOf('Plumber')).toBe('Home Services');
    expect(groupOf('Cleaning service')).toBe('Home Services');
    expect(groupOf('Lawyer')).toBe('Professional Services');
    expect(groupOf('Software company')).toBe('Professional Services');
    expect(groupOf('Elementary school')).toBe('Education');
    expect(groupOf('Movie theater')).toBe('Entertainment');
  });

  it('maps a group name to itself and unknown categories to the catch-all', () => {
    expect(groupOf('Healthcare')).toBe('Healthcare');
    expect(groupOf('Beauty & Wellness')).toBe('Beauty & Wellness');
    expect(groupOf('Something entirely new')).toBe('Professional Services');
  });

  it('lets extra rules take precedence over the defaults', () => {
    const custom = createCategoryGrouper([{ keyword: 'dentist', group: 'Beauty & Wellness' }]);
    expect(custom('Cosmetic dentist')).toBe('Beauty & Wellness');
  });

  it('finds groups by their navigation slug', () => {
    expect(groupBySlug('beauty-wellness')).toBe('Beauty & Wellness');
    expect(groupBySlug('auto-services')).toBe('Auto Services');
    expect(groupBySlug('dentist')).toBeUndefined();
  });
});

describe('category rules match at word starts', () => {
  const groupOf = createCategoryGrouper();
  it('does not match inside words', () => {
    expect(groupOf('Public school')).toBe('Education');
    expect(groupOf('Taxi service')).toBe('Professional Services');
    expect(groupOf('Tire shop')).toBe('Auto Services');
    expect(groupOf('Irish pub')).toBe('Restaurants');
  });
});

describe('bars, pubs and the other categories found misgrouped (issue 15)', () => {
  const groupOf = createCategoryGrouper();

  it('puts every category of the fixture generator into the group the generator means', () => {
    for (const category of CATEGORIES) {
      expect(groupOf(category.name), category.name).toBe(category.group);
      expect(groupOf(category.group), category.group).toBe(category.group);
    }
  });

  it('lists bars and pubs under Restaurants, not the catch-all', () => {
    for (const name of ['Bar', 'Wine bar', 'Cocktail bar', 'Sports bar', 'Espresso bar', 'Pub', 'Irish pub'])
      expect(groupOf(name), name).toBe('Restaurants');
    for (const name of [
      'Gastropub',
      'Brewpub',
      'Tavern',
      'Beer garden',
      'Noodle shop',
      'Cake shop',
      'Pastry shop',
    ])
      expect(groupOf(name), name).toBe('Restaurants');
  });

  it('keeps "bar" and "club" from taking what a more specific word decides', () => {
    expect(groupOf('Barber shop')).toBe('Beauty & Wellness');
    expect(groupOf('Nail bar')).toBe('Beauty & Wellness');
    expect(groupOf('Brow bar')).toBe('Beauty & Wellness');
    expect(groupOf('Sushi bar')).toBe('Restaurants');
    expect(groupOf('Barbecue restaurant')).toBe('Restaurants');
    expect(groupOf('Bar association')).toBe('Professional Services');
    expect(groupOf('Night club')).toBe('Entertainment');
    expect(groupOf('Dance club')).toBe('Entertainment');
    expect(groupOf('Jazz club')).toBe('Entertainment');
    expect(groupOf('Health club')).toBe('Beauty & Wellness');
  });

  it('groups the related categories of the fixtures that had no rule', () => {
    const expected: Record<string, string> = {
      'Massage therapist': 'Beauty & Wellness',
      'Personal trainer': 'Beauty & Wellness',
      'Meditation center': 'Beauty & Wellness',
      'Auto insurance agency': 'Professional Services',
      'Drug store': 'Healthcare',
      'Eye care center': 'Healthcare',
      'Brake shop': 'Auto Services',
      'Wheel store': 'Auto Services',
      'Drainage service': 'Home Services',
      'Water heater installation service': 'Home Services',
      'Furnace repair service': 'Home Services',
      'Key duplication service': 'Home Services',
      Mover: 'Home Services',
      'Storage facility': 'Home Services',
      'Day care center': 'Education',
      'Driving instructor': 'Education',
      'Piano instructor': 'Education',
      'Test preparation center': 'Education',
      'Event venue': 'Entertainment',
      'Tourist attraction': 'Entertainment',
      'Team building activity': 'Entertainment',
    };
    for (const [name, group] of Object.entries(expected)) expect(groupOf(name), name).toBe(group);
    // Unchanged neighbours of the new words.
    expect(groupOf('Physical therapist')).toBe('Healthcare');
    expect(groupOf('Wheelchair store')).toBe('Professional Services');
    expect(groupOf('Insurance agency')).toBe('Professional Services');
  });

  it('names the grouping version from the rules, so a database knows when to regroup', () => {
    expect(CATEGORY_GROUPING_VERSION).toMatch(/^\d+-[0-9a-z]+$/);
  });
});
