// Insights as text, for `netmon har insights`, the HTML report and the evidence bundle: per
// page the critical path, then the findings largest saving first, each with its requests,
// its estimate and what to do. Every string from the HAR passes through untrustedLine.
import { untrustedLine } from '../text/untrusted';
import { formatMs } from './format';
import type { Finding, PageInsights } from './insights';

/** Findings listed per page at most in text (JSON has them all). */
export const TEXT_FINDINGS = 12;

export function formatInsights(pages: readonly PageInsights[], findings = TEXT_FINDINGS): string[] {
  const lines: string[] = [];
  for (const page of pages) {
    if (pages.length > 1 || page.page.id) lines.push(untrustedLine(`${page.page.title}`, 120));
    const until =
      page.criticalPath.untilWhat === 'onLoad'
        ? `onLoad ${formatMs(page.criticalPath.untilMs)}`
        : `last request ends ${formatMs(page.criticalPath.untilMs)}`;
    lines.push(untrustedLine(`  ${until}; ${page.criticalPath.line}`, 600));
    if (page.findings.length === 0) lines.push('  No findings: no rule fired on this page.');
    page.findings.slice(0, findings).forEach((finding, i) => lines.push(...findingLines(finding, i + 1)));
    if (page.findings.length > findings)
      lines.push(`  … ${page.findings.length - findings} more finding(s); --json lists them all`);
    lines.push('');
  }
  return lines;
}

export function findingLines(finding: Finding, rank: number): string[] {
  const saving = finding.savingMs > 0 ? `saves ~${formatMs(finding.savingMs)}` : 'saves nothing on this load';
  const named = finding.requests
    .slice(0, 5)
    .map((r) => `${r.name}${r.ms > 0 ? ` ${formatMs(r.ms)}` : ''}${r.onCriticalPath ? ' (critical)' : ''}`);
  const more = finding.count > named.length ? ` and ${finding.count - named.length} more` : '';
  return [
    untrustedLine(`  ${rank}. ${finding.title} — ${saving}: ${finding.summary}`, 400),
    untrustedLine(`     requests: ${named.join(', ')}${more}`, 400),
    untrustedLine(`     estimate: ${finding.estimate}`, 300),
    untrustedLine(`     do: ${finding.advice}`, 300),
  ];
}
