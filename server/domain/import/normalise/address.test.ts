import { describe, expect, it } from 'vitest';
import { parseAddress } from './address.ts';

describe('parseAddress', () => {
  it('reads a US address: city, state and ZIP', () => {
    expect(parseAddress('345 Park Ave S, New York, NY 10010')).toEqual({
      city: 'New York',
      state: 'NY',
      postalCode: '10010',
      country: '',
      looksUs: true,
    });
  });

  it('reads a US address that ends with the country and a ZIP+4', () => {
    expect(parseAddress('1 Main St, Suite 200, Charlotte, NC 28202-1234, United States')).toEqual({
      city: 'Charlotte',
      state: 'NC',
      postalCode: '28202-1234',
      country: 'United States',
      looksUs: true,
    });
  });

  it('reads a UK address: city and postcode inside one part, then the country', () => {
    expect(parseAddress('221B Baker St, London NW1 6XE, United Kingdom')).toEqual({
      city: 'London',
      state: '',
      postalCode: 'NW1 6XE',
      country: 'United Kingdom',
      looksUs: false,
    });
  });

  it('reads a Canadian address', () => {
    const parts = parseAddress('290 Bremner Blvd, Toronto, ON M5V 3L9, Canada');
    expect(parts).toMatchObject({ city: 'Toronto', state: 'ON', postalCode: 'M5V 3L9', country: 'Canada' });
  });

  it('reads European addresses with the postcode before the city', () => {
    expect(parseAddress('Unter den Linden 77, 10117 Berlin, Germany')).toMatchObject({
      city: 'Berlin',
      postalCode: '10117',
      country: 'Germany',
    });
    expect(parseAddress('ul. Marszałkowska 1, 00-950 Warszawa, Polska')).toMatchObject({
      city: 'Warszawa',
      postalCode: '00-950',
    });
  });

  it('reads an address with a bare trailing postcode after the country', () => {
    expect(parseAddress('вулиця Хрещатик, 22, Київ, Ukraine, 01001')).toMatchObject({
      city: 'Київ',
      postalCode: '01001',
      country: 'Ukraine',
    });
  });

  it('leaves everything empty when the address is only a street', () => {
    expect(parseAddress('345 Park Ave S')).toEqual({
      city: '',
      state: '',
      postalCode: '',
      country: '',
      looksUs: false,
    });
    expect(parseAddress('')).toEqual({ city: '', state: '', postalCode: '', country: '', looksUs: false });
  });
});
