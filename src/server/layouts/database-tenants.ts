import type { Queryable } from '../db/connect';
import type { KnownTenant } from './serving';

/** The sites of a database, as layouts:check knows tenants; none when it holds none or is not migrated yet. */
export async function databaseTenants(db: Queryable): Promise<KnownTenant[]> {
  const [table] = await db.query<{ t: string | null }>("SELECT to_regclass('domain_hosts')::text AS t");
  if (!table?.t) return [];
  const rows = await db.query<{ hosts: string[]; home_page: string; time_zone: string }>(
    `SELECT array_agg(h.host ORDER BY h.position, h.host) AS hosts, d.home_page, d.time_zone
     FROM domains d JOIN domain_hosts h ON h.domain_id = d.id GROUP BY d.id, d.home_page, d.time_zone`,
  );
  return rows.map((r) => ({ hosts: r.hosts, homePage: r.home_page, timeZone: r.time_zone || 'UTC' }));
}
