// One agent's timeline as the panel draws it and `netmon agent timeline --json` prints it.
import type { TimelineLanesBuilder } from './lanes';
import type { AgentState, TimelineAlertMarks, TimelineEvent, TimelineGap, TimelineLanes, TimelineList } from './model';
import { timelineMarks, type MarkInputs } from '../alerts/marks';
import { timelineEvents } from './events';
import { changesBetween } from '../session/network-changes';
import { BASELINE_MARGIN_MS, timelineVerdict, utcClock, type Clock, type TimelineVerdict } from './verdict';
import { readNeighbourContext, sessionContextAt } from './session-context';
import type { TimelineClient } from './walk';
import type { UserSessionDetail } from '../../api/types';
import type { SessionContext } from '../session/verdict';

export interface TimelineRange {
  fromMs: number;
  toMs: number;
}

export interface AgentTimeline {
  agent: AgentState;
  range: TimelineRange;
  lanes: TimelineLanes;
  events: TimelineEvent[];
  verdict: TimelineVerdict;
  /** Stretches that could not be read (each shown with a retry). */
  gaps: TimelineGap[];
  /** Records past the per-list bound, per list (not drawn). */
  dropped: Partial<Record<TimelineList, number>>;
  /** False while lists are still loading: a partial timeline. */
  complete: boolean;
  /** Alerts and events toward the sites it visited (v7); absent until read. */
  alertMarks?: TimelineAlertMarks;
}

/** The timeline with the alerts and events of the tests toward the sites its sessions and pages visited. */
export function withAlertMarks(timeline: AgentTimeline, inputs: MarkInputs | { note: string }): AgentTimeline {
  if ('note' in inputs) return { ...timeline, alertMarks: { marks: [], leftOut: 0, note: inputs.note } };
  const sites = [...timeline.lanes.sessions.map((s) => s.site), ...timeline.lanes.pages.map((p) => p.url)];
  return { ...timeline, alertMarks: timelineMarks(inputs, sites, timeline.range) };
}

export function agentTimeline(
  agent: AgentState,
  range: TimelineRange,
  builder: TimelineLanesBuilder,
  gaps: readonly TimelineGap[],
  complete: boolean,
  clock: Clock = utcClock,
): AgentTimeline {
  const lanes = builder.lanes();
  const events = timelineEvents(lanes, agent, range.toMs);
  const dropped = Object.fromEntries(
    Object.entries(builder.dropped).filter(([, n]) => n > 0),
  ) as AgentTimeline['dropped'];
  return {
    agent,
    range,
    lanes,
    events,
    verdict: timelineVerdict(lanes, events, clock),
    gaps: [...gaps],
    dropped,
    complete,
  };
}

/**
 * Changes of the agent's network this close to a session are its context (the related round is within half an hour).
 */
export const NETWORK_CHANGE_NEAR_MS = 60 * 60_000;

/**
 * What a session's own verdict needs from its agent's timeline: the normal outside the poor
 * periods, the VPN/proxy probe nearest to it, its page's first byte. Undefined when the
 * timeline does not hold the session.
 */
export function sessionContextInTimeline(
  timeline: Pick<AgentTimeline, 'lanes' | 'verdict' | 'events'>,
  userSessionId: string,
): SessionContext | undefined {
  const mark = timeline.lanes.sessions.find((s) => s.userSessionId === userSessionId);
  if (!mark) return undefined;
  const periods = timeline.verdict.periods;
  const outside = (t: number): boolean =>
    !periods.some((p) => t >= p.fromMs - BASELINE_MARGIN_MS && t <= p.toMs + BASELINE_MARGIN_MS);
  const context = sessionContextAt(timeline.lanes, { t: mark.t, id: userSessionId }, outside);
  const networkChanges = changesBetween(timeline.events, mark.t, mark.t, NETWORK_CHANGE_NEAR_MS);
  return networkChanges.length > 0 ? { ...context, networkChanges } : context;
}

/** The context of a session's verdict from its agent's records around it (read through the client). */
export function sessionNeighbourContext(
  client: TimelineClient,
  session: UserSessionDetail,
  signal?: AbortSignal,
): Promise<SessionContext | undefined> {
  return readNeighbourContext(
    client,
    session,
    (walk, id) =>
      sessionContextInTimeline(
        agentTimeline({ agentId: String(session.agentId) }, walk.range, walk.builder, walk.gaps, true),
        id,
      ),
    signal,
  );
}
