// Base64 bodies and frames (`content.encoding: "base64"`, Chrome's binary WebSocket frames,
// a base64 value in JSON) read as the text they hold, and written back in the alphabet and
// padding they came in. Pure: atob, btoa, TextDecoder and TextEncoder are globals of both
// the browser and node.
import { recorder } from './context';
import { scrubText } from './detect';
import type { Site } from './site';

/**
 * Whether `text` is base64 (or base64url) through and through: one alphabet, padding only at the end, lines allowed.
 */
export function looksLikeBase64(text: string, minLength = 16): boolean {
  return text.length >= minLength && /^[\w+/\r\n-]+={0,2}$/.test(text) && !(/[+/]/.test(text) && /[-_]/.test(text));
}

/** The bytes (as a binary string) base64 or base64url `text` encodes; undefined when it is not base64. */
function bytesOf(text: string): string | undefined {
  try {
    return atob(
      text
        .replace(/[\r\n=]/g, '')
        .replace(/-/g, '+')
        .replace(/_/g, '/'),
    );
  } catch {
    return undefined;
  }
}

/**
 * Bytes (a binary string) as base64 in the form of `original`: standard and padded, or the URL alphabet, padded if it
 * was.
 */
function base64Like(bytes: string, original: string): string {
  const out = btoa(bytes);
  if (!/[-_]/.test(original)) return out;
  const url = out.replace(/\+/g, '-').replace(/\//g, '_');
  return original.trimEnd().endsWith('=') ? url : url.replace(/=+$/, '');
}

/** Control characters other than tab and line ends. */
function isBinary(bytes: string): boolean {
  return /[\0-\x08\x0b\x0c\x0e-\x1f]/.test(bytes); // eslint-disable-line no-control-regex
}

/**
 * The UTF-8 text `text` (base64 or base64url) encodes, or undefined when it is not base64
 * or its bytes are not text (not UTF-8, or control characters other than tab and line ends:
 * an image, protobuf, msgpack). The first bytes are looked at first: most binary (an
 * image's signature) is told there, before the whole is decoded.
 */
export function decodeBase64Text(text: string): string | undefined {
  const head = bytesOf(text.slice(0, 64));
  const binary = head !== undefined && isBinary(head) ? undefined : bytesOf(text);
  if (binary === undefined || isBinary(binary)) return undefined;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Bytes that are not text (protobuf, msgpack, MQTT): JWTs, credentials and (unless kept)
 * random tokens in their printable runs are masked with as many `*`, so lengths and framing
 * stay. Undefined when `text` is not base64.
 */
export function redactBinary(text: string, site: Site): string | undefined {
  const bytes = bytesOf(text);
  if (bytes === undefined) return undefined;
  const masked = scrubText(bytes, recorder(site.ctx, site.where, site.name), { entropy: !site.kept, mask: true });
  return masked === bytes ? text : base64Like(masked, text);
}

/** UTF-8 `text` as base64 in the form of `original`. */
export function encodeBase64Like(text: string, original: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return base64Like(binary, original);
}
