import { describe, expect, it } from 'vitest';
import { sampleBusiness } from '../../seo/testing/sample-business.ts';
import {
  aboutParagraphs,
  businessCrumbs,
  businessDescription,
  businessTitle,
  clip,
} from './business-meta.ts';
import { directionsUrl, mailtoHref, mapUrl, telHref } from './map-links.ts';

describe('business page texts', () => {
  it('uses the generated SEO title and description when present', () => {
    const business = sampleBusiness({ seoTitle: 'Custom title', seoDescription: 'Custom description.' });
    expect(businessTitle(business)).toBe('Custom title');
    expect(businessDescription(business)).toBe('Custom description.');
  });

  it('builds them from the data otherwise, within 160 characters', () => {
    const business = sampleBusiness();
    expect(businessTitle(business)).toBe('Bright Smile Dental – Dentist in Albuquerque');
    const description = businessDescription(business);
    expect(description).toBe(
      'Bright Smile Dental: Dentist in Albuquerque, NM. Rated 4.6/5 from 128 reviews. See the address, phone number, opening hours and directions.',
    );
    const long = businessDescription(sampleBusiness({ name: 'A very long name '.repeat(12).trim() }));
    expect([...long].length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });

  it('splits the generated about text into paragraphs, and writes a fallback without one', () => {
    expect(aboutParagraphs(sampleBusiness({ about: 'One.\n\nTwo.\n\n\nThree.' }))).toEqual([
      'One.',
      'Two.',
      'Three.',
    ]);
    const fallback = aboutParagraphs(sampleBusiness());
    expect(fallback[0]).toBe('Family dentistry with same-day appointments.');
    expect(fallback.join(' ')).toContain('Bright Smile Dental is listed under Dentist in Albuquerque, NM.');
  });

  it('clips at a word boundary', () => {
    expect(clip('alpha beta gamma', 11)).toBe('alpha beta…');
    expect(clip('short', 10)).toBe('short');
  });

  it('leads Home › City › Category › Business', () => {
    expect(businessCrumbs(sampleBusiness({ category: 'Cosmetic Dentist' }))).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Albuquerque', path: '/city/Albuquerque' },
      { name: 'Cosmetic Dentist', path: '/category/cosmetic-dentist' },
      { name: 'Bright Smile Dental', path: '/details/bright-smile-dental-ChIJabc' },
    ]);
  });
});

describe('business page links', () => {
  it('calls the international number', () => {
    expect(telHref(sampleBusiness())).toBe('tel:+15059772215');
    expect(telHref(sampleBusiness({ phoneInternational: null, phone: '(971) 430-2665' }))).toBe(
      'tel:9714302665',
    );
    expect(telHref(sampleBusiness({ phoneInternational: null, phone: null }))).toBeUndefined();
  });

  it('points the map links at the coordinates, else the address', () => {
    expect(directionsUrl(sampleBusiness())).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=35.0898146%2C-106.6799015',
    );
    const noGeo = sampleBusiness({ latitude: null, longitude: null });
    expect(mapUrl(noGeo)).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('3755 Church St, Albuquerque, NM 87104, United States of America')}`,
    );
  });

  it('writes mailto: only for one plain address', () => {
    expect(mailtoHref('hello@example.com')).toBe('mailto:hello@example.com');
    expect(mailtoHref('a@example.com?bcc=x@evil.example')).toBeUndefined();
    expect(mailtoHref('not an address')).toBeUndefined();
    expect(mailtoHref(null)).toBeUndefined();
  });
});
