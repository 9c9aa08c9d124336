/** The API's `_id`: 24 lowercase hex characters (the pattern the routes' JSON Schemas declare). */
export const OBJECT_ID_PATTERN = '^[0-9a-f]{24}$';

const OBJECT_ID = new RegExp(OBJECT_ID_PATTERN);

/** True for a well-formed `_id`; anything else is never sent to the API or looked up (it would answer a 400). */
export function isObjectId(value: string | null | undefined): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}
