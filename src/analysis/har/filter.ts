// DevTools Network-panel filter expressions: `domain:` `status-code:` (also `4xx` and
// `400-499`) `larger-than:` `method:` `mime-type:` `resource-type:` `is:from-cache`
// `has-response-header:` (plus `scheme:`), `-` negates any clause, anything else is text
// matched against the URL (`/re/` for a regular expression). Clauses are ANDed.
// FILTER_KEY_INFO is the one table of keys: the parser, the filter box's completion and
// its placeholder all read it.
import { RESOURCE_TYPES, type HarRequestEntry, type ResourceType } from './model';

export const FILTER_KEYS = [
  'domain',
  'status-code',
  'larger-than',
  'method',
  'mime-type',
  'resource-type',
  'is',
  'has-response-header',
  'scheme',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** What each key matches, and an example value: for completion and help. */
export const FILTER_KEY_INFO: Readonly<Record<FilterKey, { detail: string; example: string }>> = {
  domain: { detail: 'host name, * as wildcard', example: '*.example.com' },
  'status-code': { detail: 'status, class or range', example: '4xx' },
  'larger-than': { detail: 'bytes on the wire (k = 1000, M = 1,000,000)', example: '100k' },
  method: { detail: 'HTTP method', example: 'POST' },
  'mime-type': { detail: 'response MIME type, * as wildcard', example: 'image/*' },
  'resource-type': {
    detail: 'document, stylesheet, script, image, font, fetch (xhr), media, websocket, other',
    example: 'script',
  },
  is: { detail: 'from-cache: served from the browser cache', example: 'from-cache' },
  'has-response-header': { detail: 'a response header by name', example: 'set-cookie' },
  scheme: { detail: 'http, https, ws, wss, data…', example: 'http' },
};

/** `is:` values a HAR can answer. */
export const IS_VALUES = ['from-cache'] as const;

/** DevTools' resource-type names that are another name of one of ours. */
const RESOURCE_TYPE_ALIASES: Readonly<Record<string, ResourceType>> = {
  xhr: 'fetch',
  css: 'stylesheet',
  js: 'script',
  img: 'image',
  doc: 'document',
  ws: 'websocket',
};

export type FilterClause =
  | { kind: 'key'; key: FilterKey; value: string; negated: boolean; test: (entry: HarRequestEntry) => boolean }
  | { kind: 'text'; value: string; negated: boolean; test: (entry: HarRequestEntry) => boolean };

export interface ParsedFilter {
  clauses: FilterClause[];
  errors: string[];
}

export function parseFilter(text: string): ParsedFilter {
  const clauses: FilterClause[] = [];
  const errors: string[] = [];
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const negated = token.startsWith('-') && token.length > 1;
    const body = negated ? token.slice(1) : token;
    const colon = body.indexOf(':');
    const key = colon > 0 ? body.slice(0, colon).toLowerCase() : '';
    if ((FILTER_KEYS as readonly string[]).includes(key)) {
      const value = body.slice(colon + 1);
      const test = keyTest(key as FilterKey, value);
      if (test) clauses.push({ kind: 'key', key: key as FilterKey, value, negated, test });
      else errors.push(`${key}: cannot use "${value}" (e.g. ${key}:${FILTER_KEY_INFO[key as FilterKey].example})`);
      continue;
    }
    clauses.push({ kind: 'text', value: body, negated, test: textTest(body) });
  }
  return { clauses, errors };
}

export function matchesFilter(entry: HarRequestEntry, filter: ParsedFilter): boolean {
  for (const clause of filter.clauses) if (clause.test(entry) === clause.negated) return false;
  return true;
}

/** Text, filter expression and type chips together; an empty chip set means all types. */
export function entryMatcher(
  text: string,
  types: ReadonlySet<ResourceType> = new Set(),
): (entry: HarRequestEntry) => boolean {
  const parsed = parseFilter(text);
  return (entry) => (types.size === 0 || types.has(entry.resourceType)) && matchesFilter(entry, parsed);
}

type EntryTest = (entry: HarRequestEntry) => boolean;

const KEY_TESTS: Readonly<Record<FilterKey, (value: string) => EntryTest | undefined>> = {
  domain: (value) => {
    const pattern = wildcard(value);
    return (e) => pattern.test(hostname(e.host));
  },
  'status-code': statusTest,
  'larger-than': (value) => {
    const limit = parseSize(value);
    return limit === undefined ? undefined : (e) => sizeOf(e) > limit;
  },
  method: (value) => {
    const method = value.toUpperCase();
    return (e) => e.method === method;
  },
  'mime-type': (value) => {
    const pattern = wildcard(value);
    return (e) => pattern.test(e.mimeType);
  },
  'resource-type': (value) => {
    const type = resourceType(value);
    return type && ((e) => e.resourceType === type);
  },
  is: (value) => (value.toLowerCase() === 'from-cache' ? (e) => e.fromCache : undefined),
  'has-response-header': (value) => {
    const name = value.toLowerCase();
    return (e) => e.responseHeaders.some((h) => h.name.toLowerCase() === name);
  },
  scheme: (value) => {
    const scheme = value.toLowerCase();
    return (e) => e.scheme === scheme;
  },
};

function keyTest(key: FilterKey, value: string): EntryTest | undefined {
  return value === '' ? undefined : KEY_TESTS[key](value);
}

/** `404`, `4xx` (a class) or `400-499` (inclusive). */
function statusTest(value: string): EntryTest | undefined {
  if (/^\d{1,3}$/.test(value)) {
    const status = Number(value);
    return (e) => e.status === status;
  }
  const klass = /^([1-5])xx$/i.exec(value);
  if (klass) {
    const low = Number(klass[1]) * 100;
    return (e) => e.status >= low && e.status < low + 100;
  }
  const range = /^(\d{1,3})-(\d{1,3})$/.exec(value);
  if (!range) return undefined;
  const [low, high] = [Number(range[1]), Number(range[2])];
  return low <= high ? (e) => e.status >= low && e.status <= high : undefined;
}

function resourceType(value: string): ResourceType | undefined {
  const name = value.toLowerCase();
  return (RESOURCE_TYPES as readonly string[]).includes(name) ? (name as ResourceType) : RESOURCE_TYPE_ALIASES[name];
}

function textTest(value: string): EntryTest {
  const regex = /^\/(.+)\/([i]?)$/.exec(value);
  if (regex) {
    try {
      const re = new RegExp(regex[1] ?? '', 'i');
      return (e) => re.test(e.url);
    } catch {
      /* not a valid regex: fall through to plain text */
    }
  }
  const needle = value.toLowerCase();
  return (e) => e.url.toLowerCase().includes(needle);
}

/** `*.example.com` style patterns, case-insensitive, whole-string. */
function wildcard(value: string): RegExp {
  const escaped = value
    .toLowerCase()
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

function hostname(host: string): string {
  return host.replace(/:\d+$/, '').toLowerCase();
}

/** DevTools: `1k` = 1000 bytes, `1M` = 1,000,000 bytes. */
export function parseSize(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(value);
  if (!match) return undefined;
  const unit = (match[2] ?? '').toLowerCase();
  return Number(match[1]) * (unit === 'k' ? 1000 : unit === 'm' ? 1_000_000 : 1);
}

/** Bytes on the wire when known, else the decoded size. */
function sizeOf(entry: HarRequestEntry): number {
  return entry.transferBytes >= 0 ? entry.transferBytes : Math.max(entry.contentBytes, 0);
}
