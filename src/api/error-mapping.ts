// Maps a failed HTTP status (or a failed attempt) to the typed error a caller can act on.
import {
  AuthenticationError, CancelledError, ForbiddenError, NetmonError, NetworkError, NotFoundError,
  RateLimitedError, ResponseTooLargeError, ServerError, TimeoutError, ValidationError, type NetmonErrorDetails, type RequiredPermission,
} from './errors';
import { redactText } from './auth';
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

/** The server's `errorMessage` from a JSON (or XML) error body, if there is one, credentials redacted. */
export function extractErrorMessage(text: string, secrets: readonly string[] = []): string | undefined {
  const message = rawErrorMessage(text);
  return message === undefined ? undefined : redactText(message, secrets);
}

function rawErrorMessage(text: string): string | undefined {
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
    const content = xml?.[1]?.trim();
    return content === undefined ? undefined : decodeXmlEntities(content);
  }
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined XML entities and numeric character references; CDATA kept as its text. */
export function decodeXmlEntities(text: string): string {
  const unwrapped = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
  return unwrapped.replace(/&(?:#x([0-9a-f]+)|#([0-9]+)|([a-z]+));/gi, (entity, hex?: string, decimal?: string, name?: string) => {
    if (name !== undefined) return XML_ENTITIES[name] ?? entity;
    const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}

export function errorForStatus(
  status: number, bodyText: string, context: RequestContext, resetEpochSeconds?: number, secrets: readonly string[] = [],
): NetmonError {
  const details: NetmonErrorDetails = {
    method: context.method, path: context.path, status, errorMessage: extractErrorMessage(bodyText, secrets),
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

export function errorForFailure(
  failure: TransportFailure, context: RequestContext, timeoutMs: number, secrets: readonly string[] = [],
): NetmonError {
  const details: NetmonErrorDetails = { method: context.method, path: context.path, cause: failure.original };
  switch (failure.reason) {
    case 'timeout':
      return new TimeoutError({ ...details, timeoutMs });
    case 'cancelled':
      return new CancelledError(details);
    case 'network':
      return new NetworkError({ ...details, reason: redactText(failure.message, secrets) });
    case 'too-large':
      return new ResponseTooLargeError({ ...details, errorMessage: failure.message });
  }
}
