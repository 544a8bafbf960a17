import { describe, expect, it } from 'vitest';
import { escapeJsonForHtml } from '../json-for-html.ts';
import { breadcrumbList } from './breadcrumb-list.ts';
import { businessJsonLd, internationalPhone, streetAddress } from './business-json-ld.ts';
import { sampleBusiness } from './testing/sample-business.ts';

const SITE = 'https://directory.test';

describe('businessJsonLd', () => {
  it('describes the business with the properties search engines read', () => {
    const data = businessJsonLd(sampleBusiness(), SITE);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Dentist',
      name: 'Bright Smile Dental',
      url: 'https://directory.test/details/bright-smile-dental-ChIJabc',
      image: 'https://images.example/p/1.jpg',
      telephone: '+15059772215',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '3755 Church St',
        addressLocality: 'Albuquerque',
        addressRegion: 'NM',
        postalCode: '87104',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 35.0898146, longitude: -106.6799015 },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '17:00',
        },
      ],
    });
  });

  it('never marks up the ratings, which come from another site', () => {
    const text = JSON.stringify(businessJsonLd(sampleBusiness({ rating: 4.9, reviewCount: 5000 }), SITE));
    expect(text).not.toMatch(/aggregateRating|"review"|ratingValue|reviewCount/);
  });

  it('uses the category picture (absolute) when there is no usable photo', () => {
    for (const photos of [[], ['javascript:alert(1)'], ['data:image/png;base64,AAAA']]) {
      const data = businessJsonLd(sampleBusiness({ photos, category: 'Car repair' }), SITE);
      expect(data.image).toBe('https://directory.test/images/categories/auto-service.svg');
    }
  });

  it('leaves out what the data does not know', () => {
    const data = businessJsonLd(
      sampleBusiness({
        phone: '(505) 977-2215',
        phoneInternational: null,
        latitude: null,
        longitude: null,
        hours: null,
        website: 'javascript:alert(1)',
        state: '',
        countryCode: null,
        country: '',
      }),
      SITE,
    );
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('geo');
    expect(data).not.toHaveProperty('openingHoursSpecification');
    expect(data).not.toHaveProperty('sameAs');
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '3755 Church St',
      addressLocality: 'Albuquerque',
      postalCode: '87104',
    });
  });

  it('keeps hostile text inert once escaped for the script element', () => {
    const name = 'Evil </script><img src=x onerror=alert(1)> Co\u2028next';
    const data = businessJsonLd(sampleBusiness({ name, description: '<!-- <script>' }), SITE);
    const html = escapeJsonForHtml(JSON.stringify(data));
    expect(html).not.toMatch(/[<>\u2028\u2029]/);
    expect(html).not.toContain('</script');
    // …and still parses back to the same text.
    expect((JSON.parse(html) as { name: string }).name).toBe(name);
  });
});

describe('internationalPhone', () => {
  it('prefers the stored E.164 form, else a number written with its country code', () => {
    expect(internationalPhone({ phoneInternational: '+442070138552', phone: '020 7013 8552' })).toBe(
      '+442070138552',
    );
    expect(internationalPhone({ phoneInternational: null, phone: '+44 20 7013 8552' })).toBe('+442070138552');
    expect(internationalPhone({ phoneInternational: null, phone: '(971) 430-2665' })).toBeUndefined();
    expect(internationalPhone({ phoneInternational: null, phone: null })).toBeUndefined();
  });
});

describe('streetAddress', () => {
  it('keeps the part of a one-line address before the city or postcode', () => {
    expect(
      streetAddress({
        address: '223A Bold St, London SW3 3SN, United Kingdom',
        city: 'London',
        zipCode: 'SW3 3SN',
      }),
    ).toBe('223A Bold St');
    expect(
      streetAddress({ address: 'Unit 4, 12 Mill Rd, Leeds LS1 1AA', city: 'Leeds', zipCode: 'LS1 1AA' }),
    ).toBe('Unit 4, 12 Mill Rd');
    expect(streetAddress({ address: 'Leeds', city: 'Leeds', zipCode: '' })).toBeUndefined();
  });
});

describe('breadcrumbList', () => {
  it('numbers the crumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbList(SITE, [
        { name: 'Home', path: '/' },
        { name: 'Albuquerque', path: '/city/Albuquerque' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://directory.test/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Albuquerque',
          item: 'https://directory.test/city/Albuquerque',
        },
      ],
    });
  });
});
