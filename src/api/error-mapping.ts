// Maps a failed HTTP status (or a failed attempt) to the typed error a caller can act on.
import {
  AuthenticationError,
  CancelledError,
  ForbiddenError,
  NetmonError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  ValidationError,
  type NetmonErrorDetails,
  type RequiredPermission,
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

/**
 * The server's message from a JSON (v6 `errorMessage`, v7 problem+json) or XML error body, if any, credentials
 * redacted.
 */
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
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? v7ErrorMessage(parsed as Record<string, unknown>)
      : undefined;
  } catch {
    const xml = /<errorMessage>([\s\S]*?)<\/errorMessage>/.exec(trimmed);
    const content = xml?.[1]?.trim();
    return content === undefined ? undefined : decodeXmlEntities(content);
  }
}

/** At most this many per-field errors of a v7 validation problem are shown. */
const MAX_FIELD_ERRORS = 10;

/**
 * v7's error bodies: `application/problem+json` (`detail`, else `title`, with per-field
 * `errors[]`) and the OAuth form of a 401 (`{ error, error_description }`).
 */
function v7ErrorMessage(body: Record<string, unknown>): string | undefined {
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const oauth = text(body['error_description']) ?? text(body['error']);
  const summary = text(body['detail']) ?? text(body['title']) ?? oauth;
  const fields = (Array.isArray(body['errors']) ? body['errors'] : [])
    .slice(0, MAX_FIELD_ERRORS)
    .flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { field, message, code } = item as Record<string, unknown>;
      const said = text(message) ?? text(code);
      if (!said) return [];
      return [text(field) ? `${text(field)}: ${said}` : said];
    });
  if (fields.length === 0) return summary;
  return summary ? `${summary} (${fields.join('; ')})` : fields.join('; ');
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined XML entities and numeric character references; CDATA kept as its text. */
export function decodeXmlEntities(text: string): string {
  const unwrapped = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
  return unwrapped.replace(
    /&(?:#x([0-9a-f]+)|#([0-9]+)|([a-z]+));/gi,
    (entity, hex?: string, decimal?: string, name?: string) => {
      if (name !== undefined) return XML_ENTITIES[name] ?? entity;
      const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
      return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    },
  );
}

export function errorForStatus(
  status: number,
  bodyText: string,
  context: RequestContext,
  resetEpochSeconds?: number,
  secrets: readonly string[] = [],
): NetmonError {
  const details: NetmonErrorDetails = {
    method: context.method,
    path: context.path,
    status,
    errorMessage: extractErrorMessage(bodyText, secrets),
  };
  if (status === 401) return new AuthenticationError(details);
  if (status === 403) {
    return new ForbiddenError({
      ...details,
      operation: context.operation,
      requiredPermission: context.requiredPermission,
    });
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
  failure: TransportFailure,
  context: RequestContext,
  timeoutMs: number,
  secrets: readonly string[] = [],
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
