// Completion in the waterfall's filter box, as DevTools offers it: while a word is typed, the
// filter keys it starts (from FILTER_KEY_INFO); after `key:`, the values this HAR holds for
// that key (its domains, methods, statuses, MIME types, response header names), most used
// first. A leading `-` is kept. Bounded: at most VALUES_PER_KEY values per key are kept.
import { FILTER_KEY_INFO, FILTER_KEYS, IS_VALUES, type FilterKey } from './filter';
import { RESOURCE_TYPES, type HarRequestEntry } from './model';

const VALUES_PER_KEY = 40;
const MAX_ITEMS = 12;

export interface FilterCompletion {
  /** What the list shows. */
  label: string;
  /** Replaces the word being typed. */
  insert: string;
  detail: string;
}

/** Values of the keys that have a closed set in this HAR, most used first. */
export type FilterValues = Partial<Record<FilterKey, readonly string[]>>;

export function filterValuesOf(entries: readonly HarRequestEntry[]): FilterValues {
  const counters: Partial<Record<FilterKey, Map<string, number>>> = {};
  const count = (key: FilterKey, value: string): void => {
    if (!value) return;
    const map = counters[key] ?? new Map<string, number>();
    counters[key] = map;
    map.set(value, (map.get(value) ?? 0) + 1);
  };
  for (const e of entries) {
    count('domain', e.host.replace(/:\d+$/, '').toLowerCase());
    count('method', e.method);
    if (e.status > 0) count('status-code', String(e.status));
    count('mime-type', e.mimeType.toLowerCase());
    count('scheme', e.scheme);
    for (const header of e.responseHeaders) count('has-response-header', header.name.toLowerCase());
  }
  const values: FilterValues = { 'resource-type': RESOURCE_TYPES, is: IS_VALUES };
  for (const key of FILTER_KEYS) {
    const map = counters[key];
    if (map)
      values[key] = [...map]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, VALUES_PER_KEY)
        .map(([value]) => value);
  }
  return values;
}

/** The word at the end of `text` (what is being typed), and what may complete it. */
export function filterCompletions(text: string, values: FilterValues): { word: string; items: FilterCompletion[] } {
  const word = /(\S*)$/.exec(text)?.[1] ?? '';
  const negated = word.startsWith('-');
  const body = negated ? word.slice(1) : word;
  const sign = negated ? '-' : '';
  const colon = body.indexOf(':');
  if (colon < 0) {
    if (body === '' && !negated) return { word, items: [] };
    const prefix = body.toLowerCase();
    const items = FILTER_KEYS.filter((key) => key.startsWith(prefix)).map((key) => ({
      label: `${sign}${key}:`,
      insert: `${sign}${key}:`,
      detail: FILTER_KEY_INFO[key].detail,
    }));
    return { word, items };
  }
  const key = body.slice(0, colon).toLowerCase() as FilterKey;
  if (!(FILTER_KEYS as readonly string[]).includes(key)) return { word, items: [] };
  const typed = body.slice(colon + 1).toLowerCase();
  const items = (values[key] ?? [])
    .filter((value) => value.toLowerCase().startsWith(typed) && value.toLowerCase() !== typed)
    .slice(0, MAX_ITEMS)
    .map((value) => ({
      label: `${sign}${key}:${value}`,
      insert: `${sign}${key}:${value}`,
      detail: FILTER_KEY_INFO[key].detail,
    }));
  return { word, items };
}

/** `text` with its last word replaced by the completion, and a space to start the next clause. */
export function applyCompletion(text: string, completion: FilterCompletion): string {
  const word = /(\S*)$/.exec(text)?.[1] ?? '';
  const head = text.slice(0, text.length - word.length);
  return completion.insert.endsWith(':') ? `${head}${completion.insert}` : `${head}${completion.insert} `;
}
