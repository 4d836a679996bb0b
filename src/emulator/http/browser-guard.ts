// Defences against web pages the emulator's user happens to visit: a cross-site form POST
// (no JSON content type, so no CORS preflight) and DNS rebinding (a hostile name resolving
// to 127.0.0.1). Neither can delete or create tests through these checks.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { isJsonContentType } from './body';
import { HttpError } from './errors';

/** Throws the answer for a request a browser page could have forged; returns otherwise. */
export interface HostPolicy {
  /** Listening on a loopback address: only loopback Host names (and `allowedHosts`) are answered. */
  boundToLoopback: boolean;
  allowedHosts: ReadonlySet<string>;
}

/**
 * What is left for after routing: `bare-empty-post` is a POST with no Origin, no Content-Type
 * and no body, which only routes that take one (the older …/delete) may answer.
 */
export type BodyCheck = 'done' | 'bare-empty-post';

export function checkBrowserSafety(method: string, headers: IncomingHttpHeaders, hosts: HostPolicy): BodyCheck {
  const origin = headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    throw new HttpError(403, `Cross-origin request refused: Origin ${origin.slice(0, 200)} is not a loopback address`);
  }
  const host = headers.host;
  if (hosts.boundToLoopback && host !== undefined && !isAllowedHost(hostnameOf(host), hosts.allowedHosts)) {
    throw new HttpError(
      421,
      `Host ${host.slice(0, 200)} is not this emulator's address; use 127.0.0.1 or localhost (protection ` +
        'against DNS rebinding)',
    );
  }
  if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && !isJsonContentType(headers['content-type'])) {
    if (method === 'POST' && isBareEmptyPost(headers)) return 'bare-empty-post';
    throw notJson(method);
  }
  return 'done';
}

/** The 415 of a POST/PUT without a JSON content type. */
export function notJson(method: string): HttpError {
  return new HttpError(415, `${method} needs header Content-Type: application/json (an empty body is fine)`);
}

/**
 * A POST no web page can send, as Postman and curl send the older delete: browsers add
 * Origin to every POST (a foreign one is refused above, a loopback one may still be another
 * local page), an HTML form always sends a Content-Type, and the headers announce no body
 * (no Transfer-Encoding, Content-Length absent or 0), so it is known empty before it is read.
 */
function isBareEmptyPost(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (
    headers.origin === undefined &&
    headers['content-type'] === undefined &&
    headers['transfer-encoding'] === undefined &&
    (length === undefined || length === '0')
  );
}

/** localhost and its subdomains, 127.0.0.0/8 and ::1 (with or without brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || name === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(name);
  return false;
}

function isAllowedHost(hostname: string, allowed: ReadonlySet<string>): boolean {
  return isLoopbackHost(hostname) || allowed.has(hostname.toLowerCase());
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage are not loopback pages
  }
}

function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return host;
  }
}
