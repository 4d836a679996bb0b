// The last requests the emulator answered, for tests that assert what a client sent. Its
// memory is bounded whatever callers send: bodies are kept as masked JSON text only up to
// MAX_LOGGED_BODY_BYTES (a summary otherwise), and the log as a whole holds at most
// MAX_LOG_BYTES of text, evicting the oldest entries first.
import type { IncomingHttpHeaders } from 'node:http';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../api/types';

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Request headers as sent (lower-case names); credentials redacted. */
  headers: Record<string, string>;
  body?: unknown;
  /** 499 when the client went away before its answer was sent. */
  status: number;
  /** The client disconnected before the whole answer was delivered. */
  aborted?: true;
}

export interface RequestFacts {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Undefined when the body was never read (callers without valid credentials). */
  rawBody: string | undefined;
  status: number;
}

/** nginx's "client closed request": logged, never sent. */
export const CLIENT_CLOSED_REQUEST = 499;

const CAPACITY = 1000;
/** Bodies up to this size are kept (masked); larger ones as `{truncated: true, bytes}`. */
export const MAX_LOGGED_BODY_BYTES = 16 * 1024;
/** Text the whole log may hold (bodies, headers, queries, paths). */
export const MAX_LOG_BYTES = 4 * 1024 * 1024;
const SECRET_HEADER = /authorization|token|cookie|secret|api-?key/i;
/** Body fields whose values are credentials (password, authToken, apiKey, clientSecret, …). */
const SECRET_FIELD = /password|passwd|token|secret|api-?key|credential|authorization/i;

/** An entry without its body, which is kept as JSON text and parsed only when listed. */
interface Stored {
  entry: LoggedRequest;
  bodyJson: string | undefined;
  bytes: number;
}

export class RequestLog {
  private entries: Stored[] = [];
  private bytes = 0;

  /** Records one request; the entry stays mutable so a later abort can be marked on it. */
  add(facts: RequestFacts): LoggedRequest {
    const entry: LoggedRequest = {
      method: facts.method,
      path: facts.path.slice(0, 2048),
      query: redactedQuery(facts.query),
      headers: redactedHeaders(facts.headers),
      status: facts.status,
    };
    const bodyJson =
      facts.rawBody === undefined || facts.rawBody === '' ? undefined : JSON.stringify(loggedBody(facts.rawBody));
    const stored: Stored = { entry, bodyJson, bytes: sizeOf(entry) + (bodyJson?.length ?? 0) };
    this.entries.push(stored);
    this.bytes += stored.bytes;
    let evict = 0;
    while (this.entries.length - evict > CAPACITY || (this.bytes > MAX_LOG_BYTES && this.entries.length - evict > 1)) {
      this.bytes -= (this.entries[evict] as Stored).bytes;
      evict += 1;
    }
    if (evict > 0) this.entries.splice(0, evict);
    return entry;
  }

  list(): LoggedRequest[] {
    return this.entries.map(({ entry, bodyJson }) =>
      bodyJson === undefined ? { ...entry } : { ...entry, body: JSON.parse(bodyJson) as unknown },
    );
  }

  clear(): void {
    this.entries = [];
    this.bytes = 0;
  }
}

function sizeOf(entry: LoggedRequest): number {
  let bytes = entry.method.length + entry.path.length;
  for (const [key, value] of Object.entries(entry.query)) bytes += key.length + value.length;
  for (const [key, value] of Object.entries(entry.headers)) bytes += key.length + value.length;
  return bytes;
}

function redactedQuery(query: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of query) result[key] = key === 'authToken' ? '***' : value;
  return result;
}

function redactedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    result[name] = SECRET_HEADER.test(name) ? redactedCredential(text) : text;
  }
  return result;
}

/** Keeps the scheme ("Bearer ***") so tests can still tell how a client authenticated. */
function redactedCredential(value: string): string {
  const scheme = /^(Bearer|Basic|Token|Digest)\s/i.exec(value.trim());
  return scheme ? `${scheme[1]} ***` : '***';
}

/**
 * The body as logged: JSON with secret fields masked at any depth; other text with
 * `key=value` secrets masked; a summary when it is too large or too deep to keep.
 */
function loggedBody(text: string): unknown {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_LOGGED_BODY_BYTES) return { truncated: true, bytes };
  if (nestsDeeperThan(text)) return { truncated: true, bytes, tooDeep: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.replace(/((?:password|passwd|token|secret|api-?key)[\w-]*["']?\s*[:=]\s*["']?)[^&\s"',}]+/gi, '$1***');
  }
  return maskFields(parsed, 0);
}

/** Depth-limited: bodies deeper than MAX_JSON_DEPTH were summarised before parsing. */
function maskFields(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item: unknown) => maskFields(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      SECRET_FIELD.test(key) && field !== null && typeof field !== 'object' ? '***' : maskFields(field, depth + 1),
    ]),
  );
}
