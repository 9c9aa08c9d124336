import type { DomainData } from '../../../shared/contract/domain-data';
import type { Queryable } from '../connect';

// The console's tenants: every domain row with its hosts, created and updated field by field (issue 15).
export interface TenantRow {
  id: string;
  key: string;
  hosts: string[];
  data: DomainData;
}

/** Domain-data fields and their columns; the jsonb ones are written as JSON. */
const FIELDS = [
  'name',
  'logo',
  'favicon',
  'header_color',
  'header_html',
  'header_js',
  'meta_tag',
  'meta_description',
  'home_page',
  'footer_about_us',
  'footer_text',
  'contact',
  'banners_v2',
  'google_verification_tag',
  'footer_js',
  'permissions',
  'affiliate_disclosure',
  'time_zone',
] as const satisfies readonly (keyof DomainData)[];
type Field = (typeof FIELDS)[number];
const JSON_FIELDS: ReadonlySet<Field> = new Set(['contact', 'banners_v2', 'permissions']);

const SELECT = `SELECT d.id, d.key, ${FIELDS.map((f) => `d.${f}`).join(', ')},
  COALESCE((SELECT array_agg(h.host ORDER BY h.position, h.host) FROM domain_hosts h WHERE h.domain_id = d.id),
    '{}') AS hosts
  FROM domains d`;

type Row = { id: string; key: string; hosts: string[] } & Record<Field, unknown>;

function toTenant(r: Row): TenantRow {
  const data = Object.fromEntries(FIELDS.map((f) => [f, r[f]])) as unknown as DomainData;
  return { id: r.id, key: r.key, hosts: r.hosts, data };
}

export async function listTenants(db: Queryable, only?: readonly string[]): Promise<TenantRow[]> {
  const rows = only
    ? await db.query<Row>(`${SELECT} WHERE d.id = ANY($1::text[]) ORDER BY d.key`, [only])
    : await db.query<Row>(`${SELECT} ORDER BY d.key`);
  return rows.map(toTenant);
}

export async function findTenant(db: Queryable, id: string): Promise<TenantRow | null> {
  const rows = await db.query<Row>(`${SELECT} WHERE d.id = $1`, [id]);
  return rows[0] ? toTenant(rows[0]) : null;
}

/** Hosts already serving another tenant than `exceptId`. */
export async function hostsTaken(db: Queryable, hosts: readonly string[], exceptId: string | null): Promise<string[]> {
  const rows = await db.query<{ host: string }>(
    'SELECT host FROM domain_hosts WHERE host = ANY($1::text[]) AND domain_id IS DISTINCT FROM $2',
    [hosts, exceptId],
  );
  return rows.map((r) => r.host);
}

async function setHosts(db: Queryable, id: string, hosts: readonly string[]): Promise<void> {
  await db.query('DELETE FROM domain_hosts WHERE domain_id = $1', [id]);
  await db.query(
    `INSERT INTO domain_hosts (host, domain_id, position)
     SELECT h, $1, p::int - 1 FROM unnest($2::text[]) WITH ORDINALITY AS t (h, p)`,
    [id, hosts],
  );
}

const value = (f: Field, v: unknown) => (JSON_FIELDS.has(f) ? JSON.stringify(v) : v);

/** A new tenant; false when the key is taken. */
export async function insertTenant(
  db: Queryable,
  t: { id: string; key: string; hosts: readonly string[]; data: Partial<DomainData> & { name: string } },
): Promise<boolean> {
  const fields = FIELDS.filter((f) => t.data[f] !== undefined);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO domains (id, key, ${fields.join(', ')})
     VALUES ($1, $2, ${fields.map((f, i) => `$${i + 3}${JSON_FIELDS.has(f) ? '::jsonb' : ''}`).join(', ')})
     ON CONFLICT (key) DO NOTHING RETURNING id`,
    [t.id, t.key, ...fields.map((f) => value(f, t.data[f]))],
  );
  if (rows.length === 0) return false;
  await setHosts(db, t.id, t.hosts);
  return true;
}

/** Sets the given domain-data fields (and the hosts, when given). */
export async function updateTenant(
  db: Queryable,
  id: string,
  data: Partial<DomainData>,
  hosts?: readonly string[],
): Promise<void> {
  const fields = FIELDS.filter((f) => data[f] !== undefined);
  if (fields.length > 0) {
    await db.query(
      `UPDATE domains SET ${fields.map((f, i) => `${f} = $${i + 2}${JSON_FIELDS.has(f) ? '::jsonb' : ''}`).join(', ')}
       WHERE id = $1`,
      [id, ...fields.map((f) => value(f, data[f]))],
    );
  }
  if (hosts) await setHosts(db, id, hosts);
}
