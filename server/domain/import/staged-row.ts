// A normalised business as the row the database stores (the columns an import writes), with the
// derived columns: its navigation group and the city key lists and counts group by. Shared by the
// import and the "Add Your Business" form, so a business gets the same columns whichever way it came.
import type { StagedRow } from '../../../db/import-repository.ts';
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
