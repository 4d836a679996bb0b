// One entry, one page, one custom field. Copy on write: the input is never changed, and a
// part with nothing to redact is shared with it, not copied (bodies can be megabytes).
// Timings, sizes, statuses, methods and dates are passed through untouched by construction:
// only the fields named below (and strings of custom fields) are looked at.
import {
  createContext,
  found,
  inScope,
  isRecordLike,
  isSecretNamed,
  marker,
  type RedactContext,
  type RedactOptions,
} from './context';
import { redactContent, redactFieldText, redactPostData } from './body';
import { redactCookieArray, redactHeaders } from './headers';
import { createReport, type RedactionReport } from './report';
import { LOOSE_FIELD_MAX_DEPTH } from './rules';
import { looksLikeUrl, redactQueryValue, redactUrl, scrubFreeText } from './url';
import type { Json } from '../narrow';

/** Fields whose values are never secrets: numbers, dates, enums. */
const PASS_THROUGH = new Set([
  'startedDateTime',
  'time',
  'timings',
  'cache',
  'serverIPAddress',
  'connection',
  'method',
  'httpVersion',
  'headersSize',
  'bodySize',
  'status',
  'statusText',
  '_transferSize',
  'pageTimings',
  '_resourceType',
  '_priority',
]);

type FieldRedactor = (value: unknown, ctx: RedactContext) => unknown;

const ENTRY_FIELDS: Readonly<Record<string, FieldRedactor>> = {
  request: (value, ctx) => redactObject(value, REQUEST_FIELDS, 'request', ctx),
  response: (value, ctx) => redactObject(value, RESPONSE_FIELDS, 'response', ctx),
  pageref: (value, ctx) => redactPageId(value, ctx, 'entry.pageref'),
};

const REQUEST_FIELDS: Readonly<Record<string, FieldRedactor>> = {
  url: (value, ctx) => (typeof value === 'string' ? redactUrl(value, ctx, 'request.url') : value),
  headers: (value, ctx) => redactHeaders(value, 'request', ctx),
  cookies: (value, ctx) => redactCookieArray(value, 'request', ctx),
  queryString: (value, ctx) => redactQueryString(value, ctx),
  postData: (value, ctx) => redactPostData(value, ctx),
};

const RESPONSE_FIELDS: Readonly<Record<string, FieldRedactor>> = {
  headers: (value, ctx) => redactHeaders(value, 'response', ctx),
  cookies: (value, ctx) => redactCookieArray(value, 'response', ctx),
  content: (value, ctx) => redactContent(value, ctx),
  redirectURL: (value, ctx) => (typeof value === 'string' ? redactUrl(value, ctx, 'response.redirectURL') : value),
};

const PAGE_FIELDS: Readonly<Record<string, FieldRedactor>> = {
  id: (value, ctx) => redactPageId(value, ctx, 'page.id'),
  title: (value, ctx) =>
    typeof value !== 'string'
      ? value
      : looksLikeUrl(value)
        ? redactUrl(value, ctx, 'page.title')
        : scrubFreeText(value, ctx, 'page.title'),
};

/** One element of log.entries. `report` collects what was removed (pass one report for a whole HAR). */
export function redactEntry(
  entry: unknown,
  index: number,
  options: RedactOptions = {},
  report: RedactionReport = createReport(),
): unknown {
  return redactEntryIn(entry, index, createContext(options, report));
}

export function redactEntryIn(entry: unknown, index: number, ctx: RedactContext): unknown {
  ctx.report.entries++;
  return redactObject(entry, ENTRY_FIELDS, '', inScope(ctx, { entry: index }));
}

/** log.pages: ids and titles that are URLs (a page's id is repeated in its entries' pageref, redacted the same way). */
export function redactPages(
  pages: unknown,
  options: RedactOptions = {},
  report: RedactionReport = createReport(),
): unknown {
  return redactPagesIn(pages, createContext(options, report));
}

export function redactPagesIn(pages: unknown, ctx: RedactContext): unknown {
  if (!Array.isArray(pages)) return redactLoose(pages, 'pages', ctx, 0);
  return pages.map((page, i) => redactObject(page, PAGE_FIELDS, 'page', inScope(ctx, { page: i })));
}

/** Page ids are identifiers, not secrets: only an id that is a URL is redacted (identically in pages and pagerefs). */
function redactPageId(value: unknown, ctx: RedactContext, where: 'page.id' | 'entry.pageref'): unknown {
  return typeof value === 'string' && looksLikeUrl(value) ? redactUrl(value, ctx, where) : value;
}

function redactQueryString(value: unknown, ctx: RedactContext): unknown {
  if (!Array.isArray(value)) return value;
  let out: unknown[] | undefined;
  value.forEach((raw, i) => {
    if (!isRecordLike(raw)) return;
    const { name, value: paramValue } = raw;
    if (typeof name !== 'string' || typeof paramValue !== 'string') return;
    const redacted = redactQueryValue(name, paramValue, ctx);
    if (redacted === paramValue) return;
    out ??= value.slice();
    out[i] = { ...raw, value: redacted };
  });
  return out ?? value;
}

/** An object whose known fields have their own redactor; the rest are passed through or walked as custom fields. */
function redactObject(
  value: unknown,
  fields: Readonly<Record<string, FieldRedactor>>,
  path: string,
  ctx: RedactContext,
): unknown {
  if (!isRecordLike(value)) return value;
  let out: Json | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const redactor = Object.hasOwn(fields, key) ? fields[key] : undefined;
    const redacted = redactor
      ? redactor(item, ctx)
      : PASS_THROUGH.has(key)
        ? item
        : redactLoose(item, path ? `${path}.${key}` : key, ctx, 1);
    if (redacted === item) continue;
    out ??= { ...value };
    Object.defineProperty(out, key, { value: redacted, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}

/**
 * Custom fields (`_initiator`, `_webSocketMessages`, comments, creator, browser): strings
 * are redacted by content (URLs as URLs), strings under secret-named keys removed. Bounded in
 * depth; below the bound a value is removed, not walked. `binary`: the string is base64 of a
 * binary WebSocket frame (Chrome's `{ opcode: 2, data }`).
 */
export function redactLoose(value: unknown, path: string, ctx: RedactContext, depth: number, binary = false): unknown {
  if (typeof value === 'string')
    return looksLikeUrl(value) ? redactUrl(value, ctx, 'field', path) : redactFieldText(value, ctx, path, binary);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= LOOSE_FIELD_MAX_DEPTH) {
    found(ctx, 'json-field', 'field', `${path} (nested deeper than ${LOOSE_FIELD_MAX_DEPTH} levels)`);
    return marker('nested too deep');
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const redacted = redactLoose(item, path, ctx, depth + 1);
      if (redacted !== item) changed = true;
      return redacted;
    });
    return changed ? out : value;
  }
  let out: Json | undefined;
  for (const [key, item] of Object.entries(value)) {
    const redacted =
      typeof item === 'string' && item !== '' && isSecretNamed(ctx, key)
        ? (found(ctx, 'json-field', 'field', `${path}.${key}`), marker('field', key))
        : redactLoose(item, `${path}.${key}`, ctx, depth + 1, key === 'data' && (value as Json).opcode === 2);
    if (redacted === item) continue;
    out ??= { ...(value as Json) };
    Object.defineProperty(out, key, { value: redacted, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}
