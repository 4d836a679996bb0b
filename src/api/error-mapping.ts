// Maps a failed HTTP status (or a failed attempt) to the typed error a caller can act on.
import {
  AuthenticationError, CancelledError, ForbiddenError, NetmonError, NetworkError, NotFoundError,
  RateLimitedError, ServerError, TimeoutError, ValidationError, type NetmonErrorDetails, type RequiredPermission,
} from './errors';
import type { TransportFailure } from './transport';

export interface RequestContext {
  method: string;
  /** Redacted path and query. */
  path: string;
  /** What the call does, for messages such as "creating tests needs Account Admin". */
  operation?: string;
  /** The permission a 403 on this call means is missing. */
  requiredPermission?: RequiredPermission;
}

/** The server's `errorMessage` from a JSON (or XML) error body, if there is one. */
export function extractErrorMessage(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === 'object' && 'errorMessage' in parsed) {
      const message = (parsed as { errorMessage: unknown }).errorMessage;
      return typeof message === 'string' ? message : JSON.stringify(message);
    }
    return undefined;
  } catch {
    const xml = /<errorMessage>([\s\S]*?)<\/errorMessage>/.exec(trimmed);
    return xml?.[1]?.trim();
  }
}

export function errorForStatus(
  status: number, bodyText: string, context: RequestContext, resetEpochSeconds?: number,
): NetmonError {
  const details: NetmonErrorDetails = {
    method: context.method, path: context.path, status, errorMessage: extractErrorMessage(bodyText),
  };
  if (status === 401) return new AuthenticationError(details);
  if (status === 403) {
    return new ForbiddenError({ ...details, operation: context.operation, requiredPermission: context.requiredPermission });
  }
  if (status === 400 || status === 406 || status === 415 || status === 422) return new ValidationError(details);
  if (status === 404) return new NotFoundError(details);
  if (status === 429) {
    const resetAt = resetEpochSeconds === undefined ? undefined : new Date(resetEpochSeconds * 1000);
    return new RateLimitedError({ ...details, resetAt });
  }
  return new ServerError(details);
}

export function errorForFailure(failure: TransportFailure, context: RequestContext, timeoutMs: number): NetmonError {
  const details: NetmonErrorDetails = { method: context.method, path: context.path, cause: failure.original };
  switch (failure.reason) {
    case 'timeout':
      return new TimeoutError({ ...details, timeoutMs });
    case 'cancelled':
      return new CancelledError(details);
    case 'network':
      return new NetworkError({ ...details, reason: failure.message });
  }
}
