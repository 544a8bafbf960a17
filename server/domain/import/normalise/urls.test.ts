import { describe, expect, it } from 'vitest';
import { emailAddress, httpUrl, splitPhotoUrls } from './urls.ts';

describe('httpUrl', () => {
  it('keeps absolute http(s) URLs exactly', () => {
    for (const url of [
      'https://lh5.googleusercontent.com/p/AF1QipN3=w800-h500-k-no',
      'http://example.com',
      'HTTPS://Example.com:8443/a/b?c=d&e=f#g',
      'https://www.google.com/maps/place/Caf%C3%A9/@40.69,-73.99,14z/data=!4m8!3d40.69!4d-73.99',
      'https://bücher.example/straße',
      'https://[2001:db8::1]/',
      "https://joes.example/joe's",
    ]) {
      expect(httpUrl(url)).toBe(url);
    }
  });

  it('drops every other scheme and every malformed link', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,iVBORw0KGgo=',
      '//evil.example/x.png',
      'ftp://example.com/file',
      'vbscript:msgbox',
      'https://exa mple.com',
      'https://example.com/a b',
      'https://example.com/\u0000',
      'https://example.com/\u0007x',
      'https://user:pass@evil.example/',
      'https://good.example@evil.example/',
      'https://example.com\\@evil.example',
      'https://example.com/"onmouseover="x',
      'https://example.com/<script>',
      'https:///path-only',
      'https://',
      'example.com',
      `https://example.com/${'a'.repeat(2_100)}`,
    ]) {
      expect(httpUrl(url), url).toBeNull();
    }
  });
});

describe('splitPhotoUrls', () => {
  it('accepts a few URLs separated by commas, spaces or new lines', () => {
    expect(
      splitPhotoUrls('https://a.example/1.jpg, https://a.example/2.jpg\nhttps://a.example/3.jpg'),
    ).toEqual(['https://a.example/1.jpg', 'https://a.example/2.jpg', 'https://a.example/3.jpg']);
  });

  it('refuses the whole cell when any part is not a URL', () => {
    expect(splitPhotoUrls('https://a.example/1.jpg javascript:alert(1)')).toBeNull();
    expect(splitPhotoUrls('https://a b.example')).toBeNull();
  });
});

describe('emailAddress', () => {
  it('keeps addresses and strips mailto:', () => {
    expect(emailAddress('info@joes-pizza.com')).toBe('info@joes-pizza.com');
    expect(emailAddress('mailto:a.b+c@example.co.uk')).toBe('a.b+c@example.co.uk');
    expect(emailAddress('kontakt@bäckerei.de')).toBe('kontakt@bäckerei.de');
  });

  it('refuses what is not an address', () => {
    for (const text of [
      'not an email',
      'a@b',
      '@example.com',
      'a@@example.com',
      'a@example.com<script>',
      'a b@example.com',
    ]) {
      expect(emailAddress(text)).toBeNull();
    }
  });
});
