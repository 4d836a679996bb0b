// The evidence of two user sessions side by side (the compare panel's model,
// compareSessions): which is worse and where, each segment's grade, every field that
// differs, the traceroute by hop and the pages' load times. Its pages' HARs are attached
// (redacted) only when the caller gives them (Share for a Ticket…): no waterfall of them,
// the sessions' own bundles draw those.
import type { SessionComparison } from '../session/compare';
import type { Grade } from '../session/verdict';
import { AttachmentBudget, redactForEvidence, type RedactedHar } from './attachments';
import { finishDocument } from './document';
import type { HarPageInput } from './har-pages';
import {
  EVIDENCE_LIMITS,
  type EvidenceAttachment,
  type EvidenceContext,
  type EvidenceDocument,
  type EvidenceGrade,
  type EvidenceSection,
} from './model';
import { evidenceLink, fileStem, line, plural, safeLine } from './text';

export interface SessionCompareEvidenceInput extends EvidenceContext {
  comparison: SessionComparison;
  /** Why the second session was chosen, when the panel chose it. */
  matchedOn?: string;
  /** Permalinks of the two sessions, when known. */
  permalinks?: { a?: string; b?: string };
  /**
   * The HARs of each session's pages, in page order (`redacted` when the caller already redacted them): attached as
   * `session-<id>-page-N.har`, at most EVIDENCE_LIMITS.maxHars of the two sessions together.
   */
  pages?: { a?: readonly ComparedPage[]; b?: readonly ComparedPage[] };
}

export type ComparedPage = HarPageInput & { redacted?: RedactedHar };

const GRADE_WORDS: Readonly<Record<Grade, string>> = {
  ok: 'OK',
  warn: 'suspect',
  bad: 'problem',
  unknown: 'not measured',
};
function ms(value: number | undefined): string {
  return value === undefined || value < 0 ? '—' : `${Math.round(value)} ms`;
}
const signed = (value: number | undefined): string =>
  value === undefined ? '' : `${value >= 0 ? '+' : '−'}${Math.round(Math.abs(value))} ms`;

export function sessionCompareEvidence(input: SessionCompareEvidenceInput): EvidenceDocument {
  const { comparison: c } = input;
  const hars = attachedPages(c, input.pages);
  const side = (s: SessionComparison['a']): string =>
    `${line(s.title, 200)} · ${line(s.date, 40)} · ${line(s.agent, 120)} · ${s.scoreText ?? 'not scored'}`;
  return finishDocument(input, {
    kind: 'session-compare',
    title: `Sessions ${line(c.a.userSessionId, 80)} and ${line(c.b.userSessionId, 80)} compared`,
    verdict: {
      grade: gradeOf(c),
      lines: [safeLine(c.summary), ...(input.matchedOn ? [`Second session: ${safeLine(input.matchedOn)}`] : [])],
    },
    facts: [
      { label: 'First session', value: side(c.a) },
      { label: 'Its verdict', value: safeLine(c.a.verdict) },
      { label: 'Second session', value: side(c.b) },
      { label: 'Its verdict', value: safeLine(c.b.verdict) },
    ],
    sections: [segmentsTable(c), ...c.sections.map(sectionTable), hopsTable(c), pagesTable(c)],
    images: [],
    attachments: hars.attachments,
    highlightedHops: [],
    links: [
      evidenceLink(`Session ${c.a.userSessionId}`, input.permalinks?.a),
      evidenceLink(`Session ${c.b.userSessionId}`, input.permalinks?.b),
    ],
    omissions: hars.omissions,
  });
}

/**
 * Both sessions' pages within one bundle's limits: each session gets half of maxHars, and what one leaves unused the
 * other may take; the pages left out are counted.
 */
function attachedPages(
  c: SessionComparison,
  pages: SessionCompareEvidenceInput['pages'],
): { attachments: EvidenceAttachment[]; omissions: string[] } {
  const budget = new AttachmentBudget();
  const a = pages?.a ?? [];
  const b = pages?.b ?? [];
  const max = EVIDENCE_LIMITS.maxHars;
  const keptA = Math.min(a.length, Math.max(Math.ceil(max / 2), max - b.length));
  const keptB = Math.min(b.length, max - keptA);
  const omissions: string[] = [];
  const attach = (side: readonly ComparedPage[], kept: number, id: string, which: string): void => {
    side.slice(0, kept).forEach((page, i) => {
      const what = `page ${i + 1} "${safeLine(page.title ?? page.pageId, 200)}" of the ${which} session`;
      budget.add(
        `session-${fileStem(line(id, 100))}-page-${i + 1}.har`,
        what,
        page.redacted ?? redactForEvidence(page.har),
      );
    });
    if (side.length > kept)
      omissions.push(
        `${side.length - kept} of ${plural(side.length, 'page')} of the ${which} session left out ` +
          `(at most ${max} HARs per bundle).`,
      );
  };
  attach(a, keptA, c.a.userSessionId, 'first');
  attach(b, keptB, c.b.userSessionId, 'second');
  return { attachments: budget.attachments, omissions: [...omissions, ...budget.omissions] };
}

/** Bad when a segment got worse from the first session to the second, warn when one differs at all. */
function gradeOf(c: SessionComparison): EvidenceGrade {
  const rank: Record<Grade, number> = { unknown: 0, ok: 1, warn: 2, bad: 3 };
  if (c.segments.some((s) => rank[s.b] > rank[s.a] && s.b === 'bad')) return 'bad';
  return c.segments.some((s) => s.differs)
    ? 'warn'
    : c.segments.every((s) => s.a === 'unknown' && s.b === 'unknown')
      ? 'unknown'
      : 'ok';
}

function segmentsTable(c: SessionComparison): EvidenceSection {
  return {
    kind: 'table',
    heading: 'Segments',
    columns: ['Segment', 'First', 'Second', 'Differs'],
    rows: c.segments.map((s) => [s.label, GRADE_WORDS[s.a], GRADE_WORDS[s.b], s.differs ? '≠' : '']),
  };
}

function sectionTable(section: SessionComparison['sections'][number]): EvidenceSection {
  return {
    kind: 'table',
    heading: safeLine(section.heading, 200),
    columns: ['', 'First', 'Second', 'Differs'],
    rows: section.rows.map((r) => [safeLine(r.label, 200), safeLine(r.a), safeLine(r.b), r.differs ? '≠' : '']),
  };
}

function hopsTable(c: SessionComparison): EvidenceSection {
  const hop = (h: SessionComparison['hops'][number]['a']): string => {
    if (!h) return '—';
    return `${line(h.ipAddress, 60)}${h.name ? ` (${line(h.name, 200)})` : ''}${h.asn ? ` ${line(h.asn, 60)}` : ''}`;
  };
  return {
    kind: 'table',
    heading: 'Traceroute by hop',
    columns: ['Hop', 'First', 'Delay', 'Second', 'Delay', 'Δ'],
    rows: c.hops.map((h) => [
      String(h.hop),
      hop(h.a),
      ms(h.a?.delayMs),
      hop(h.b),
      ms(h.b?.delayMs),
      signed(h.delayDeltaMs),
    ]),
    ...(c.hops.length === 0 ? { note: 'Neither session has traceroute hops.' } : {}),
  };
}

function pagesTable(c: SessionComparison): EvidenceSection {
  return {
    kind: 'table',
    heading: 'Pages',
    columns: ['Page', 'First onLoad', 'Second onLoad', 'Δ'],
    rows: c.pages.map((p) => [safeLine(p.title, 300), ms(p.a?.onLoad), ms(p.b?.onLoad), signed(p.onLoadDeltaMs)]),
    ...(c.pages.length === 0 ? { note: 'No pages in either session.' } : {}),
  };
}
