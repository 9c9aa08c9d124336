// Issue 30: a feed that can't be read at all (not the format it was said to be, a required column missing, XML or
// JSON that breaks off): the run fails with this message and nothing is written. A record that can't be mapped is not
// this: it is handed on as { ok: false, reason, where } and reported with the run.
export class FeedFormatError extends Error {
  constructor(
    message: string,
    /** Where in the file ("line 1", "line 40, column 3", "byte 1048576"), when known. */
    readonly where: string | null = null,
  ) {
    super(where ? `${message} (${where})` : message);
    this.name = 'FeedFormatError';
  }
}
