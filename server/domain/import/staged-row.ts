// A normalised business as the row the database stores (the columns an import writes), with the
// derived columns: its navigation group and the city key lists and counts group by. Shared by the
// import and the "Add Your Business" form, so a business gets the same columns whichever way it came.
import { FIELD_BIT } from '../../../db/business-fields.ts';
import type { StagedExtras, StagedRow } from '../../../db/import-repository.ts';
import { createCategoryGrouper } from '../categories/category-groups.ts';
import type { NormalisedBusiness } from './normalised-business.ts';

const groupOf = createCategoryGrouper();

export function toStagedRow(rowNumber: number, slug: string, b: NormalisedBusiness): StagedRow {
  return {
    row_number: rowNumber,
    place_id: b.placeId,
    slug,
    name: b.name,
    category: b.category,
    category_group: groupOf(b.category),
    description: b.description,
    address: b.address,
    city: b.city,
    city_key: b.city.toLocaleLowerCase('en-US'),
    state: b.state,
    country: b.country,
    country_code: b.countryCode,
    zip_code: b.zipCode,
    phone: b.phone,
    phone_international: b.phoneInternational,
    email: b.email,
    website: b.website,
    rating: b.rating,
    review_count: b.reviewCount,
    is_verified: b.isVerified ? 1 : 0,
    photos: JSON.stringify(b.photos),
    location_link: b.locationLink,
    latitude: b.latitude,
    longitude: b.longitude,
    time_zone: b.timeZone,
    hours: b.hours ? JSON.stringify(b.hours) : null,
    hours_text: b.hoursText,
    attributes: b.attributes ? JSON.stringify(b.attributes) : null,
    business_status: b.businessStatus,
  };
}

/** The staged row of an import: the business's columns, which fields the row gives (an update writes
 *  only those; a blank cell or a missing column keeps the stored value) and the site's own fields an
 *  export carries. Runs once per row: the extras are added to the one object in a fixed order (one
 *  hidden class, no copies), and the mask is a plain bit sum. */
export function toImportStagedRow(
  rowNumber: number,
  slug: string,
  b: NormalisedBusiness,
): StagedRow & StagedExtras {
  const row = toStagedRow(rowNumber, slug, b) as StagedRow & StagedExtras;
  const site = b.site;
  const given =
    (b.name !== '' ? FIELD_BIT.name : 0) +
    (b.category !== '' ? FIELD_BIT.category : 0) +
    (b.description !== null ? FIELD_BIT.description : 0) +
    (b.address !== '' ? FIELD_BIT.address : 0) +
    (b.city !== '' ? FIELD_BIT.city : 0) +
    (b.state !== '' ? FIELD_BIT.state : 0) +
    (b.country !== '' || b.countryCode !== null ? FIELD_BIT.country : 0) +
    (b.zipCode !== '' ? FIELD_BIT.zipCode : 0) +
    (b.phone !== null ? FIELD_BIT.phone : 0) +
    (b.email !== null ? FIELD_BIT.email : 0) +
    (b.website !== null ? FIELD_BIT.website : 0) +
    // 0 is how exports write "no rating yet" (and what a bad cell becomes): never a change.
    (b.rating > 0 ? FIELD_BIT.rating : 0) +
    (b.reviewCount > 0 ? FIELD_BIT.reviewCount : 0) +
    // The administrator's approval (isVerified) is the site's own: an update never changes it.
    (b.photos.length > 0 ? FIELD_BIT.photos : 0) +
    (b.locationLink !== null ? FIELD_BIT.locationLink : 0) +
    (b.latitude !== null && b.longitude !== null ? FIELD_BIT.coordinates : 0) +
    (b.timeZone !== null && b.timeZoneFromColumn ? FIELD_BIT.timeZone : 0) +
    (b.hoursText !== null ? FIELD_BIT.openingHours : 0) +
    (b.attributes !== null ? FIELD_BIT.attributes : 0) +
    (b.businessStatus !== null ? FIELD_BIT.businessStatus : 0) +
    (site?.aboutText != null ? FIELD_BIT.about : 0) +
    (site?.seoTitle != null ? FIELD_BIT.seoTitle : 0) +
    (site?.seoDescription != null ? FIELD_BIT.seoDescription : 0) +
    (site?.canonicalUrl != null ? FIELD_BIT.canonicalUrl : 0);
  row.present_mask = given;
  // A zone worked out from the coordinates or guessed from the state fills a business that has none.
  row.fill_mask = b.timeZone !== null && !b.timeZoneFromColumn ? FIELD_BIT.timeZone : 0;
  row.given_id = site?.id ?? null;
  row.about = site?.aboutText ?? null;
  row.seo_title = site?.seoTitle ?? null;
  row.seo_description = site?.seoDescription ?? null;
  row.canonical_url = site?.canonicalUrl ?? null;
  row.created_at = site?.createdAt ?? null;
  row.updated_at = site?.updatedAt ?? null;
  return row;
}
