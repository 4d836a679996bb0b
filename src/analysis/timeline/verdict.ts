// The verdict over time: the periods in which the agent's experience was poor and, for each,
// the segment most likely responsible with its numbers, what changed at its end, and what
// data was missing to say more.
import { experienceText } from '../grades';
import { SEGMENT_LABELS } from '../session/verdict';
import { sampleVerdict } from './session-context';
import { attribute, median, TIMELINE_SEGMENT_LABELS, type SegmentEvidence, type TimelineSegment } from './attribution';
import { sharedReads } from './split';
import type { EventKind, TimelineEvent, TimelineLanes } from './model';
import { poorPeriods, type PoorPeriod } from './periods';

/** Other lanes' records this close to a period's first and last poor session count as inside it. */
export const PERIOD_PAD_MS = 150_000;
/** Records this close to any poor period do not count as "otherwise". */
export const BASELINE_MARGIN_MS = 10 * 60_000;
/** How long after a period its recovery is looked for. */
export const RECOVERY_WINDOW_MS = 30 * 60_000;
/** A change this soon after a period's last poor session is what ended it (sessions may be a round or two apart). */
export const RECOVERY_EVENT_MS = 15 * 60_000;

export interface PeriodVerdict extends PoorPeriod {
  segment?: TimelineSegment;
  /** The blamed segment's evidence first, then every other segment that had data. */
  evidence: SegmentEvidence[];
  /** What the poor sessions' own verdicts blamed, by segment label, for sessions whose details were read. */
  sessionVerdicts: Record<string, number>;
  /** The change at the period's end and the scores after it, when there is one. */
  recovery?: { event?: TimelineEvent; medianScore?: number; text: string };
  /** One line: "08:02–08:41 — Wi-Fi: RSSI −79 dBm median … ; 14 of 16 sessions poor; after …". */
  line: string;
}

export interface TimelineVerdict {
  periods: PeriodVerdict[];
  /** Poor sessions too far from any other to make a period. */
  isolatedPoor: number;
  scoredSessions: number;
  /** "No topology probes in range" and the like: what the verdict could not look at. */
  missing: string[];
  summary: string;
}

/** How times are written in lines (the CLI writes UTC, the panel local time). */
export type Clock = (epochMs: number) => string;
export const utcClock: Clock = (epochMs) => new Date(epochMs).toISOString().slice(11, 16);

const RELATED_EVENTS: Partial<Record<TimelineSegment, EventKind[]>> = {
  wifi: ['roam', 'ssid', 'connection'],
  gateway: ['gateway', 'connection', 'ssid'],
  tunnel: ['vpn', 'proxy'],
  isp: ['publicIp', 'isp'],
};

export function timelineVerdict(
  lanes: TimelineLanes,
  events: readonly TimelineEvent[],
  clock: Clock = utcClock,
): TimelineVerdict {
  const { periods, isolatedPoor, scored } = poorPeriods(lanes.sessions);
  const near = (t: number): boolean =>
    periods.some((p) => t >= p.fromMs - BASELINE_MARGIN_MS && t <= p.toMs + BASELINE_MARGIN_MS);
  const shared = sharedReads();
  const verdicts = periods.map((period) => {
    const inside = (t: number): boolean => t >= period.fromMs - PERIOD_PAD_MS && t <= period.toMs + PERIOD_PAD_MS;
    const { blamed, evidence, also } = attribute(lanes, { inside, outside: (t) => !near(t), shared });
    const ordered = blamed ? [blamed, ...evidence.filter((e) => e !== blamed)] : evidence;
    const sessionVerdicts = blamesIn(lanes, inside, (t) => !near(t));
    const recovery = recoveryAfter(lanes, events, period, blamed?.segment, clock);
    const verdict: PeriodVerdict = {
      ...period,
      evidence: ordered,
      sessionVerdicts,
      line: '',
      ...(blamed ? { segment: blamed.segment } : {}),
      ...(recovery ? { recovery } : {}),
    };
    verdict.line = periodLine(
      verdict,
      blamed,
      evidence.filter((e) => also.includes(e.segment)),
      clock,
    );
    return verdict;
  });
  const missing = missingData(lanes);
  return {
    periods: verdicts,
    isolatedPoor,
    scoredSessions: scored,
    missing,
    summary: summaryOf(verdicts, isolatedPoor, scored),
  };
}

function blamesIn(
  lanes: TimelineLanes,
  inside: (t: number) => boolean,
  outside: (t: number) => boolean,
): Record<string, number> {
  const poor = new Set(lanes.sessions.filter((s) => s.grade === 'bad' && inside(s.t)).map((s) => s.userSessionId));
  const counts: Record<string, number> = {};
  for (const sample of lanes.samples) {
    if (sample.source !== 'session' || !poor.has(sample.id)) continue;
    const blamed = sampleVerdict(lanes, sample, outside)?.worst;
    if (!blamed) continue;
    const label = SEGMENT_LABELS[blamed];
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

function recoveryAfter(
  lanes: TimelineLanes,
  events: readonly TimelineEvent[],
  period: PoorPeriod,
  segment: TimelineSegment | undefined,
  clock: Clock,
): PeriodVerdict['recovery'] {
  const after = lanes.sessions.filter(
    (s) => s.t > period.toMs && s.t <= period.toMs + RECOVERY_WINDOW_MS && s.score !== undefined,
  );
  const medianScore = median(after.map((s) => s.score as number));
  const kinds = segment ? (RELATED_EVENTS[segment] ?? []) : [];
  const event = events.find(
    (e) => kinds.includes(e.kind) && e.t > period.toMs - PERIOD_PAD_MS && e.t <= period.toMs + RECOVERY_EVENT_MS,
  );
  if (medianScore === undefined && !event) return undefined;
  const scores =
    medianScore === undefined
      ? 'no scored session followed'
      : `scores were ${experienceText(medianScore)} (median of ${after.length})`;
  const text = event
    ? `after ${lowerFirst(event.text)} at ${clock(event.t)} ${scores}`
    : `after ${clock(period.toMs)} ${scores}`;
  return { ...(event ? { event } : {}), ...(medianScore === undefined ? {} : { medianScore }), text };
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

function periodLine(
  verdict: PeriodVerdict,
  blamed: SegmentEvidence | undefined,
  also: readonly SegmentEvidence[],
  clock: Clock,
): string {
  const when = `${clock(verdict.fromMs)}–${clock(verdict.toMs)}`;
  // Contradicting evidence lowers the blame: loss past a clean gateway is not the device's or the Wi-Fi's doing.
  const but = also
    .map((e) => `, but ${e.text} with a clean gateway: also ${TIMELINE_SEGMENT_LABELS[e.segment]}`)
    .join('');
  const what = blamed
    ? `${TIMELINE_SEGMENT_LABELS[blamed.segment]}: ${blamed.text}${but}`
    : 'no segment stands out in the data read';
  const own = Object.entries(verdict.sessionVerdicts)
    .sort((a, b) => b[1] - a[1])
    .map(([label, n]) => `${label} ${n}`)
    .join(', ');
  const parts = [
    `${what}`,
    `${verdict.poor} of ${verdict.sessions} sessions in this period poor${own ? ` (their own verdicts: ${own})` : ''}`,
  ];
  if (verdict.recovery) parts.push(verdict.recovery.text);
  return `${when} — ${parts.join('; ')}`;
}

function missingData(lanes: TimelineLanes): string[] {
  const missing: string[] = [];
  if (lanes.sessions.length === 0) missing.push('no user sessions in range');
  if (lanes.pages.length === 0) missing.push('no page loads in range');
  if (lanes.network.length === 0) missing.push('no network sessions in range');
  if (lanes.probes.length === 0) missing.push('no topology probes in range');
  if (lanes.system.length === 0) missing.push('no system metrics in range');
  if (lanes.sessions.length > 0 && !lanes.samples.some((s) => s.source === 'session'))
    missing.push('no session details read (Wi-Fi and gateway unknown)');
  return missing;
}

function summaryOf(periods: readonly PeriodVerdict[], isolatedPoor: number, scored: number): string {
  if (scored === 0) return 'No scored sessions in range: no verdict.';
  const lone = isolatedPoor ? `; ${isolatedPoor} isolated poor session${isolatedPoor === 1 ? '' : 's'}` : '';
  if (periods.length === 0)
    return `No period of poor experience in ${scored} scored session${scored === 1 ? '' : 's'}${lone}.`;
  const blamed = periods.map((p) => (p.segment ? TIMELINE_SEGMENT_LABELS[p.segment] : 'unclear'));
  return (
    `${periods.length} period${periods.length === 1 ? '' : 's'} of poor experience (${blamed.join(', ')}) ` +
    `in ${scored} scored sessions${lone}.`
  );
}
