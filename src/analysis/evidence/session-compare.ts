// The evidence of two user sessions side by side (the compare panel's model,
// compareSessions): which is worse and where, each segment's grade, every field that
// differs, the traceroute by hop and the pages' load times. No HAR: the sessions' own
// bundles carry those.
import type { SessionComparison } from '../session/compare';
import type { Grade } from '../session/verdict';
import { finishDocument } from './document';
import type { EvidenceContext, EvidenceDocument, EvidenceGrade, EvidenceSection } from './model';
import { evidenceLink, line, safeLine } from './text';

export interface SessionCompareEvidenceInput extends EvidenceContext {
  comparison: SessionComparison;
  /** Why the second session was chosen, when the panel chose it. */
  matchedOn?: string;
  /** Permalinks of the two sessions, when known. */
  permalinks?: { a?: string; b?: string };
}

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
    attachments: [],
    highlightedHops: [],
    links: [
      evidenceLink(`Session ${c.a.userSessionId}`, input.permalinks?.a),
      evidenceLink(`Session ${c.b.userSessionId}`, input.permalinks?.b),
    ],
    omissions: [],
  });
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
