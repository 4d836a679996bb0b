// Form fields: postData.params, form-encoded text and multipart parts, by name. One field
// has one verdict and one marker wherever it is (params and text stay equal); a value that
// is content of its own (JSON, base64 JSON) is redacted as such and encoded back.
import { found, isKept, isSecretNamed, urlMarker } from './context';
import { secretShape } from './detect';
import type { Nested, Site } from './site';
import { scrub } from './site';

/** One field's value: the marker when its name or shape is a secret's, else the value with its content redacted. */
export function redactField(name: string, value: string, site: Site, nested: Nested): string {
  const { ctx, where } = site;
  if (value === '' || isKept(ctx, name)) return value;
  if (isSecretNamed(ctx, name)) {
    found(ctx, 'form-field', where, name);
    return urlMarker('field');
  }
  const shape = secretShape(value);
  if (shape) {
    found(ctx, shape, where, name);
    return urlMarker(shape);
  }
  return value.length < 8 ? value : nested(value, name);
}

export function redactFormParams(params: unknown[], site: Site, nested: Nested): unknown[] {
  let out: unknown[] | undefined;
  params.forEach((raw, i) => {
    if (typeof raw !== 'object' || raw === null) return;
    const { name, value } = raw as Record<string, unknown>;
    if (typeof name !== 'string' || typeof value !== 'string') return;
    const redacted = redactField(name, value, site, nested);
    if (redacted === value) return;
    out ??= params.slice();
    out[i] = { ...(raw as Record<string, unknown>), value: redacted };
  });
  return out ?? params;
}

export function redactFormText(text: string, site: Site, nested: Nested): string {
  return text
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0) return part;
      const value = decodeForm(part.slice(eq + 1));
      const redacted = redactField(decodeForm(part.slice(0, eq)), value, site, nested);
      if (redacted === value) return part;
      return `${part.slice(0, eq + 1)}${/^REDACTED-[a-z-]+$/.test(redacted) ? redacted : encodeURIComponent(redacted)}`;
    })
    .join('&');
}

function decodeForm(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** multipart/form-data: each part by its field name; a part's headers stay. */
export function redactMultipart(text: string, delimiter: string, site: Site, nested: Nested): string {
  return text
    .split(delimiter)
    .map((part, i) => (i === 0 || part.startsWith('--') ? part : redactPart(part, site, nested)))
    .join(delimiter);
}

function redactPart(part: string, site: Site, nested: Nested): string {
  const blank = /\r?\n\r?\n/.exec(part);
  if (!blank) return scrub(part, site);
  const bodyStart = blank.index + blank[0].length;
  const head = part.slice(0, bodyStart);
  const ending = /\r?\n$/.exec(part.slice(bodyStart))?.[0] ?? '';
  const body = part.slice(bodyStart, part.length - ending.length);
  const name = /;\s*name="([^"]*)"/i.exec(head)?.[1] ?? '';
  return head + redactField(name, body, site, nested) + ending;
}
