// Text recognised by its content, whatever its declared MIME type: `fetch` sends a JSON or
// form body as text/plain by default, and WebSocket frames have no type at all. Each format
// is redacted as what it is: JSON (also NDJSON, after a BOM, after a prefix: Socket.IO,
// JSONP), markup (XML, SOAP, HTML), form-encoded, multipart, base64 of any of these, and
// `name:value` header lines (STOMP frames); anything else is free text. Content inside
// content (JSON in a JSON string, a form value, a script element) is read the same way, to
// NESTED_CONTENT_MAX_DEPTH levels. Every check is one pass, every level linear.
import { found, isSecretNamed, marker } from './context';
import { decodeBase64Text, encodeBase64Like, looksLikeBase64, redactBinary } from './base64';
import { redactFormText, redactMultipart } from './form';
import { redactJson, removeWhole } from './json';
import { looksLikeMarkup, redactMarkup } from './markup';
import { JSON_PREFIX, JSON_SUFFIX, NESTED_CONTENT_MAX_DEPTH } from './rules';
import { scrub, type Nested, type Site } from './site';
import { looksLikeUrl } from './url';

export type { Site } from './site';

/** A body, a frame or a nested text; `mime` as declared ('' when none). */
export function redactByContent(text: string, mime: string, site: Site): string {
  if (text.length < 2) return text;
  let bom = 0;
  while (text.charCodeAt(bom) === 0xfeff) bom++;
  if (bom > 0) return text.slice(0, bom) + redactByContent(text.slice(bom), mime, site);
  const nested = nestedIn(site);
  const delimiter = multipartDelimiter(text, mime);
  if (delimiter !== undefined) return redactMultipart(text, delimiter, site, nested);
  const first = firstNonSpace(text);
  const c = text[first];
  if (c === '{' || c === '[') {
    const json = redactJson(text, site, nested) ?? redactNdjson(text, site, nested);
    if (json !== undefined) return json;
  }
  if (looksLikeMarkup(text, first) || (c === '<' && /xml|html/i.test(mime))) return redactMarkup(text, site, nested);
  if (looksLikeUrl(text)) return scrub(text, site);
  // Not a form though it may end in `=`: base64 of JSON, markup or a form is redacted decoded; any other is a token.
  if (looksLikeBase64(text)) return redactBase64(text, site) ?? scrub(text, site);
  if (mime.toLowerCase().includes('x-www-form-urlencoded') || looksLikeForm(text))
    return redactFormText(text, site, nested);
  return redactPrefixedJson(text, site, nested) ?? scrub(redactHeaderLines(text, site), site);
}

/**
 * How text inside this content is redacted: as content one level deeper, or at the bound removed when it would be
 * parsed.
 */
export function nestedIn(site: Site): Nested {
  return (text, name) => {
    if (text.length < 8) return text;
    const inner: Site = { ...site, name, depth: site.depth + 1 };
    if (site.depth < NESTED_CONTENT_MAX_DEPTH) return redactByContent(text, '', inner);
    const first = firstNonSpace(text);
    return /[[{]/.test(text[first] ?? '') || looksLikeMarkup(text, first)
      ? removeWhole(text, `inside ${NESTED_CONTENT_MAX_DEPTH} levels of content`, inner)
      : scrub(text, inner);
  };
}

function firstNonSpace(text: string): number {
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

/** Newline-delimited JSON: every line that is not blank is JSON. Undefined when one is not. */
function redactNdjson(text: string, site: Site, nested: Nested): string | undefined {
  if (!text.includes('\n')) return undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const body = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (body.trim() === '') continue;
    const redacted = redactJson(body, site, nested);
    if (redacted === undefined) return undefined;
    lines[i] = redacted + line.slice(body.length);
  }
  return lines.join('\n');
}

/**
 * JSON after a prefix and before a suffix (JSON_PREFIX, JSON_SUFFIX: Socket.IO, JSONP, …); undefined when it is not.
 */
function redactPrefixedJson(text: string, site: Site, nested: Nested): string | undefined {
  const start = text.slice(0, 256).search(/[[{]/);
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']')) + 1;
  if (start < 1 || end <= start || !JSON_PREFIX.test(text.slice(0, start)) || !JSON_SUFFIX.test(text.slice(end)))
    return undefined;
  const json = redactJson(text.slice(start, end), site, nested);
  return json === undefined ? undefined : text.slice(0, start) + json + text.slice(end);
}

/**
 * Base64 holding JSON, markup or a form (a binary frame, a value): redacted decoded, encoded
 * back. `mime` when the text is declared base64 (`content.encoding`, a binary frame): then
 * whatever text it holds is redacted, and bytes that are not text have their secrets masked
 * in place. Undefined when it is none of these.
 */
export function redactBase64(text: string, site: Site, mime?: string): string | undefined {
  const decoded = decodeBase64Text(text);
  if (decoded === undefined) return mime === undefined ? undefined : redactBinary(text, site);
  const first = firstNonSpace(decoded);
  const c = decoded[first];
  if (mime === undefined && c !== '{' && c !== '[' && !looksLikeMarkup(decoded, first) && !looksLikeForm(decoded))
    return undefined;
  const redacted = mime === undefined ? nestedIn(site)(decoded, site.name) : redactByContent(decoded, mime, site);
  return redacted === decoded ? text : encodeBase64Like(redacted, text);
}

/**
 * The `--boundary` of a multipart body: from the declared type, else the body's first line when a part header follows.
 */
function multipartDelimiter(text: string, mime: string): string | undefined {
  const declared = /boundary=(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(mime);
  const boundary = declared?.[1] ?? declared?.[2];
  if (boundary !== undefined && mime.toLowerCase().includes('multipart/') && text.includes(`--${boundary}`))
    return `--${boundary}`;
  if (!text.startsWith('--')) return undefined;
  const lineEnd = text.indexOf('\n');
  const line = (lineEnd < 0 ? '' : text.slice(0, lineEnd)).replace(/\r$/, '');
  if (line.length < 3 || line.length > 202 || /\s/.test(line)) return undefined;
  return /^content-disposition:/im.test(text.slice(lineEnd + 1, lineEnd + 1 + 1024)) ? line : undefined;
}

/** `a=1&b=2`: every `&`-separated part has a name and `=`, and nothing a sentence or JSON would have. */
function looksLikeForm(text: string): boolean {
  if (text.length === 0 || !text.includes('=')) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20 || c === 0x22 || c === 0x7b || c === 0x7d || c === 0x3c || c === 0x3e) return false;
  }
  return text.split('&').every((part) => part === '' || part.indexOf('=') > 0);
}

/**
 * `name:value` lines before the first blank line (STOMP's CONNECT `passcode:…`, a pasted
 * HTTP header block): values of secret-named lines go. The first line may be a command.
 */
function redactHeaderLines(text: string, site: Site): string {
  if (!text.includes(':') || !text.includes('\n')) return text;
  const { ctx, where } = site;
  const blank = text.search(/\r?\n\r?\n/);
  const head = blank < 0 ? text : text.slice(0, blank);
  let changed = false;
  const lines = head.split('\n').map((line) => {
    const colon = line.indexOf(':');
    if (colon <= 0 || colon > 64) return line;
    const name = line.slice(0, colon).trim();
    if (!/^[\w.-]+$/.test(name) || line.slice(colon + 1).trim() === '' || !isSecretNamed(ctx, name)) return line;
    found(ctx, 'form-field', where, name);
    changed = true;
    return `${line.slice(0, colon + 1)}${marker('field', name)}${line.endsWith('\r') ? '\r' : ''}`;
  });
  return changed ? lines.join('\n') + (blank < 0 ? '' : text.slice(blank)) : text;
}
