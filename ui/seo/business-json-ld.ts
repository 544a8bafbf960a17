// The business page's structured data (seo-and-accessibility.md): the most specific LocalBusiness
// type, a PostalAddress as complete as the data allows, the telephone in international form, the
// canonical URL, image, geo and opening hours. No aggregateRating or review: the ratings come from
// another site, and Google forbids marking those up. PageMeta escapes the JSON for the script element.
import type { Business } from '../../server/contract/business.ts';
import { absoluteUrl, businessPath } from '../../server/contract/paths.ts';
import { categoryImagePath } from '../components/business-image/category-image.ts';
import { safeHttpUrl } from '../format/safe-url.ts';
import { localBusinessType } from './local-business-type.ts';
import { openingHoursSpecification } from './opening-hours-specification.ts';

/** The picture a link preview or a search engine should use: the photo, else the category drawing. */
export function businessImageUrl(business: Pick<Business, 'photos' | 'category'>, siteUrl: string): string {
  return safeHttpUrl(business.photos[0]) ?? absoluteUrl(siteUrl, categoryImagePath(business.category));
}

/** E.164 ("+15059772215"): the stored international form, else a number written with its "+" prefix. */
export function internationalPhone(
  business: Pick<Business, 'phone' | 'phoneInternational'>,
): string | undefined {
  for (const candidate of [business.phoneInternational, business.phone]) {
    const trimmed = candidate?.trim();
    if (!trimmed?.startsWith('+')) continue;
    const digits = trimmed.replace(/[^\d]/g, '');
    if (digits.length >= 7 && digits.length <= 15) return `+${digits}`;
  }
  return undefined;
}

/** The street part of a one-line address: the segments before the one naming the city or postcode. */
export function streetAddress(business: Pick<Business, 'address' | 'city' | 'zipCode'>): string | undefined {
  const segments = business.address
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const city = business.city.trim().toLowerCase();
  const zip = business.zipCode.trim().toLowerCase();
  const stop = segments.findIndex((segment) => {
    const text = segment.toLowerCase();
    return (city !== '' && text.includes(city)) || (zip !== '' && text.includes(zip));
  });
  const street = (stop < 0 ? segments : segments.slice(0, stop)).join(', ');
  return street || undefined;
}

function roundCoordinate(value: number): number {
  // Seven decimals is about a centimetre: enough, and it drops floating-point noise.
  return Math.round(value * 1e7) / 1e7;
}

export function businessJsonLd(business: Business, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, businessPath(business.slug));
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  const street = streetAddress(business);
  if (street) address.streetAddress = street;
  if (business.city.trim()) address.addressLocality = business.city.trim();
  if (business.state.trim()) address.addressRegion = business.state.trim();
  if (business.zipCode.trim()) address.postalCode = business.zipCode.trim();
  const country = business.countryCode?.trim() || business.country.trim();
  if (country) address.addressCountry = country;

  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': localBusinessType(business.category),
    '@id': `${url}#business`,
    name: business.name,
    url,
    image: businessImageUrl(business, siteUrl),
    address,
  };
  const telephone = internationalPhone(business);
  if (telephone) data.telephone = telephone;
  const description = business.seoDescription ?? business.description;
  if (description) data.description = description;
  if (business.latitude !== null && business.longitude !== null) {
    data.geo = {
      '@type': 'GeoCoordinates',
      latitude: roundCoordinate(business.latitude),
      longitude: roundCoordinate(business.longitude),
    };
  }
  const hours = openingHoursSpecification(business.hours);
  if (hours.length > 0) data.openingHoursSpecification = hours;
  const website = safeHttpUrl(business.website);
  if (website) data.sameAs = [website];
  const map = safeHttpUrl(business.locationLink);
  if (map) data.hasMap = map;
  return data;
}
