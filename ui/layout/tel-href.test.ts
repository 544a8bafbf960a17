import { describe, expect, it } from 'vitest';
import { telHref } from './tel-href.ts';

describe('telHref', () => {
  it('keeps the leading plus and the digits only', () => {
    expect(telHref('+1 (555) 123-4567')).toBe('tel:+15551234567');
    expect(telHref(' +44 20 7946 0958 ')).toBe('tel:+442079460958');
  });

  it('leaves a national number without a plus', () => {
    expect(telHref('(555) 123-4567')).toBe('tel:5551234567');
  });
});
