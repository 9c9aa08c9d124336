import type { ImportRowError } from '../../../shared/contract/admin';
import { parseFeedDate } from '../../../shared/rules/feed-date';
import { httpUrl } from '../../../shared/rules/http-url';
import { imageSourceProblem } from '../../../shared/console/image-source';
import { idFromKey } from '../../db/ids';
import type { CouponImportRow, StoreImportRow } from '../../db/repositories/admin-import';
import type { CsvRecord } from './csv-read';

// Checking an affiliate feed's rows (issue 15) one by one as they are read (csv-read.ts): each refused row is reported
// with its line in the file (the header is line 1), and nothing is written unless every row passes. The columns are
// documented in src/server/routes/README.md ("CSV import").

export const COUPON_COLUMNS = {
  required: ['offer_id', 'advertiser', 'title', 'category', 'deeplink'],
  optional: ['description', 'code', 'start_date', 'end_date', 'exclusive'],
} as const;
export const STORE_COLUMNS = {
  required: ['store_key', 'name'],
  optional: ['slug', 'website_url', 'description', 'image', 'tenants'],
} as const;

export const MAX_ERRORS = 500;
const KEY = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/**
 * The rows of a file, checked one record at a time: `rows` holds the ones to write (only when asked to keep them; a dry
 * run keeps none), `errors` every refused row's (the first MAX_ERRORS; records after those are not checked).
 */
export interface RowChecker<Row> {
  check(record: CsvRecord): void;
  readonly rows: Row[];
  readonly errors: ImportRowError[];
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

type Fail = (column: string, message: string) => void;

/** A RowChecker from the check of one record, which returns its row unless `failed()` (it called `fail`). */
function rowChecker<Row>(
  keepRows: boolean,
  checkOne: (record: CsvRecord, fail: Fail, failed: () => boolean) => Row | null,
): RowChecker<Row> {
  const rows: Row[] = [];
  const errors: ImportRowError[] = [];
  return {
    rows,
    get errors() {
      return errors.slice(0, MAX_ERRORS);
    },
    check(record) {
      if (errors.length >= MAX_ERRORS) return;
      const before = errors.length;
      const row = checkOne(
        record,
        (column, message) => errors.push({ line: record.line, column, message }),
        () => errors.length > before,
      );
      if (row && keepRows) rows.push(row);
    },
  };
}

export function couponRowChecker(look: CouponLookups, keepRows: boolean): RowChecker<CouponImportRow> {
  const seen = new Map<string, number>();
  return rowChecker(keepRows, ({ line, cells }, fail, failed) => {
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
    if (failed()) return null;
    return {
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
      // The start date is the coupon's date (its place in newest-first lists), not when shoppers first see it: store
      // alerts go out from the import, or from this date when it is later (coupons.shown_at, migration 054).
      created_at: start.ok ? start.value : null,
    };
  });
}

export interface StoreLookups {
  /** existing slug → the key of the store holding it */
  slugs: ReadonlyMap<string, string>;
  /** host → tenant id */
  hosts: ReadonlyMap<string, string>;
}

export function storeRowChecker(look: StoreLookups, keepRows: boolean): RowChecker<StoreImportRow> {
  const seenKeys = new Map<string, number>();
  const seenSlugs = new Map<string, number>();
  return rowChecker(keepRows, ({ line, cells }, fail, failed) => {
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
    else if (imageSourceProblem(image)) fail('image', `image ${imageSourceProblem(image)}`);
    const tenants: string[] = [];
    for (const host of cell('tenants')
      .toLowerCase()
      .split(/[|\s]+/)
      .filter(Boolean)) {
      const id = look.hosts.get(host);
      if (!id) fail('tenants', `no tenant serves host "${host.slice(0, 100)}"`);
      else tenants.push(id);
    }
    if (failed()) return null;
    return {
      id: idFromKey('store', key),
      key,
      slug,
      name,
      description: cell('description'),
      image: image || null,
      website_url: website,
      tenants,
    };
  });
}
