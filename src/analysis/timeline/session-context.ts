// What the timeline knows around one session that the session alone does not: the agent's
// normal round trip toward the session's own target (its other network sessions to the same
// host or site, outside the poor periods: normalToward), the VPN/proxy probe nearest to it and
// its page's first byte. With it a session's own verdict is graded by the same model as the
// period it falls in.
import { hopFindings, normalBaseline } from '../session/grading';
import { lowerScores, type TopologyScores } from '../session/topology-scores';
import { gradeSession, type SessionContext, type Verdict } from '../session/verdict';
import { tunnelWords } from './attribution';
import type { NetworkSample, ProbePoint, TimelineLanes } from './model';
import { siteHost } from './site';
import { apiTimeMs } from './read';
import { TimelineWalk, type TimelineClient } from './walk';
import type { UserSessionDetail } from '../../api/types';

/** A tunnel probe this close (ms) to a session describes the tunnel it went through. */
export const TUNNEL_PROBE_NEAR_MS = 300_000;

const RANK = { ok: 1, warn: 2, bad: 3 } as const;

export function sessionContextAt(
  lanes: TimelineLanes,
  sample: Pick<NetworkSample, 't' | 'id'>,
  outside: (t: number) => boolean,
): SessionContext {
  const normal = normalToward(lanes, sample.id, outside);
  const firstBytes = lanes.pages
    .filter((p) => p.userSessionId === sample.id && p.responseTime !== undefined)
    .map((p) => p.responseTime as number);
  let tunnel: SessionContext['tunnel'];
  let tunnelRank = 0;
  for (const lane of lanes.probes.filter((l) => l.type === 'vpn' || l.type === 'proxy')) {
    const near = nearest(lane.points, sample.t);
    if (!near || near.rtt === undefined) continue;
    const loss =
      near.sent !== undefined && near.lost !== undefined
        ? { sent: near.sent, lost: near.lost }
        : near.loss === undefined
          ? undefined
          : { fraction: near.loss };
    const grade = hopFindings('tunnel', tunnelWords(lane.type, lane.target), near.rtt, loss).reduce(
      (g, f) => Math.max(g, RANK[f.grade]),
      1,
    );
    if (grade > tunnelRank) {
      tunnelRank = grade;
      tunnel = { type: lane.type, target: lane.target, rttMs: near.rtt, ...(loss ? { loss } : {}) };
    }
  }
  const scores = nearestScores(lanes, sample.t);
  return {
    ...(scores ? { scores } : {}),
    // The count is said even when too few (or none): the verdict tells why it has no baseline.
    ...(normal.baseline ? { normalRttMs: normal.baseline.rttMs } : {}),
    normalSamples: normal.samples,
    ...(firstBytes.length ? { firstByteMs: Math.max(...firstBytes), firstByteSource: 'page list' } : {}),
    ...(tunnel ? { tunnel } : {}),
  };
}

/**
 * The agent's round trips toward the same target as session `id`, outside the poor periods:
 * its other network sessions to the target its own network session measured (same address),
 * or whose user session visited the same site. Never other targets: an intranet at 12 ms is no
 * normal for a SaaS site at 150 ms. A baseline only from enough of them (normalBaseline).
 */
export function normalToward(
  lanes: TimelineLanes,
  id: string,
  outside: (t: number) => boolean,
): { samples: number; baseline?: ReturnType<typeof normalBaseline> } {
  const { siteOf, targetsOf } = sessionIndex(lanes);
  const site = siteOf.get(id);
  const targets = targetsOf.get(id) ?? new Set<string>();
  const rtts: number[] = [];
  for (const lane of lanes.network) {
    const sameTarget = targets.has(lane.target);
    for (const p of lane.points) {
      if (p.userSessionId === id || p.latency === undefined || !outside(p.t)) continue;
      if (sameTarget || (site !== undefined && siteOf.get(p.userSessionId) === site)) rtts.push(p.latency);
    }
  }
  const baseline = normalBaseline(rtts);
  return { samples: rtts.length, ...(baseline ? { baseline } : {}) };
}

interface SessionIndex {
  /** What it was built from: lanes built by hand may grow after a read. */
  size: string;
  /** The visited site's host per user session. */
  siteOf: Map<string, string | undefined>;
  /** The targets each user session's network sessions measured. */
  targetsOf: Map<string, Set<string>>;
}

/** Built once per lanes: a timeline grades hundreds of sessions against the same lanes. */
const sessionIndexes = new WeakMap<TimelineLanes, SessionIndex>();

function sessionIndex(lanes: TimelineLanes): SessionIndex {
  const size = `${lanes.sessions.length} ${lanes.network.map((lane) => lane.points.length).join(' ')}`;
  let index = sessionIndexes.get(lanes);
  if (index?.size === size) return index;
  index = {
    size,
    siteOf: new Map(lanes.sessions.map((s) => [s.userSessionId, siteHost(s.site)])),
    targetsOf: new Map(),
  };
  for (const lane of lanes.network)
    for (const p of lane.points) {
      const targets = index.targetsOf.get(p.userSessionId) ?? new Set<string>();
      targets.add(lane.target);
      index.targetsOf.set(p.userSessionId, targets);
    }
  sessionIndexes.set(lanes, index);
  return index;
}

/** v7's topology scores of the probes nearest the session, the lowest of each kind. */
function nearestScores(lanes: TimelineLanes, t: number): TopologyScores | undefined {
  return lanes.probes.reduce<TopologyScores | undefined>(
    (scores, lane) => lowerScores(scores, nearest(lane.points, t)?.scores),
    undefined,
  );
}

function nearest(points: readonly ProbePoint[], t: number): ProbePoint | undefined {
  let best: ProbePoint | undefined;
  for (const p of points)
    if (Math.abs(p.t - t) <= TUNNEL_PROBE_NEAR_MS && (!best || Math.abs(p.t - t) < Math.abs(best.t - t))) best = p;
  return best;
}

/** The verdict of a session the timeline read in detail, in the timeline's context; undefined for other samples. */
export function sampleVerdict(
  lanes: TimelineLanes,
  sample: NetworkSample,
  outside: (t: number) => boolean,
): Verdict | undefined {
  return sample.source === 'session' && sample.measures
    ? gradeSession(sample.measures, sessionContextAt(lanes, sample, outside))
    : undefined;
}

/** Hours of the agent's records read before and after a session for its verdict's context. */
export const NEIGHBOUR_HOURS = { before: 3, after: 1 };

/**
 * Reads the agent's records around a session (as its timeline does) and gives the context its
 * verdict needs; undefined when they cannot be read. `contextOf` grades them as the timeline
 * does (sessionContextInTimeline), passed in to keep this module below the timeline model.
 */
export async function readNeighbourContext(
  client: TimelineClient,
  session: UserSessionDetail,
  contextOf: (walk: TimelineWalk, userSessionId: string) => SessionContext | undefined,
  signal?: AbortSignal,
): Promise<SessionContext | undefined> {
  const t = apiTimeMs(session.date);
  if (t === undefined) return undefined;
  const from = new Date(t - NEIGHBOUR_HOURS.before * 3600_000);
  const to = new Date(t + NEIGHBOUR_HOURS.after * 3600_000);
  try {
    const walk = new TimelineWalk(
      client,
      String(session.agentId),
      { from, to },
      { fromMs: from.getTime(), toMs: to.getTime() },
    );
    await walk.run(signal);
    return contextOf(walk, String(session.userSessionId));
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}
