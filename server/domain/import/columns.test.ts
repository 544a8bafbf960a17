import { describe, expect, it } from 'vitest';
import { mapHeaders, normaliseHeader, REQUIRED_COLUMNS, requireColumns } from './columns.ts';
import { CANONICAL_COLUMNS } from './normalised-business.ts';
import { SpreadsheetRejected } from './spreadsheet-error.ts';

/** The mapping as a plain header → column list, easier to compare. */
function mapped(headers: unknown[]): Array<[number, string]> {
  return [...mapHeaders(headers).columns].sort((a, b) => a[0] - b[0]);
}

describe('normaliseHeader', () => {
  it.each([
    ['Name', 'name'],
    ['  PLACE_ID  ', 'place_id'],
    ['Place ID', 'place_id'],
    ['place-id', 'place_id'],
    ['Full   Address', 'full_address'],
    ['postal\u00a0code', 'postal_code'],
    ['\ufeffname', 'name'],
    ['__working--hours__', 'working_hours'],
    ['Zip-Code', 'zip_code'],
  ])('%j → %j', (header, expected) => {
    expect(normaliseHeader(header)).toBe(expected);
  });
});

describe('mapHeaders', () => {
  it('maps every canonical column to itself', () => {
    const columns = mapHeaders([...CANONICAL_COLUMNS]).columns;
    expect([...columns.values()]).toEqual([...CANONICAL_COLUMNS]);
  });

  it.each([
    ['address', 'full_address'],
    ['site', 'website'],
    ['Postal Code', 'postal_code'],
    ['postcode', 'postal_code'],
    ['ZIP', 'postal_code'],
    ['zip_code', 'postal_code'],
    ['reviews_count', 'reviews'],
    ['Review Count', 'reviews'],
    ['photo_url', 'photo'],
    ['main_photo', 'photo'],
    ['us_state', 'state'],
    ['lat', 'latitude'],
    ['lng', 'longitude'],
    ['lon', 'longitude'],
    ['timezone', 'time_zone'],
    ['Time Zone', 'time_zone'],
    ['phone_number', 'phone'],
    ['type', 'category'],
    ['verified', 'verified'],
    ['description', 'description'],
  ])('maps the alias %j to %s', (header, column) => {
    expect(mapped(['name', header])).toEqual([
      [0, 'name'],
      [1, column],
    ]);
  });

  it('prefers the canonical name to an alias, whichever comes first', () => {
    expect(mapped(['address', 'full_address', 'site', 'website'])).toEqual([
      [1, 'full_address'],
      [3, 'website'],
    ]);
    expect(mapped(['full_address', 'address'])).toEqual([[0, 'full_address']]);
  });

  it('uses us_state only when there is no state, and type only when there is no category', () => {
    expect(mapped(['us_state', 'state', 'type', 'category'])).toEqual([
      [1, 'state'],
      [3, 'category'],
    ]);
    expect(mapped(['us_state', 'type'])).toEqual([
      [0, 'state'],
      [1, 'category'],
    ]);
  });

  it('keeps the leftmost of two equal headers', () => {
    expect(mapped(['Name', 'name', ' NAME '])).toEqual([[0, 'name']]);
    expect(mapped(['zip', 'postcode'])).toEqual([[0, 'postal_code']]);
  });

  it('ignores unknown, empty and non-text headers and holes, never failing', () => {
    const headers: unknown[] = [
      'query',
      'google_id',
      '',
      '   ',
      null,
      undefined,
      true,
      { name: 'x' },
      'name',
    ];
    headers[12] = 'place_id'; // leaves holes at 9–11, as a sparse SheetJS row does
    expect(mapped(headers)).toEqual([
      [8, 'name'],
      [12, 'place_id'],
    ]);
    expect(mapped([2024, 'name'])).toEqual([[1, 'name']]);
  });

  it('ignores headers named after JavaScript internals, and never touches Object.prototype', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const result = mapHeaders([
      '__proto__',
      'constructor',
      'prototype',
      ' __Proto__ ',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'name',
      'place_id',
    ]);
    expect([...result.columns]).toEqual([
      [7, 'name'],
      [8, 'place_id'],
    ]);
    expect(result.missing).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('skips absurdly long headers', () => {
    expect(mapped([`name${' '.repeat(200)}`, 'name'])).toEqual([[1, 'name']]);
  });

  it('lists the required columns the header lacks', () => {
    expect(REQUIRED_COLUMNS).toEqual(['name', 'place_id']);
    expect(mapHeaders(['name', 'category']).missing).toEqual(['place_id']);
    expect(mapHeaders(['place id']).missing).toEqual(['name']);
    expect(mapHeaders([]).missing).toEqual(['name', 'place_id']);
  });
});

describe('requireColumns', () => {
  it('passes when name and place_id are there', () => {
    expect(() => requireColumns(mapHeaders(['Name', 'Place ID']), 'Sheet1')).not.toThrow();
  });

  it('refuses, naming the missing column and the sheet', () => {
    let error: unknown;
    try {
      requireColumns(mapHeaders(['name', 'category']), 'Data\u0007');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SpreadsheetRejected);
    expect((error as SpreadsheetRejected).code).toBe('missing_column');
    expect((error as SpreadsheetRejected).message).toBe(
      'The sheet "Data" has no "place_id" column (every business needs a unique place_id); add it to the header row.',
    );
    expect(() => requireColumns(mapHeaders(['place_id']), 'S')).toThrow(/no "name" column/);
  });
});
