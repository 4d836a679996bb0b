// Field checks shared by the write routes; each failure names the field and the rule.
import { isIP } from 'node:net';
import { badRequest } from '../http/errors';

export type Body = Record<string, unknown>;

/** "an agent-to-server", "an http-server", "a dns-trace": by how the type is spoken. */
export function withArticle(type: string): string {
  return `${/^(agent|http)/.test(type) ? 'an' : 'a'} ${type}`;
}

export function rejectUnknownFields(
  body: Body,
  allowed: readonly string[],
  what: string,
  explain?: (field: string) => string | undefined,
): void {
  for (const field of Object.keys(body)) {
    if (allowed.includes(field)) continue;
    throw badRequest(
      explain?.(field) ?? `Field '${field}' is not accepted by ${what}; accepted fields: ${allowed.join(', ')}`,
    );
  }
}

/** Longest text each string field takes, in characters (the README's table lists them). */
export const STRING_LIMITS: Readonly<Record<string, number>> = {
  testName: 255,
  description: 1024,
  url: 2048,
  server: 2048,
  serverName: 2048,
  domain: 253,
  username: 255,
  password: 255,
  contentRegex: 1024,
  transactionScript: 65_536,
};
const DEFAULT_STRING_LIMIT = 2048;

function withinLimit(field: string, value: string): string {
  const limit = STRING_LIMITS[field] ?? DEFAULT_STRING_LIMIT;
  if (value.length > limit) throw badRequest(`${field} must be at most ${limit} characters (it has ${value.length})`);
  return value;
}

export function requiredString(body: Body, field: string, what: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw badRequest(`${field} is required for ${what}`);
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${field} must be a non-empty string`);
  return withinLimit(field, value);
}

export function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${field} must be a string`);
  return withinLimit(field, value);
}

export function optionalInt(body: Body, field: string, min: number, max: number): number | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw badRequest(`${field} must be an integer (${min}..${max})`);
  if (value < min || value > max) throw badRequest(`${field} ${value} is out of range ${min}..${max}`);
  return value;
}

export function requiredInt(body: Body, field: string, min: number, max: number, what: string): number {
  if (body[field] === undefined) throw badRequest(`${field} is required for ${what}`);
  return optionalInt(body, field, min, max) as number;
}

/** Accepts an integer or a numeric string (as the reference's samples send). */
export function optionalIntLike(body: Body, field: string): number | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  const number = toIntLike(value);
  if (number === undefined) throw badRequest(`${field} must be an integer or a numeric string`);
  return number;
}

export function toIntLike(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^[0-9]{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

export function optionalEnum<T extends string | number>(
  body: Body,
  field: string,
  values: readonly T[],
): T | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!(values as readonly unknown[]).includes(value)) throw badRequest(`${field} must be one of ${values.join(', ')}`);
  return value as T;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${field} must be true or false`);
  return value;
}

export function optionalFlag(body: Body, field: string): 0 | 1 | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value !== 0 && value !== 1) throw badRequest(`${field} must be 0 or 1`);
  return value;
}

const HOST =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export function isHost(text: string): boolean {
  return HOST.test(text);
}

export interface ServerTarget {
  host: string;
  port: number;
}

/**
 * host, host:port, an IPv6 address, or [IPv6]:port. A `port` field next to a server
 * that names a different port is a conflict, not something to drop silently.
 */
export function parseServer(text: string, field: string, portField?: number, defaultPort = 80): ServerTarget {
  const { host, port: ownPort } = splitServer(text.trim(), field, text);
  if (ownPort !== undefined && portField !== undefined && ownPort !== portField) {
    throw badRequest(
      `${field} '${text}' already names port ${ownPort}, which conflicts with port ${portField}; give the ` +
        'port in one place',
    );
  }
  const port = ownPort ?? portField ?? defaultPort;
  if (port < 1 || port > 65535) throw badRequest(`${field} port ${port} is out of range 1..65535`);
  return { host, port };
}

/** host:port as the service reports it ([IPv6]:port for IPv6 addresses). */
export function formatServer(target: ServerTarget): string {
  return `${isIP(target.host) === 6 ? `[${target.host}]` : target.host}:${target.port}`;
}

function splitServer(trimmed: string, field: string, original: string): { host: string; port?: number } {
  const invalid = (): Error =>
    badRequest(`${field} '${original}' must be a host name or IP address, optionally with :port (no protocol)`);
  if (isIP(trimmed) === 6) return { host: trimmed };
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?$/.exec(trimmed);
  if (bracketed) {
    const host = bracketed[1] ?? '';
    if (isIP(host) !== 6) throw invalid();
    return bracketed[2] === undefined ? { host } : { host, port: Number(bracketed[2]) };
  }
  const match = /^([^:/\s]+)(?::(\d{1,5}))?$/.exec(trimmed);
  const host = match?.[1];
  if (!match || !host || !isHost(host)) throw invalid();
  return match[2] === undefined ? { host } : { host, port: Number(match[2]) };
}

/**
 * http(s) URL; a URL without protocol gets `defaultScheme`. Another scheme (mailto:,
 * javascript:) is refused rather than read as a host, and so is userinfo: a test target
 * is no place for credentials, nor an error message a place to repeat them.
 */
export function normalizeUrl(text: string, field: string, defaultScheme = 'https'): URL {
  const explicit = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  // `host:port…` is a URL without protocol; `word:anything-else` names a scheme.
  if (!explicit && /^[a-z][a-z0-9+.-]*:(?![0-9]+(?:[/?#]|$))/i.test(text))
    throw badRequest(`${field} '${text}' must use http or https`);
  let url: URL;
  try {
    url = new URL(explicit ? text : `${defaultScheme}://${text}`);
  } catch {
    throw badRequest(`${field} is not a valid URL`);
  }
  if (url.username !== '' || url.password !== '')
    throw badRequest(`${field} must not contain credentials (user:pass@)`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest(`${field} '${text}' must use http or https`);
  if (!url.hostname) throw badRequest(`${field} '${text}' has no host`);
  return url;
}
