// The three auth forms of the spec, and redaction: a token must never reach a log line,
// an error message or a `pages.next` URL that the client hands back to callers.
import { createHash } from 'node:crypto';
import type { Credentials } from './client';

export const AUTH_TOKEN_PARAM = 'authToken';
const REDACTED = 'REDACTED';

/** Headers that carry the credentials (none for the query form). */
export function authHeaders(credentials: Credentials): Record<string, string> {
  switch (credentials.kind) {
    case 'bearer':
      return { authorization: `Bearer ${credentials.token}` };
    case 'basic':
      return { authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.token}`).toString('base64')}` };
    case 'query':
      return {};
  }
}

/** Adds the `authToken` query parameter for the query form; other forms leave the URL alone. */
export function withAuthQuery(url: URL, credentials: Credentials): URL {
  if (credentials.kind !== 'query') return url;
  const authed = new URL(url);
  authed.searchParams.set(AUTH_TOKEN_PARAM, credentials.token);
  return authed;
}

/** Removes any `authToken` a server echoed into a URL (e.g. `pages.next`). */
export function withoutAuthQuery(url: URL): URL {
  if (!url.searchParams.has(AUTH_TOKEN_PARAM)) return url;
  const clean = new URL(url);
  clean.searchParams.delete(AUTH_TOKEN_PARAM);
  return clean;
}

/** Path and query for display, with `authToken` values and URL user-info replaced. */
export function redactPath(url: URL): string {
  if (!url.searchParams.has(AUTH_TOKEN_PARAM)) return `${url.pathname}${url.search}`;
  const shown = new URL(url);
  shown.searchParams.set(AUTH_TOKEN_PARAM, REDACTED);
  return `${shown.pathname}${shown.search}`;
}

/** A whole URL for display (proxy URLs and user input can carry secrets too). */
export function redactUrl(input: string | URL): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return String(input).replace(/(authToken=)[^&#\s]*/gi, `$1${REDACTED}`);
  }
  const shown = new URL(url);
  if (shown.password) shown.password = REDACTED;
  if (shown.searchParams.has(AUTH_TOKEN_PARAM)) shown.searchParams.set(AUTH_TOKEN_PARAM, REDACTED);
  return shown.toString();
}

/** The literal secrets a credential puts on the wire (token, and the Basic header value). */
export function credentialSecrets(credentials: Credentials): string[] {
  if (credentials.kind !== 'basic') return [credentials.token];
  return [credentials.token, Buffer.from(`${credentials.email}:${credentials.token}`).toString('base64')];
}

/** Shortest literal secret replaced verbatim; shorter ones would mangle ordinary words. */
const MIN_LITERAL_SECRET = 4;

/**
 * Server-provided text (an `errorMessage`, a network error's reason) with credentials
 * replaced: `authToken=` values, `Bearer`/`Basic` header values, and the given secrets.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let shown = text.replace(/(authToken=)[^&#\s"'<>]*/gi, `$1${REDACTED}`);
  shown = shown.replace(/\b(Bearer\s+)([A-Za-z0-9._~+/=-]+)/gi, (match, prefix: string, value: string) =>
    looksLikeToken(value) ? `${prefix}${REDACTED}` : match,
  );
  shown = shown.replace(/\b(Basic\s+)([A-Za-z0-9+/]+=*)/gi, (match, prefix: string, value: string) =>
    Buffer.from(value, 'base64').toString('latin1').includes(':') ? `${prefix}${REDACTED}` : match,
  );
  for (const secret of secrets) {
    if (secret.length >= MIN_LITERAL_SECRET) shown = shown.split(secret).join(REDACTED);
  }
  return shown;
}

/** Keeps prose such as "Bearer authentication" readable while hiding real token values. */
function looksLikeToken(value: string): boolean {
  return value.length >= 20 || (value.length >= 6 && /[^A-Za-z]/.test(value));
}

/**
 * Identifies the organization behind a credential without keeping the secret around:
 * the rate limiter is shared by every client of the same base URL and credential.
 */
export function credentialFingerprint(credentials: Credentials): string {
  const identity = credentials.kind === 'basic' ? `${credentials.email}:${credentials.token}` : credentials.token;
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}
