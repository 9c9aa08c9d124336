import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Random values inside a JSON Schema's bounds, for the subset our layout schemas use (draft-07: $ref, type, enum, const,
// minimum/maximum, minLength/maxLength, pattern, items, minItems/maxItems, uniqueItems, properties, required).
type Schema = { [key: string]: unknown };

const schemasDir = path.resolve(import.meta.dirname, '../../../schemas');
const byId = new Map<string, Schema>();
const sectionFiles = readdirSync(path.join(schemasDir, 'sections')).filter((f) => f.endsWith('.schema.json'));
for (const rel of ['common.schema.json', ...sectionFiles.map((f) => `sections/${f}`)]) {
  const schema = JSON.parse(readFileSync(path.join(schemasDir, rel), 'utf8')) as Schema;
  byId.set(String(schema.$id), schema);
}

function resolveRef(ref: string, base: string): { schema: Schema; base: string } {
  const url = new URL(ref, base);
  const [doc, pointer = ''] = url.href.split('#');
  let node: unknown = byId.get(doc!);
  if (!node) throw new Error(`unknown schema ${doc}`);
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Schema)[part];
  return { schema: node as Schema, base: doc! };
}

const staticNumber = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function forType(type: string, s: Schema, base: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
      return fc.integer({ min: staticNumber(s.minimum) ?? 0, max: staticNumber(s.maximum) ?? 100 });
    case 'number':
      return fc.double({ min: staticNumber(s.minimum) ?? 0, max: staticNumber(s.maximum) ?? 100, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const minLength = staticNumber(s.minLength) ?? 0;
      const maxLength = Math.min(staticNumber(s.maxLength) ?? 40, 40);
      if (typeof s.pattern === 'string')
        return fc
          .stringMatching(new RegExp(s.pattern))
          .filter((v) => v.length >= minLength && v.length <= (staticNumber(s.maxLength) ?? Infinity));
      return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'array': {
      const items = arbitraryFromSchema((s.items ?? {}) as Schema, base);
      const constraints = {
        minLength: staticNumber(s.minItems) ?? 0,
        maxLength: Math.min(staticNumber(s.maxItems) ?? 6, 6),
      };
      return s.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(items, constraints);
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) model[key] = arbitraryFromSchema(child, base);
      return fc.record(model, { requiredKeys: (s.required as string[] | undefined) ?? [] });
    }
    default:
      throw new Error(`schema-arbitrary: type ${type} is not supported`);
  }
}

export function arbitraryFromSchema(schema: Schema, base: string): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, base);
    const { $ref: _ref, ...rest } = schema;
    return arbitraryFromSchema({ ...target.schema, ...rest }, target.base);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : ['object'];
  return fc.oneof(...types.map((t) => forType(t, schema, base)));
}

/** Random settings for a section type, inside its settings schema's bounds (cross-field rules may still fail: filter them). */
export function settingsArbitrary(type: string): fc.Arbitrary<Record<string, unknown>> {
  const id = `https://dealdeck.dev/schemas/sections/${type}.schema.json`;
  const schema = byId.get(id);
  if (!schema) throw new Error(`no settings schema for ${type}`);
  return arbitraryFromSchema(schema, id) as fc.Arbitrary<Record<string, unknown>>;
}
