import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AdminAnswer, type AdminStore } from '../../../shared/contract/admin';
import { parseFeedDate } from '../../../shared/rules/feed-date';
import { httpUrl } from '../../../shared/rules/http-url';
import { responses } from '../../api-schemas/common';
import type { Queryable } from '../../db/connect';
import * as repo from '../../db/repositories/admin-catalogue';
import { findTenant } from '../../db/repositories/admin-tenants';
import { ApiError } from '../../lib/api-error';
import { operatorOf, reaches } from './guard';

// What the catalogue's entities (stores.ts, coupons.ts, categories.ts, banners.ts, their routes declared once by
// catalogue-routes.ts) share: paged lists with search, create, update, delete. An editor sees the stores their tenants publish and those stores' coupons, changes them when
// no other tenant lists the store (store-owner.ts), and their tenants' banners; categories are shared by every tenant,
// so only an admin changes them.
export const security = [{ bearer: [] }];
export const MessageOnly = Type.Object({ success: Type.Boolean(), message: Type.String() });
export const created = <T extends object>(schema: T) => ({
  ...responses(AdminAnswer(schema as never)),
  201: AdminAnswer(schema as never),
});

export const page = <T>(q: { page: number; per_page: number }, p: repo.Paged<T>) => ({
  success: true,
  data: p.rows,
  total: p.total,
  page: q.page,
  per_page: q.per_page,
});

export async function requireStore(db: Queryable, id: string): Promise<AdminStore> {
  const s = await repo.findStore(db, id);
  if (!s) throw new ApiError(404, 'No such store.');
  return s;
}

/** An editor may change a store's tenants only among the tenants granted to them. */
export function checkTenantChange(
  req: FastifyRequest,
  before: readonly string[],
  after: readonly string[] | undefined,
) {
  if (!after) return;
  const op = operatorOf(req);
  const changed = [...before.filter((t) => !after.includes(t)), ...after.filter((t) => !before.includes(t))];
  for (const t of changed) if (!reaches(op, t)) throw new ApiError(403, 'This tenant is not granted to you.');
}

export async function checkTenantsExist(db: Queryable, ids: readonly string[] | undefined) {
  for (const id of ids ?? []) if (!(await findTenant(db, id))) throw new ApiError(400, `No tenant with id ${id}.`);
}

/**
 * A coupon's start and end as instants (issue 26), each checked like a feed's dates; when both are sent the end may not
 * come before the start (as a feed's row). An end alone may be in the past: that is how an operator expires a coupon.
 * Only the dates the body sends are in the answer.
 */
export function checkedDates(body: {
  start_date?: string | null | undefined;
  expiry_date?: string | null | undefined;
}): { start_date?: string | null; expiry_date?: string | null } {
  const out: { start_date?: string | null; expiry_date?: string | null } = {};
  for (const field of ['start_date', 'expiry_date'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === null) {
      out[field] = null;
      continue;
    }
    const d = parseFeedDate(value);
    if (!d.ok) throw new ApiError(400, `${field === 'start_date' ? 'Start date' : 'End date'}: ${d.message}.`);
    out[field] = d.value;
  }
  const start = out.start_date;
  const end = out.expiry_date;
  if (start && end && Date.parse(end) < Date.parse(start))
    throw new ApiError(400, 'End date is before the start date.');
  return out;
}

export function checkedLink(value: string | undefined, field: string): void {
  if (value !== undefined && httpUrl(value) === null)
    throw new ApiError(400, `${field} must be an absolute http(s) URL.`);
}
