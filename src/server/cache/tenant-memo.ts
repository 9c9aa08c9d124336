import type { Tenant } from '../db/repositories/domains';

// The tenants of recent hosts, in memory (issue 27): every page and every API answer it is drawn with starts with the
// host → tenant lookup, and on PGlite that query alone cost ~1.5 ms of the main thread, two to four times per page.
// An entry lives as long as a cached answer (the response cache's TTL) and is dropped with the tenant's cached
// answers (an operator's edit, here or on another instance through the cache bus), so a tenant's data is never older
// here than in the pages the response cache already serves. Only tenants that exist are kept: unknown hosts (any
// client can send one) are asked of the database each time and take no memory.

export interface TenantMemoOptions {
  /** How long an entry is used (ms): the response cache's TTL. */
  ttlMs: number;
  /** At most this many hosts are kept (the oldest goes first). */
  maxHosts?: number;
  now?: () => number;
}

export interface TenantMemo {
  /** The tenant of `host` if it was found less than ttlMs ago and not dropped since; else `load` asks the database. */
  find(host: string, load: () => Promise<Tenant | null>): Promise<Tenant | null>;
  /** Forgets the tenant with this id (under every host it was found by). */
  dropTenant(id: string): void;
  dropAll(): void;
  readonly size: number;
}

export function tenantMemo(opts: TenantMemoOptions): TenantMemo {
  const now = opts.now ?? Date.now;
  const maxHosts = opts.maxHosts ?? 1_000;
  const byHost = new Map<string, { tenant: Tenant; until: number }>();
  // A drop during a load makes that load's answer unfit to keep: it may have read the row before the write.
  let generation = 0;
  return {
    async find(host, load) {
      const kept = byHost.get(host);
      if (kept && kept.until > now()) return kept.tenant;
      const startedIn = generation;
      const tenant = await load();
      if (tenant && startedIn === generation) {
        byHost.delete(host);
        byHost.set(host, { tenant, until: now() + opts.ttlMs });
        if (byHost.size > maxHosts) byHost.delete(byHost.keys().next().value as string);
      } else if (!tenant) byHost.delete(host);
      return tenant;
    },
    dropTenant(id) {
      generation += 1;
      for (const [host, kept] of byHost) if (kept.tenant.id === id) byHost.delete(host);
    },
    dropAll() {
      generation += 1;
      byHost.clear();
    },
    get size() {
      return byHost.size;
    },
  };
}
