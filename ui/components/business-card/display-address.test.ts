import { describe, expect, it } from 'vitest';
import { displayAddress } from './display-address.ts';

describe('displayAddress', () => {
  it('does not repeat a city or state the address already names', () => {
    const business = { address: '3755 Church St, Albuquerque, NM 87104', city: 'Albuquerque', state: 'NM' };
    expect(displayAddress(business, false)).toBe('3755 Church St, Albuquerque, NM 87104');
    expect(displayAddress(business, true)).toBe('3755 Church St, Albuquerque, NM 87104');
  });

  it('adds the city, and the state on list cards, when missing', () => {
    const business = { address: '12 Mill Rd', city: 'Leeds', state: 'England' };
    expect(displayAddress(business, false)).toBe('12 Mill Rd, Leeds');
    expect(displayAddress(business, true)).toBe('12 Mill Rd, Leeds, England');
  });

  it('finds a state abbreviation only as a whole word', () => {
    expect(
      displayAddress({ address: '1 Hinmore Ave, Springfield', city: 'Springfield', state: 'NM' }, true),
    ).toBe('1 Hinmore Ave, Springfield, NM');
  });
});
