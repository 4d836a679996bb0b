// Every failure a route can report, as an HTTP status plus the `errorMessage` the client
// sees. Routes throw these; the server renders them in the requested format.
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);

export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): HttpError {
  return new HttpError(405, `Method ${method} is not allowed on ${path}; use ${allowed.join(', ')}`, { allow: allowed.join(', ') });
}
