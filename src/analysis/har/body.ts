// A response body as the Response tab shows it: `content.text`, base64-decoded when
// `content.encoding` says so, recognised as JSON, XML, HTML, CSS, JavaScript or text,
// re-indented for reading (pretty.ts), and cut to BODY_LIMITS.displayChars. Binary bodies
// (images, fonts, anything that is not UTF-8) are described, not shown. Pure: atob and
// TextDecoder are globals of both the browser and node.
import { harEnvelope } from './envelope';
import { asRecord, asString, type Json } from './narrow';
import { prettyBody, type BodyLanguage } from './pretty';

export const BODY_LIMITS = {
  /** Characters shown in the panel; "Open in Editor" has the rest. */
  displayChars: 200_000,
  /** Bodies re-indented only up to this many characters (the rest is shown as recorded). */
  prettyChars: 2_000_000,
  /** Characters of a body opened in an editor. */
  editorChars: 50_000_000,
} as const;

export type ResponseBody =
  | { kind: 'none'; reason: string }
  | { kind: 'binary'; mimeType: string; bytes: number }
  | {
      kind: 'text';
      language: BodyLanguage;
      mimeType: string;
      text: string;
      pretty: boolean;
      decoded: boolean;
      totalChars: number;
      truncated: boolean;
    };

const LANGUAGES: readonly [RegExp, BodyLanguage][] = [
  [/[/+]json\b|^application\/json/i, 'json'],
  [/html/i, 'html'],
  [/[/+]xml\b|^text\/xml/i, 'xml'],
  [/css/i, 'css'],
  [/javascript|ecmascript|^text\/js/i, 'javascript'],
];

const BINARY_MIME = new RegExp(
  [
    '^(image\\/(?!svg)|audio\\/|video\\/|font\\/|application\\/(octet-stream|pdf|zip|gzip|wasm|font|',
    'x-font|vnd\\.ms-fontobject|protobuf|x-protobuf))',
  ].join(''),
  'i',
);

export function bodyLanguage(mimeType: string, text: string): BodyLanguage {
  for (const [pattern, language] of LANGUAGES) if (pattern.test(mimeType)) return language;
  const start = text.trimStart().slice(0, 1);
  if (start === '{' || start === '[') return 'json';
  if (start === '<') return /^\s*<(!doctype html|html)/i.test(text) ? 'html' : 'xml';
  return 'text';
}

/** The body of one HAR entry (a raw `log.entries[i]`), for the panel or (`forEditor`) for an editor. */
export function responseBody(entry: unknown, forEditor = false): ResponseBody {
  const content = asRecord(asRecord(asRecord(entry).response).content);
  const mimeType = asString(content.mimeType).split(';')[0]?.trim() ?? '';
  if (typeof content.text !== 'string')
    return {
      kind: 'none',
      reason: 'The HAR has no body for this response (browsers leave bodies out unless asked to keep them).',
    };
  if (content.text === '') return { kind: 'none', reason: 'The response body is empty.' };
  const decoded = decodeText(content, mimeType);
  if (decoded.binary) return { kind: 'binary', mimeType, bytes: decoded.bytes };
  return textBody(
    decoded.text,
    mimeType,
    decoded.decoded,
    forEditor ? BODY_LIMITS.editorChars : BODY_LIMITS.displayChars,
  );
}

function textBody(text: string, mimeType: string, decoded: boolean, limit: number): ResponseBody {
  const language = bodyLanguage(mimeType, text.slice(0, 200));
  const canPretty = language !== 'text' && text.length <= BODY_LIMITS.prettyChars;
  const shown = canPretty ? prettyBody(text, language) : text;
  return {
    kind: 'text',
    language,
    mimeType,
    text: shown.slice(0, limit),
    pretty: canPretty,
    decoded,
    totalChars: shown.length,
    truncated: shown.length > limit,
  };
}

function decodeText(
  content: Json,
  mimeType: string,
): { binary: false; text: string; decoded: boolean } | { binary: true; bytes: number } {
  const text = content.text as string;
  if (asString(content.encoding).toLowerCase() !== 'base64') {
    return BINARY_MIME.test(mimeType) ? { binary: true, bytes: text.length } : { binary: false, text, decoded: false };
  }
  let bytes: Uint8Array;
  try {
    const raw = atob(text.replace(/\s+/g, ''));
    bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  } catch {
    return { binary: false, text, decoded: false }; // not base64 after all: show it as recorded
  }
  if (BINARY_MIME.test(mimeType) || bytes.includes(0)) return { binary: true, bytes: bytes.length };
  try {
    return { binary: false, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), decoded: true };
  } catch {
    return { binary: true, bytes: bytes.length };
  }
}

/** The raw entry at `index` of the HAR's log.entries (any envelope readHar takes), for the host's "Open in Editor". */
export function rawEntryAt(har: unknown, index: number): unknown {
  const { log } = harEnvelope(har);
  return Array.isArray(log.entries) && Number.isInteger(index) && index >= 0 ? log.entries[index] : undefined;
}
