import { parse } from 'csv-parse/sync';
import type { ImportRowError } from '../../../shared/contract/admin';
import { parseFeedDate } from '../../../shared/rules/feed-date';
import { httpUrl } from '../../../shared/rules/http-url';
import { idFromKey } from '../../db/ids';
import type { CouponImportRow, StoreImportRow } from '../../db/repositories/admin-import';

// Reading and checking an affiliate feed's CSV (issue 15): every row is checked before anything is written, and each
// refused row is reported with its line in the file (the header is line 1). The columns are documented in
// src/server/routes/README.md ("CSV import").

export const COUPON_COLUMNS = {
  required: ['offer_id', 'advertiser', 'title', 'category', 'deeplink'],
  optional: ['description', 'code', 'start_date', 'end_date', 'exclusive'],
} as const;
export const STORE_COLUMNS = {
  required: ['store_key', 'name'],
  optional: ['slug', 'website_url', 'description', 'image', 'tenants'],
} as const;

export const MAX_ROWS = 50_000;
export const MAX_ERRORS = 500;
const KEY = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

export interface CsvRecord {
  line: number;
  cells: Record<string, string>;
}

export type Parsed = { ok: true; records: CsvRecord[] } | { ok: false; errors: ImportRowError[] };

/** The CSV's records with the line each starts on; a file that cannot be read is one error naming its line. */
export function readCsv(text: string, columns: { required: readonly string[]; optional: readonly string[] }): Parsed {
  let raw: { record: Record<string, string>; info: { lines: number; empty_lines: number } }[];
  try {
    raw = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    }) as never;
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    return { ok: false, errors: [{ line: e.lines ?? 1, message: `Unreadable CSV: ${e.message ?? String(err)}` }] };
  }
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const names = new Set(header.split(',').map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase()));
  const missing = columns.required.filter((c) => !names.has(c));
  if (missing.length) return { ok: false, errors: [{ line: 1, message: `Missing column(s): ${missing.join(', ')}` }] };
  if (raw.length === 0) return { ok: false, errors: [{ line: 1, message: 'The file has no rows.' }] };
  if (raw.length > MAX_ROWS)
    return {
      ok: false,
      errors: [{ line: 1, message: `At most ${MAX_ROWS} rows per file (this one has ${raw.length}).` }],
    };
  // A record's info is taken when it ends: it starts after the previous one's last line and the empty lines between.
  let prevEnd = 1;
  let prevEmpty = 0;
  const records = raw.map(({ record, info }) => {
    const line = prevEnd + 1 + (info.empty_lines - prevEmpty);
    prevEnd = info.lines;
    prevEmpty = info.empty_lines;
    return { line, cells: record };
  });
  return { ok: true, records };
}

const BOOL = new Map([
  ['', false],
  ['0', false],
  ['no', false],
  ['n', false],
  ['false', false],
  ['1', true],
  ['yes', true],
  ['y', true],
  ['true', true],
]);

export interface CouponLookups {
  /** store key or slug (lower-case) → store id */
  stores: ReadonlyMap<string, string>;
  categories: ReadonlySet<string>;
}

/** The rows to write, or every refused row's error (capped at MAX_ERRORS). */
export function checkCouponRows(
  records: readonly CsvRecord[],
  look: CouponLookups,
): { rows: CouponImportRow[]; errors: ImportRowError[] } {
  const rows: CouponImportRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of records) {
    if (errors.length >= MAX_ERRORS) break;
    const fail = (column: string, message: string) => errors.push({ line, column, message });
    const before = errors.length;
    const cell = (c: string) => cells[c] ?? '';
    const key = cell('offer_id').toLowerCase();
    if (!KEY.test(key)) fail('offer_id', 'offer_id must be 1–100 of a-z, 0-9, . _ - (starting with a letter or digit)');
    else if (seen.has(key)) fail('offer_id', `duplicate offer_id "${key}" (first on line ${seen.get(key)})`);
    else seen.set(key, line);
    const storeRef = cell('advertiser').toLowerCase();
    const storeId = look.stores.get(storeRef);
    if (!storeRef) fail('advertiser', 'advertiser is empty');
    else if (!storeId) fail('advertiser', `unknown store "${storeRef.slice(0, 100)}" (give its key or slug)`);
    const title = cell('title');
    if (!title) fail('title', 'title is empty');
    else if (title.length > 500) fail('title', 'title is longer than 500 characters');
    const category = cell('category');
    if (!look.categories.has(category)) fail('category', `unknown category "${category.slice(0, 100)}"`);
    const link = httpUrl(cell('deeplink'));
    if (!link) fail('deeplink', 'deeplink must be an absolute http(s) URL');
    const start = parseFeedDate(cell('start_date'));
    if (!start.ok) fail('start_date', start.message);
    const end = parseFeedDate(cell('end_date'));
    if (!end.ok) fail('end_date', end.message);
    if (start.ok && end.ok && start.value && end.value && end.value < start.value)
      fail('end_date', 'end_date is before start_date');
    const exclusive = BOOL.get(cell('exclusive').toLowerCase());
    if (exclusive === undefined) fail('exclusive', 'exclusive must be yes/no, true/false or 1/0');
    const description = cell('description');
    if (description.length > 10_000) fail('description', 'description is longer than 10,000 characters');
    const code = cell('code');
    if (code.length > 200) fail('code', 'code is longer than 200 characters');
    if (errors.length > before) continue;
    rows.push({
      id: idFromKey('coupon', key),
      key,
      store_id: storeId!,
      name: title,
      description,
      category,
      code: code || null,
      expiry_date: end.ok ? end.value : null,
      link: link!,
      is_recommended: exclusive!,
      created_at: start.ok ? start.value : null,
    });
  }
  return { rows, errors: errors.slice(0, MAX_ERRORS) };
}

export interface StoreLookups {
  /** existing slug → the key of the store holding it */
  slugs: ReadonlyMap<string, string>;
  /** host → tenant id */
  hosts: ReadonlyMap<string, string>;
}

export function checkStoreRows(
  records: readonly CsvRecord[],
  look: StoreLookups,
): { rows: StoreImportRow[]; errors: ImportRowError[] } {
  const rows: StoreImportRow[] = [];
  const errors: ImportRowError[] = [];
  const seenKeys = new Map<string, number>();
  const seenSlugs = new Map<string, number>();
  for (const { line, cells } of records) {
    if (errors.length >= MAX_ERRORS) break;
    const fail = (column: string, message: string) => errors.push({ line, column, message });
    const before = errors.length;
    const cell = (c: string) => cells[c] ?? '';
    const key = cell('store_key').toLowerCase();
    if (!KEY.test(key))
      fail('store_key', 'store_key must be 1–100 of a-z, 0-9, . _ - (starting with a letter or digit)');
    else if (seenKeys.has(key)) fail('store_key', `duplicate store_key "${key}" (first on line ${seenKeys.get(key)})`);
    else seenKeys.set(key, line);
    const slug = (cell('slug') || key.replace(/[._]/g, '-')).toLowerCase();
    if (!SLUG.test(slug)) fail('slug', 'slug must be a-z, 0-9 and -');
    else if (seenSlugs.has(slug)) fail('slug', `duplicate slug "${slug}" (first on line ${seenSlugs.get(slug)})`);
    else if (look.slugs.has(slug) && look.slugs.get(slug) !== key)
      fail('slug', `slug "${slug}" belongs to store "${look.slugs.get(slug)}"`);
    else seenSlugs.set(slug, line);
    const name = cell('name');
    if (!name) fail('name', 'name is empty');
    else if (name.length > 200) fail('name', 'name is longer than 200 characters');
    const website = cell('website_url');
    if (website && !httpUrl(website)) fail('website_url', 'website_url must be an absolute http(s) URL');
    const image = cell('image');
    if (image.length > 2000) fail('image', 'image is longer than 2,000 characters');
    const tenants: string[] = [];
    for (const host of cell('tenants')
      .toLowerCase()
      .split(/[|\s]+/)
      .filter(Boolean)) {
      const id = look.hosts.get(host);
      if (!id) fail('tenants', `no tenant serves host "${host.slice(0, 100)}"`);
      else tenants.push(id);
    }
    if (errors.length > before) continue;
    rows.push({
      id: idFromKey('store', key),
      key,
      slug,
      name,
      description: cell('description'),
      image: image || null,
      website_url: website,
      tenants,
    });
  }
  return { rows, errors: errors.slice(0, MAX_ERRORS) };
}
