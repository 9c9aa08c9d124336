import { describe, expect, it } from 'vitest';
import { counted } from '../../helpers/counted';
import { tenantMemo } from '../../../src/server/cache/tenant-memo';
import type { Tenant } from '../../../src/server/db/repositories/domains';

// Issue 27: recent hosts' tenants kept beside the response cache, dropped with their cached answers.
const tenant = (id: string, host: string, name = id): Tenant =>
  ({ id, key: id, host, hosts: [host], data: { name } }) as unknown as Tenant;

describe('tenantMemo', () => {
  it('asks the database once per host within the TTL, and again after it', async () => {
    let t = 0;
    const memo = tenantMemo({ ttlMs: 1_000, now: () => t });
    const db = counted(() => tenant('a', 'one.localhost'));
    await memo.find('one.localhost', db.load);
    t = 999;
    expect((await memo.find('one.localhost', db.load))?.id).toBe('a');
    expect(db.calls.n).toBe(1);
    t = 1_000;
    await memo.find('one.localhost', db.load);
    expect(db.calls.n).toBe(2);
  });

  it('drops a tenant under every host it was found by, and leaves the others', async () => {
    const memo = tenantMemo({ ttlMs: 60_000 });
    let name = 'old';
    const a = counted(() => tenant('a', 'x', name));
    const b = counted(() => tenant('b', 'two.localhost'));
    await memo.find('one.localhost', a.load);
    await memo.find('www.one.localhost', a.load);
    await memo.find('two.localhost', b.load);
    name = 'new';
    memo.dropTenant('a');
    expect((await memo.find('one.localhost', a.load))?.data.name).toBe('new');
    expect((await memo.find('www.one.localhost', a.load))?.data.name).toBe('new');
    await memo.find('two.localhost', b.load);
    expect([a.calls.n, b.calls.n]).toEqual([4, 1]);
    memo.dropAll();
    expect(memo.size).toBe(0);
  });

  it('keeps no unknown host (any client can send one)', async () => {
    const memo = tenantMemo({ ttlMs: 60_000 });
    const none = counted(() => null);
    for (let i = 0; i < 50; i++) expect(await memo.find(`random-${i}.example`, none.load)).toBeNull();
    expect(memo.size).toBe(0);
  });

  it('does not keep an answer read before a drop that happened while it was read', async () => {
    const memo = tenantMemo({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = () =>
      new Promise<Tenant>((resolve) => (release = () => resolve(tenant('a', 'one.localhost', 'before the edit'))));
    const first = memo.find('one.localhost', slow);
    memo.dropTenant('a');
    release();
    expect((await first)?.data.name).toBe('before the edit');
    const fresh = counted(() => tenant('a', 'one.localhost', 'after the edit'));
    expect((await memo.find('one.localhost', fresh.load))?.data.name).toBe('after the edit');
    expect(fresh.calls.n).toBe(1);
  });

  it('holds at most maxHosts hosts, the oldest going first', async () => {
    const memo = tenantMemo({ ttlMs: 60_000, maxHosts: 3 });
    for (const h of ['h1', 'h2', 'h3', 'h4']) await memo.find(h, () => Promise.resolve(tenant(h, h)));
    expect(memo.size).toBe(3);
    const again = counted(() => tenant('h1', 'h1'));
    await memo.find('h1', again.load);
    expect(again.calls.n).toBe(1);
  });
});
