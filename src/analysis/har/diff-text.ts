// The HAR diff as text, one line per element: for `netmon har diff` and the diff panel's
// "Copy as Text" (a ticket). Every string from the files goes through untrustedLine (one
// line, no control or bidirectional characters).
import { operationOf } from './diff-pair';
import { formatBytes, formatMs } from './format';
import { untrustedLine } from '../text/untrusted';
import type { DiffMark, DiffTally, DiffTotal, HarDiff, HarDiffRow, HarDiffSideInfo } from './diff';

/** Changed requests listed by default. */
export const DIFF_TEXT_ROWS = 50;

const MARK_ORDER: readonly DiffMark[] = ['status changed', 'new', 'missing', 'slower', 'faster', 'cached', 'unchanged'];

/** The text report, one line per element. */
export function formatHarDiff(
  diff: HarDiff,
  names: { before: string; after: string },
  options: { rows?: number; all?: boolean } = {},
): string[] {
  const maxRows = options.rows ?? DIFF_TEXT_ROWS;
  const lines: string[] = [];
  lines.push(`HAR diff: ${untrustedLine(names.before, 120)} → ${untrustedLine(names.after, 120)}`);
  lines.push(`  before: ${sideLine(diff.before)}`);
  lines.push(`  after:  ${sideLine(diff.after)}`);
  if (diff.page) {
    const timing = (label: string, t: { before: number; after: number; delta: number } | undefined): string => {
      const change = t
        ? `${formatMs(t.before)} → ${formatMs(t.after)} (${signedMs(t.delta)})`
        : 'not reported by both pages';
      return `  ${label.padEnd(17)} ${change}`;
    };
    lines.push(timing('onLoad:', diff.page.onLoad), timing('DOMContentLoaded:', diff.page.onContentLoad));
  } else {
    const without = [diff.before.scope === 'all' ? 'before' : '', diff.after.scope === 'all' ? 'after' : '']
      .filter(Boolean)
      .join(' and ');
    lines.push(
      `  page timings: not compared (${without} ${without.includes(' and ') ? 'are' : 'is'} all requests, not a page)`,
    );
  }
  for (const warning of diff.warnings) lines.push(`  warning: ${untrustedLine(warning, 300)}`);
  const counts =
    MARK_ORDER.filter((m) => diff.counts[m] > 0)
      .map((m) => `${diff.counts[m]} ${m}`)
      .join(', ') || 'none';
  lines.push(
    `Requests: ${counts} (slower/faster: at least ${diff.thresholds.minDeltaMs} ms ` +
      `and ${Math.round(diff.thresholds.minRelativeDelta * 100)} %)`,
  );
  lines.push(
    `Total request time: ${formatMs(diff.total.before.totalMs)} → ${formatMs(diff.total.after.totalMs)} ` +
      `(${signedMs(diff.total.delta.totalMs)}), transferred ${bytesChange(diff.total)}`,
  );

  lines.push('', 'Matching rules used (pairs they matched):');
  if (diff.rulesUsed.length === 0) lines.push('  none: every pair has the same URL');
  for (const used of diff.rulesUsed) lines.push(`  ${untrustedLine(used.text, 100).padEnd(48)} ×${used.pairs}`);

  const listed = diff.rows.filter((row) => options.all || row.mark !== 'unchanged');
  lines.push('', options.all ? 'Requests, largest regression first:' : 'Changed requests, largest regression first:');
  if (listed.length === 0) lines.push('  none');
  for (const row of listed.slice(0, maxRows)) lines.push(rowLine(row));
  const unlisted = listed.length - Math.min(listed.length, maxRows);
  if (unlisted > 0) lines.push(`  … ${unlisted} more not listed (--rows ${listed.length}, or --json)`);
  if (!options.all && diff.counts.unchanged > 0)
    lines.push(`  ${plural(diff.counts.unchanged, 'unchanged request')} not listed (--all lists them)`);
  if (diff.omittedRows > 0)
    lines.push(`  ${plural(diff.omittedRows, 'request')} with the smallest changes left out of the diff (row limit)`);

  lines.push('', 'Totals per domain (requests, request time, transferred):');
  for (const d of diff.byDomain) lines.push(totalLine(d.domain === '' ? '(no host)' : untrustedLine(d.domain, 60), d));
  if (diff.omittedDomains > 0) lines.push(`  … ${diff.omittedDomains} more domains (--json)`);
  lines.push('', 'Totals per type:');
  for (const t of diff.byType) lines.push(totalLine(t.type, t));
  return lines;
}

function sideLine(side: HarDiffSideInfo): string {
  const tool = [side.creator, side.browser && side.browser !== side.creator ? `(${side.browser})` : '']
    .filter(Boolean)
    .join(' ');
  const what = side.page
    ? `page ${side.page.number} of ${side.pages} "${untrustedLine(side.page.title, 100)}"` +
      `${side.page.id ? ` (${untrustedLine(side.page.id, 60)})` : ''}`
    : side.pages > 0
      ? `all requests of ${plural(side.pages, 'page')}`
      : 'all requests (no pages in the file)';
  return `${what}, ${plural(side.requests, 'request')}${tool ? ` · ${untrustedLine(tool, 100)}` : ''}`;
}

function rowLine(row: HarDiffRow): string {
  const mark =
    row.mark === 'status changed' && row.before && row.after
      ? `status ${row.before.status}→${row.after.status}`
      : row.mark;
  const phase = row.largestPhase ? `${row.largestPhase} ${signedMs(row.phaseDeltas[row.largestPhase] ?? 0)}` : '—';
  const operation = operationOf(row.after ?? row.before);
  const what = operation === '' ? row.key : `${row.key} (GraphQL ${operation})`;
  return `  ${mark.padEnd(16)} ${signedMs(row.deltaMs).padStart(10)}  ${phase.padEnd(18)} ${untrustedLine(what, 300)}`;
}

function totalLine(label: string, t: DiffTotal): string {
  const requests = `${t.before.requests} → ${t.after.requests}`;
  const time = `${formatMs(t.before.totalMs)} → ${formatMs(t.after.totalMs)} (${signedMs(t.delta.totalMs)})`;
  const marks = MARK_ORDER.filter((m) => m !== 'unchanged' && t.marks[m] > 0)
    .map((m) => `${t.marks[m]} ${m}`)
    .join(', ');
  const columns = `  ${label.padEnd(30)} ${requests.padEnd(10)} ${time.padEnd(34)} ${bytesChange(t).padEnd(30)}`;
  return `${columns}${marks ? ` ${marks}` : ''}`.trimEnd();
}

function bytesChange(t: { before: DiffTally; after: DiffTally; delta: DiffTally }): string {
  return (
    `${formatBytes(t.before.transferBytes)} → ` +
    `${formatBytes(t.after.transferBytes)} (${signedBytes(t.delta.transferBytes)})`
  );
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function signedMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (Math.abs(ms) < 0.5) return '±0 ms';
  return `${ms > 0 ? '+' : '-'}${formatMs(Math.abs(ms))}`;
}

function signedBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '—';
  if (bytes === 0) return '±0 B';
  return `${bytes > 0 ? '+' : '-'}${formatBytes(Math.abs(bytes))}`;
}
