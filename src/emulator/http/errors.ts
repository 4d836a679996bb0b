// Every failure a route can report, as an HTTP status plus the `errorMessage` the client
// sees. Routes throw these; the server renders them in the requested format.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Which request fields were invalid (v7 answers list them in problem+json `errors[]`). */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }

  /** The same failure with more headers (the caller's budget), keeping its field errors. */
  withHeaders(headers: Record<string, string>): HttpError {
    return new HttpError(this.status, this.message, { ...headers, ...this.headers }, this.fieldErrors);
  }
}

export interface FieldError {
  field: string;
  message: string;
}

/** A 400 naming the field at fault, so v7 callers can point at it. */
export const invalidField = (field: string, message: string): HttpError =>
  new HttpError(400, message, {}, [{ field, message }]);

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);

export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): HttpError {
  return new HttpError(405, `Method ${method} is not allowed on ${path}; use ${allowed.join(', ')}`, {
    allow: allowed.join(', '),
  });
}
