import { ErrorAnswer, PagingQuery } from '../../shared/contract/envelopes';
import { OBJECT_ID_PATTERN } from '../../shared/rules/object-id';

// Request-parameter schemas shared by the routes, and their 200/4xx/5xx answers; the answers' shapes are the contract's.
export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;

export const ID_PATTERN = OBJECT_ID_PATTERN;

export const idParam = { type: 'string', pattern: ID_PATTERN, description: '24-hex `_id`' } as const;
export const textParam = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** ?page=&per_page= as querystring properties (spread beside a route's own). */
export const pagingQuery = PagingQuery.properties;

export function responses(ok: object): Record<string, object> {
  return { 200: ok, '4xx': ErrorAnswer, '5xx': ErrorAnswer };
}

export const totalPages = (total: number, perPage: number): number => Math.ceil(total / perPage);
