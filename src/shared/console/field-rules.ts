// One field's rules in human words (issue 26): the console's forms check each field in the browser against the same
// JSON Schema the server validates with, and the server's validation errors on /api/admin/… use these same sentences,
// so both say the same thing and neither shows ajv's own text (`body/key must match pattern "^[a-z0-9]…$"`).
// No TypeBox here: the console reads the contract's plain JSON Schema objects.

/** The part of a JSON Schema property the rules read. */
export interface FieldSchema {
  type?: string | readonly string[];
  title?: string;
  description?: string;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  enum?: readonly unknown[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: readonly string[];
  allOf?: readonly FieldSchema[];
  anyOf?: readonly FieldSchema[];
}

/** The contract's patterns, and what each asks for in words (how a pattern is named to an operator). */
export const KEY_PATTERN = '^[a-z0-9][a-z0-9._-]{0,99}$';
export const SLUG_PATTERN = '^[a-z0-9][a-z0-9-]{0,199}$';
export const HOST_PATTERN = '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$';
export const HTTP_URL_PATTERN = '^[hH][tT][tT][pP][sS]?://[^\\s]+$';

const PATTERN_WORDS: Record<string, string> = {
  [KEY_PATTERN]:
    'may use only lower-case letters a–z, digits, dots, underscores and hyphens, start with a letter or digit, and be up to 100 characters',
  [SLUG_PATTERN]:
    'may use only lower-case letters a–z, digits and hyphens, start with a letter or digit, and be up to 200 characters',
  [HOST_PATTERN]: 'must be a lower-case host name such as six.localhost (no https://, no port, no path)',
  [HTTP_URL_PATTERN]: 'must be an absolute http(s) URL, e.g. https://example.com/',
  '^[0-9a-f]{24}$': 'must be a 24-character id',
};

/** A pattern's words, or a plain sentence (never the pattern itself). */
function patternWords(pattern: string, schema: FieldSchema): string {
  // '^$|…': the field may also be left empty (said by the form itself: it is not required).
  const rule = pattern.startsWith('^$|') ? pattern.slice(3) : pattern;
  return (
    PATTERN_WORDS[rule] ?? (schema.description ? `must match: ${schema.description}` : 'is not in the expected form')
  );
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** The rules a failed ajv keyword (or a browser check) reports, as one sentence about `label`. */
export function ruleMessage(
  label: string,
  schema: FieldSchema,
  keyword: string,
  params: Record<string, unknown> = {},
): string {
  switch (keyword) {
    case 'required':
      return `${label} is required.`;
    case 'minLength':
      return schema.minLength === 1
        ? `${label} is required.`
        : `${label} must be at least ${plural(schema.minLength ?? 0, 'character')}.`;
    case 'maxLength':
      return `${label} must be at most ${plural(schema.maxLength ?? 0, 'character')}.`;
    case 'pattern':
      return `${label} ${patternWords(schema.pattern ?? String(params.pattern ?? ''), schema)}.`;
    case 'format':
      return schema.format === 'uri' || params.format === 'uri'
        ? `${label} must be an absolute http(s) URL, e.g. https://example.com/.`
        : `${label} is not a valid ${String(schema.format ?? params.format ?? 'value')}.`;
    case 'minimum':
      return `${label} must be ${schema.minimum ?? String(params.limit)} or more.`;
    case 'maximum':
      return `${label} must be ${schema.maximum ?? String(params.limit)} or less.`;
    case 'minItems':
      return `${label} needs at least ${plural(schema.minItems ?? 0, 'entry')}.`.replace('entrys', 'entries');
    case 'maxItems':
      return `${label} may have at most ${plural(schema.maxItems ?? 0, 'entry')}.`.replace('entrys', 'entries');
    case 'enum':
      return `${label} must be one of: ${(schema.enum ?? []).map(String).join(', ')}.`;
    case 'type':
      return `${label} must be ${typeWords(schema.type)}.`;
    case 'additionalProperties':
      return `Unknown field "${String(params.additionalProperty ?? '')}".`;
    default:
      return `${label} is not valid.`;
  }
}

function typeWords(type: FieldSchema['type']): string {
  const types = (Array.isArray(type) ? type : [type]).filter((t) => t !== 'null');
  const words: Record<string, string> = {
    string: 'text',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'yes or no',
    array: 'a list',
    object: 'a set of fields',
  };
  return types.map((t) => words[String(t)] ?? String(t)).join(' or ') || 'empty';
}

/** How a property is named: its schema title, else its name with '_' as spaces and a capital first letter. */
export function fieldLabel(name: string, schema: FieldSchema | undefined): string {
  if (schema?.title) return schema.title;
  const words = name.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'This field';
}

const isType = (schema: FieldSchema, t: string) =>
  schema.type === t || (Array.isArray(schema.type) && schema.type.includes(t));

/**
 * The first rule a form field's value breaks, in words, or null. `value` is what the form holds: text ('' when empty),
 * a number, a boolean. Empty text is "not given": an error only when the form requires the field (else a nullable
 * field sends null, an optional one nothing).
 */
export function fieldProblem(
  label: string,
  schema: FieldSchema,
  value: string | number | boolean | null,
  required: boolean,
): string | null {
  if (value === null || value === '') return required ? ruleMessage(label, schema, 'required') : null;
  if (typeof value === 'string') {
    const length = Array.from(value).length;
    if (schema.minLength !== undefined && length < schema.minLength) return ruleMessage(label, schema, 'minLength');
    if (schema.maxLength !== undefined && length > schema.maxLength) return ruleMessage(label, schema, 'maxLength');
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
      return ruleMessage(label, schema, 'pattern');
    if (schema.enum && !schema.enum.includes(value)) return ruleMessage(label, schema, 'enum');
    if (schema.format === 'uri' && !/^https?:\/\/\S+$/i.test(value)) return ruleMessage(label, schema, 'format');
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (isType(schema, 'integer') && !Number.isInteger(value)))
      return ruleMessage(label, schema, 'type');
    if (schema.minimum !== undefined && value < schema.minimum) return ruleMessage(label, schema, 'minimum');
    if (schema.maximum !== undefined && value > schema.maximum) return ruleMessage(label, schema, 'maximum');
  }
  return null;
}

/**
 * A JSON Schema pattern as an HTML `pattern` attribute: browsers compile it with the `v` flag (and wrap it in
 * ^(?:…)$), where a '-' or other set-syntax character inside a class must be escaped, so an attribute copied verbatim
 * is invalid, silently ignored, and the browser checks nothing. Classes are rewritten with those characters escaped.
 */
export function htmlPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
      continue;
    }
    if (!inClass) {
      if (c === '[') {
        inClass = true;
        out += c;
        if (pattern[i + 1] === '^') {
          out += '^';
          i++;
        }
      } else out += c;
      continue;
    }
    if (c === ']') {
      inClass = false;
      out += c;
      continue;
    }
    // A range a-z stays a range; a '-' at either end of the class, or any other set-syntax character, is escaped.
    const prev = pattern[i - 1];
    const next = pattern[i + 1];
    if (c === '-' && prev !== '[' && prev !== '^' && next !== ']' && prev !== undefined) out += c;
    else if ('()[]{}/-|'.includes(c)) out += `\\${c}`;
    else if ('&!#$%*+,.:;<=>?@^`~'.includes(c) && next === c) out += `\\${c}`;
    else out += c;
  }
  return out;
}
