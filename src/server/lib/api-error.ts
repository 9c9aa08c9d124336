// An expected failure with its HTTP status; the error handler answers {success:false, message}.
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errorMessage?: string } = {},
  ) {
    super(message);
  }
}
