import type { FastifySchema, FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema';
import { fieldLabel, ruleMessage, type FieldSchema } from '../../../shared/console/field-rules';

// Issue 26: a console request that breaks its schema is answered in the words the console's form shows for the same
// rule (src/shared/console/field-rules.ts), e.g. "Key may use only lower-case letters a–z, …", never ajv's
// `body/key must match pattern "^[a-z0-9]…$"`. The failing rule is found in the route's own schema by ajv's schemaPath.

type Schemaish = FieldSchema & Record<string, unknown>;

/** The schema object at a JSON pointer such as '#/properties/key' (decoded ~1 / ~0), or undefined. */
function at(root: unknown, pointer: string): Schemaish | undefined {
  let node: unknown = root;
  for (const raw of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node && typeof node === 'object' ? (node as Schemaish) : undefined;
}

/** One validation error of the request's `dataVar` (body, querystring, params) in words. */
export function validationMessage(schema: unknown, error: FastifySchemaValidationError): string {
  const path = error.schemaPath.split('/');
  const holder = at(schema, path.slice(0, -1).join('/')) ?? {};
  const params = (error.params ?? {}) as Record<string, unknown>;
  const segments = (error.instancePath ?? '').split('/').filter((s) => s !== '' && !/^\d+$/.test(s));
  if (error.keyword === 'required') {
    const name = String(params.missingProperty ?? '');
    const property = holder.properties?.[name];
    return ruleMessage(fieldLabel(name, property), property ?? {}, 'required');
  }
  if (error.keyword === 'additionalProperties') return ruleMessage('', holder, 'additionalProperties', params);
  const name = segments.at(-1) ?? '';
  return ruleMessage(fieldLabel(name, holder), holder, error.keyword, params);
}

/** A route's schemaErrorFormatter: the first error of the part that failed, in words (allErrors is off). */
export function humanSchemaErrors(schema: FastifySchema | undefined) {
  return (errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar): Error => {
    const part = (schema as Record<string, unknown> | undefined)?.[dataVar];
    const first = errors[0];
    return new Error(first ? validationMessage(part, first) : 'The request is not valid.');
  };
}
