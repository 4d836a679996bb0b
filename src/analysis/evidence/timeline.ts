// The evidence of one endpoint agent over time: the periods of poor experience with the
// segment to blame and its numbers, what changed in the agent's network, and the timeline's
// text (timelineText, the same as `netmon agent timeline`).
import { TIMELINE_SEGMENT_LABELS, timelineText, type AgentTimeline } from '../timeline';
import { finishDocument } from './document';
import type { EvidenceContext, EvidenceDocument, EvidenceGrade, EvidenceSection } from './model';
import { clipBlock, line, redactText, safeLine, utcMinute } from './text';

export interface TimelineEvidenceInput extends EvidenceContext {
  timeline: AgentTimeline;
}

export function timelineEvidence(input: TimelineEvidenceInput): EvidenceDocument {
  const { timeline } = input;
  const { agent, verdict } = timeline;
  const who = `${line(agent.name ?? agent.agentId, 200)}${agent.name ? ` (${line(agent.agentId, 100)})` : ''}`;
  const range = input.range ?? { fromMs: timeline.range.fromMs, toMs: timeline.range.toMs };
  return finishDocument(
    { ...input, range },
    {
      kind: 'timeline',
      title: `Endpoint agent ${who}: ${utcMinute(timeline.range.fromMs)} – ${utcMinute(timeline.range.toMs)}`,
      verdict: {
        grade: gradeOf(timeline),
        lines: [
          verdict.summary,
          ...verdict.periods.map((p) => p.line),
          ...verdict.missing.map((m) => `Missing: ${m}`),
        ].map((l) => safeLine(l)),
      },
      facts: [
        { label: 'Agent', value: who },
        { label: 'State', value: agent.deleted ? 'deleted' : line(agent.status ?? 'unknown', 100) },
        { label: 'Scored sessions', value: String(verdict.scoredSessions) },
        { label: 'Poor periods', value: String(verdict.periods.length) },
        { label: 'Poor sessions outside a period', value: String(verdict.isolatedPoor) },
        { label: 'Network changes', value: String(timeline.events.length) },
        ...(timeline.complete && timeline.gaps.length === 0
          ? []
          : [{ label: 'Completeness', value: `${timeline.gaps.length} lists not read completely` }]),
      ],
      sections: [
        periodsTable(timeline),
        changesTable(timeline),
        { kind: 'pre', heading: 'The timeline as text', text: clipBlock(redactText(timelineText(timeline))).text },
      ],
      images: [],
      attachments: [],
      highlightedHops: [],
      links: [],
      omissions: [],
    },
  );
}

function gradeOf(timeline: AgentTimeline): EvidenceGrade {
  const { verdict } = timeline;
  if (verdict.periods.length > 0) return 'bad';
  if (verdict.isolatedPoor > 0) return 'warn';
  return verdict.scoredSessions > 0 ? 'ok' : 'unknown';
}

function periodsTable(timeline: AgentTimeline): EvidenceSection {
  return {
    kind: 'table',
    heading: 'Periods of poor experience',
    columns: ['From', 'To', 'Segment to blame', 'Poor sessions', 'Worst score'],
    rows: timeline.verdict.periods.map((p) => [
      utcMinute(p.fromMs),
      utcMinute(p.toMs),
      p.segment ? TIMELINE_SEGMENT_LABELS[p.segment] : 'unclear',
      `${p.poor} of ${p.sessions}`,
      p.worstScore === undefined ? '—' : String(Math.round(p.worstScore * 100)),
    ]),
    ...(timeline.verdict.periods.length === 0 ? { note: 'No period of poor experience in the range.' } : {}),
  };
}

function changesTable(timeline: AgentTimeline): EvidenceSection {
  return {
    kind: 'table',
    heading: "What changed in the agent's network",
    columns: ['Time', 'Change'],
    rows: timeline.events.map((e) => [utcMinute(e.t), safeLine(e.text)]),
    ...(timeline.events.length === 0 ? { note: 'No change in the range.' } : {}),
  };
}
