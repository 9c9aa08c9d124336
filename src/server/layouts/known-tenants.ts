import { readConfig } from '../config';
import { connectDb } from '../db/connect';
import { TENANT_CONFIGS } from '../db/seed/demo/tenant-config';
import type { KnownTenant } from './serving';

// The sites layouts:check checks `tenants` and schedules against: the database's when DATABASE_URL is set, else the
// demo tenants (what `npm start` seeds into its own PGlite, which another process cannot open while the server runs).

export interface KnownTenants {
  source: 'database' | 'demo';
  tenants: KnownTenant[];
}

export async function knownTenants(databaseUrl = readConfig().databaseUrl): Promise<KnownTenants> {
  if (!databaseUrl) {
    return {
      source: 'demo',
      tenants: TENANT_CONFIGS.map((t) => ({ hosts: t.hosts, homePage: t.home_page, timeZone: 'UTC' })),
    };
  }
  const db = await connectDb({ databaseUrl });
  try {
    const rows = await db.query<{ hosts: string[]; home_page: string; time_zone: string }>(
      `SELECT array_agg(h.host ORDER BY h.position, h.host) AS hosts, d.home_page, d.time_zone
       FROM domains d JOIN domain_hosts h ON h.domain_id = d.id GROUP BY d.id, d.home_page, d.time_zone`,
    );
    return {
      source: 'database',
      tenants: rows.map((r) => ({ hosts: r.hosts, homePage: r.home_page, timeZone: r.time_zone || 'UTC' })),
    };
  } finally {
    await db.close();
  }
}
