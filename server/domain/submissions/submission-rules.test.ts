import { describe, expect, it } from 'vitest';
import { SUBMISSION_LIMITS } from '../../contract/business-submission.ts';
import { submittedValues, validateSubmission, websiteUrl } from './submission-rules.ts';

const VALID = {
  name: 'Corner Shop',
  category: 'Grocery store',
  address: '10 High Street',
  city: 'Bristol',
  country: 'UK',
  ownerEmail: 'owner@example.co.uk',
};

function errorsOf(input: unknown) {
  const result = validateSubmission(input);
  return result.ok ? {} : result.errors;
}

describe('validateSubmission', () => {
  it('accepts the required fields alone and canonicalises the country as the importer does', () => {
    const result = validateSubmission(VALID);
    expect(result).toEqual({
      ok: true,
      warnings: [],
      submission: expect.objectContaining({
        name: 'Corner Shop',
        country: 'United Kingdom',
        countryCode: 'GB',
        phone: null,
        website: null,
        hours: {},
      }),
    });
  });

  it('names every missing required field at once', () => {
    expect(errorsOf({})).toEqual({
      name: 'Enter the name of the business',
      category: 'Enter a category, for example Restaurant or Plumber',
      address: 'Enter the street address',
      city: 'Enter the city',
      country: 'Enter the country',
      ownerEmail: 'Enter your e-mail address',
    });
    // Blank and control characters are nothing too.
    expect(errorsOf({ ...VALID, name: '  \u0000\t ' })).toEqual({ name: 'Enter the name of the business' });
  });

  it('reports missing fields and bad content together, not one round at a time', () => {
    expect(
      Object.keys(errorsOf({ ...VALID, name: '', website: 'ftp://x.example', hoursFriday: '??' })),
    ).toEqual(['name', 'website', 'hoursFriday']);
  });

  it('caps every length', () => {
    const errors = errorsOf({
      ...VALID,
      name: 'n'.repeat(SUBMISSION_LIMITS.name + 1),
      postalCode: '1'.repeat(SUBMISSION_LIMITS.postalCode + 1),
      hoursMonday: '9'.repeat(SUBMISSION_LIMITS.hours + 1),
    });
    expect(errors).toEqual({
      name: `The name must be ${SUBMISSION_LIMITS.name} characters or fewer`,
      postalCode: `The postal code must be ${SUBMISSION_LIMITS.postalCode} characters or fewer`,
      hoursMonday: `The hours must be ${SUBMISSION_LIMITS.hours} characters or fewer`,
    });
    expect(validateSubmission({ ...VALID, name: 'n'.repeat(SUBMISSION_LIMITS.name) }).ok).toBe(true);
  });

  it('refuses values that are not text (a repeated form field, a JSON number)', () => {
    expect(errorsOf({ ...VALID, name: ['a', 'b'], city: 42 })).toEqual({
      name: 'Enter this field once, as text',
      city: 'Enter this field once, as text',
    });
    expect(errorsOf('not an object')).toHaveProperty('name');
  });

  it('reads phone numbers with libphonenumber-js in the country given, as the importer does', () => {
    const us = { ...VALID, country: 'United States' };
    for (const [phone, e164] of [
      ['(312) 555-0147', '+13125550147'],
      ['312.555.0147', '+13125550147'],
      ['+44 20 7946 0958', '+442079460958'],
    ]) {
      const result = validateSubmission({ ...us, phone });
      expect(result.ok && result.submission.phoneInternational, phone).toBe(e164);
    }
    const uk = validateSubmission({ ...VALID, phone: '020 7946 0958' });
    expect(uk.ok && uk.submission).toMatchObject({
      phone: '020 7946 0958',
      phoneInternational: '+442079460958',
    });
    for (const phone of ['555', 'call us', '+44 20 7946']) {
      expect(errorsOf({ ...us, phone }), phone).toEqual({
        phone: 'Enter a phone number with its area code, for example +1 312 555 0100',
      });
    }
  });

  it('takes an ISO country code as well as a name', () => {
    for (const country of ['US', 'us', 'United States of America', 'U.S.A.']) {
      const result = validateSubmission({ ...VALID, country });
      expect(result.ok && result.submission, country).toMatchObject({
        country: 'United States',
        countryCode: 'US',
      });
    }
  });

  it('refuses an unknown country', () => {
    expect(errorsOf({ ...VALID, country: 'Atlantis' })).toEqual({
      country: 'Enter the country’s name in English, for example United States or Germany',
    });
  });

  it('takes e-mail addresses the importer takes', () => {
    for (const ownerEmail of ['name@example', 'two@@example.com', 'a b@example.com', '<a@example.com>'])
      expect(errorsOf({ ...VALID, ownerEmail }), ownerEmail).toHaveProperty('ownerEmail');
    const ok = validateSubmission({ ...VALID, ownerEmail: 'mailto:Ünal@bücher.example' });
    expect(ok.ok && ok.submission.ownerEmail).toBe('Ünal@bücher.example');
  });

  it('reads each day of opening hours with the importer’s reader, naming the day at fault', () => {
    const result = validateSubmission({
      ...VALID,
      hoursMonday: '9AM-5PM',
      hoursTuesday: '09:00–17:30',
      hoursWednesday: '9AM-12PM, 1PM-5PM',
      hoursSaturday: 'Open 24 hours',
      hoursSunday: 'Closed',
    });
    expect(result.ok && result.submission.hours).toEqual({
      monday: '9AM-5PM',
      tuesday: '09:00–17:30',
      wednesday: '9AM-12PM, 1PM-5PM',
      saturday: 'Open 24 hours',
      sunday: 'Closed',
    });
    expect(errorsOf({ ...VALID, hoursThursday: 'whenever', hoursFriday: '25:00-26:00' })).toEqual({
      hoursThursday: 'Write the hours like 9:00–17:00, 9AM–5PM or Closed',
      hoursFriday: 'Write the hours like 9:00–17:00, 9AM–5PM or Closed',
    });
  });
});

describe('websiteUrl', () => {
  it('adds https:// to a bare domain and keeps http(s) addresses', () => {
    expect(websiteUrl('www.example.com')).toBe('https://www.example.com');
    expect(websiteUrl('example.com:8080/menu')).toBe('https://example.com:8080/menu');
    expect(websiteUrl('http://example.com/a?b=c')).toBe('http://example.com/a?b=c');
  });

  it('refuses other schemes, protocol-relative and malformed addresses, and hosts without a domain', () => {
    for (const typed of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@example.com',
      'ftp://example.com',
      '//evil.example',
      'https://exa mple.com',
      'https://example.com/"onmouseover="x',
      'localhost',
      'https://intranet',
    ]) {
      expect(websiteUrl(typed), typed).toBeNull();
    }
  });
});

describe('submittedValues', () => {
  it('keeps only the form’s text fields, for the form shown again', () => {
    expect(submittedValues({ name: 'A', fax: 'robot', extra: 'x', city: ['a'], country: '' })).toEqual({
      name: 'A',
    });
    expect(submittedValues({ name: 'n'.repeat(10_000) }).name).toHaveLength(4 * SUBMISSION_LIMITS.name);
  });
});
