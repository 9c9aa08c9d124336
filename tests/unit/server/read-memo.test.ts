import { describe, expect, it } from 'vitest';
import { counted } from '../../helpers/counted';
import { ALL_TAG, noReadMemo, readMemo } from '../../../src/server/cache/read-memo';

// Issue 27: the reads every page of a store shares, kept beside the response cache under its tags.

const tagged =
  (...tags: string[]) =>
  () =>
    tags;

describe('readMemo', () => {
  it('reads once within the TTL, and again after it', async () => {
    let t = 0;
    const memo = readMemo({ ttlMs: 1_000, now: () => t });
    const db = counted(() => 'row');
    await memo.read('k', db.load, tagged('tenant:a'));
    t = 999;
    expect(await memo.read('k', db.load, tagged('tenant:a'))).toBe('row');
    expect(db.calls.n).toBe(1);
    t = 1_000;
    await memo.read('k', db.load, tagged('tenant:a'));
    expect(db.calls.n).toBe(2);
  });

  it('drops exactly the reads carrying a dropped tag, and every read on "all"', async () => {
    const memo = readMemo({ ttlMs: 60_000 });
    const a = counted(() => 'a');
    const b = counted(() => 'b');
    const c = counted(() => 'c');
    await memo.read('a', a.load, tagged('tenant:1', 'store:x'));
    await memo.read('b', b.load, tagged('tenant:1', 'store:y'));
    await memo.read('c', c.load, tagged('tenant:2', 'visits'));
    memo.drop('store:x');
    for (const [key, load] of [
      ['a', a.load],
      ['b', b.load],
      ['c', c.load],
    ] as const)
      await memo.read(key, load, tagged('tenant:1', `store:${key === 'a' ? 'x' : 'y'}`));
    expect([a.calls.n, b.calls.n, c.calls.n]).toEqual([2, 1, 1]);
    memo.drop('tenant:2');
    expect(memo.size).toBe(2);
    memo.drop(ALL_TAG);
    expect(memo.size).toBe(0);
  });

  it('keeps its tags from the value read (a store found names its store tag; none found, none)', async () => {
    const memo = readMemo({ ttlMs: 60_000 });
    const found = counted(() => ({ id: 's1' }));
    const tagsOf = (v: { id: string } | null) => ['tenant:1', ...(v ? [`store:${v.id}`] : [])];
    await memo.read('slug:one', found.load, tagsOf);
    memo.drop('store:s2');
    await memo.read('slug:one', found.load, tagsOf);
    expect(found.calls.n).toBe(1);
    memo.drop('store:s1');
    await memo.read('slug:one', found.load, tagsOf);
    expect(found.calls.n).toBe(2);
  });

  it('uses, but does not keep, a read during which a tag was dropped (it may predate the write)', async () => {
    const memo = readMemo({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    let version = 'before';
    const reading = memo.read(
      'k',
      async () => {
        const seen = version;
        await slow;
        return seen;
      },
      tagged('tenant:1'),
    );
    version = 'after';
    memo.drop('visits');
    release();
    expect(await reading).toBe('before');
    expect(await memo.read('k', () => Promise.resolve(version), tagged('tenant:1'))).toBe('after');
  });

  it('keeps nothing for a value its tags call not worth keeping (what a made-up slug finds)', async () => {
    const memo = readMemo({ ttlMs: 60_000 });
    const none = counted(() => null);
    for (let i = 0; i < 50; i++) await memo.read(`slug:random-${i}`, none.load, (v) => (v ? ['tenant:1'] : null));
    await memo.read('slug:random-0', none.load, (v) => (v ? ['tenant:1'] : null));
    expect([memo.size, none.calls.n]).toEqual([0, 51]);
  });

  it('holds at most maxEntries reads, the oldest going first', async () => {
    const memo = readMemo({ ttlMs: 60_000, maxEntries: 3 });
    for (const k of ['a', 'b', 'c', 'd']) await memo.read(k, () => Promise.resolve(k), tagged());
    expect(memo.size).toBe(3);
    const again = counted(() => 'a');
    await memo.read('a', again.load, tagged());
    expect(again.calls.n).toBe(1);
  });

  it('noReadMemo reads every time and keeps nothing', async () => {
    const db = counted(() => 1);
    await noReadMemo.read('k', db.load, tagged());
    await noReadMemo.read('k', db.load, tagged());
    expect([db.calls.n, noReadMemo.size]).toEqual([2, 0]);
  });
});
