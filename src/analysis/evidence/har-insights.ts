// A page's "why was it slow" in a bundle: its critical path and its findings, largest saving
// first, from the redacted HAR (the names shown are the ones the ticket's reader may see).
import { buildWaterfall, formatMs } from '../har';
import { pageInsights } from '../har/insights';
import type { RedactedHar } from './attachments';
import type { EvidenceSection } from './model';
import { line } from './text';

/** Findings listed per page in a bundle. */
export const BUNDLE_FINDINGS = 8;

export function insightsTable(redacted: RedactedHar, pageId: string, what: string): EvidenceSection {
  const insights = pageInsights(buildWaterfall(redacted.document, pageId));
  const findings = insights.findings.slice(0, BUNDLE_FINDINGS);
  const more = insights.findings.length - findings.length;
  return {
    kind: 'table',
    heading: `Why ${what} was slow`,
    columns: ['Finding', 'Saves', 'Requests', 'What to do'],
    rows: findings.map((finding) => [
      `${finding.title}: ${line(finding.summary, 300)}`,
      finding.savingMs > 0 ? `~${formatMs(finding.savingMs)}` : '—',
      line(
        finding.requests
          .slice(0, 3)
          .map((r) => r.name)
          .join(', ') + (finding.count > 3 ? ` and ${finding.count - 3} more` : ''),
        300,
      ),
      finding.advice,
    ]),
    note:
      `${line(insights.criticalPath.line, 600)}.${findings.length === 0 ? ' No finding rule fired.' : ''}` +
      `${more > 0 ? ` ${more} more finding(s) not listed.` : ''}` +
      ` Savings: on the critical path they add up; off it, only the largest counts.`,
  };
}
