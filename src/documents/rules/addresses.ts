// Address checks shared by the rules. The IP patterns are ajv-formats' own (the same ones
// a schema "format": "ipv4" would use), so the editor and the CLI agree with ajv.
import { fullFormats } from 'ajv-formats/dist/formats';

const IPV4 = asPattern(fullFormats.ipv4);
const IPV6 = asPattern(fullFormats.ipv6);

function asPattern(format: unknown): RegExp {
  if (format instanceof RegExp) return format;
  throw new Error('ajv-formats no longer exposes its IP patterns as regular expressions');
}

export function isIpAddress(text: string): boolean {
  return IPV4.test(text) || IPV6.test(text);
}

/** Digits and dots only: the author meant an IPv4 address, so it must be a valid one. */
export function looksLikeIpv4(text: string): boolean {
  return /^[0-9.]+$/.test(text) && text.includes('.');
}

export interface HostAndPort {
  host: string;
  port?: string;
}

/** Splits `host:port` (and `[v6]:port`); a bare IPv6 address has no port. */
export function splitHostPort(text: string): HostAndPort {
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(text);
  if (bracketed)
    return bracketed[2] === undefined ? { host: bracketed[1] ?? '' } : { host: bracketed[1] ?? '', port: bracketed[2] };
  const colons = text.split(':').length - 1;
  if (colons !== 1) return { host: text };
  const [host = '', port = ''] = text.split(':');
  return { host, port };
}

export function isValidPort(text: string): boolean {
  if (!/^[0-9]{1,5}$/.test(text)) return false;
  const port = Number(text);
  return port >= 1 && port <= 65535;
}

/**
 * Checks a network target (server, serverName): an invalid IPv4 address or port, or a
 * protocol/path that does not belong in a host name. Returns the problem, if any.
 */
export function hostTargetProblem(text: string, allowPort: boolean): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return 'is an address or IP without protocol (drop the scheme)';
  if (text.includes('/')) return 'is an address or IP without a path';
  const { host, port } = allowPort ? splitHostPort(text) : { host: text, port: undefined };
  if (looksLikeIpv4(host) && !isIpAddress(host)) return `has "${host}", which is not a valid IPv4 address`;
  if (host.includes(':') && !isIpAddress(host)) return `has "${host}", which is not a valid IPv6 address`;
  if (port !== undefined && !isValidPort(port)) return `has port "${port}"; ports are 1..65535`;
  return undefined;
}

/** Schemes written without `//` that are never a host name (`example.com:8080` is one). */
const OPAQUE_SCHEMES = /^(javascript|data|vbscript|mailto|file|about|blob|tel):/i;

/**
 * The service takes http and https URLs (https when no scheme is given) to a host, without
 * a user name or password in them. Returns the problem, if any.
 */
export function urlSchemeProblem(url: string, schemes: readonly string[] = ['http', 'https']): string | undefined {
  const text = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1] ?? OPAQUE_SCHEMES.exec(text)?.[1];
  if (scheme && !schemes.includes(scheme.toLowerCase()))
    return `may start with ${schemes.slice(0, -1).join(', ')} or ${schemes.at(-1)!}, not ${scheme}`;
  if (/^[a-z]+:\/\/\/*$/i.test(text)) return 'needs a host name after the scheme';
  let parsed: URL;
  try {
    parsed = new URL(scheme ? text : `${schemes.at(-1)!}://${text}`);
  } catch {
    return 'is not a valid URL';
  }
  if (parsed.hostname === '') return 'needs a host name after the scheme';
  if (parsed.username !== '' || parsed.password !== '')
    return 'must not carry a user name or password (user:password@); the service refuses them';
  return undefined;
}
