import { describe, expect, it } from 'vitest';
import { routeKindOf } from './route-kind.ts';

describe('routeKindOf', () => {
  it('names a small fixed set of kinds from the method and path, whatever the query', () => {
    const kind = (url: string, method = 'GET') => routeKindOf({ url, method });
    expect(kind('/')).toBe('page');
    expect(kind('/business/joes-pizza-new-york?ref=x')).toBe('page');
    expect(kind('/add-business', 'POST')).toBe('page');
    expect(kind('/api/businesses?limit=20')).toBe('api');
    expect(kind('/api')).toBe('api');
    expect(kind('/api/admin/check-auth')).toBe('admin-api');
    expect(kind('/api/admin')).toBe('admin-api');
    expect(kind('/api/administrators')).toBe('api');
    expect(kind('/assets/index-abc123.js')).toBe('asset');
    expect(kind('/favicon.svg')).toBe('asset');
    expect(kind('/robots.txt')).toBe('site-file');
    expect(kind('/sitemap.xml')).toBe('site-file');
    expect(kind('/sitemap-businesses-3.xml')).toBe('site-file');
    expect(kind('/healthz')).toBe('health');
    expect(kind('/readyz?x=1')).toBe('health');
    expect(kind('/metrics')).toBe('health');
    expect(kind('/', 'DELETE')).toBe('other');
    expect(kind('*', 'OPTIONS')).toBe('other');
    expect(kind('http://example.com/')).toBe('other');
  });
});
