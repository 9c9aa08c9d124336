import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';

// Issue 30: the networks' credentials (tokens, Basic passwords, query secrets) are kept encrypted in the database, so a
// copy of the database or a backup alone does not hand them over. AES-256-GCM authenticates as it encrypts: a value
// altered in the database, or opened with another key, fails loudly instead of yielding garbage.

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** open()'s one error, whatever went wrong: it names the likely causes, never the value. */
export const UNREADABLE_SECRET = 'the feed credentials could not be decrypted: wrong FEED_SECRET_KEY or damaged value';

const VERSION = 'v1';
const IV_BYTES = 12; // GCM's native nonce size: a random one per value
const TAG_BYTES = 16; // the full tag; a shorter one would be accepted by Node unless pinned (authTagLength)
const MIN_PASSPHRASE = 16;
/**
 * A passphrase becomes the 32-byte key through scrypt (N=2^14, r=8, p=1, Node's defaults) with this fixed salt. The
 * salt is fixed because there is one key per deployment and it must come out the same at every start; scrypt's cost
 * is what makes guessing a short passphrase from a stolen value slow. Changing it makes every stored value unreadable.
 */
const PASSPHRASE_SALT = 'dealdeck/feed-credentials/v1';

/** The key: 64 hex characters (used as is) or a passphrase of at least 16 characters (stretched with scrypt). */
export function secretBoxFromKey(key: string): SecretBox {
  const aesKey = keyBytes(key);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv, { authTagLength: TAG_BYTES });
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : b64(p))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body, ...extra] = sealed.split('.');
      if (version !== VERSION || extra.length > 0 || iv === undefined || tag === undefined || body === undefined)
        throw new Error(UNREADABLE_SECRET);
      const ivBytes = strictB64(iv);
      const tagBytes = strictB64(tag);
      const bodyBytes = strictB64(body);
      if (ivBytes?.length !== IV_BYTES || tagBytes?.length !== TAG_BYTES || !bodyBytes)
        throw new Error(UNREADABLE_SECRET);
      try {
        const decipher = createDecipheriv('aes-256-gcm', aesKey, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(bodyBytes), decipher.final()]).toString('utf8');
      } catch {
        // OpenSSL's own words ("Unsupported state or unable to authenticate data") mean nothing to an operator.
        throw new Error(UNREADABLE_SECRET);
      }
    },
  };
}

/** Why FEED_SECRET_KEY's value cannot be a key, or null when it can (configProblems can report it at start). */
export function feedKeyProblem(key: string): string | null {
  const text = key.trim();
  return HEX_KEY.test(text) || text.length >= MIN_PASSPHRASE
    ? null
    : `FEED_SECRET_KEY must be 64 hex characters (openssl rand -hex 32) or a passphrase of at least ${MIN_PASSPHRASE} characters`;
}

/**
 * The key the feed credentials are sealed with: FEED_SECRET_KEY; outside production, when it is unset, a development
 * key with a warning for the log (values sealed with it are readable by anyone with this source, and stop opening
 * once a real key is set). In production an unset key is an error: credentials must not be sealed with a public key.
 */
export function feedSecretKey(env: NodeJS.ProcessEnv): { key: string; warning: string | null } {
  const key = env.FEED_SECRET_KEY?.trim();
  if (key) {
    const problem = feedKeyProblem(key);
    if (problem) throw new Error(problem);
    return { key, warning: null };
  }
  if (env.NODE_ENV === 'production')
    throw new Error(
      'FEED_SECRET_KEY must be set in production: 64 hex characters (openssl rand -hex 32) or a passphrase of at ' +
        `least ${MIN_PASSPHRASE} characters; it encrypts the feed credentials in the database`,
    );
  return {
    key: createHash('sha256').update('dealdeck development feed key: not a secret').digest('hex'),
    warning:
      'FEED_SECRET_KEY is not set: the feed credentials are encrypted with a development key anyone can read ' +
      '(set FEED_SECRET_KEY before storing real network credentials)',
  };
}

const HEX_KEY = /^[0-9a-f]{64}$/i;

function keyBytes(key: string): Buffer {
  const text = key.trim();
  const problem = feedKeyProblem(text);
  if (problem) throw new Error(problem);
  return HEX_KEY.test(text) ? Buffer.from(text, 'hex') : scryptSync(text.normalize('NFC'), PASSPHRASE_SALT, 32);
}

function b64(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** Node's base64url decoding skips stray characters; only text that is exactly a value's encoding is read. */
function strictB64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return b64(bytes) === text ? bytes : null;
}
