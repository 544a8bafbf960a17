import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { type Config, loadConfig } from '../../config.ts';
import { setAdminPassword } from './credentials.ts';
import { attemptLogin, LOGIN_THROTTLE } from './login.ts';
import { hashPassword } from './password-hash.ts';

const PASSWORD = 'the right password';
let database: TempDatabase;
let config: Config;
let clock: number;
const now = () => clock;
const failures = () =>
  (database.sqlite.prepare('SELECT count(*) AS n FROM admin_login_failures').get() as { n: number }).n;

beforeEach(async () => {
  database = await createTempDatabase();
  config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }),
  });
  clock = Date.parse('2026-03-01T10:00:00Z');
});
afterEach(async () => {
  await database.dispose();
});

const login = (username: string, password: string, ip = '198.51.100.1') =>
  attemptLogin(database.sqlite, config, { username, password, ip }, now);

describe('admin login', () => {
  it('accepts the right password (username case-insensitively) and answers the current generation', async () => {
    expect(await login('admin', PASSWORD)).toMatchObject({
      outcome: 'success',
      username: 'admin',
      generation: 0,
    });
    expect(await login('ADMIN', PASSWORD)).toMatchObject({ outcome: 'success', username: 'admin' });
    expect(failures()).toBe(0);
  });

  it('answers an unknown user exactly as a wrong password, and counts both', async () => {
    expect(await login('admin', 'wrong')).toEqual({ outcome: 'invalid' });
    expect(await login('nobody', PASSWORD)).toEqual({ outcome: 'invalid' });
    expect(failures()).toBe(2);
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
    expect(failures()).toBe(5); // a refused attempt is not recorded
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
    expect(failures()).toBe(1);
  });

  it('lets no more than 5 guesses of a parallel burst reach the password check', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login('admin', `burst ${i}`)));
    expect(results.filter((r) => r.outcome === 'invalid')).toHaveLength(5);
    expect(results.filter((r) => r.outcome === 'throttled')).toHaveLength(7);
  });

  it('uses a password set in the database and the generation it bumped', async () => {
    await setAdminPassword(database.sqlite, { username: 'admin', password: 'from the command line' });
    expect((await login('admin', PASSWORD)).outcome).toBe('invalid');
    expect(await login('admin', 'from the command line')).toMatchObject({
      outcome: 'success',
      generation: 1,
    });
  });
});
