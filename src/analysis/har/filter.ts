// DevTools Network-panel filter expressions: `domain:` `status-code:` `larger-than:`
// `method:` `mime-type:` (plus `scheme:`), `-` negates any clause, anything else is text
// matched against the URL (`/re/` for a regular expression). Clauses are ANDed.
import type { HarRequestEntry, ResourceType } from './model';

export const FILTER_KEYS = ['domain', 'status-code', 'larger-than', 'method', 'mime-type', 'scheme'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type FilterClause =
  | { kind: 'key'; key: FilterKey; value: string; negated: boolean; test: (entry: HarRequestEntry) => boolean }
  | { kind: 'text'; value: string; negated: boolean; test: (entry: HarRequestEntry) => boolean };

export interface ParsedFilter { clauses: FilterClause[]; errors: string[] }

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
      else errors.push(`${key}: cannot use "${value}"`);
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
export function entryMatcher(text: string, types: ReadonlySet<ResourceType> = new Set()): (entry: HarRequestEntry) => boolean {
  const parsed = parseFilter(text);
  return (entry) => (types.size === 0 || types.has(entry.resourceType)) && matchesFilter(entry, parsed);
}

function keyTest(key: FilterKey, value: string): ((entry: HarRequestEntry) => boolean) | undefined {
  if (value === '') return undefined;
  switch (key) {
    case 'domain': {
      const pattern = wildcard(value);
      return (e) => pattern.test(hostname(e.host));
    }
    case 'status-code': {
      if (!/^\d{1,3}$/.test(value)) return undefined;
      const status = Number(value);
      return (e) => e.status === status;
    }
    case 'larger-than': {
      const limit = parseSize(value);
      if (limit === undefined) return undefined;
      return (e) => sizeOf(e) > limit;
    }
    case 'method': {
      const method = value.toUpperCase();
      return (e) => e.method === method;
    }
    case 'mime-type': {
      const pattern = wildcard(value);
      return (e) => pattern.test(e.mimeType);
    }
    case 'scheme': {
      const scheme = value.toLowerCase();
      return (e) => e.scheme === scheme;
    }
  }
}

function textTest(value: string): (entry: HarRequestEntry) => boolean {
  const regex = /^\/(.+)\/([i]?)$/.exec(value);
  if (regex) {
    try {
      const re = new RegExp(regex[1] ?? '', 'i');
      return (e) => re.test(e.url);
    } catch { /* not a valid regex: fall through to plain text */ }
  }
  const needle = value.toLowerCase();
  return (e) => e.url.toLowerCase().includes(needle);
}

/** `*.example.com` style patterns, case-insensitive, whole-string. */
function wildcard(value: string): RegExp {
  const escaped = value.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
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
