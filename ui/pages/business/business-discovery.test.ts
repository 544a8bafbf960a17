// Server-render tests of issue 16 on the detail and city pages, through the whole app: the open status
// in words rendered with a fixed clock (and the same words when the browser's hydrating render runs
// later), the nearby links and the photo gallery in the HTML, Business Not Found for an unknown
// /business/:id, and the city page's View Details buttons.
import { hydrate } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { discoveryRebuild } from '../../../db/discovery-index.ts';
import { refreshAggregates } from '../../../db/stats-repository.ts';
import { createServerApi } from '../../../server/ssr/server-api.ts';
import { createSiteTestEnv, type SiteTestEnv } from '../../../server/ssr/testing/site-test-env.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { App } from '../../app.tsx';
import { PAGE_DATA_ID } from '../../document.tsx';
import type { PageData } from '../../page-data.ts';
import { matchPageRoutes, preloadMatchedPages } from '../../routes.tsx';

const GROUP = 'test-nearby-group';
// Open until 01:00 the next morning, every day but Sunday.
const LATE_HOURS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
    d,
    [{ open: '10:00', close: '01:00' }],
  ]),
);

let env: SiteTestEnv;
type Row = { id: number; slug: string; name: string; city: string };
let rows: Row[];
const [target, near, nearer, far, otherGroup, noHours] = [0, 1, 2, 3, 4, 5];

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 12 });
  const sqlite = env.database.sqlite;
  rows = sqlite.prepare('SELECT id, slug, name, city FROM businesses ORDER BY id LIMIT 6').all() as Row[];
  const place = sqlite.prepare(
    `UPDATE businesses SET category_group = ?, latitude = ?, longitude = ?, city = 'Los Angeles',
       city_key = 'los angeles',
       time_zone = 'America/Los_Angeles', country_code = 'US', business_status = 'OPERATIONAL' WHERE id = ?`,
  );
  place.run(GROUP, 34.05, -118.25, rows[target]!.id);
  place.run(GROUP, 34.08, -118.25, rows[near]!.id); // ~3.3 km
  place.run(GROUP, 34.06, -118.25, rows[nearer]!.id); // ~1.1 km
  place.run(GROUP, 34.25, -118.25, rows[far]!.id); // ~22 km: outside 5 km
  place.run('some-other-group', 34.051, -118.25, rows[otherGroup]!.id);
  sqlite
    .prepare('UPDATE businesses SET hours = ?, photos = ? WHERE id = ?')
    .run(
      JSON.stringify(LATE_HOURS),
      JSON.stringify([
        'https://images.example/a.jpg',
        'https://images.example/b.jpg',
        'javascript:alert(1)',
        'https://images.example/c.jpg',
      ]),
      rows[target]!.id,
    );
  sqlite
    .prepare(`UPDATE businesses SET hours = NULL, business_status = 'OPERATIONAL' WHERE id = ?`)
    .run(rows[noHours]!.id);
  refreshAggregates(sqlite); // the city's count, as an import leaves it
  discoveryRebuild(sqlite); // the spatial index, as an import leaves it
});

afterAll(async () => {
  await env?.dispose();
});

afterEach(() => {
  vi.useRealTimers();
});

const statusWords = (html: string) =>
  [...html.matchAll(/<span class="bstatus[^"]*">([^<]*)<\/span>/g)].map((m) => m[1]);

function pageDataOf(html: string): PageData {
  const match = new RegExp(`<script id="${PAGE_DATA_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(
    html,
  );
  return JSON.parse(match?.[1] ?? '{}') as PageData;
}

/** What the browser's hydrating render produces from the page's data, run at another instant. */
async function hydratingRender(path: string, data: PageData): Promise<string> {
  const queryClient = createQueryClient();
  hydrate(queryClient, data.queries);
  await preloadMatchedPages(matchPageRoutes(path));
  return renderToString(
    createElement(
      StaticRouter,
      { location: path },
      createElement(App, { api: createServerApi(env.database.store), queryClient, site: data.site }),
    ),
  );
}

describe('the open status in words', () => {
  it('is rendered with the clock the data was read at, and the hydrating render repeats it later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T20:00:00Z')); // Wednesday 12:00 in Los Angeles
    const path = `/details/${rows[target]!.slug}`;
    const res = await request(env.app).get(path);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Open Now');
    // The hero and the opening hours both say it, in the 12-hour clock of the United States.
    expect(statusWords(res.text)).toEqual(['Closes at 1:00 AM tomorrow', 'Closes at 1:00 AM tomorrow']);

    // Eight hours later (closed by then), the browser hydrates the same HTML: its first render must
    // say what the server said, or React reports a mismatch.
    vi.setSystemTime(new Date('2026-03-05T09:30:00Z'));
    const data = pageDataOf(res.text);
    const hydrated = await hydratingRender(path, data);
    expect(statusWords(hydrated)).toEqual(['Closes at 1:00 AM tomorrow', 'Closes at 1:00 AM tomorrow']);
    // And a render from a fresh read at that instant says the new thing.
    const later = await request(env.app).get(path);
    expect(statusWords(later.text)).toEqual(['Opens at 10:00 AM', 'Opens at 10:00 AM']);
  });

  it('says Hours not listed beside a grey Closed badge for a business without hours', async () => {
    const res = await request(env.app).get(`/details/${rows[noHours]!.slug}`);
    expect(statusWords(res.text)).toContain('Hours not listed');
    expect(res.text).toContain('<span class="bbadge bbadge--unknown">Closed</span>');
    expect(res.text).not.toContain('bbadge--closed');
  });

  it('shows the words on list cards too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T20:00:00Z'));
    const res = await request(env.app).get('/city/Los%20Angeles');
    expect(res.status).toBe(200);
    expect(statusWords(res.text)).toContain('Closes at 1:00 AM tomorrow');
  });
});

describe('nearby businesses and the gallery on the detail page', () => {
  it('lists the same group within 5 km, nearest first, as links in the server HTML', async () => {
    const res = await request(env.app).get(`/details/${rows[target]!.slug}`);
    const section =
      /<section[^>]*aria-labelledby="bdetail-nearby"[\s\S]*?<\/section>/.exec(res.text)?.[0] ?? '';
    const links = [...section.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual([`/details/${rows[nearer]!.slug}`, `/details/${rows[near]!.slug}`]);
    expect(section).toContain('0.7 mi away');
    expect(section).toContain('2.1 mi away');
  });

  it('shows every safe photo, lazily, with its size and alt text; never a javascript: address', async () => {
    const res = await request(env.app).get(`/details/${rows[target]!.slug}`);
    const gallery = /<ul class="bgallery">[\s\S]*?<\/ul>/.exec(res.text)?.[0] ?? '';
    const images = gallery.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(3);
    for (const [index, img] of images.entries()) {
      expect(img).toContain('loading="lazy"');
      expect(img).toContain('width="400"');
      expect(img).toContain('height="300"');
      expect(img).toContain(`, photo ${index + 1} of 3"`);
    }
    expect(
      gallery.match(/<a class="bgallery__link" href="https:\/\/images\.example\/[abc]\.jpg"/g),
    ).toHaveLength(3);
    expect(gallery).not.toContain('javascript:');
  });

  it('shows no gallery for a business with one photo or none', async () => {
    env.database.sqlite
      .prepare('UPDATE businesses SET photos = ? WHERE id = ?')
      .run(JSON.stringify(['https://images.example/only.jpg']), rows[near]!.id);
    const res = await request(env.app).get(`/details/${rows[near]!.slug}`);
    expect(res.text).not.toContain('bgallery');
  });
});

describe('GET /business/<unknown id>', () => {
  it('renders Business Not Found with status 404, in the HTML itself', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await request(env.app).get(`/business/${id}`);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<h1>Business Not Found</h1>');
      expect(res.text).toContain('Back to Home');
      // The browser learns from the page's data that the id is unknown (it must not ask again).
      const keys = pageDataOf(res.text).queries.queries.map((q) => q.queryKey);
      expect(keys).toContainEqual(['business-id', id, 'unknown']);
    }
  });
});

describe('the city page', () => {
  it('gives every card a View Details button to the business page', async () => {
    const res = await request(env.app).get('/city/Los%20Angeles');
    const cards = res.text.match(/<article class="bcard[^"]*">[\s\S]*?<\/article>/g) ?? [];
    expect(cards.length).toBeGreaterThanOrEqual(5);
    for (const card of cards) {
      const nameHref = /class="bcard__link"[^>]*href="([^"]*)"|href="([^"]*)"[^>]*class="bcard__link"/.exec(
        card,
      );
      const href = nameHref?.[1] ?? nameHref?.[2];
      expect(href).toMatch(/^\/details\//);
      expect(card).toMatch(
        new RegExp(`<a [^>]*href="${href}"[^>]*>View Details<span class="bcard-vh"> about `),
      );
    }
  });

  it('keeps the other lists without it', async () => {
    const res = await request(env.app).get('/businesses');
    expect(res.text).toContain('bcard');
    expect(res.text).not.toContain('View Details');
  });
});
