// The timeline for a ticket or a terminal: who, when, what was read, the verdict over time,
// what is missing and what changed. `netmon agent timeline` prints it; the panel copies it.
import { seriesPercentiles } from '../metrics/summary';
import { markLabel } from '../alerts/marks';
import { LIST_LABELS, type TimelineList, type NetworkLane } from './model';
import type { AgentTimeline } from './timeline';
import { utcClock, type Clock } from './verdict';

/** Events listed in the text form, at most (the JSON form has them all). */
export const TEXT_EVENTS = 40;
/** Network-session targets given a p50/p95 line, at most. */
export const TEXT_NETWORK_TARGETS = 5;

const dateTime = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

export function timelineText(timeline: AgentTimeline, clock: Clock = utcClock, zone = 'UTC'): string {
  const { agent, range, lanes, verdict, events, gaps } = timeline;
  const state = agent.deleted ? 'deleted' : (agent.status ?? 'status unknown');
  const counts: Record<TimelineList, number> = {
    userSessions: lanes.sessions.length,
    webSessions: lanes.pages.length,
    networkSessions: lanes.network.reduce((n, l) => n + l.points.length, 0),
    networkProbes: lanes.probes.reduce((n, l) => n + l.points.length, 0),
  };
  const details = lanes.samples.filter((s) => s.source === 'session').length;
  const read = (Object.keys(counts) as TimelineList[]).map((list) => `${counts[list]} ${LIST_LABELS[list]}`).join(', ');
  const lines = [
    `Agent ${agent.name ?? agent.agentId}${agent.name ? ` (${agent.agentId})` : ''} · ${state}`,
    `Range ${dateTime(range.fromMs)} – ${dateTime(range.toMs)} UTC${timeline.complete ? '' : ' (still loading)'}`,
    `Read: ${read}; ${details} session details`,
  ];
  for (const lane of lanes.network.slice(0, TEXT_NETWORK_TARGETS)) {
    const said = percentilesLine(lane);
    if (said) lines.push(said);
  }
  for (const gap of gaps)
    lines.push(`Gap: ${LIST_LABELS[gap.list]} from ${dateTime(gap.fromMs)} UTC not read: ${gap.reason}`);
  for (const [list, n] of Object.entries(timeline.dropped))
    lines.push(`Not drawn: ${n} ${LIST_LABELS[list as TimelineList]} past the per-list limit`);
  lines.push('', `Verdict: ${verdict.summary}`);
  for (const period of verdict.periods) lines.push(`  ${period.line}`);
  if (verdict.missing.length) lines.push(`Missing: ${verdict.missing.join('; ')}`);
  if (events.length) {
    lines.push('', `Changes (${events.length}${zone ? `, times ${zone}` : ''}):`);
    for (const event of events.slice(0, TEXT_EVENTS)) lines.push(`  ${clock(event.t)} ${event.text}`);
    if (events.length > TEXT_EVENTS) lines.push(`  … ${events.length - TEXT_EVENTS} more (--json lists them all)`);
  }
  lines.push(...alertLines(timeline, clock, zone));
  return lines.join('\n');
}

/** The alerts and events toward the sites the agent visited, each with the host that ties it; v6's note in one line. */
function alertLines(timeline: AgentTimeline, clock: Clock, zone: string): string[] {
  const found = timeline.alertMarks;
  if (!found) return [];
  if (found.note) return ['', found.note];
  if (found.marks.length === 0) return ['', 'Alerts & events: none on tests toward the sites this agent visited.'];
  const more = found.leftOut ? `; ${found.leftOut} more not listed` : '';
  const times = zone ? `, times ${zone}` : '';
  return [
    '',
    `Alerts & events on tests toward the sites it visited (${found.marks.length}${times}${more}):`,
    ...found.marks.map((mark) => `  ${markLabel(mark, clock)}${mark.host ? ` · visited ${mark.host}` : ''}`),
  ];
}

/** "Network sessions to 192.0.2.80: latency p50 38 ms, p95 140 ms; jitter p50 2 ms, p95 2 ms (72 sessions)". */
function percentilesLine(lane: NetworkLane): string | undefined {
  const part = (name: string, values: (number | undefined)[]): string | undefined => {
    const p = seriesPercentiles({ values: values.map((v) => v ?? null) });
    return p ? `${name} p50 ${Math.round(p.p50)} ms, p95 ${Math.round(p.p95)} ms` : undefined;
  };
  const parts = [
    part(
      'latency',
      lane.points.map((p) => p.latency),
    ),
    part(
      'jitter',
      lane.points.map((p) => p.jitter),
    ),
  ].filter(Boolean);
  return parts.length
    ? `Network sessions to ${lane.target}: ${parts.join('; ')} (${lane.points.length} sessions)`
    : undefined;
}
