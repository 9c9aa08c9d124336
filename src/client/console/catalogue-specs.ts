import type { AdminBanner, AdminCategory, AdminCoupon, AdminStore, AdminTenant } from '../../shared/contract/admin';
import { formatZoned, zoneOf } from '../../shared/console/zoned-date';
import { admin } from './admin-client';
import type { FormKind } from './catalogue-forms';

// The catalogue tables' specs (stores, coupons, categories, banners): what each lists, its columns and how a row is
// named, edited and added. The tables themselves are drawn by catalogue-panel.tsx.
/** A row of any catalogue table: the contract's shape of its entity. */
export type CatalogueRow = AdminStore | AdminCoupon | AdminCategory | AdminBanner;
/** The cells of a row being edited inline, by column key (text as typed until it is saved). */
export interface CellValues {
  [key: string]: unknown;
}
type Kind = 'text' | 'bool' | 'number' | 'select';
/** A column of the rows' field K. */
export interface Column<K extends string = string> {
  key: K;
  label: string;
  edit?: Kind;
  options?: readonly string[];
  /** How the cell shows its value (e.g. a date in the tenant's zone). */
  show?: (value: unknown, tenant: AdminTenant) => string;
}
const zoned = (v: unknown, t: AdminTenant) => (typeof v === 'string' ? formatZoned(v, zoneOf(t.data.time_zone)) : '—');

/** A row's value in a column. */
export const field = (row: CatalogueRow, key: string): unknown => (row as unknown as CellValues)[key];

// (Methods, not function properties: a table of stores is a table of catalogue rows.)
export interface TableSpec<R extends CatalogueRow = CatalogueRow, K extends string = string> {
  id: string;
  title: string;
  list(tenant: AdminTenant, q: string, page: number): Promise<{ data: R[]; total: number }>;
  rowId(r: R): string;
  /** Saves an inline edit's or the Pause button's changes (fields of the entity's update body). */
  update(r: R, changes: CellValues): Promise<unknown>;
  remove(r: R): Promise<unknown>;
  columns: Column<K>[];
  create?: { fields: Column<K>[]; send(v: Record<string, string>, tenant: AdminTenant): Promise<unknown> };
  adminOnly?: boolean;
  /** The row has is_paused: a Status column and a Pause / Resume button. */
  pausable?: boolean;
  /** Added and edited with the full form of its kind (no inline edit). */
  form?: FormKind;
}

/** The spec of a table of R: its columns are R's fields. */
type SpecOf<R extends CatalogueRow> = TableSpec<R, keyof R & string>;

export const PER_PAGE = 20;
const storeSpec: SpecOf<AdminStore> = {
  id: 'stores',
  title: 'Stores',
  list: (t, q, page) => admin('listStores', { query: { tenant: t._id, q, page, per_page: PER_PAGE } }),
  rowId: (r) => r._id,
  update: (r, changes) => admin('updateStore', { params: { id: r._id }, body: changes }),
  remove: (r) => admin('deleteStore', { params: { id: r._id } }),
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
const couponSpec: SpecOf<AdminCoupon> = {
  id: 'coupons',
  title: 'Coupons',
  list: (t, q, page) => admin('listCoupons', { query: { tenant: t._id, q, page, per_page: PER_PAGE } }),
  rowId: (r) => r._id,
  update: (r, changes) => admin('updateCoupon', { params: { id: r._id }, body: changes }),
  remove: (r) => admin('deleteCoupon', { params: { id: r._id } }),
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
const categorySpec: SpecOf<AdminCategory> = {
  id: 'categories',
  title: 'Categories',
  adminOnly: true,
  list: (_t, q, page) => admin('listCategories', { query: { q, page, per_page: PER_PAGE } }),
  rowId: (r) => r.name,
  update: (r, changes) => admin('updateCategory', { params: { name: r.name }, body: changes }),
  remove: (r) => admin('deleteCategory', { params: { name: r.name } }),
  columns: [
    { key: 'name', label: 'Name', edit: 'text' },
    { key: 'position', label: 'Position', edit: 'number' },
    { key: 'coupons', label: 'Coupons' },
  ],
  create: {
    fields: [{ key: 'name', label: 'Name' }],
    send: (v) => admin('createCategory', { body: { name: v.name ?? '' } }),
  },
};
const bannerSpec: SpecOf<AdminBanner> = {
  id: 'banners',
  title: 'Banners',
  list: (t, q, page) => admin('listBanners', { query: { tenant: t._id, q, page, per_page: PER_PAGE } }),
  rowId: (r) => r._id,
  update: (r, changes) => admin('updateBanner', { params: { id: r._id }, body: changes }),
  remove: (r) => admin('deleteBanner', { params: { id: r._id } }),
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
export const SPECS: TableSpec[] = [storeSpec, couponSpec, categorySpec, bannerSpec];

export const show = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v);
export const cell = (c: Column, row: CatalogueRow, tenant: AdminTenant) =>
  c.show ? c.show(field(row, c.key), tenant) : show(field(row, c.key));
/** How a row is named to a screen reader (its name, else its link, else its id). */
export const nameOf = (spec: TableSpec, row: CatalogueRow): string =>
  show('name' in row ? row.name : 'redirect_url' in row ? row.redirect_url : spec.rowId(row));
