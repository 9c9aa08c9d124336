import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeNotice, encodeNotice, isCacheTag, type NoticeTopic } from '../../../src/shared/rules/cluster-notice';

// Issue 17: the notices instances exchange over Redis. Any message on the channel must decode to a notice or null,
// never throw (another deployment sharing the Redis could send anything), and a dropped tag must be one the cache knows.
const topic = fc.constantFrom<NoticeTopic>('cache', 'layouts');

describe('cluster notices', () => {
  it('decode what was encoded, for any sender and data', () => {
    fc.assert(
      fc.property(fc.string(), topic, fc.string(), (from, t, data) => {
        expect(decodeNotice(encodeNotice(from, t, data))).toEqual({ from, topic: t, data });
      }),
    );
  });

  it('read anything else as null without throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const notice = decodeNotice(text);
          if (notice !== null) {
            expect(['cache', 'layouts']).toContain(notice.topic);
            expect(typeof notice.from === 'string' && typeof notice.data === 'string').toBe(true);
          }
        },
      ),
    );
  });

  it('refuse an unknown topic or a field of the wrong type', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (from, t, data) => {
        fc.pre(t !== 'cache' && t !== 'layouts');
        expect(decodeNotice(JSON.stringify({ from, topic: t, data }))).toBeNull();
        expect(decodeNotice(JSON.stringify({ from, topic: 'cache', data: data.length }))).toBeNull();
      }),
    );
  });

  it('accept the response cache tags and nothing else', () => {
    const id = fc.stringMatching(/^[0-9a-f]{24}$/);
    fc.assert(
      fc.property(fc.constantFrom('tenant', 'store'), id, (kind, i) => {
        expect(isCacheTag(`${kind}:${i}`)).toBe(true);
      }),
    );
    expect(isCacheTag('all') && isCacheTag('visits')).toBe(true);
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(s !== 'all' && s !== 'visits' && !/^(tenant|store):[^\s:]+$/.test(s));
        expect(isCacheTag(s)).toBe(false);
      }),
    );
    for (const bad of ['', 'tenant:', 'store:', 'tenant:a b', 'html', 'all ', 'tenant:a:b'])
      expect(isCacheTag(bad)).toBe(false);
  });
});
