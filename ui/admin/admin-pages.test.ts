// The admin screens as the server renders them: never indexed, never cached, one title, the login
// form ready for password managers, and a panel that shows nothing of the data before the browser
// has checked the session.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSiteTestEnv,
  metaContent,
  type SiteTestEnv,
  titlesOf,
} from '../../server/ssr/testing/site-test-env.ts';

let env: SiteTestEnv;

beforeAll(async () => {
  env = await createSiteTestEnv({ businesses: 5 });
});

afterAll(async () => {
  await env?.dispose();
});

describe('admin pages (server render)', () => {
  it.each(['/admin', '/admin-login'])('%s renders the login form, noindex and no-store', async (path) => {
    const res = await request(env.app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(titlesOf(res.text)).toEqual(['Admin Login | Local Business Directory']);
    expect(metaContent(res.text, 'robots')).toMatch(/^noindex/);
    expect(res.text).toMatch(/<input[^>]*autoComplete="username"[^>]*name="username"/);
    expect(res.text).toMatch(/<input[^>]*type="password"[^>]*autoComplete="current-password"/);
    // Sent without JavaScript, the form would not put the password in the address.
    expect(res.text).toMatch(/<form[^>]*method="post"/);
    // Until hydrated, the submit button waits.
    expect(res.text).toMatch(/<button type="submit"[^>]*disabled=""/);
  });

  it.each(['/admin-panel', '/admin/dashboard'])(
    '%s renders only the session check, noindex and no-store',
    async (path) => {
      const res = await request(env.app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(titlesOf(res.text)).toEqual(['Admin Panel | Local Business Directory']);
      expect(metaContent(res.text, 'robots')).toMatch(/^noindex/);
      expect(res.text).toContain('Checking your session…');
      expect(res.text).not.toContain('role="tablist"');
      expect(res.text).not.toContain('Logout');
    },
  );
});
