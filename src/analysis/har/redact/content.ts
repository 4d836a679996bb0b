// Text recognised by its content, whatever its declared MIME type: `fetch` sends a JSON or
// form body as text/plain by default, and WebSocket frames have no type at all. JSON
// (GraphQL inside it), form-encoded, multipart and `name:value` header lines (STOMP frames)
// are each redacted by field name; anything else is free text. Every check is one pass.
import { isSecretNamed, marker, found, type RedactContext } from './context';
import type { RedactionPlace } from './report';
import { scrubFreeText } from './url';

export interface ContentRedactors {
  json(text: string, where: RedactionPlace, scrub: (text: string, key: string | undefined) => string): string;
  form(text: string, where: RedactionPlace): string;
  multipart(text: string, delimiter: string, where: RedactionPlace): string;
}

/** A request body or a frame; `mime` as declared ('' when none). */
export function redactByContent(
  text: string,
  mime: string,
  ctx: RedactContext,
  where: RedactionPlace,
  redactors: ContentRedactors,
  name?: string,
): string {
  const declared = mime.toLowerCase();
  const delimiter = multipartDelimiter(text, mime);
  if (delimiter !== undefined) return redactors.multipart(text, delimiter, where);
  const first = firstNonSpace(text);
  if (first === '{' || first === '[') {
    return redactors.json(text, where, (value, key) =>
      scrubFreeText(redactGraphqlArguments(value, ctx, where), ctx, where, key ?? name),
    );
  }
  if (declared.includes('x-www-form-urlencoded') || looksLikeForm(text)) return redactors.form(text, where);
  return scrubFreeText(redactHeaderLines(text, ctx, where), ctx, where, name);
}

function firstNonSpace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return text[i] ?? '';
  }
  return '';
}

/** The `--boundary` of a multipart body: from the declared type, else the body's first line when a part header follows. */
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
function redactHeaderLines(text: string, ctx: RedactContext, where: RedactionPlace): string {
  if (!text.includes(':') || !text.includes('\n')) return text;
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

function isNameChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

/**
 * GraphQL inline arguments with a secret name: `login(password: "hunter2")` →
 * `login(password: "[redacted: field password]")`. One pass: a name, `:`, then a string.
 */
export function redactGraphqlArguments(text: string, ctx: RedactContext, where: RedactionPlace): string {
  if (!text.includes('(') || !text.includes(':')) return text;
  let out = '';
  let last = 0;
  let i = 0;
  while (i < text.length) {
    if (!isNameChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
    let j = i;
    while (text.charCodeAt(j) === 0x20) j++;
    if (text.charCodeAt(j) !== 0x3a) continue;
    j++;
    while (text.charCodeAt(j) === 0x20) j++;
    if (text.charCodeAt(j) !== 0x22) continue;
    let end = j + 1;
    while (end < text.length && text.charCodeAt(end) !== 0x22 && text.charCodeAt(end) !== 0x0a)
      end += text.charCodeAt(end) === 0x5c ? 2 : 1;
    const name = text.slice(nameStart, i);
    if (end < text.length && text.charCodeAt(end) === 0x22 && isSecretNamed(ctx, name)) {
      found(ctx, 'json-field', where, name);
      out += `${text.slice(last, j + 1)}${marker('field', name)}`;
      last = end;
    }
    i = end + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}
