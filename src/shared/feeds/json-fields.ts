// Issue 30: readings the Impact, Admitad and Tradedoubler mappings share (pure). Their records come from JSON, where a
// network's "number" may be a string ("10.00", Impact's way), a flag may be true or "true", and any field may hold
// null or something else entirely: each value is read for what it says, never trusted to be of its documented type.

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** An object (not a list, text, number or null): what every network's record is. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as text: a string as written, a finite number or a flag spelled out; '' for anything else. */
export function jsonText(value: JsonValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  return '';
}

/** A list's items; nothing when the value is not a list. */
export const jsonList = (value: JsonValue | undefined): readonly JsonValue[] => (Array.isArray(value) ? value : []);

/** A nested object, or an empty one. */
export const jsonObject = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});

const NUMBER = /^[+]?(\d{1,12}(?:\.\d{1,6})?|\.\d{1,6})$/;

/** A non-negative number written as a JSON number or as text ("10", "10.00"); null when it is neither. */
export function jsonNumber(value: JsonValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  const text = jsonText(value).trim();
  return NUMBER.test(text) ? Number(text) : null;
}

/** A yes: true, or a string or number that says so ("true", "1", "yes"). */
export const jsonFlag = (value: JsonValue | undefined): boolean =>
  value === true || /^(true|1|yes|y)$/i.test(jsonText(value).trim());
