// What an export will remove, for the user to see before saving: one row per rule that
// removed something (its description, how many values, where), never a value. The rows come
// from the redaction report (src/analysis/har/redact/), so the preview and the file agree.
import { REDACTION_RULES, type RedactionLocation, type RedactionPlace, type RedactionReport } from './redact';

/** Locations listed per rule in the preview (the report may hold more). */
const PREVIEW_LOCATIONS = 50;

export interface RedactionPreviewRule { id: string; description: string; count: number; locations: string[]; more: number }
export interface RedactionPreview { entries: number; total: number; rules: RedactionPreviewRule[] }

export function redactionPreview(report: RedactionReport): RedactionPreview {
  const rules = REDACTION_RULES.filter((rule) => report.rules[rule.id].count > 0).map((rule): RedactionPreviewRule => {
    const tally = report.rules[rule.id];
    const locations = tally.locations.slice(0, PREVIEW_LOCATIONS).map(locationText);
    return { id: rule.id, description: rule.description, count: tally.count, locations, more: tally.count - locations.length };
  });
  return { entries: report.entries, total: report.total, rules };
}

const PLACE_WORDS: Readonly<Record<RedactionPlace, string>> = {
  'request.url': 'URL', 'request.header': 'request header', 'request.cookie': 'request cookie', 'request.query': 'query parameter',
  'request.postData': 'request body', 'response.header': 'response header', 'response.cookie': 'response cookie',
  'response.redirectURL': 'redirect URL', 'response.content': 'response body', 'page.title': 'title', 'page.id': 'id',
  'entry.pageref': 'page reference', field: 'field',
};

/** "request 3 · request header Authorization", "page 1 · title". */
export function locationText(location: RedactionLocation): string {
  const at = location.entry !== undefined ? `request ${location.entry + 1}` : location.page !== undefined ? `page ${location.page + 1}` : 'log';
  return `${at} · ${PLACE_WORDS[location.where] ?? location.where}${location.name ? ` ${location.name}` : ''}`;
}

/** One line for a notification or a modal: "12 values: 8 cookie values, 4 credentials of Authorization headers". */
export function previewLine(preview: RedactionPreview): string {
  if (preview.total === 0) return `Nothing to redact in ${preview.entries} requests.`;
  return `${preview.total} values in ${preview.entries} requests: ${preview.rules.map((r) => `${r.count} ${r.description}`).join(', ')}`;
}
