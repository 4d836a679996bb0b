// What an export will remove, for the user to see before saving: one row per rule that
// removed something (its description, how many values, where), never a value. The rows come
// from the redaction report (src/analysis/har/redact/), so the preview and the file agree.
// A cookie is reported twice per request (the Cookie header and the parsed cookies hold the
// same value); it is listed and counted once. Requests are named by method, host and path,
// read from the redacted HAR, so a secret in a URL is not shown here either.
import { untrustedLine } from '../text/untrusted';
import { harEnvelope } from './envelope';
import { REDACTION_RULES, type RedactionLocation, type RedactionPlace, type RedactionReport } from './redact';

/** Locations listed per rule in the preview (the report may hold more). */
const PREVIEW_LOCATIONS = 50;

export interface RedactionPreviewRule {
  id: string;
  description: string;
  count: number;
  locations: string[];
  more: number;
}
export interface RedactionPreview {
  entries: number;
  total: number;
  rules: RedactionPreviewRule[];
}

/** Characters of a request's name (method, host and path) in the preview. */
const REQUEST_NAME_CHARS = 80;
/** URLs longer than this are cut before they are parsed: the name needs only their start. */
const URL_READ_CHARS = 2048;

/** `redactedHar`, when given, names the requests; without it they are numbered. */
export function redactionPreview(report: RedactionReport, redactedHar?: unknown): RedactionPreview {
  const name = requestNamer(redactedHar);
  const rules = REDACTION_RULES.filter((rule) => report.rules[rule.id].count > 0).map((rule): RedactionPreviewRule => {
    const tally = report.rules[rule.id];
    const listed = distinctLocations(tally.locations);
    const count = tally.count - (tally.locations.length - listed.length);
    const locations = listed.slice(0, PREVIEW_LOCATIONS).map((location) => locationText(location, name));
    return { id: rule.id, description: rule.description, count, locations, more: count - locations.length };
  });
  return { entries: report.entries, total: rules.reduce((sum, rule) => sum + rule.count, 0), rules };
}

/** One location per request, place and name: the same cookie in the header and in the parsed list is one value. */
function distinctLocations(locations: readonly RedactionLocation[]): RedactionLocation[] {
  const seen = new Set<string>();
  return locations.filter((location) => {
    const key = `${location.entry ?? ''}|${location.page ?? ''}|${location.where}|${location.name ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "GET portal.example.com/account" for entry `index` of the HAR; undefined when it has no usable request. */
function requestNamer(har: unknown): (index: number) => string | undefined {
  if (har === undefined) return () => undefined;
  const entries = harEnvelope(har).log.entries;
  return (index) => {
    const request = Array.isArray(entries)
      ? (entries[index] as { request?: { method?: unknown; url?: unknown } } | undefined)?.request
      : undefined;
    if (typeof request?.url !== 'string') return undefined;
    const method = typeof request.method === 'string' ? `${request.method.slice(0, 10)} ` : '';
    let where: string;
    try {
      const url = new URL(request.url.slice(0, URL_READ_CHARS));
      where = `${url.host}${url.pathname}`;
    } catch {
      where = request.url.slice(0, REQUEST_NAME_CHARS);
    }
    return untrustedLine(`${method}${where}`, REQUEST_NAME_CHARS);
  };
}

const PLACE_WORDS: Readonly<Record<RedactionPlace, string>> = {
  'request.url': 'URL',
  'request.header': 'request header',
  'request.cookie': 'request cookie',
  'request.query': 'query parameter',
  'request.postData': 'request body',
  'response.header': 'response header',
  'response.cookie': 'response cookie',
  'response.redirectURL': 'redirect URL',
  'response.content': 'response body',
  'page.title': 'title',
  'page.id': 'id',
  'entry.pageref': 'page reference',
  field: 'field',
};

/** "GET example.com/api · request header Authorization" ("request 3 · …" when unnamed), "page 1 · title". */
export function locationText(
  location: RedactionLocation,
  requestName: (index: number) => string | undefined = () => undefined,
): string {
  const at =
    location.entry !== undefined
      ? (requestName(location.entry) ?? `request ${location.entry + 1}`)
      : location.page !== undefined
        ? `page ${location.page + 1}`
        : 'log';
  return (
    `${at} · ${PLACE_WORDS[location.where] ?? location.where}` +
    `${location.name ? ` ${untrustedLine(location.name, REQUEST_NAME_CHARS)}` : ''}`
  );
}

/** One line for a notification or a modal: "12 values: 8 cookie values, 4 credentials of Authorization headers". */
export function previewLine(preview: RedactionPreview): string {
  if (preview.total === 0) return `Nothing to redact in ${preview.entries} requests.`;
  return (
    `${preview.total} values in ${preview.entries} requests: ` +
    `${preview.rules.map((r) => `${r.count} ${r.description}`).join(', ')}`
  );
}
