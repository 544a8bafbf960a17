// The admin-security part of the configuration (the rest is exercised through the app and CLI tests).
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { answerCacheBytes, assertServerConfig, ConfigError, loadConfig, loadSiteUrl } from './config.ts';
import { hashPassword } from './domain/admin/password-hash.ts';

const SECRET = 'x'.repeat(32);

describe('configuration of the admin area', () => {
  it('defaults to user admin, no hash, no secret and no trusted proxy', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ ADMIN_USERNAME: 'admin', TRUST_PROXY: false });
    expect(config.ADMIN_PASSWORD_HASH).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
  });

  it('refuses production without a SESSION_SECRET of at least 32 bytes', () => {
    // The CLI's bulk commands run without one; the server refuses to start.
    const withoutSecret = loadConfig({ NODE_ENV: 'production' });
    expect(() => assertServerConfig(withoutSecret)).toThrow(ConfigError);
    expect(() => assertServerConfig(withoutSecret)).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(31) })).toThrow(
      /SESSION_SECRET: must be at least 32 bytes/,
    );
    // 11 three-byte characters are 33 bytes.
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: '€'.repeat(11) }).SESSION_SECRET).toBe(
      '€'.repeat(11),
    );
    // Credentials may live in the database, so their absence is checked at boot, not here.
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }).NODE_ENV).toBe('production');
  });

  it('refuses a short secret even in development', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(
      /SESSION_SECRET_PREVIOUS/,
    );
  });

  it('accepts a hash printed by hash-password and refuses anything else without echoing it', async () => {
    const hash = await hashPassword('a password', { N: 1024, r: 8, p: 1 });
    expect(loadConfig({ ADMIN_PASSWORD_HASH: hash }).ADMIN_PASSWORD_HASH).toBe(hash);
    let message = '';
    try {
      loadConfig({ ADMIN_PASSWORD_HASH: 'plaintext-password' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/ADMIN_PASSWORD_HASH: must be a hash printed by `directory admin hash-password`/);
    expect(message).not.toContain('plaintext-password');
  });

  it('refuses a username with spaces', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'two words' })).toThrow(/ADMIN_USERNAME/);
    expect(loadConfig({ ADMIN_USERNAME: 'owner' }).ADMIN_USERNAME).toBe('owner');
  });

  it("parses TRUST_PROXY into what Express's 'trust proxy' takes", () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust('true')).toBe(true);
    expect(trust('FALSE')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('loopback')).toBe('loopback');
    expect(trust('loopback, 10.0.0.0/8, fd00::/8, 203.0.113.4')).toBe(
      'loopback,10.0.0.0/8,fd00::/8,203.0.113.4',
    );
    expect(() => trust('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/8/1')).toThrow(/TRUST_PROXY/);
    expect(() => trust('300.1.1.1')).toThrow(/TRUST_PROXY/);
  });
});

describe('configuration of the answer cache', () => {
  it('is on with 64 MiB by default, and refuses values that are not a switch or a size', () => {
    expect(loadConfig({})).toMatchObject({ RESPONSE_CACHE: true, RESPONSE_CACHE_MB: 64 });
    expect(loadConfig({ RESPONSE_CACHE: 'off', RESPONSE_CACHE_MB: '0.5' })).toMatchObject({
      RESPONSE_CACHE: false,
      RESPONSE_CACHE_MB: 0.5,
    });
    expect(loadConfig({ RESPONSE_CACHE: 'ON' }).RESPONSE_CACHE).toBe(true);
    expect(() => loadConfig({ RESPONSE_CACHE: 'maybe' })).toThrow(/RESPONSE_CACHE: must be on or off/);
    // The bound is the whole server's: several server processes share it.
    const config = loadConfig({ RESPONSE_CACHE_MB: '64', SERVER_PROCESSES: '4' });
    expect(answerCacheBytes(config, 1)).toBe(64 * 1024 * 1024);
    expect(answerCacheBytes(config, config.SERVER_PROCESSES)).toBe(16 * 1024 * 1024);
    expect(() => loadConfig({ RESPONSE_CACHE_MB: '0' })).toThrow(/RESPONSE_CACHE_MB/);
    expect(() => loadConfig({ RESPONSE_CACHE_MB: 'lots' })).toThrow(/RESPONSE_CACHE_MB/);
  });
});

describe("configuration of the import's CPU priority", () => {
  it('is idle by default, takes low, and refuses anything else', () => {
    expect(loadConfig({}).IMPORT_PRIORITY).toBe('idle');
    expect(loadConfig({ IMPORT_PRIORITY: ' Low ' }).IMPORT_PRIORITY).toBe('low');
    expect(() => loadConfig({ IMPORT_PRIORITY: 'high' })).toThrow(/IMPORT_PRIORITY: must be idle or low/);
  });
});

describe('BACKUP_KEEP', () => {
  it('keeps 5 backups of each kind unless told otherwise', () => {
    expect(loadConfig({}).BACKUP_KEEP).toBe(5);
    expect(loadConfig({ BACKUP_KEEP: '12' }).BACKUP_KEEP).toBe(12);
    expect(loadConfig({ BACKUP_KEEP: ' 1 ' }).BACKUP_KEEP).toBe(1);
  });

  it('refuses 0, negative, fractional and non-numeric values, naming the variable', () => {
    for (const value of ['0', '-3', '2.5', 'five', '1001']) {
      expect(() => loadConfig({ BACKUP_KEEP: value })).toThrow(
        /BACKUP_KEEP: must be a whole number from 1 to 1000/,
      );
    }
  });
});

describe('the map tiles (MAP_TILE_URL, MAP_ATTRIBUTION)', () => {
  it("defaults to OpenStreetMap's standard tiles with their linked attribution", () => {
    const config = loadConfig({});
    expect(config.MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.MAP_ATTRIBUTION).toEqual([
      { text: '© ' },
      { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
    ]);
  });

  it('takes another https tile server, with {r} and a key in the query', () => {
    const url = 'https://tiles.example.com/styles/basic/{z}/{x}/{y}{r}.png?key=abc';
    expect(loadConfig({ MAP_TILE_URL: ` ${url} ` }).MAP_TILE_URL).toBe(url);
  });

  it('refuses a template that is not https, lacks a placeholder, varies its host or is no URL', () => {
    const refused: [string, RegExp][] = [
      ['http://tiles.example.com/{z}/{x}/{y}.png', /MAP_TILE_URL: must be an https URL/],
      ['https://tiles.example.com/{z}/{x}.png', /MAP_TILE_URL: .*\(missing \{y\}\)/],
      ['https://tiles.example.com/tile.png', /MAP_TILE_URL: .*\(missing \{z\}\)/],
      ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', /MAP_TILE_URL: must have a fixed host/],
      ['https://tiles.example.com/{z}/{x}/{y}.png?key={apikey}', /MAP_TILE_URL: has \{apikey\}/],
      ['tiles/{z}/{x}/{y}.png', /MAP_TILE_URL: must be an https URL template/],
      ['https://user:pass@tiles.example.com/{z}/{x}/{y}.png', /MAP_TILE_URL: must not carry a user name/],
    ];
    for (const [value, message] of refused)
      expect(() => loadConfig({ MAP_TILE_URL: value })).toThrow(message);
  });

  it("reads a provider's attribution: text and https links, entities decoded", () => {
    expect(
      loadConfig({
        MAP_ATTRIBUTION:
          'Tiles &copy; <a href="https://carto.com/attributions">CARTO</a>, data &amp; more © <A HREF="https://www.openstreetmap.org/copyright">OSM</A>',
      }).MAP_ATTRIBUTION,
    ).toEqual([
      { text: 'Tiles © ' },
      { text: 'CARTO', href: 'https://carto.com/attributions' },
      { text: ', data & more © ' },
      { text: 'OSM', href: 'https://www.openstreetmap.org/copyright' },
    ]);
    expect(loadConfig({ MAP_ATTRIBUTION: 'Map data: Example Maps' }).MAP_ATTRIBUTION).toEqual([
      { text: 'Map data: Example Maps' },
    ]);
  });

  it('refuses other markup and links that are not https, naming the variable', () => {
    const refused: [string, RegExp][] = [
      ['<script>alert(1)</script>', /MAP_ATTRIBUTION: may hold only text and <a href/],
      ['<a href="https://x.example" onclick="alert(1)">x</a>', /MAP_ATTRIBUTION: may hold only text/],
      ['<b>OSM</b>', /MAP_ATTRIBUTION: may hold only text/],
      [
        '© <a href="javascript:alert(1)">OSM</a>',
        /MAP_ATTRIBUTION: link "javascript:alert\(1\)" must be an https URL/,
      ],
      ['© <a href="http://osm.org">OSM</a>', /MAP_ATTRIBUTION: link "http:\/\/osm.org" must be an https URL/],
    ];
    for (const [value, message] of refused)
      expect(() => loadConfig({ MAP_ATTRIBUTION: value })).toThrow(message);
  });
});

describe('the public address (SITE_URL)', () => {
  it('follows the port while unset in development, and is taken as given otherwise', () => {
    expect(loadConfig({})).toMatchObject({ SITE_URL: 'http://localhost:3000', siteUrlFromPort: true });
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ SITE_URL: 'http://localhost:8080' });
    expect(loadConfig({ SITE_URL: 'https://example.com/' })).toMatchObject({
      SITE_URL: 'https://example.com',
      siteUrlFromPort: false,
    });
    expect(() => loadConfig({ SITE_URL: 'ftp://example.com' })).toThrow(/SITE_URL/);
  });

  it('is required in production, by the server and by the commands that write URLs', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET };
    expect(() => assertServerConfig(loadConfig(production))).toThrow(/SITE_URL is required/);
    expect(() => loadSiteUrl(production)).toThrow(/SITE_URL is required/);
    expect(loadSiteUrl({ ...production, SITE_URL: 'https://example.com' })).toBe('https://example.com');
    expect(() =>
      assertServerConfig(loadConfig({ ...production, SITE_URL: 'https://example.com' })),
    ).not.toThrow();
    expect(loadSiteUrl({})).toBe('http://localhost:3000');
  });
});

describe('configuration of the server processes', () => {
  it('takes a count or auto (one per core), and refuses anything else naming the variable', () => {
    expect(loadConfig({}).SERVER_PROCESSES).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: '2' }).SERVER_PROCESSES).toBe(2);
    expect(loadConfig({ SERVER_PROCESSES: 'auto' }).SERVER_PROCESSES).toBe(availableParallelism());
    for (const bad of ['0', '65', 'many', '1.5'])
      expect(() => loadConfig({ SERVER_PROCESSES: bad }), bad).toThrow(/SERVER_PROCESSES/);
  });
});
