// Admin login on both dialects: the password check, and the throttle kept in the database — counted
// the same by every instance of one database, lifted by `directory admin unlock`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseAddress } from '../../../db/address.ts';
import { preparedQuery } from '../../../db/query/prepared-query.ts';
import type { StoreHandle } from '../../../db/store/store.ts';
import { type Config, loadConfig } from '../../config.ts';
import { openStore } from '../open-database.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import { setAdminPassword } from './credentials.ts';
import { attemptLogin, LOGIN_THROTTLE, unlockLogins } from './login.ts';
import { hashPassword } from './password-hash.ts';

const PASSWORD = 'the right password';
const failureCount = preparedQuery('admin_test_failure_count', (db) =>
  db.selectFrom('admin_login_failures').select((eb) => eb.fn.countAll<number>().as('n')),
);

describe.each(DIALECTS)('admin login on %s', (dialect) => {
  let test: TestStore;
  let config: Config;
  let clock: number;
  const now = () => clock;
  const failures = async () => Number((await test.store.first(failureCount, {}))?.n);

  beforeEach(async () => {
    test = await createTestStore(dialect);
    config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
    });
    clock = Date.parse('2026-03-01T10:00:00Z');
  });
  afterEach(async () => {
    await test.dispose();
  });

  const login = (username: string, password: string, ip = '198.51.100.1', store = test.store) =>
    attemptLogin(store, config, { username, password, ip }, now);

  it('accepts the right password (username case-insensitively) and answers the current generation', async () => {
    expect(await login('admin', PASSWORD)).toMatchObject({
      outcome: 'success',
      username: 'admin',
      generation: 0,
    });
    expect(await login('ADMIN', PASSWORD)).toMatchObject({ outcome: 'success', username: 'admin' });
    expect(await failures()).toBe(0);
  });

  it('answers an unknown user exactly as a wrong password, and counts both', async () => {
    expect(await login('admin', 'wrong')).toEqual({ outcome: 'invalid' });
    expect(await login('nobody', PASSWORD)).toEqual({ outcome: 'invalid' });
    expect(await failures()).toBe(2);
  });

  it('fails every login when no admin is configured', async () => {
    config = loadConfig({ NODE_ENV: 'test' });
    expect(await login('admin', PASSWORD)).toEqual({ outcome: 'invalid' });
  });

  it('throttles the 6th attempt in 15 minutes even with the right password, until the window slides', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.maxEvents; i++) {
      expect(await login('admin', `wrong ${i}`)).toEqual({ outcome: 'invalid' });
      clock += 60_000;
    }
    // First failure at t0, now t0 + 5 min: it leaves the window at t0 + 15 min, in 10 minutes.
    expect(await login('admin', PASSWORD)).toEqual({ outcome: 'throttled', retryAfterSeconds: 600 });
    expect(await failures()).toBe(5); // a refused attempt is not recorded
    clock += 600_000 - 1;
    expect(await login('admin', PASSWORD)).toEqual({ outcome: 'throttled', retryAfterSeconds: 1 });
    clock += 1;
    expect(await login('admin', PASSWORD)).toMatchObject({ outcome: 'success' });
  });

  it('counts per address across accounts and per account across addresses', async () => {
    for (let i = 0; i < 5; i++) await login(`user${i}`, 'guess', '203.0.113.9');
    expect((await login('admin', PASSWORD, '203.0.113.9')).outcome).toBe('throttled');
    expect((await login('admin', PASSWORD, '203.0.113.10')).outcome).toBe('success');

    for (let i = 0; i < 5; i++) await login('Admin', 'guess', `192.0.2.${i}`);
    expect((await login('admin', PASSWORD, '192.0.2.200')).outcome).toBe('throttled');
  });

  it('forgives a client its own typos once it logs in, but not failures from elsewhere', async () => {
    await login('admin', 'typo', '198.51.100.1');
    await login('admin', 'typo', '198.51.100.1');
    await login('admin', 'guess', '192.0.2.1');
    expect((await login('admin', PASSWORD, '198.51.100.1')).outcome).toBe('success');
    expect(await failures()).toBe(1);
  });

  it('lets no more than 5 guesses of a parallel burst reach the password check', async () => {
    // All begun in one turn of the event loop (pipelined requests): on SQLite each transaction waits
    // for the one before on the process's connection; on PostgreSQL they overlap for real.
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login('admin', `burst ${i}`)));
    expect(results.filter((r) => r.outcome === 'invalid')).toHaveLength(5);
    expect(results.filter((r) => r.outcome === 'throttled')).toHaveLength(7);
  });

  it('uses a password set in the database and the generation it bumped', async () => {
    await setAdminPassword(test.store, { username: 'admin', password: 'from the command line' });
    expect((await login('admin', PASSWORD)).outcome).toBe('invalid');
    expect(await login('admin', 'from the command line')).toMatchObject({
      outcome: 'success',
      generation: 1,
    });
  });

  it('ends a lock-out when the failed logins are forgotten (directory admin unlock)', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.maxEvents; i++) await login('admin', `wrong ${i}`);
    expect((await login('admin', PASSWORD)).outcome).toBe('throttled');
    expect(await unlockLogins(test.store)).toBe(LOGIN_THROTTLE.maxEvents);
    expect(await failures()).toBe(0);
    expect((await login('admin', PASSWORD)).outcome).toBe('success');
    expect(await unlockLogins(test.store)).toBe(0);
  });

  describe('with a second instance on the same database', () => {
    let other: StoreHandle;
    beforeEach(async () => {
      other = await openStore(parseDatabaseAddress(test.address));
    });
    afterEach(async () => {
      await other.close();
    });

    it('counts failures made through either toward one limit, and an unlock through one frees both', async () => {
      for (let i = 0; i < LOGIN_THROTTLE.maxEvents; i++) {
        const through = i % 2 === 0 ? test.store : other.store;
        expect((await login('admin', `wrong ${i}`, '198.51.100.1', through)).outcome).toBe('invalid');
      }
      expect((await login('admin', PASSWORD, '198.51.100.1', other.store)).outcome).toBe('throttled');
      expect((await login('admin', PASSWORD, '198.51.100.1', test.store)).outcome).toBe('throttled');
      await unlockLogins(other.store);
      expect((await login('admin', PASSWORD, '198.51.100.1', test.store)).outcome).toBe('success');
    });

    it('lets no more than 5 guesses through when a burst is split over both', async () => {
      // Two connections in one process stand for two instances: each attempt on a turn of its own, as
      // two processes would run them (in one thread, a connection waiting for the other's write lock
      // would block the thread that holds it).
      const arrive = (i: number) =>
        new Promise((resolve) => setImmediate(resolve)).then(() =>
          login('admin', `burst ${i}`, '198.51.100.1', i % 2 === 0 ? test.store : other.store),
        );
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => arrive(i)));
      expect(results.filter((r) => r.outcome === 'invalid')).toHaveLength(5);
      expect(results.filter((r) => r.outcome === 'throttled')).toHaveLength(7);
    });
  });
});
