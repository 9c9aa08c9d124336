import { Type, type TUnsafe } from '@sinclair/typebox';

// JSON Schema spellings the API has always used, typed: fast-json-stringify serialises a type list or an enum keyword
// directly, where TypeBox's own Union would be an anyOf it has to try branch by branch.

type Described = { description?: string; title?: string };

/** `string | null` as `{ type: ['string', 'null'] }`. */
export const NullableString = (options: Described & { maxLength?: number } = {}): TUnsafe<string | null> =>
  Type.Unsafe<string | null>({ ...options, type: ['string', 'null'] });

/** `number | null` as `{ type: ['number', 'null'] }`. */
export const NullableNumber = (options: Described = {}): TUnsafe<number | null> =>
  Type.Unsafe<number | null>({ ...options, type: ['number', 'null'] });

/** `integer | null` as `{ type: ['integer', 'null'] }` (a layout setting where null turns something off). */
export const NullableInteger = (
  options: Described & { minimum?: number; maximum?: number; default?: number | null } = {},
): TUnsafe<number | null> => Type.Unsafe<number | null>({ ...options, type: ['integer', 'null'] });

/** One of a closed list of strings as `{ type: 'string', enum }`. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: Described & { default?: T[number] } = {},
): TUnsafe<T[number]> => Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });

type IntegerRange = Described & { minimum: number; maximum: number; default: number };

/**
 * A whole-number query parameter. Ajv's coercion turns 'Infinity' and '1e309' into Infinity and never checks the
 * coerced value again (its minimum/maximum skip non-finite numbers), so those reached the database. The first branch
 * refuses any string that is not plain digits before the second coerces it (typed, so Ajv's strict mode has nothing to
 * warn about: the default, a number, is coerced to its digits and back).
 */
export const QueryInteger = ({ minimum, maximum, default: fallback, ...options }: IntegerRange): TUnsafe<number> =>
  Type.Unsafe<number>({
    ...options,
    default: fallback,
    allOf: [
      { type: 'string', pattern: '^[0-9]{1,15}$' },
      { type: 'integer', minimum, maximum },
    ],
  });
