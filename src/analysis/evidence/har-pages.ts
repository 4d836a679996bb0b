// The pages of a bundle (a session's page loads, the two sides of a HAR diff): for each,
// its waterfall image, its slowest requests and its redacted HAR attached. Always from the
// redacted HAR: the URLs shown are the ones a reader of the ticket may see.
import { buildWaterfall, formatBytes, formatMs, timeToFirstByte } from '../har';
import { redactForEvidence, type AttachmentBudget, type RedactedHar } from './attachments';
import { EVIDENCE_LIMITS, type EvidenceImage, type EvidenceSection } from './model';
import { line, plural, safeLine } from './text';
import { waterfallImage } from './waterfall-image';
import { insightsTable } from './har-insights';

export interface HarPageInput {
  /** The page's id in the HAR (the API's page id); the first page when the HAR has no such page. */
  pageId: string;
  /** The title to show; the HAR's page title otherwise. */
  title?: string;
  har: unknown;
  /** The attached HAR's file name (made by the builder, never from data). */
  attachmentName?: string;
}

/** Requests listed per page as the slowest. */
export const SLOWEST_REQUESTS = 10;

export interface PageParts {
  sections: EvidenceSection[];
  images: EvidenceImage[];
  omissions: string[];
}

/** Pages past maxHars are counted, not read; `redacted` when the caller already redacted the HAR. */
export function pageSections(
  pages: readonly (HarPageInput & { redacted?: RedactedHar })[],
  fileStem: string,
  budget: AttachmentBudget,
): PageParts {
  const parts: PageParts = { sections: [], images: [], omissions: [] };
  const kept = pages.slice(0, EVIDENCE_LIMITS.maxHars);
  if (pages.length > kept.length)
    parts.omissions.push(
      `${pages.length - kept.length} of ${plural(pages.length, 'page')} left out ` +
        `(at most ${EVIDENCE_LIMITS.maxHars} HARs per bundle).`,
    );
  kept.forEach((page, i) => {
    const redacted = page.redacted ?? redactForEvidence(page.har);
    const { document } = redacted;
    const pageId = document.pages.some((p) => p.id === page.pageId) ? page.pageId : (document.pages[0]?.id ?? '');
    const harTitle = document.pages.find((p) => p.id === pageId)?.title ?? '';
    const what = `page ${i + 1} "${safeLine(page.title ?? harTitle, 200)}"`;
    const { image, omission } = waterfallImage(document, pageId, `waterfall-${i + 1}`, what);
    parts.images.push(image);
    if (omission) parts.omissions.push(omission);
    parts.sections.push(insightsTable(redacted, pageId, what), slowestTable(redacted, pageId, what));
    budget.add(page.attachmentName ?? `${fileStem}-page-${i + 1}.har`, what, redacted);
  });
  return parts;
}

function slowestTable(redacted: RedactedHar, pageId: string, what: string): EvidenceSection {
  const rows = buildWaterfall(redacted.document, pageId).rows;
  const slowest = [...rows]
    .sort((a, b) => b.entry.totalMs - a.entry.totalMs || a.entry.index - b.entry.index)
    .slice(0, SLOWEST_REQUESTS);
  return {
    kind: 'table',
    heading: `Slowest requests of ${what}`,
    columns: ['Request', 'Status', 'Starts at', 'Time', 'Time to first byte', 'Transferred'],
    rows: slowest.map(({ entry, offsetMs }) => [
      `${line(entry.method, 12)} ${line(entry.url, 300)}`,
      entry.status > 0 ? String(entry.status) : 'failed',
      formatMs(offsetMs),
      formatMs(entry.totalMs),
      formatMs(timeToFirstByte(entry)),
      formatBytes(entry.transferBytes),
    ]),
    note: `${Math.min(SLOWEST_REQUESTS, rows.length)} of ${plural(rows.length, 'request')} of the page, slowest first.`,
  };
}
