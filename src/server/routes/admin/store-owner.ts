import type { FastifyRequest } from 'fastify';
import type { StoreUpdate } from '../../../shared/contract/admin';
import type { Queryable } from '../../db/connect';
import { lockStoreTenants, tenantHosts } from '../../db/repositories/admin-catalogue';
import { ApiError } from '../../lib/api-error';
import { checkTenantChange } from './catalogue-shared';
import { reaches, requireAnyTenant, type Operator } from './guard';

// Who may change a store and its coupons (docs/decisions/024-shared-store-owner.md): the catalogue is shared, so a
// store's fields, flags and offers are what every tenant listing it shows. An admin may change any store; an editor
// only a store whose every listing tenant is granted to them. Listing or unlisting it on their own tenants stays
// theirs either way: a domain_stores row is seen by that tenant's shoppers alone.

/** 403 unless the operator may change a store listed by `tenants`, or (`what: 'coupon'`) one of its coupons. */
export async function requireStoreOwner(
  db: Queryable,
  req: FastifyRequest,
  tenants: readonly string[],
  what: 'store' | 'coupon',
): Promise<Operator> {
  const op = requireAnyTenant(req, tenants);
  const others = tenants.filter((t) => !reaches(op, t));
  if (others.length === 0) return op;
  const hosts = await tenantHosts(db, others);
  const names = others.map((t) => hosts.get(t) ?? t).sort();
  const listed = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  throw new ApiError(
    403,
    `Other tenants also list ${what === 'store' ? 'this store' : "this coupon's store"} (${listed}): ` +
      `only an admin may change ${what === 'store' ? 'it' : 'its coupons'}, since the change would show on their sites.`,
  );
}

/** A store update that only lists or unlists it changes no other tenant's site. */
const onlyListing = (body: StoreUpdate): boolean => Object.keys(body).every((k) => k === 'tenants');

/**
 * 403 unless the operator may make this update of a store listed by `tenants`: its listing on tenants they hold, or
 * anything when they hold every tenant listing it.
 */
export async function checkStoreUpdate(
  db: Queryable,
  req: FastifyRequest,
  tenants: readonly string[],
  body: StoreUpdate,
): Promise<void> {
  if (onlyListing(body)) requireAnyTenant(req, tenants);
  else await requireStoreOwner(db, req, tenants, 'store');
  checkTenantChange(req, tenants, body.tenants);
}

/**
 * In a write's transaction: locks the store until the commit and answers the tenants listing it now, for the route to
 * check again (an admin may have listed it elsewhere since the first check) and for the cache drop.
 */
export async function lockedStoreTenants(tx: Queryable, storeId: string): Promise<string[]> {
  const tenants = await lockStoreTenants(tx, storeId);
  if (!tenants) throw new ApiError(404, 'No such store.');
  return tenants;
}
