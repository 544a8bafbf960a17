// Password hashing with Node's scrypt in a self-describing format, scrypt$N$r$p$salt$hash (salt and
// hash in base64url), so that the cost can be raised later without invalidating stored hashes.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation (run sequentially by Node, so it multiplies the time, not the memory). */
  p: number;
}

/** One of OWASP's scrypt settings: 32 MiB per hash (128·N·r) and about 0.25 s on this project's
 *  2-core machine. The lower-memory variant is chosen because libuv runs up to four hashes at once. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';

// Bounds on what a stored hash may ask for: a hand-edited or hostile value must not make one login
// allocate gigabytes or run for minutes.
const LIMITS = { minN: 2 ** 10, maxN: 2 ** 20, maxR: 32, maxP: 16, maxMemory: 256 * 1024 * 1024 };

/** Longest password accepted; scrypt pre-hashes any length, the cap just keeps request bodies sane. */
export const MAX_PASSWORD_LENGTH = 1024;

export interface ParsedPasswordHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function parsePasswordHash(encoded: string): ParsedPasswordHash | undefined {
  const parts = encoded.trim().split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [, nText = '', rText = '', pText = '', saltText = '', keyText = ''] = parts;
  if (![nText, rText, pText].every((text) => /^[1-9]\d{0,9}$/.test(text))) return undefined;
  const params = { N: Number(nText), r: Number(rText), p: Number(pText) };
  if (!paramsWithinLimits(params)) return undefined;
  if (!BASE64URL.test(saltText) || !BASE64URL.test(keyText)) return undefined;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length < SALT_BYTES || key.length < KEY_BYTES || key.length > 64) return undefined;
  return { params, salt, key };
}

function paramsWithinLimits({ N, r, p }: ScryptParams): boolean {
  const powerOfTwo = Number.isInteger(N) && (N & (N - 1)) === 0;
  return (
    powerOfTwo &&
    N >= LIMITS.minN &&
    N <= LIMITS.maxN &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= LIMITS.maxR &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= LIMITS.maxP &&
    memoryNeeded({ N, r, p }) <= LIMITS.maxMemory
  );
}

function memoryNeeded({ N, r }: ScryptParams): number {
  return 128 * N * r;
}

/** NFKC so that the same password typed on different keyboards (composed or decomposed accents,
 *  full-width digits) hashes the same, as NIST SP 800-63B recommends. */
function passwordBytes(password: string): Buffer {
  return Buffer.from(password.normalize('NFKC'), 'utf8');
}

function deriveKey(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is exactly what N=2^15, r=8 needs and scrypt wants a little more.
  const options: ScryptOptions = { ...params, maxmem: memoryNeeded(params) * 2 };
  return new Promise((resolve, reject) => {
    // Asynchronous: the work runs on libuv's thread pool, never on the event loop that serves pages.
    scrypt(passwordBytes(password), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  if (!paramsWithinLimits(params)) throw new RangeError('scrypt parameters out of the accepted range');
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params, KEY_BYTES);
  return [PREFIX, params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Constant-time comparison. A malformed hash verifies nothing, but still costs one default hash so
 *  that it cannot be told apart by timing. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  const target = parsed ?? parsePasswordHash(dummyPasswordHash())!;
  const candidate = await deriveKey(password, target.salt, target.params, target.key.length);
  return timingSafeEqual(candidate, target.key) && parsed !== undefined;
}

/** A hash with the same cost as `like` (or the default) that no password matches: random salt and
 *  random key. Verifying against it costs exactly what a real check costs, which is what an unknown
 *  username must cost. */
export function dummyPasswordHash(like?: string): string {
  const model = like === undefined ? undefined : parsePasswordHash(like);
  const { N, r, p } = model?.params ?? DEFAULT_SCRYPT_PARAMS;
  const salt = randomBytes(SALT_BYTES).toString('base64url');
  const key = randomBytes(model?.key.length ?? KEY_BYTES).toString('base64url');
  return [PREFIX, N, r, p, salt, key].join('$');
}
