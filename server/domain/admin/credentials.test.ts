import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAdminCredentials, getSessionGeneration } from '../../../db/admin-repository.ts';
import { createTempDatabase, type TempDatabase } from '../../../db/testing/temp-database.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import {
  effectiveAdminCredentials,
  ensureAdminCredentials,
  PasswordRejectedError,
  passwordProblem,
  setAdminPassword,
} from './credentials.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

const SECRET = 's'.repeat(32);
let database: TempDatabase;
let envHash: string;
beforeEach(async () => {
  database = await createTempDatabase();
  envHash = await hashPassword('environment password', { N: 1024, r: 8, p: 1 });
});
afterEach(async () => {
  await database.dispose();
});

describe('admin credentials', () => {
  it('generates a strong password once in development, stores only its hash, and reuses it later', async () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    const first = await ensureAdminCredentials(database.sqlite, config);
    expect(first).toMatchObject({ username: 'admin', source: 'generated' });
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = getAdminCredentials(database.sqlite)!;
    expect(stored.password_hash).not.toContain(first.generatedPassword);
    expect(await verifyPassword(first.generatedPassword!, stored.password_hash)).toBe(true);

    const second = await ensureAdminCredentials(database.sqlite, config);
    expect(second).toEqual({ username: 'admin', source: 'generated' });
  });

  it('refuses a production start without credentials, and ignores a generated password there', async () => {
    const production = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET });
    await expect(ensureAdminCredentials(database.sqlite, production)).rejects.toThrow(ConfigError);
    await expect(ensureAdminCredentials(database.sqlite, production)).rejects.toThrow(/ADMIN_PASSWORD_HASH/);

    await ensureAdminCredentials(database.sqlite, loadConfig({ NODE_ENV: 'development' }));
    expect(effectiveAdminCredentials(database.sqlite, production)).toBeUndefined();
    await expect(ensureAdminCredentials(database.sqlite, production)).rejects.toThrow(ConfigError);
  });

  it('accepts a production start with a hash in the environment or a password set in the database', async () => {
    const withHash = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      ADMIN_PASSWORD_HASH: envHash,
    });
    expect(await ensureAdminCredentials(database.sqlite, withHash)).toEqual({
      username: 'admin',
      source: 'environment',
    });

    const without = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET });
    await setAdminPassword(database.sqlite, { username: 'owner', password: 'a long enough password' });
    expect(await ensureAdminCredentials(database.sqlite, without)).toEqual({
      username: 'owner',
      source: 'database',
    });
  });

  it('lets a password set from the CLI win over the environment, and the environment over a generated one', async () => {
    const dev = loadConfig({ NODE_ENV: 'development' });
    await ensureAdminCredentials(database.sqlite, dev);
    const withEnv = loadConfig({
      NODE_ENV: 'development',
      ADMIN_USERNAME: 'env-admin',
      ADMIN_PASSWORD_HASH: envHash,
    });
    expect(effectiveAdminCredentials(database.sqlite, withEnv)).toEqual({
      username: 'env-admin',
      passwordHash: envHash,
      source: 'environment',
    });
    await setAdminPassword(database.sqlite, { username: 'cli-admin', password: 'set from the command line' });
    const effective = effectiveAdminCredentials(database.sqlite, withEnv)!;
    expect(effective).toMatchObject({ username: 'cli-admin', source: 'database' });
    expect(await verifyPassword('set from the command line', effective.passwordHash)).toBe(true);
  });

  it('bumps the generation of the admin (and of a replaced admin) when a password is set', async () => {
    const { sqlite } = database;
    expect(await setAdminPassword(sqlite, { username: 'admin', password: 'first password!' })).toEqual({
      username: 'admin',
      generation: 1,
    });
    await setAdminPassword(sqlite, { username: 'admin', password: 'second password!' });
    expect(getSessionGeneration(sqlite, 'admin')).toBe(2);
    await setAdminPassword(sqlite, { username: 'alice', password: 'third password!!' });
    expect(getSessionGeneration(sqlite, 'admin')).toBe(3);
    expect(getSessionGeneration(sqlite, 'alice')).toBe(1);
  });

  it('refuses weak or malformed new passwords', async () => {
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('            ')).toMatch(/empty/);
    expect(passwordProblem('twelve chars\nmore')).toMatch(/control/);
    expect(passwordProblem('x'.repeat(1025))).toMatch(/at most/);
    expect(passwordProblem('a fine password')).toBeUndefined();
    await expect(setAdminPassword(database.sqlite, { username: 'admin', password: 'short' })).rejects.toThrow(
      PasswordRejectedError,
    );
    expect(getAdminCredentials(database.sqlite)).toBeUndefined();
  });
});
