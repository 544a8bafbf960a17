// The 404 page (§2, §8) for paths the route table does not know: status, title, noindex, the
// developer's hint and a way home, inside the site's header and footer.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalOf,
  createSiteTestEnv,
  metaContent,
  type SiteTestEnv,
  titlesOf,
} from '../../server/ssr/testing/site-test-env.ts';
import { elementOf, linksOf, textOf } from '../layout/testing/html.ts';

let site: SiteTestEnv;

beforeAll(async () => {
  site = await createSiteTestEnv({ businesses: 20 });
});

afterAll(async () => {
  await site?.dispose();
});

describe.each(['/no-such-page', '/about/extra', '/Contact-us?x=1'])('GET %s', (path) => {
  it('answers 404 with the not-found page', async () => {
    const res = await request(site.app).get(path).expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    expect(titlesOf(html)).toEqual(['404 Page Not Found | Local Business Directory']);
    expect(metaContent(html, 'robots')).toBe('noindex, follow');
    expect(canonicalOf(html)).toBeUndefined();
    const main = elementOf(html, 'main', /<main\b/);
    expect(textOf(elementOf(main, 'h1', /<h1\b/))).toBe('404 Page Not Found');
    expect(textOf(main)).toContain('Did you forget to add the page to the router?');
    expect(linksOf(main)).toContainEqual({ href: '/', text: 'Back to Home' });
    // The site's frame is there too: the visitor can go on from here.
    expect(html).toContain('class="site-header"');
    expect(html).toMatch(/<footer\b/);
  });
});
