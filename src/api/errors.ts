// The client's typed error hierarchy. Every error names the request (method and a path
// whose credentials are redacted), the HTTP status when there was one, and the server's
// `errorMessage` when it sent one, so a caller can say what failed and what to do.

export type NetmonErrorKind =
  | 'auth'
  | 'forbidden'
  | 'validation'
  | 'invalid-filter'
  | 'not-found'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'unparseable'
  | 'paging-loop';

export interface NetmonErrorDetails {
  method: string;
  /** Path and query of the request, with `authToken` redacted. */
  path: string;
  status?: number;
  /** The server's `errorMessage`, when the body carried one. */
  errorMessage?: string;
  cause?: unknown;
}

export abstract class NetmonError extends Error {
  abstract readonly kind: NetmonErrorKind;
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly errorMessage: string | undefined;

  constructor(summary: string, details: NetmonErrorDetails) {
    super(describe(summary, details), details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.errorMessage = details.errorMessage;
  }
}

function describe(summary: string, details: NetmonErrorDetails): string {
  const status = details.status === undefined ? '' : `${details.status} `;
  const server = details.errorMessage ? `: ${details.errorMessage}` : '';
  return `${status}${summary} (${details.method} ${details.path})${server}`;
}

/** 401: missing or invalid credentials. */
export class AuthenticationError extends NetmonError {
  readonly kind = 'auth';
  constructor(details: NetmonErrorDetails) {
    super('authentication failed: check the API token and the auth form', details);
  }
}

/** What a 403 most likely lacks, judged from the operation that was refused. */
export type RequiredPermission = 'Account Admin' | 'Edit endpoint tests' | 'Edit alert rules';

/** 403: the user lacks a role or permission ("creating tests needs Account Admin"). */
export class ForbiddenError extends NetmonError {
  readonly kind = 'forbidden';
  readonly requiredPermission: RequiredPermission | undefined;
  constructor(details: NetmonErrorDetails & { requiredPermission?: RequiredPermission; operation?: string }) {
    const needs = details.requiredPermission ? ` needs ${details.requiredPermission}` : ' is not permitted';
    super(`${details.operation ?? 'this request'}${needs}`, details);
    this.requiredPermission = details.requiredPermission;
  }
}

/** 400, 406 or 415: the server rejected the request's parameters or body. */
export class ValidationError extends NetmonError {
  readonly kind: 'validation' | 'invalid-filter' = 'validation';
  constructor(details: NetmonErrorDetails, summary = 'request rejected') {
    super(summary, details);
  }
}

/** A search filter the endpoint does not accept; raised before anything is sent. */
export class InvalidFilterError extends ValidationError {
  override readonly kind = 'invalid-filter';
  readonly filterKey: string;
  constructor(details: NetmonErrorDetails & { filterKey: string; reason: string }) {
    super(details, `invalid search filter "${details.filterKey}": ${details.reason}`);
    this.filterKey = details.filterKey;
  }
}

/** 404: unknown path or record. */
export class NotFoundError extends NetmonError {
  readonly kind = 'not-found';
  constructor(details: NetmonErrorDetails) {
    super('not found', details);
  }
}

/** 429 that persisted through the allowed rate-limit retries. */
export class RateLimitedError extends NetmonError {
  readonly kind = 'rate-limited';
  /** When the organization's budget resets, if the server said. */
  readonly resetAt: Date | undefined;
  constructor(details: NetmonErrorDetails & { resetAt?: Date }) {
    super('rate limit exceeded after retries', details);
    this.resetAt = details.resetAt;
  }
}

/** 5xx (after the retries allowed for the method) or any other unexpected status. */
export class ServerError extends NetmonError {
  readonly kind = 'server';
  constructor(details: NetmonErrorDetails) {
    super('server error', details);
  }
}

/** The connection failed, was reset, or the body ended early. */
export class NetworkError extends NetmonError {
  readonly kind = 'network';
  constructor(details: NetmonErrorDetails & { reason?: string }) {
    const reason = details.reason?.replace(/(authToken=)[^&#\s]*/gi, '$1REDACTED');
    super(reason ? `network error: ${reason}` : 'network error', details);
  }
}

/** No complete response within the per-request timeout. */
export class TimeoutError extends NetmonError {
  readonly kind = 'timeout';
  readonly timeoutMs: number;
  constructor(details: NetmonErrorDetails & { timeoutMs: number }) {
    super(`no response within ${details.timeoutMs} ms`, details);
    this.timeoutMs = details.timeoutMs;
  }
}

/** The caller's AbortSignal fired. */
export class CancelledError extends NetmonError {
  readonly kind = 'cancelled';
  constructor(details: NetmonErrorDetails) {
    super('cancelled', details);
  }
}

/** A success status whose body is not the JSON the endpoint promises. */
export class UnparseableResponseError extends NetmonError {
  readonly kind = 'unparseable';
  constructor(details: NetmonErrorDetails) {
    super('unparseable response', details);
  }
}

/** The body was larger than `maxResponseBytes`; retrying would not make it smaller. */
export class ResponseTooLargeError extends UnparseableResponseError {}

/** `pages.next` pointed back to a page already read (or to another host). */
export class PagingLoopError extends NetmonError {
  readonly kind = 'paging-loop';
  constructor(details: NetmonErrorDetails, summary = 'pages.next repeats a page already read') {
    super(summary, details);
  }
}

/**
 * A walk stopped by its page budget (client option `paging`): the server kept linking new
 * pages. Still kind `paging-loop`, so callers that handle a loop handle this one too.
 */
export class PageBudgetError extends PagingLoopError {
  /** The list walked (`userSessions`, or the path of an XML walk). */
  readonly list: string;
  readonly pagesRead: number;
  constructor(details: NetmonErrorDetails & { list: string; pagesRead: number }, summary: string) {
    super(details, summary);
    this.list = details.list;
    this.pagesRead = details.pagesRead;
  }
}

export function isNetmonError(value: unknown): value is NetmonError {
  return value instanceof NetmonError;
}
