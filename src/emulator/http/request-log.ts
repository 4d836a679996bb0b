// The last requests the emulator answered, for tests that assert what a client sent.
import type { IncomingHttpHeaders } from 'node:http';

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
  rawBody: string;
  status: number;
}

/** nginx's "client closed request": logged, never sent. */
export const CLIENT_CLOSED_REQUEST = 499;

const CAPACITY = 1000;
const SECRET_HEADER = /authorization|token|cookie|secret|api-?key/i;
/** Body fields whose values are credentials (password, authToken, apiKey, clientSecret, …). */
const SECRET_FIELD = /password|passwd|token|secret|api-?key|credential|authorization/i;

export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Records one request; the entry stays mutable so a later abort can be marked on it. */
  add(facts: RequestFacts): LoggedRequest {
    const entry: LoggedRequest = {
      method: facts.method, path: facts.path, query: redactedQuery(facts.query), headers: redactedHeaders(facts.headers), status: facts.status,
    };
    if (facts.rawBody !== '') entry.body = maskedBody(facts.rawBody);
    this.entries.push(entry);
    if (this.entries.length > CAPACITY) this.entries.splice(0, this.entries.length - CAPACITY);
    return entry;
  }

  list(): LoggedRequest[] { return [...this.entries]; }
  clear(): void { this.entries = []; }
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

/** The body as logged: JSON with secret fields masked at any depth; other text with `key=value` secrets masked. */
function maskedBody(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.replace(/((?:password|passwd|token|secret|api-?key)[\w-]*["']?\s*[:=]\s*["']?)[^&\s"',}]+/gi, '$1***');
  }
  return maskFields(parsed);
}

function maskFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskFields);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, SECRET_FIELD.test(key) && field !== null && typeof field !== 'object' ? '***' : maskFields(field)]));
}
