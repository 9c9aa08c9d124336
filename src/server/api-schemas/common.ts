import { OBJECT_ID_PATTERN } from '../../shared/rules/object-id';

// JSON Schemas shared by the routes: envelopes, paging and the error answer.
export const str = { type: 'string' } as const;
export const nullableStr = { type: ['string', 'null'] } as const;
export const bool = { type: 'boolean' } as const;
export const int = { type: 'integer' } as const;

export const MAX_PAGE = 10_000;
export const MAX_PER_PAGE = 100;
export const ID_PATTERN = OBJECT_ID_PATTERN;

export const idParam = { type: 'string', pattern: ID_PATTERN, description: '24-hex `_id`' } as const;
export const textParam = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const pagingQuery = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 20 },
} as const;

export interface PagingQuery {
  page: number;
  per_page: number;
}

export const errorSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: bool, message: str, errorMessage: str },
} as const;

export function envelope(data: object, extra: Record<string, object> = {}): object {
  return {
    type: 'object',
    required: ['success', 'data'],
    properties: { success: bool, message: str, data, ...extra },
  };
}

/** Coupon and store lists: total_records / total_pages (plus page, per_page). */
export const listPaging = { total_records: int, total_pages: int, page: int, per_page: int } as const;
/** Searches: totalRecords / total_pages / per_page / page. */
export const searchPaging = { totalRecords: int, total_pages: int, per_page: int, page: int } as const;

export function responses(ok: object): Record<string, object> {
  return { 200: ok, '4xx': errorSchema, '5xx': errorSchema };
}

export const totalPages = (total: number, perPage: number): number => Math.ceil(total / perPage);
