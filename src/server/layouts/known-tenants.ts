import { readConfig } from '../config';
import { connectDb } from '../db/connect';
import { TENANT_CONFIGS } from '../db/seed/demo/tenant-config';
import type { KnownTenant } from './serving';

// The sites layouts:check checks `tenants` and schedules against: the database's when DATABASE_URL is set and holds
// sites, else the demo tenants (what `npm start` seeds into its own PGlite, which another process cannot open while the
// server runs). A database that is not migrated yet or holds no site (CI's fresh one) knows no tenant worth checking
// against: the demo tenants are used, and the reason is printed on stderr.

export interface KnownTenants {
  source: 'database' | 'demo';
  tenants: KnownTenant[];
}

export async function knownTenants(databaseUrl = readConfig().databaseUrl): Promise<KnownTenants> {
  if (!databaseUrl) return DEMO;
  let rows: { hosts: string[]; home_page: string; time_zone: string }[];
  try {
    const db = await connectDb({ databaseUrl });
    try {
      rows = await db.query(
        `SELECT array_agg(h.host ORDER BY h.position, h.host) AS hosts, d.home_page, d.time_zone
         FROM domains d JOIN domain_hosts h ON h.domain_id = d.id GROUP BY d.id, d.home_page, d.time_zone`,
      );
    } finally {
      await db.close();
    }
  } catch (err) {
    console.error(
      `layouts:check: the demo tenants are used (DATABASE_URL: ${err instanceof Error ? err.message : err})`,
    );
    return DEMO;
  }
  if (rows.length === 0) {
    console.error('layouts:check: the demo tenants are used (DATABASE_URL holds no site yet)');
    return DEMO;
  }
  return {
    source: 'database',
    tenants: rows.map((r) => ({ hosts: r.hosts, homePage: r.home_page, timeZone: r.time_zone || 'UTC' })),
  };
}

const DEMO: KnownTenants = {
  source: 'demo',
  tenants: TENANT_CONFIGS.map((t) => ({ hosts: t.hosts, homePage: t.home_page, timeZone: 'UTC' })),
};
