import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OBJECT_ID_PATTERN } from '../../../src/shared/rules/object-id';
import { BANNER_DIMENSIONS, BANNER_KINDS, REDIRECTION_TYPES } from '../../../src/shared/contract/values';

// Issue 18 / decision 009: stores, coupons and banners are not re-checked field by field when read because every
// constraint the contract puts on them is also a CHECK constraint of their table, which no write (console, import,
// hand-made UPDATE) can get past. This test keeps the two lists equal; a contract constraint the tables lack needs a
// read check like domain data's (src/server/db/repositories/checked-domain.ts).
const migrations = path.resolve(import.meta.dirname, '../../../src/server/db/migrations');
const sql = ['001-catalogue.sql', '002-tenants.sql']
  .map((f) => readFileSync(path.join(migrations, f), 'utf8'))
  .join('\n');

function checkList(column: string): string[] {
  const m = new RegExp(`CHECK \\(${column} IN \\(([^)]*)\\)\\)`).exec(sql);
  if (!m?.[1]) throw new Error(`no CHECK (${column} IN (…)) in the migrations`);
  return [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1] ?? '');
}

describe("the contract's constraints on stores, coupons and banners are the tables' own", () => {
  it('enums', () => {
    expect(checkList('desktop_redirection_type').sort()).toEqual([...REDIRECTION_TYPES].sort());
    expect(checkList('banner_dimension').sort()).toEqual([...BANNER_DIMENSIONS].sort());
    expect(checkList('kind').sort()).toEqual([...BANNER_KINDS].sort());
  });

  it('24-hex ids', () => {
    expect(OBJECT_ID_PATTERN).toBe('^[0-9a-f]{24}$');
    expect(sql.match(/id text PRIMARY KEY CHECK \(id ~ '\^\[0-9a-f\]\{24\}\$'\)/g)?.length).toBe(4);
  });
});
