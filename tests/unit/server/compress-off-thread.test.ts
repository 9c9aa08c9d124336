import { describe, expect, it } from 'vitest';
import {
  COMPRESS_OFF_THREAD_FROM,
  compressionCount,
  encodeOnce,
  encodeOnceAsync,
  type Variants,
} from '../../../src/server/cache/response-store';

// A document refill compresses on libuv's thread pool (issue 17): the same bytes as on the event loop, once per coding.
const doc = Buffer.from(
  Array.from({ length: 4000 }, (_, i) => `<li class="deal">Deal ${i} — ${(i * 7919) % 1000} % off</li>`).join(''),
);

describe('compressing a large answer off the event loop', () => {
  it('makes the same bytes as the synchronous path, keeps them, and compresses each coding once', async () => {
    expect(doc.length).toBeGreaterThan(COMPRESS_OFF_THREAD_FROM);
    for (const enc of ['br', 'gzip'] as const) {
      const offThread: Variants = {};
      const before = compressionCount();
      const out = await encodeOnceAsync(doc, enc, offThread);
      expect(out.encoding).toBe(enc);
      expect(out.body.equals(encodeOnce(doc, enc, {}).body)).toBe(true);
      expect(offThread[enc]).toBe(out.body);
      const again = await encodeOnceAsync(doc, enc, offThread);
      expect(again.body).toBe(out.body);
      expect(again.added).toBe(0);
      // One for the off-thread copy, one for the synchronous copy made above to compare with; none for `again`.
      expect(compressionCount() - before).toBe(2);
    }
  });
  it('leaves small bodies and identity to the synchronous path', async () => {
    const small = Buffer.from('x'.repeat(2000));
    expect((await encodeOnceAsync(small, 'br', {})).body.equals(encodeOnce(small, 'br', {}).body)).toBe(true);
    expect((await encodeOnceAsync(doc, 'identity', {})).body).toBe(doc);
  });
});
