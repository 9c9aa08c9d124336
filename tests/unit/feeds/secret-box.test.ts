import { describe, expect, it } from 'vitest';
import { UNREADABLE_SECRET, feedKeyProblem, feedSecretKey, secretBoxFromKey } from '../../../src/server/lib/secret-box';

// Issue 30: the feeds' network credentials are sealed at rest with AES-256-GCM under FEED_SECRET_KEY.
const HEX = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const SECRET = 'awin-token-7f3c9e1d2b4a6f80';

/** Changes one character of a base64url part to another valid one, so the text still parses. */
function flip(part: string, at: number): string {
  const c = part[at]!;
  return part.slice(0, at) + (c === 'A' ? 'B' : 'A') + part.slice(at + 1);
}

describe('secretBoxFromKey', () => {
  it('opens what it sealed, with a hex key and with a passphrase', () => {
    for (const key of [HEX, 'correct horse battery staple']) {
      const box = secretBoxFromKey(key);
      for (const plain of [SECRET, '', 'ünïcødé ✓ token', 'x'.repeat(2000)])
        expect(box.open(box.seal(plain))).toBe(plain);
    }
  });

  it('writes v1.<iv>.<tag>.<ciphertext> in base64url, with a fresh IV every time', () => {
    const box = secretBoxFromKey(HEX);
    const sealed = new Set(Array.from({ length: 50 }, () => box.seal(SECRET)));
    expect(sealed.size).toBe(50);
    const ivs = new Set<string>();
    for (const text of sealed) {
      const [version, iv, tag, body] = text.split('.');
      expect(version).toBe('v1');
      expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
      expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
      expect(body).toMatch(/^[A-Za-z0-9_-]+$/);
      ivs.add(iv!);
    }
    expect(ivs.size).toBe(50);
  });

  it('never shows the secret in the sealed text, in any encoding', () => {
    const box = secretBoxFromKey(HEX);
    const sealed = box.seal(SECRET);
    for (const shown of [SECRET, Buffer.from(SECRET).toString('base64url'), Buffer.from(SECRET).toString('hex')])
      expect(sealed).not.toContain(shown);
  });

  it('refuses a value with any part altered', () => {
    const box = secretBoxFromKey(HEX);
    const parts = box.seal(SECRET).split('.');
    for (let part = 1; part < 4; part++) {
      for (const at of [0, Math.floor(parts[part]!.length / 2), parts[part]!.length - 1]) {
        const altered = parts.map((p, i) => (i === part ? flip(p, at) : p)).join('.');
        expect(() => box.open(altered), `part ${part}, character ${at}`).toThrow(UNREADABLE_SECRET);
      }
    }
    const [iv, tag, body] = [parts[1]!, parts[2]!, parts[3]!];
    const broken = [
      `v2.${iv}.${tag}.${body}`,
      `${iv}.${tag}.${body}`,
      `v1.${iv}.${tag}.${body}.extra`,
      `v1.${iv}.${tag.slice(0, 16)}.${body}`, // a truncated tag: GCM would accept it unless its length is pinned
      `v1.${iv}.${tag}.${body}=`,
      `v1.${iv}.${tag}.${body.slice(0, -2)}`,
      `v1.${iv}.${tag}.`,
      '',
      SECRET,
    ];
    for (const text of broken) expect(() => box.open(text), text).toThrow(UNREADABLE_SECRET);
  });

  it('refuses a value sealed under another key', () => {
    const sealed = secretBoxFromKey(HEX).seal(SECRET);
    for (const other of [HEX.replace(/^00/, '01'), 'correct horse battery staple']) {
      let thrown: unknown;
      try {
        secretBoxFromKey(other).open(sealed);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as Error).message).toBe(UNREADABLE_SECRET);
      expect((thrown as Error).message).not.toContain(SECRET);
    }
  });

  it('takes 64 hex characters or a passphrase of 16 or more, nothing shorter', () => {
    expect(() => secretBoxFromKey('too short')).toThrow(/FEED_SECRET_KEY must be 64 hex characters/);
    expect(() => secretBoxFromKey(HEX.slice(0, 62))).not.toThrow(); // 62 characters: a (long) passphrase
    expect(feedKeyProblem('0123456789abcde')).toMatch(/at least 16 characters/);
    expect(feedKeyProblem('0123456789abcdef')).toBeNull();
    // Hex is decoded, not stretched as a passphrase: upper and lower case spell the same key.
    expect(() => secretBoxFromKey(HEX.toUpperCase()).open(secretBoxFromKey(HEX).seal('x'))).not.toThrow();
  });
});

describe('feedSecretKey', () => {
  it('reads FEED_SECRET_KEY, trimmed, without a warning', () => {
    expect(feedSecretKey({ FEED_SECRET_KEY: ` ${HEX}\n`, NODE_ENV: 'production' })).toEqual({
      key: HEX,
      warning: null,
    });
  });

  it('gives a fixed development key and a warning outside production when it is unset', () => {
    const first = feedSecretKey({});
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(first.warning).toMatch(/FEED_SECRET_KEY is not set/);
    expect(feedSecretKey({ NODE_ENV: 'development', FEED_SECRET_KEY: '' })).toEqual(first);
    // The same key at every start: what was sealed yesterday still opens.
    const sealed = secretBoxFromKey(first.key).seal(SECRET);
    expect(secretBoxFromKey(feedSecretKey({ NODE_ENV: 'test' }).key).open(sealed)).toBe(SECRET);
  });

  it('refuses to start without it in production, and refuses a key too short anywhere', () => {
    expect(() => feedSecretKey({ NODE_ENV: 'production' })).toThrow(/^FEED_SECRET_KEY must be set/);
    expect(() => feedSecretKey({ NODE_ENV: 'production', FEED_SECRET_KEY: '  ' })).toThrow(/must be set/);
    expect(() => feedSecretKey({ FEED_SECRET_KEY: 'short' })).toThrow(/FEED_SECRET_KEY must be 64 hex/);
  });
});
