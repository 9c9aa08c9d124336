import type { Queryable } from '../db/connect';
import { tenantLayoutChoices } from '../db/repositories/domains';
import { TENANT_CONFIGS } from '../db/seed/demo/tenant-config';
import type { KnownTenant } from './serving';

/** The sites of a database, as layouts:check knows tenants; none when it holds none or is not migrated yet. */
export async function databaseTenants(db: Queryable): Promise<KnownTenant[]> {
  const [table] = await db.query<{ t: string | null }>("SELECT to_regclass('domain_hosts')::text AS t");
  if (!table?.t) return [];
  return (await tenantLayoutChoices(db)).map(({ hosts, homePage, timeZone }) => ({ hosts, homePage, timeZone }));
}

/** The demo's sites: what documents are checked against when there is no database, or it holds no site yet. */
export const DEMO_TENANTS: readonly KnownTenant[] = TENANT_CONFIGS.map((t) => ({
  hosts: t.hosts,
  homePage: t.home_page,
  timeZone: 'UTC',
}));

/** The tenants a set is checked against before it is published to this database: its sites, else the demo's. */
export async function publicationTenants(db: Queryable): Promise<readonly KnownTenant[]> {
  const tenants = await databaseTenants(db);
  return tenants.length > 0 ? tenants : DEMO_TENANTS;
}
