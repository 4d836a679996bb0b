// Headers and cookies. Names and order never change; only values do. A header array that
// needs no change is returned as it is (a HAR has ~20 headers per entry, most harmless).
import { asRecord, type Json } from '../narrow';
import { found, isKept, marker, recorder, type RedactContext } from './context';
import { isSecretName, scrubText } from './detect';
import type { RedactionPlace } from './report';
import { AUTHORIZATION_HEADERS, COOKIE_HEADERS, CREDENTIAL_SCHEMES, ENTROPY_EXEMPT_HEADER, URL_HEADERS } from './rules';
import { looksLikeUrl, redactUrl, scrubFreeText } from './url';

export type Side = 'request' | 'response';

export function redactHeaders(headers: unknown, side: Side, ctx: RedactContext): unknown {
  if (!Array.isArray(headers)) return headers;
  let out: unknown[] | undefined;
  for (let i = 0; i < headers.length; i++) {
    const header: unknown = headers[i];
    if (typeof header !== 'object' || header === null) continue;
    const { name, value } = header as Json;
    if (typeof name !== 'string' || typeof value !== 'string' || value === '') continue;
    const redacted = redactHeaderValue(name, value, side, ctx);
    if (redacted === value) continue;
    out ??= headers.slice();
    out[i] = { ...(header as Json), value: redacted };
  }
  return out ?? headers;
}

type HeaderKind = 'cookie' | 'set-cookie' | 'authorization' | 'secret' | 'url' | 'exempt' | 'plain';

// A HAR repeats the same few dozen header names thousands of times: classify each once.
const headerKinds = new Map<string, HeaderKind>();

function headerKind(name: string): HeaderKind {
  let kind = headerKinds.get(name);
  if (kind !== undefined) return kind;
  const lower = name.toLowerCase();
  kind = COOKIE_HEADERS.includes(lower)
    ? lower === 'cookie'
      ? 'cookie'
      : 'set-cookie'
    : AUTHORIZATION_HEADERS.includes(lower)
      ? 'authorization'
      : isSecretName(name)
        ? 'secret'
        : URL_HEADERS.includes(lower)
          ? 'url'
          : ENTROPY_EXEMPT_HEADER.test(lower)
            ? 'exempt'
            : 'plain';
  if (headerKinds.size >= 4096) headerKinds.clear();
  headerKinds.set(name, kind);
  return kind;
}

function redactHeaderValue(name: string, value: string, side: Side, ctx: RedactContext): string {
  if (isKept(ctx, name)) return value;
  const where: RedactionPlace = `${side}.header`;
  const kind = headerKind(name);
  if (kind !== 'cookie' && kind !== 'set-cookie' && kind !== 'secret' && credentialScheme(value) !== undefined)
    return redactCredential(name, value, where, ctx);
  switch (kind) {
    case 'cookie':
      return ctx.keepCookies ? value : redactCookieHeader(value, ctx);
    case 'set-cookie':
      return ctx.keepCookies ? value : redactSetCookie(value, ctx);
    case 'authorization':
      return redactCredential(name, value, where, ctx);
    case 'secret':
      found(ctx, 'secret-header', where, name);
      return marker('header', name);
    case 'url':
      return looksLikeUrl(value) || value.startsWith('/')
        ? redactUrl(value, ctx, where, name)
        : scrubFreeText(value, ctx, where, name);
    case 'exempt':
      return scrubText(value, recorder(ctx, where, name), { entropy: false });
    case 'plain':
      return scrubFreeText(value, ctx, where, name);
  }
}

/** The scheme word a credential starts with (`Bearer` of `Bearer abc`), when there is one. */
function schemeWord(value: string): string | undefined {
  return /^([A-Za-z][\w!#$%&'*+.^`|~-]{0,30})\s+\S/.exec(value)?.[1];
}

/** The scheme of a value that is a credential whatever its header's name (CREDENTIAL_SCHEMES). */
function credentialScheme(value: string): string | undefined {
  const scheme = schemeWord(value);
  return scheme !== undefined && CREDENTIAL_SCHEMES.includes(scheme.toLowerCase()) ? scheme : undefined;
}

function redactCredential(name: string, value: string, where: RedactionPlace, ctx: RedactContext): string {
  found(ctx, 'authorization', where, name);
  const scheme = schemeWord(value);
  return scheme ? `${scheme} ${marker('authorization')}` : marker('authorization');
}

/** `a=1; sessionid=xyz` → `a=[redacted: cookie a]; sessionid=[redacted: cookie sessionid]`. */
function redactCookieHeader(value: string, ctx: RedactContext): string {
  return value
    .split(';')
    .map((pair) => redactCookiePair(pair, 'request.cookie', ctx))
    .join(';');
}

/**
 * `sid=xyz; Path=/; Secure; SameSite=Lax`: the value goes, the attributes stay (they are
 * what cookie bugs are about). Several cookies may share one value, one per line.
 */
function redactSetCookie(value: string, ctx: RedactContext): string {
  return value
    .split('\n')
    .map((line) => {
      const semicolon = line.indexOf(';');
      const pair = semicolon < 0 ? line : line.slice(0, semicolon);
      return redactCookiePair(pair, 'response.cookie', ctx) + (semicolon < 0 ? '' : line.slice(semicolon));
    })
    .join('\n');
}

function redactCookiePair(pair: string, where: RedactionPlace, ctx: RedactContext): string {
  const eq = pair.indexOf('=');
  if (eq < 0) return pair;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1);
  if (value.trim() === '' || isKept(ctx, name)) return pair;
  found(ctx, 'cookie', where, name);
  return `${pair.slice(0, eq + 1)}${marker('cookie', name)}`;
}

/** request.cookies / response.cookies: every value, unless kept. */
export function redactCookieArray(cookies: unknown, side: Side, ctx: RedactContext): unknown {
  if (!Array.isArray(cookies) || ctx.keepCookies) return cookies;
  let out: unknown[] | undefined;
  for (let i = 0; i < cookies.length; i++) {
    const cookie = asRecord(cookies[i]);
    const { name, value } = cookie;
    if (typeof value !== 'string' || value === '') continue;
    const label = typeof name === 'string' ? name : '';
    if (isKept(ctx, label)) continue;
    found(ctx, 'cookie', `${side}.cookie`, label);
    out ??= cookies.slice();
    out[i] = { ...cookie, value: marker('cookie', label) };
  }
  return out ?? cookies;
}
