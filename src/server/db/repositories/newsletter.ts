import type { Queryable } from '../connect';

// One row per tenant and email; a repeat subscription is not an error.
export async function subscribe(db: Queryable, domainId: string, email: string): Promise<'created' | 'exists'> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO newsletter_subscriptions (domain_id, email) VALUES ($1, $2)
     ON CONFLICT (domain_id, email) DO NOTHING RETURNING id`,
    [domainId, email],
  );
  return rows.length ? 'created' : 'exists';
}

export async function countSubscriptions(db: Queryable, domainId: string, email?: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE domain_id = $1 AND ($2::text IS NULL OR email = $2)',
    [domainId, email ?? null],
  );
  return rows[0]?.n ?? 0;
}
