import type { Queryable } from '../db/connect';
import { tenantLayoutChoices } from '../db/repositories/domains';
import type { KnownTenant } from './serving';

/** The sites of a database, as layouts:check knows tenants; none when it holds none or is not migrated yet. */
export async function databaseTenants(db: Queryable): Promise<KnownTenant[]> {
  const [table] = await db.query<{ t: string | null }>("SELECT to_regclass('domain_hosts')::text AS t");
  if (!table?.t) return [];
  return (await tenantLayoutChoices(db)).map(({ hosts, homePage, timeZone }) => ({ hosts, homePage, timeZone }));
}
