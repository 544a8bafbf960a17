// The server's cache filling: one call per key, the answer stored where the pages and dehydrate()
// read it, a failure stored nowhere.
import { dehydrate, queryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { loadQuery } from './load-query.ts';
import { createQueryClient } from './query-client.ts';

function counted<T>(answer: () => Promise<T>) {
  const query = {
    calls: 0,
    options: queryOptions({
      queryKey: ['thing', 1],
      queryFn: () => {
        query.calls++;
        return answer();
      },
    }),
  };
  return query;
}

describe('loadQuery', () => {
  it('stores the answer under the query key and returns it', async () => {
    const client = createQueryClient();
    const query = counted(async () => ({ name: 'Bakery' }));
    await expect(loadQuery(client, query.options)).resolves.toEqual({ name: 'Bakery' });
    expect(client.getQueryData(query.options.queryKey)).toEqual({ name: 'Bakery' });
    expect(client.getQueryState(query.options.queryKey)?.status).toBe('success');
  });

  it('reads a key already in the cache without calling the query again', async () => {
    const client = createQueryClient();
    const query = counted(async () => ({ name: 'Bakery' }));
    await loadQuery(client, query.options);
    await loadQuery(client, query.options);
    expect(query.calls).toBe(1);
  });

  it('finds data put in the cache some other way (a form post re-rendered with its values)', async () => {
    const client = createQueryClient();
    const query = counted(async () => ({ name: 'Bakery' }));
    client.setQueryData(query.options.queryKey, { name: 'Posted' });
    await expect(loadQuery(client, query.options)).resolves.toEqual({ name: 'Posted' });
    expect(query.calls).toBe(0);
  });

  it('stores null answers (a business that does not exist) like any other', async () => {
    const client = createQueryClient();
    const query = counted(async () => null);
    await expect(loadQuery(client, query.options)).resolves.toBeNull();
    await loadQuery(client, query.options);
    expect(query.calls).toBe(1);
  });

  it('rejects with the query error and leaves nothing in the cache', async () => {
    const client = createQueryClient();
    const query = counted(async () => {
      throw new Error('database is locked');
    });
    await expect(loadQuery(client, query.options)).rejects.toThrow('database is locked');
    expect(client.getQueryState(query.options.queryKey)).toBeUndefined();
  });

  it('leaves what the browser needs: dehydrate() carries the loaded query as a success', async () => {
    const client = createQueryClient();
    await loadQuery(client, counted(async () => ({ name: 'Bakery' })).options);
    const [query] = dehydrate(client).queries;
    expect(query?.queryKey).toEqual(['thing', 1]);
    expect(query?.state).toMatchObject({ status: 'success', data: { name: 'Bakery' } });
  });
});
