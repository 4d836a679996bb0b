// What `netmon har report` prints after writing the file: why each page was slow, ranked as
// `netmon har insights` ranks it (each finding with the requests it names, the time fixing it
// saves and what to do), read from the HAR the report embeds, so a redacted report names
// requests as the ticket's reader will see them.
import { readHar } from '../analysis/har';
import { documentInsights } from '../analysis/har/insights';
import { formatInsights } from '../analysis/har/insights-text';
import { cliText } from './ci-safe';

/** Findings printed per page: the report itself (its Insights tab) has them all. */
const REPORT_FINDINGS = 8;

/**
 * `harJson`: the report's HAR text in pieces (escapeForScript keeps it JSON); `pageId`: only that page when it has one.
 */
export function reportInsightLines(harJson: readonly string[], pageId?: string): string[] {
  const doc = readHar(JSON.parse(harJson.join('')) as unknown);
  if (doc.entries.length === 0) return [];
  const only = pageId !== undefined && doc.pages.some((page) => page.id === pageId) ? pageId : undefined;
  const pages = documentInsights(doc, {}, only);
  return [
    'Why it was slow (findings ranked by the time fixing them saves; ' +
      "the report's Insights tab and `netmon har insights --json` have them all):",
    ...formatInsights(pages, REPORT_FINDINGS).map(cliText),
  ];
}
