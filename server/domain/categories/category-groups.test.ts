import { describe, expect, it } from 'vitest';
import { createCategoryGrouper, groupBySlug } from './category-groups.ts';

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
