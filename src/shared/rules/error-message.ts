export const DEFAULT_ERROR_MESSAGE = 'Something went wrong.';

type Bag = Record<string, unknown>;

function bag(value: unknown): Bag | null {
  return typeof value === 'object' && value !== null ? (value as Bag) : null;
}

function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** SPEC §8: an array message joins its entries' errorMessage values with ', '; a string is used as is. */
function fromMessage(message: unknown): string | null {
  if (Array.isArray(message)) {
    const parts = message
      .map((entry) => nonBlank(bag(entry)?.errorMessage) ?? nonBlank(entry))
      .filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(', ') : null;
  }
  return nonBlank(message);
}

/** The server's answer body: axios-like error.response.data, or our ApiError's .body, or a bare .data. */
function serverMessage(error: Bag): string | null {
  const bodies = [bag(bag(error.response)?.data), bag(error.body), bag(error.data)];
  for (const body of bodies) {
    const found = body ? fromMessage(body.message) : null;
    if (found) return found;
  }
  return null;
}

/** A server answered: an axios-like `.response`, or an HTTP status on our ApiError. A fetch TypeError has neither. */
function hasResponse(error: Bag): boolean {
  return bag(error.response) !== null || (typeof error.status === 'number' && error.status > 0);
}

/**
 * SPEC §8 message extraction: the server's message (array → errorMessage values joined with ', ';
 * string → as is), otherwise the error's own message, otherwise the fallback.
 * An explicit fallback also wins over the error's own message when no server answered at all: the
 * newsletter passes 'not loaded.', which SPEC §8 shows "with no response" (not 'Failed to fetch').
 */
export function extractErrorMessage(error: unknown, fallback?: string): string {
  const err = bag(error);
  const fromServer = err ? serverMessage(err) : null;
  if (fromServer) return fromServer;
  if (fallback !== undefined && !(err && hasResponse(err))) return fallback;
  const own = nonBlank(err?.message) ?? nonBlank(error);
  return own ?? fallback ?? DEFAULT_ERROR_MESSAGE;
}
