import { describe, expect, it } from 'vitest';
import { categoryImagePath, categoryImageSlug } from './category-image.ts';

describe('categoryImageSlug', () => {
  it.each([
    ['Software company', 'software-development'],
    ['Website designer', 'software-development'],
    ['Web design agency', 'software-development'],
    ['Auto repair shop', 'auto-service'],
    ['Auto Services', 'auto-service'],
    ['Tire shop', 'auto-service'],
    ['Car dealer', 'auto-service'],
    ['Car wash', 'cleaning-service'],
    ['Indian restaurant', 'restaurant'],
    ['Restaurants', 'restaurant'],
    ['Coffee shop', 'restaurant'],
    ['Sports bar', 'restaurant'],
    ['Cleaning service', 'cleaning-service'],
    ['Dry cleaner', 'cleaning-service'],
    ['Dentist', 'healthcare'],
    ['Urgent care center', 'healthcare'],
    ['Healthcare', 'healthcare'],
    ['Insurance agency', 'service-provider'],
    ['Delivery service', 'service-provider'],
    ['Barber shop', 'service-provider'],
    ['', 'service-provider'],
  ])('%s → %s', (category, slug) => {
    expect(categoryImageSlug(category)).toBe(slug);
  });

  it('gives a site path of one of the six pictures', () => {
    expect(categoryImagePath('Plumber')).toBe('/images/categories/service-provider.svg');
  });
});
