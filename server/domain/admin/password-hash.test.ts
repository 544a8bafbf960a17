import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_PARAMS,
  dummyPasswordHash,
  hashPassword,
  parsePasswordHash,
  verifyPassword,
} from './password-hash.ts';

const CHEAP = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('hashes with the default cost in the self-describing format and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(parsePasswordHash(hash)?.params).toEqual(DEFAULT_SCRYPT_PARAMS);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash and honours the cost written in the hash', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same password', CHEAP),
      hashPassword('same password', CHEAP),
    ]);
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('treats canonically equivalent spellings of a password as the same (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9-pass-１２３', CHEAP);
    expect(await verifyPassword('cafe\u0301-pass-123', hash)).toBe(true);
  });

  it('refuses malformed or abusive hashes instead of running them', async () => {
    const good = await hashPassword('x', CHEAP);
    const [, , , , salt, key] = good.split('$');
    const bad = [
      '',
      'bcrypt$2b$10$abc',
      `scrypt$1000$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$${2 ** 22}$8$1$${salt}$${key}`, // 4 GiB of memory
      `scrypt$1024$64$1$${salt}$${key}`,
      `scrypt$1024$8$0$${salt}$${key}`,
      `scrypt$1024$8$1$c2hvcnQ$${key}`, // 5-byte salt
      `scrypt$1024$8$1$${salt}$${key}+/=`,
      `scrypt$1024$8$1$${salt}`,
      `scrypt$01024$8$1$${salt}$${key}`,
    ];
    for (const hash of bad) expect(parsePasswordHash(hash), hash).toBeUndefined();
    // A malformed hash still costs a (default) hash, so verifying one is slow: one is enough.
    expect(await verifyPassword('x', bad[2]!)).toBe(false);
    expect(parsePasswordHash(good)).toBeDefined();
  });

  it('makes dummy hashes of the same cost that no password matches', async () => {
    const real = await hashPassword('secret password', CHEAP);
    const dummy = dummyPasswordHash(real);
    expect(parsePasswordHash(dummy)?.params).toEqual(CHEAP);
    expect(dummy).not.toBe(dummyPasswordHash(real));
    expect(await verifyPassword('secret password', dummy)).toBe(false);
    expect(parsePasswordHash(dummyPasswordHash())?.params).toEqual(DEFAULT_SCRYPT_PARAMS);
  });
});
