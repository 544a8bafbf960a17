// Who the administrator is, on both dialects: the precedence of the three sources, the boot check,
// and a password set from the CLI ending earlier sessions, as a second instance sees it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseAddress } from '../../../db/address.ts';
import { getAdminCredentials, getSessionGeneration } from '../../../db/admin-repository.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { openStore } from '../open-database.ts';
import { createTestStore, DIALECTS, type TestStore } from '../testing/test-store.ts';
import {
  effectiveAdminCredentials,
  ensureAdminCredentials,
  PasswordRejectedError,
  passwordProblem,
  setAdminPassword,
} from './credentials.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

const SECRET = 's'.repeat(32);

describe.each(DIALECTS)('admin credentials on %s', (dialect) => {
  let test: TestStore;
  let envHash: string;
  beforeEach(async () => {
    test = await createTestStore(dialect);
    envHash = await hashPassword('environment password', { N: 1024, r: 8, p: 1 });
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('generates a strong password once in development, stores only its hash, and reuses it later', async () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    const first = await ensureAdminCredentials(test.store, config);
    expect(first).toMatchObject({ username: 'admin', source: 'generated' });
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = (await getAdminCredentials(test.store))!;
    expect(stored.password_hash).not.toContain(first.generatedPassword);
    expect(await verifyPassword(first.generatedPassword!, stored.password_hash)).toBe(true);

    const second = await ensureAdminCredentials(test.store, config);
    expect(second).toEqual({ username: 'admin', source: 'generated' });
  });

  it('refuses a production start without credentials, and ignores a generated password there', async () => {
    const production = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET });
    await expect(ensureAdminCredentials(test.store, production)).rejects.toThrow(ConfigError);
    await expect(ensureAdminCredentials(test.store, production)).rejects.toThrow(/ADMIN_PASSWORD_HASH/);

    await ensureAdminCredentials(test.store, loadConfig({ NODE_ENV: 'development' }));
    expect(await effectiveAdminCredentials(test.store, production)).toBeUndefined();
    await expect(ensureAdminCredentials(test.store, production)).rejects.toThrow(ConfigError);
  });

  it('accepts a production start with a hash in the environment or a password set in the database', async () => {
    const withHash = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      ADMIN_PASSWORD_HASH: envHash,
    });
    expect(await ensureAdminCredentials(test.store, withHash)).toEqual({
      username: 'admin',
      source: 'environment',
    });

    const without = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET });
    await setAdminPassword(test.store, { username: 'owner', password: 'a long enough password' });
    expect(await ensureAdminCredentials(test.store, without)).toEqual({
      username: 'owner',
      source: 'database',
    });
  });

  it('lets a password set from the CLI win over the environment, and the environment over a generated one', async () => {
    const dev = loadConfig({ NODE_ENV: 'development' });
    await ensureAdminCredentials(test.store, dev);
    const withEnv = loadConfig({
      NODE_ENV: 'development',
      ADMIN_USERNAME: 'env-admin',
      ADMIN_PASSWORD_HASH: envHash,
    });
    expect(await effectiveAdminCredentials(test.store, withEnv)).toEqual({
      username: 'env-admin',
      passwordHash: envHash,
      source: 'environment',
    });
    await setAdminPassword(test.store, { username: 'cli-admin', password: 'set from the command line' });
    const effective = (await effectiveAdminCredentials(test.store, withEnv))!;
    expect(effective).toMatchObject({ username: 'cli-admin', source: 'database' });
    expect(await verifyPassword('set from the command line', effective.passwordHash)).toBe(true);
  });

  it('bumps the generation of the admin (and of a replaced admin) when a password is set', async () => {
    const { store } = test;
    expect(await setAdminPassword(store, { username: 'admin', password: 'first password!' })).toEqual({
      username: 'admin',
      generation: 1,
    });
    await setAdminPassword(store, { username: 'admin', password: 'second password!' });
    expect(await getSessionGeneration(store, 'admin')).toBe(2);
    await setAdminPassword(store, { username: 'alice', password: 'third password!!' });
    expect(await getSessionGeneration(store, 'admin')).toBe(3);
    expect(await getSessionGeneration(store, 'alice')).toBe(1);
  });

  it('shows a password set through one instance to another instance of the same database at once', async () => {
    const other = await openStore(parseDatabaseAddress(test.address));
    try {
      const dev = loadConfig({ NODE_ENV: 'development' });
      await ensureAdminCredentials(test.store, dev);
      expect(await effectiveAdminCredentials(other.store, dev)).toMatchObject({ source: 'generated' });
      await setAdminPassword(test.store, { username: 'owner', password: 'set from the command line' });
      const seen = (await effectiveAdminCredentials(other.store, dev))!;
      expect(seen).toMatchObject({ username: 'owner', source: 'database' });
      expect(await verifyPassword('set from the command line', seen.passwordHash)).toBe(true);
      expect(await getSessionGeneration(other.store, 'owner')).toBe(1);
      // The other instance's boot finds the credentials and generates none.
      expect(await ensureAdminCredentials(other.store, dev)).toEqual({
        username: 'owner',
        source: 'database',
      });
    } finally {
      await other.close();
    }
  });

  it('refuses weak or malformed new passwords', async () => {
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('            ')).toMatch(/empty/);
    expect(passwordProblem('twelve chars\nmore')).toMatch(/control/);
    expect(passwordProblem('x'.repeat(1025))).toMatch(/at most/);
    expect(passwordProblem('a fine password')).toBeUndefined();
    await expect(setAdminPassword(test.store, { username: 'admin', password: 'short' })).rejects.toThrow(
      PasswordRejectedError,
    );
    expect(await getAdminCredentials(test.store)).toBeUndefined();
  });
});
