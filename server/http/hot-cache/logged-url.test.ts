import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url.ts';

describe('loggedUrl', () => {
  it('hides a position and keeps the rest of the URL', () => {
    expect(loggedUrl('/search?q=pizza&lat=41.878&lng=-87.63&sort=distance')).toBe(
      '/search?q=pizza&lat=hidden&lng=hidden&sort=distance',
    );
    expect(loggedUrl('/api/search?LAT=1&lng=2')).toBe('/api/search?LAT=hidden&lng=hidden');
    expect(loggedUrl('/city/Chicago?minRating=4')).toBe('/city/Chicago?minRating=4');
    expect(loggedUrl('/search?q=flat=1')).toBe('/search?q=flat=1');
  });
});
