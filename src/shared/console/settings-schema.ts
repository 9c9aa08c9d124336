// Issue 29: a section type's settings schema as the layout studio reads it. schemas/sections/<type>.schema.json refers
// into schemas/common.schema.json and into other section files with `$ref`s; the form wants one tree without them, so
// resolveSchema inlines every reference. Plain JSON Schema objects (imported .json files): no TypeBox, no ajv here.

/** `{ "$data": "1/expanded" }`: a bound read from another value of the document (ajv's $data, a relative pointer). */
export interface DataRef {
  readonly $data: string;
}

/** A JSON Schema (draft-07) node: the keywords the section schemas use, and the few a new one could use. */
export interface JsonSchema {
  readonly $id?: string;
  readonly $schema?: string;
  readonly $ref?: string;
  readonly $comment?: string;
  readonly title?: string;
  readonly description?: string;
  readonly default?: unknown;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly minimum?: number | DataRef;
  readonly maximum?: number | DataRef;
  readonly exclusiveMinimum?: number | DataRef;
  readonly exclusiveMaximum?: number | DataRef;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly definitions?: Readonly<Record<string, JsonSchema>>;
}

/** Schema files by their `$id`. */
export type SchemaIndex = ReadonlyMap<string, JsonSchema>;

/** The index of a set of schema files (each must have an `$id`). */
export function schemaIndex(files: Iterable<JsonSchema>): SchemaIndex {
  const byId = new Map<string, JsonSchema>();
  for (const file of files) {
    if (typeof file.$id !== 'string') throw new Error(`a schema file without $id: ${file.title ?? '(untitled)'}`);
    byId.set(file.$id, file);
  }
  return byId;
}

// Beside a $ref, ajv (v8) applies the other keywords too: a bound there narrows the target's, any other keyword (a
// default, a description) is the referring property's own and wins.
const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems'] as const;
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems'] as const;
// A whole file's own keywords describe the file, not the property that points at it ("Settings of a newsletter section").
const FILE_KEYWORDS = new Set(['$id', '$schema', 'title', 'definitions']);

function merge(target: JsonSchema, over: JsonSchema): JsonSchema {
  const out: Record<string, unknown> = { ...target, ...over };
  for (const key of LOWER_BOUNDS) {
    const a = target[key];
    const b = over[key];
    if (typeof a === 'number' && typeof b === 'number') out[key] = Math.max(a, b);
  }
  for (const key of UPPER_BOUNDS) {
    const a = target[key];
    const b = over[key];
    if (typeof a === 'number' && typeof b === 'number') out[key] = Math.min(a, b);
  }
  if (target.required && over.required) out.required = [...new Set([...target.required, ...over.required])];
  if (target.properties && over.properties) out.properties = { ...target.properties, ...over.properties };
  return out as JsonSchema;
}

const unescapeToken = (token: string) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');

/** The node a `$ref` names, and the `$id` of the file it is in (later refs inside it are relative to that file). */
function follow(ref: string, base: string, byId: SchemaIndex): { schema: JsonSchema; base: string } {
  const [file = '', pointer = ''] = new URL(ref, base).href.split('#');
  let node: unknown = byId.get(file);
  if (node === undefined) throw new Error(`$ref ${ref} (from ${base}): no schema file ${file}`);
  for (const token of pointer.split('/').filter(Boolean)) {
    node =
      typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[unescapeToken(token)] : undefined;
    if (node === undefined) throw new Error(`$ref ${ref} (from ${base}): nothing at #${pointer} in ${file}`);
  }
  if (pointer !== '') return { schema: node as JsonSchema, base: file };
  const whole: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) if (!FILE_KEYWORDS.has(key)) whole[key] = value;
  return { schema: whole as JsonSchema, base: file };
}

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf'] as const;

/**
 * The schema with every `$ref` replaced by what it names (keywords beside a ref kept, see merge) and every `allOf`
 * merged into its parent, so a reader walks one tree. `byId` holds the files refs may name; `base` is the `$id` refs
 * are relative to (the schema's own by default). Throws for a ref to nothing and for a ref that loops.
 */
export function resolveSchema(schema: JsonSchema, byId: SchemaIndex, base = schema.$id ?? ''): JsonSchema {
  return resolveNode(schema, byId, base, []);
}

function resolveNode(schema: JsonSchema, byId: SchemaIndex, base: string, seen: readonly string[]): JsonSchema {
  let node = schema;
  let at = typeof schema.$id === 'string' ? schema.$id : base;
  let trail = seen;
  while (typeof node.$ref === 'string') {
    const where = new URL(node.$ref, at).href;
    if (trail.includes(where))
      throw new Error(`$ref ${node.$ref} (from ${at}) loops: ${[...trail, where].join(' → ')}`);
    trail = [...trail, where];
    const { $ref: _ref, ...beside } = node;
    const target = follow(node.$ref, at, byId);
    node = merge(target.schema, beside);
    at = target.base;
  }
  if (node.allOf) {
    const { allOf, ...rest } = node;
    node = allOf.reduce<JsonSchema>((acc, part) => merge(acc, resolveNode(part, byId, at, trail)), rest);
  }
  return resolveChildren(node, byId, at, trail);
}

function resolveChildren(node: JsonSchema, byId: SchemaIndex, base: string, seen: readonly string[]): JsonSchema {
  const out: Record<string, unknown> = { ...node };
  delete out.definitions;
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, child]) => [key, resolveNode(child, byId, base, seen)]),
    );
  }
  if (node.items) out.items = resolveNode(node.items, byId, base, seen);
  if (typeof node.additionalProperties === 'object')
    out.additionalProperties = resolveNode(node.additionalProperties, byId, base, seen);
  for (const key of SUBSCHEMA_LISTS) {
    const list = node[key];
    if (list) out[key] = list.map((part) => resolveNode(part, byId, base, seen));
  }
  return out as JsonSchema;
}
