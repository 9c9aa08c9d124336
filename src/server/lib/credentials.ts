import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import argon2 from 'argon2';

// Password hashes: argon2id (PHC string "$argon2id$v=19$m=…") for every new hash; legacy scrypt hashes
// ("scrypt$N$r$p$salt$hash") still verify and are re-hashed with argon2id at the next login (needsRehash).
// Opaque bearer tokens are stored as SHA-256.
/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (the server shares 2 cores; native memory, not the V8 heap). */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEYLEN = 64;

function derive(password: string, salt: Buffer, o: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { ...o, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password.normalize('NFKC'), ARGON2);
}

/** The legacy scrypt hash (kept so tests can make one; nothing writes it any more). */
export async function scryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2.verify(stored, password.normalize('NFKC'));
    } catch {
      return false;
    }
  }
  const [tag, n, r, p, salt, hash] = stored.split('$');
  if (tag !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a verified hash should be replaced by a new argon2id one (legacy scrypt, or weaker argon2 settings). */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(stored, ARGON2);
  } catch {
    return true;
  }
}

/** A hash to verify against when the email is unknown, so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword('not-a-real-password'));

export const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
