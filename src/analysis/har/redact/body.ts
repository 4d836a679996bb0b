// Request bodies (postData) by field and response bodies whole. Bodies are outside data
// of any size and shape: the JSON walk is bounded (JSON_BODY_LIMITS) and a body it cannot
// check within the bounds is removed whole rather than kept unchecked.
import { nestsDeeperThan } from '../../../api/types';
import { formatBytes } from '../format';
import { asString, type Json } from '../narrow';
import { redactByContent, type ContentRedactors } from './content';
import { found, isKept, isSecretNamed, marker, recorder, urlMarker, type RedactContext } from './context';
import { scrubText } from './detect';
import type { RedactionPlace } from './report';
import { JSON_BODY_LIMITS } from './rules';
import { paramVerdict, scrubFreeText } from './url';

export function redactPostData(postData: unknown, ctx: RedactContext): unknown {
  if (typeof postData !== 'object' || postData === null || Array.isArray(postData)) return postData;
  const data = postData as Json;
  const params = Array.isArray(data.params) ? redactFormParams(data.params, ctx) : data.params;
  const text = typeof data.text === 'string' ? redactRequestText(data.text, asString(data.mimeType), ctx) : data.text;
  if (params === data.params && text === data.text) return postData;
  return { ...data, ...('params' in data ? { params } : {}), ...('text' in data ? { text } : {}) };
}

/** One form field, in postData.params or in the body text: the same verdict and marker for both. */
function redactField(
  name: string,
  value: string,
  ctx: RedactContext,
  where: RedactionPlace = 'request.postData',
): string {
  const verdict = paramVerdict(ctx, name, value);
  if (!verdict) return value;
  found(ctx, verdict === 'secret' ? 'form-field' : verdict, where, name);
  return urlMarker(verdict === 'secret' ? 'field' : verdict);
}

function redactFormParams(params: unknown[], ctx: RedactContext): unknown[] {
  let out: unknown[] | undefined;
  params.forEach((raw, i) => {
    if (typeof raw !== 'object' || raw === null) return;
    const { name, value } = raw as Json;
    if (typeof name !== 'string' || typeof value !== 'string') return;
    const redacted = redactField(name, value, ctx);
    if (redacted === value) return;
    out ??= params.slice();
    out[i] = { ...(raw as Json), value: redacted };
  });
  return out ?? params;
}

function redactRequestText(text: string, mimeType: string, ctx: RedactContext): string {
  return text === '' ? text : redactByContent(text, mimeType, ctx, 'request.postData', contentRedactors(ctx));
}

/** Text of a custom field, e.g. a WebSocket frame (`_webSocketMessages[].data`): JSON, form, STOMP or free text, by content. */
export function redactFieldText(text: string, ctx: RedactContext, path: string): string {
  return text.length < 8 ? text : redactByContent(text, '', ctx, 'field', contentRedactors(ctx), path);
}

function contentRedactors(ctx: RedactContext): ContentRedactors {
  return {
    json: (text, where, scrub) => redactJsonText(text, ctx, where, scrub),
    form: (text, where) => redactFormText(text, ctx, where),
    multipart: (text, delimiter, where) => redactMultipart(text, delimiter, ctx, where),
  };
}

function redactFormText(text: string, ctx: RedactContext, where: RedactionPlace): string {
  return text
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0) return part;
      const name = decodeForm(part.slice(0, eq));
      const value = decodeForm(part.slice(eq + 1));
      const redacted = redactField(name, value, ctx, where);
      return redacted === value ? part : `${part.slice(0, eq + 1)}${redacted}`;
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
function redactMultipart(text: string, delimiter: string, ctx: RedactContext, where: RedactionPlace): string {
  return text
    .split(delimiter)
    .map((part, i) => (i === 0 || part.startsWith('--') ? part : redactPart(part, ctx, where)))
    .join(delimiter);
}

function redactPart(part: string, ctx: RedactContext, where: RedactionPlace): string {
  const blank = /\r?\n\r?\n/.exec(part);
  if (!blank) return scrubFreeText(part, ctx, where);
  const bodyStart = blank.index + blank[0].length;
  const head = part.slice(0, bodyStart);
  const ending = /\r?\n$/.exec(part.slice(bodyStart))?.[0] ?? '';
  const body = part.slice(bodyStart, part.length - ending.length);
  const name = /;\s*name="([^"]*)"/i.exec(head)?.[1] ?? '';
  return head + redactField(name, body, ctx, where) + ending;
}

type Scrub = (text: string, key: string | undefined) => string;

/**
 * A JSON body with the values of secret-named keys replaced and every string scrubbed.
 * Unchanged bodies keep their text (and formatting); changed ones are re-serialized.
 */
export function redactJsonText(text: string, ctx: RedactContext, where: RedactionPlace, scrub: Scrub): string {
  if (text.length > JSON_BODY_LIMITS.maxChars) return removeWhole(text, 'larger than the JSON walk takes', ctx, where);
  if (nestsDeeperThan(text, JSON_BODY_LIMITS.maxDepth))
    return removeWhole(text, `nested deeper than ${JSON_BODY_LIMITS.maxDepth} levels`, ctx, where);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return scrub(text, undefined);
  }
  const walk: JsonWalk = { ctx, where, scrub, nodes: 0, changed: false };
  const out = walkJson(value, undefined, walk);
  if (walk.nodes > JSON_BODY_LIMITS.maxNodes)
    return removeWhole(text, `more than ${JSON_BODY_LIMITS.maxNodes} values`, ctx, where);
  return walk.changed ? JSON.stringify(out) : text;
}

function removeWhole(text: string, reason: string, ctx: RedactContext, where: RedactionPlace): string {
  found(ctx, 'json-field', where, `(whole body: ${reason})`);
  return marker(`body ${formatBytes(text.length)}, ${reason}`);
}

interface JsonWalk {
  ctx: RedactContext;
  where: RedactionPlace;
  scrub: Scrub;
  nodes: number;
  changed: boolean;
}

/** Depth is bounded by the nesting check before the parse; size by the node count. */
function walkJson(value: unknown, key: string | undefined, walk: JsonWalk): unknown {
  if (++walk.nodes > JSON_BODY_LIMITS.maxNodes) return value;
  if (typeof value === 'string') {
    const scrubbed = walk.scrub(value, key);
    if (scrubbed !== value) walk.changed = true;
    return scrubbed;
  }
  if (Array.isArray(value)) return value.map((item) => walkJson(item, key, walk));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walkMember(name, item, walk)]));
}

function walkMember(name: string, value: unknown, walk: JsonWalk): unknown {
  if (isKept(walk.ctx, name)) return value;
  const empty = value === null || value === '' || typeof value === 'boolean';
  if (!empty && isSecretNamed(walk.ctx, name)) {
    found(walk.ctx, 'json-field', walk.where, name);
    walk.changed = true;
    return marker('field', name);
  }
  return walkJson(value, name, walk);
}

/**
 * response.content: the body goes (its size, mime type and compression stay; `encoding`
 * goes with it, since the marker is not base64). With keepBodies a text body stays, minus
 * secret-named JSON fields and JWTs: the option keeps content, not credentials.
 */
export function redactContent(content: unknown, ctx: RedactContext): unknown {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return content;
  const body = content as Json;
  if (typeof body.text !== 'string' || body.text === '') return content;
  const base64 = body.encoding === 'base64';
  if (ctx.keepBodies) {
    if (base64) return content;
    const text = keptBodyText(body.text, asString(body.mimeType).toLowerCase(), ctx);
    return text === body.text ? content : { ...body, text };
  }
  found(ctx, 'response-body', 'response.content');
  const size =
    typeof body.size === 'number' && body.size >= 0
      ? body.size
      : base64
        ? Math.floor((body.text.length * 3) / 4)
        : body.text.length;
  const { encoding: _encoding, ...rest } = body;
  return { ...rest, text: marker(`body ${formatBytes(size)}${base64 ? ' base64' : ''}`) };
}

function keptBodyText(text: string, mime: string, ctx: RedactContext): string {
  const jwtOnly: Scrub = (s, key) => scrubText(s, recorder(ctx, 'response.content', key), { entropy: false });
  if (mime.includes('json')) return redactJsonText(text, ctx, 'response.content', jwtOnly);
  return jwtOnly(text, undefined);
}
