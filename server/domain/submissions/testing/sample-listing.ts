// Test support: one valid "Add Your Business" listing, as the form or the JSON endpoint sends it.
export const SAMPLE_LISTING = {
  name: 'Café Lumière',
  category: 'Coffee shop',
  address: '12 Rue de Rivoli',
  city: 'Paris',
  postalCode: '75004',
  country: 'France',
  phone: '+33 1 42 00 00 00',
  website: 'https://lumiere.example',
  ownerEmail: 'owner@lumiere.example',
  hoursMonday: '8:00 AM – 6:00 PM',
  fax: '',
};

/** References that differ by submission but repeat from run to run (and from dialect to dialect). */
export function sequentialReferences(): () => string {
  let n = 0;
  return () => `3f9a2c1e-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}
