import { ApiError } from '../../api/http';

/** The API's "no such thing" answers: 404 for an unknown slug, 400 for one that cannot be a slug at all. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
