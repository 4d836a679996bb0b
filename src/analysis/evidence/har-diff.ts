// The evidence of a HAR diff ("it got slower after the change"): the page timing deltas and
// the largest regressions as the verdict, the diff's text (formatHarDiff, the same as
// `netmon har diff`), both pages' waterfalls, and both HARs redacted and attached.
import { formatMs } from '../har';
import { diffHar, type HarDiff, type HarDiffOptions } from '../har/diff';
import { formatHarDiff, signedMs } from '../har/diff-text';
import { AttachmentBudget, redactForEvidence, type RedactedHar } from './attachments';
import { finishDocument } from './document';
import { pageSections } from './har-pages';
import type { EvidenceContext, EvidenceDocument, EvidenceGrade } from './model';
import { clipBlock, redactText, safeLine } from './text';

export interface HarDiffEvidenceInput extends EvidenceContext {
  /** `redacted` when the caller already redacted the HAR (the extension does, on its worker thread). */
  before: { name: string; har: unknown; redacted?: RedactedHar };
  after: { name: string; har: unknown; redacted?: RedactedHar };
  /**
   * The diff as the caller made it (of the files as recorded): its text is redacted line by
   * line. Without it the diff is made here, of the redacted HARs.
   */
  diff?: HarDiff;
  diffOptions?: HarDiffOptions;
}

/** Regressions named in the verdict. */
const VERDICT_ROWS = 5;

export function harDiffEvidence(input: HarDiffEvidenceInput): EvidenceDocument {
  const before = input.before.redacted ?? redactForEvidence(input.before.har);
  const after = input.after.redacted ?? redactForEvidence(input.after.har);
  const diff = input.diff ?? diffHar(before.har, after.har, input.diffOptions);
  const names = { before: safeLine(input.before.name, 200), after: safeLine(input.after.name, 200) };
  const budget = new AttachmentBudget();
  const pages = pageSections(
    [
      {
        pageId: diff.before.page?.id ?? '',
        title: `before: ${names.before}`,
        har: input.before.har,
        redacted: before,
        attachmentName: 'before.har',
      },
      {
        pageId: diff.after.page?.id ?? '',
        title: `after: ${names.after}`,
        har: input.after.har,
        redacted: after,
        attachmentName: 'after.har',
      },
    ],
    'har-diff',
    budget,
  );
  const text = formatHarDiff(diff, names).map(redactText).join('\n');
  return finishDocument(input, {
    kind: 'har-diff',
    title: `HAR diff: ${names.before} → ${names.after}`,
    verdict: { grade: gradeOf(diff), lines: verdictLines(diff).map((l) => safeLine(l)) },
    facts: [
      { label: 'Before', value: names.before },
      { label: 'After', value: names.after },
      { label: 'Requests', value: `${diff.before.requests} → ${diff.after.requests}` },
      {
        label: 'Total request time',
        value:
          `${formatMs(diff.total.before.totalMs)} → ${formatMs(diff.total.after.totalMs)} ` +
          `(${signedMs(diff.total.delta.totalMs)})`,
      },
    ],
    sections: [{ kind: 'pre', heading: 'The diff, request by request', text: clipBlock(text).text }, ...pages.sections],
    images: pages.images,
    attachments: budget.attachments,
    highlightedHops: [],
    links: [],
    omissions: [...pages.omissions, ...budget.omissions],
  });
}

/** A status that changed is a failure; more slower than faster requests is a regression. */
function gradeOf(diff: HarDiff): EvidenceGrade {
  if (diff.counts['status changed'] > 0) return 'bad';
  if (diff.counts.slower > diff.counts.faster || (diff.page?.onLoad?.delta ?? 0) > 0) return 'warn';
  return 'ok';
}

function verdictLines(diff: HarDiff): string[] {
  const lines: string[] = [];
  const timing = (label: string, t: { before: number; after: number; delta: number } | undefined): void => {
    if (t) lines.push(`${label}: ${formatMs(t.before)} → ${formatMs(t.after)} (${signedMs(t.delta)})`);
  };
  timing('Load', diff.page?.onLoad);
  timing('DOMContentLoaded', diff.page?.onContentLoad);
  const counts = (['status changed', 'new', 'missing', 'slower', 'faster', 'cached'] as const)
    .filter((m) => diff.counts[m] > 0)
    .map((m) => `${diff.counts[m]} ${m}`);
  lines.push(`Requests: ${counts.join(', ') || 'no change beyond the thresholds'}`);
  for (const row of diff.rows.filter((r) => r.mark !== 'unchanged').slice(0, VERDICT_ROWS)) {
    lines.push(
      `${row.mark} ${signedMs(row.deltaMs)}${row.largestPhase ? ` (mostly ${row.largestPhase})` : ''}: ${row.key}`,
    );
  }
  return lines;
}
