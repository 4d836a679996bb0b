// Request bodies (postData) and frames by content (content.ts), response bodies whole.
// Bodies are outside data of any size and shape: every walk is bounded (JSON_BODY_LIMITS,
// NESTED_CONTENT_MAX_DEPTH) and a body that cannot be checked within the bounds is removed
// whole rather than kept unchecked.
import { formatBytes } from '../format';
import { asString, type Json } from '../narrow';
import { nestedIn, redactBase64, redactByContent, type Site } from './content';
import { found, marker, type RedactContext } from './context';
import { redactFormParams } from './form';
import type { RedactionPlace } from './report';
import { BINARY_MIME } from './rules';

function site(ctx: RedactContext, where: RedactionPlace, name?: string, kept = false): Site {
  return { ctx, where, name, kept, depth: 0 };
}

/**
 * postData: params by name, text by content. A text that `encoding: "base64"` says is base64
 * (some tools write binary bodies so) is redacted as the text it decodes to; bytes that are
 * not text (an upload) keep their length, the secrets in them masked.
 */
export function redactPostData(postData: unknown, ctx: RedactContext): unknown {
  if (typeof postData !== 'object' || postData === null || Array.isArray(postData)) return postData;
  const data = postData as Json;
  const body = site(ctx, 'request.postData');
  const params = Array.isArray(data.params) ? redactFormParams(data.params, body, nestedIn(body)) : data.params;
  let text = data.text;
  if (typeof text === 'string' && text !== '') {
    const mime = asString(data.mimeType);
    text =
      (asString(data.encoding).toLowerCase() === 'base64' ? redactBase64(text, body, mime) : undefined) ??
      redactByContent(text, mime, body);
  }
  if (params === data.params && text === data.text) return postData;
  return { ...data, ...('params' in data ? { params } : {}), ...('text' in data ? { text } : {}) };
}

/** Text of a custom field, e.g. a WebSocket frame (`_webSocketMessages[].data`, base64 when `binary`), by content. */
export function redactFieldText(text: string, ctx: RedactContext, path: string, binary = false): string {
  if (text.length < 8) return text;
  const field = site(ctx, 'field', path);
  return (binary ? redactBase64(text, field, '') : undefined) ?? redactByContent(text, '', field);
}

/**
 * response.content: the body goes (its size, mime type and compression stay; `encoding`
 * goes with it, since the marker is not base64). With keepBodies the body stays, read by
 * its content as a request body is (base64 decoded when it is text: images stay as they
 * are), minus what is a credential: secret-named fields and elements, hidden inputs named
 * like tokens, JWTs and credentials after a scheme word. The option keeps content, not credentials.
 */
export function redactContent(content: unknown, ctx: RedactContext): unknown {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return content;
  const body = content as Json;
  if (typeof body.text !== 'string' || body.text === '') return content;
  const base64 = body.encoding === 'base64';
  if (ctx.keepBodies) {
    const mime = asString(body.mimeType);
    const kept = site(ctx, 'response.content', undefined, true);
    const text = !base64
      ? redactByContent(body.text, mime, kept)
      : BINARY_MIME.test(mime)
        ? body.text
        : (redactBase64(body.text, kept, mime) ?? body.text);
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
