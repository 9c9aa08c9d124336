import type { AdminTenant } from '../../shared/contract/admin';
import { formatZoned, zoneOf } from '../../shared/console/zoned-date';
import { qs } from './api';
import type { FormKind } from './catalogue-forms';

// The catalogue tables' specs (stores, coupons, categories, banners): what each lists, its columns and how a row is
// named, edited and added. The tables themselves are drawn by catalogue-panel.tsx.
export type Row = Record<string, unknown>;
type Kind = 'text' | 'bool' | 'number' | 'select';

export interface Column {
  key: string;
  label: string;
  edit?: Kind;
  options?: readonly string[];
  /** How the cell shows its value (e.g. a date in the tenant's zone). */
  show?: (value: unknown, tenant: AdminTenant) => string;
}
const zoned = (v: unknown, t: AdminTenant) => (typeof v === 'string' ? formatZoned(v, zoneOf(t.data.time_zone)) : '—');

export interface TableSpec {
  id: string;
  title: string;
  list: (tenant: AdminTenant, q: string, page: number) => string;
  rowId: (r: Row) => string;
  path: (r: Row) => string;
  columns: Column[];
  create?: { fields: Column[]; url: string; body: (v: Record<string, string>, tenant: AdminTenant) => object };
  adminOnly?: boolean;
  /** The row has is_paused: a Status column and a Pause / Resume button. */
  pausable?: boolean;
  /** Added and edited with the full form of its kind (no inline edit). */
  form?: FormKind;
}

export const PER_PAGE = 20;
const storeSpec: TableSpec = {
  id: 'stores',
  title: 'Stores',
  list: (t, q, page) => `/api/admin/stores${qs({ tenant: t._id, q, page, per_page: PER_PAGE })}`,
  rowId: (r) => String(r._id),
  path: (r) => `/api/admin/stores/${String(r._id)}`,
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'slug', label: 'Slug' },
    { key: 'website_url', label: 'Website' },
    { key: 'coupons', label: 'Coupons' },
    { key: 'is_paused', label: 'Paused' },
    { key: 'is_archived', label: 'Archived' },
  ],
  form: 'stores',
};
const couponSpec: TableSpec = {
  id: 'coupons',
  title: 'Coupons',
  list: (t, q, page) => `/api/admin/coupons${qs({ tenant: t._id, q, page, per_page: PER_PAGE })}`,
  rowId: (r) => String(r._id),
  path: (r) => `/api/admin/coupons/${String(r._id)}`,
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'store_name', label: 'Store' },
    { key: 'category', label: 'Category' },
    { key: 'code', label: 'Code', show: (v) => (v === null ? 'deal' : String(v)) },
    { key: 'start_date', label: 'Starts', show: zoned },
    { key: 'expiry_date', label: 'Ends', show: (v, t) => (v === null ? 'never' : zoned(v, t)) },
    { key: 'is_recommended', label: 'Exclusive' },
  ],
  pausable: true,
  form: 'coupons',
};
const categorySpec: TableSpec = {
  id: 'categories',
  title: 'Categories',
  adminOnly: true,
  list: (_t, q, page) => `/api/admin/categories${qs({ q, page, per_page: PER_PAGE })}`,
  rowId: (r) => String(r.name),
  path: (r) => `/api/admin/categories/${encodeURIComponent(String(r.name))}`,
  columns: [
    { key: 'name', label: 'Name', edit: 'text' },
    { key: 'position', label: 'Position', edit: 'number' },
    { key: 'coupons', label: 'Coupons' },
  ],
  create: { url: '/api/admin/categories', fields: [{ key: 'name', label: 'Name' }], body: (v) => ({ name: v.name }) },
};
const bannerSpec: TableSpec = {
  id: 'banners',
  title: 'Banners',
  list: (t, q, page) => `/api/admin/banners${qs({ tenant: t._id, q, page, per_page: PER_PAGE })}`,
  rowId: (r) => String(r._id),
  path: (r) => `/api/admin/banners/${String(r._id)}`,
  columns: [
    { key: 'kind', label: 'Kind' },
    { key: 'banner_dimension', label: 'Size' },
    { key: 'image_upload', label: 'Image' },
    { key: 'redirect_url', label: 'Link' },
    { key: 'position', label: 'Position' },
  ],
  pausable: true,
  form: 'banners',
};
export const SPECS = [storeSpec, couponSpec, categorySpec, bannerSpec];

export const show = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);
export const cell = (c: Column, row: Row, tenant: AdminTenant) =>
  c.show ? c.show(row[c.key], tenant) : show(row[c.key]);
/** How a row is named to a screen reader (its name, else its link, else its id). */
export const nameOf = (spec: TableSpec, row: Row): string => show(row.name ?? row.redirect_url ?? spec.rowId(row));
