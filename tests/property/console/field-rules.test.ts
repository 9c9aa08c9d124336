import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TenantCreate, StoreCreate, CouponCreate, BannerCreate } from '../../../src/shared/contract/admin';
import { fieldProblem, htmlPattern, type FieldSchema } from '../../../src/shared/console/field-rules';

// Issue 26: the console's fields carry the contract's patterns as HTML pattern attributes. Browsers compile those with
// the `v` flag, where new-tenant.tsx's old `[a-z0-9._\\-]` was invalid (silently ignored: nothing was checked).

/** Every pattern the console's add forms check, from the contract's own schemas. */
function patterns(schema: unknown, out = new Set<string>()): Set<string> {
  if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    if (typeof s.pattern === 'string') out.add(s.pattern);
    for (const v of Object.values(s)) patterns(v, out);
  }
  return out;
}
const ALL = [...patterns([TenantCreate, StoreCreate, CouponCreate, BannerCreate])];
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...'abcz09._-/:Aé \\[]{}|hts'), maxLength: 30 }),
  fc.constantFrom('https://example.com/', 'six.localhost', 'store-1', 'a'.repeat(24)),
);

describe('htmlPattern', () => {
  it('finds the contract’s patterns', () => expect(ALL.length).toBeGreaterThanOrEqual(4));

  it('is valid under the v flag and accepts exactly what the schema accepts, for every contract pattern', () => {
    for (const p of ALL) {
      // A browser's reading of the attribute: ^(?:pattern)$ with the v flag.
      const browser = new RegExp(`^(?:${htmlPattern(p)})$`, 'v');
      const server = new RegExp(p, 'u');
      fc.assert(
        fc.property(text, (s) => {
          expect(browser.test(s), `${p} on ${JSON.stringify(s)}`).toBe(server.test(s));
        }),
      );
    }
  });

  it("rejects new-tenant.tsx's old attribute under v, which the rewrite fixes", () => {
    const old = String.raw`[a-z0-9][a-z0-9._\\-]*`; // the attribute's text, as the browser read it
    expect(() => new RegExp(old, 'v')).toThrow();
    expect(() => new RegExp(htmlPattern('^[a-z0-9][a-z0-9._-]{0,99}$'), 'v')).not.toThrow();
  });
});

describe('fieldProblem', () => {
  const key = TenantCreate.properties.key as FieldSchema;
  it('says nothing for a good value and words (never the pattern) for a bad one', () => {
    fc.assert(
      fc.property(text, (s) => {
        const problem = fieldProblem('Key', key, s, true);
        if (new RegExp(key.pattern!, 'u').test(s)) expect(problem).toBeNull();
        else {
          expect(problem).toMatch(/^Key /);
          expect(problem).not.toContain(key.pattern!);
        }
      }),
    );
  });

  it('names the rule: required, length, range, choice', () => {
    const name = StoreCreate.properties.name as FieldSchema;
    expect(fieldProblem('Name', name, '', true)).toBe('Name is required.');
    expect(fieldProblem('Name', name, 'x'.repeat(201), true)).toBe('Name must be at most 200 characters.');
    const position = BannerCreate.properties.position as unknown as FieldSchema;
    expect(fieldProblem('Position', position, -1, false)).toBe('Position must be 0 or more.');
    expect(fieldProblem('Position', position, 1.5, false)).toBe('Position must be a whole number.');
    const size = BannerCreate.properties.banner_dimension as FieldSchema;
    expect(fieldProblem('Size', size, '1 * 1', true)).toBe(
      'Size must be one of: 120 * 600, 728 * 90, 1480 * 630, 300 * 250.',
    );
    // A nullable field left empty is null, never "required".
    expect(fieldProblem('Code', CouponCreate.properties.code as FieldSchema, '', false)).toBeNull();
  });
});
