// Links to Google Maps (the documented "Maps URLs", no key needed): by coordinates when the business
// has them, else by its address.
import type { Business } from '../../../server/contract/business.ts';
import { internationalPhone } from '../../seo/business-json-ld.ts';

type Located = Pick<Business, 'latitude' | 'longitude' | 'address' | 'city' | 'country'>;

function destination(business: Located): string {
  if (business.latitude !== null && business.longitude !== null)
    return `${business.latitude},${business.longitude}`;
  const parts = [business.address, business.city, business.country].map((p) => p.trim()).filter(Boolean);
  // The city and country are often part of the one-line address already.
  const unique = parts.filter(
    (part, i) => !parts.slice(0, i).some((p) => p.toLowerCase().includes(part.toLowerCase())),
  );
  return unique.join(', ');
}

export function directionsUrl(business: Located): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination(business))}`;
}

export function mapUrl(business: Located): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(destination(business))}`;
}

/** tel: with the international form when known, else the digits of the number as written. */
export function telHref(business: Pick<Business, 'phone' | 'phoneInternational'>): string | undefined {
  const international = internationalPhone(business);
  if (international) return `tel:${international}`;
  const number = business.phone?.trim();
  if (!number) return undefined;
  const dialable = number.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return dialable.replace(/\+/g, '').length >= 3 ? `tel:${dialable}` : undefined;
}

/** mailto: only for something shaped like one address (no header injection through "?" or ","). */
export function mailtoHref(email: string | null): string | undefined {
  const address = email?.trim();
  if (!address || !/^[^\s@?,;:<>"]+@[^\s@?,;:<>"]+\.[^\s@?,;:<>"]+$/.test(address)) return undefined;
  return `mailto:${address}`;
}
