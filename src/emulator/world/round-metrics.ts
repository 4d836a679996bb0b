// The metrics an alert rule reads from one agent's round of a deployed enterprise test, computed
// from the test's plan with the functions its results are written from (enterprise-results.ts),
// but only as far as a rule needs: the loss of a round is its episode's loss, or 100 % when the
// round failed, or 0 — a few hashes, where the whole round (latencies, jitter) costs some µs.
// What the API serves for the same round is the same numbers (test/unit/emulator-rule-alerts.test.ts
// compares them with a backtest over the rounds a client reads).
import type { TestAgent } from '../../api/types';
import {
  agentHops,
  enterpriseRound,
  episodeAt,
  roundFailed,
  roundRng,
  traversalLost,
  type EnterprisePlan,
  type EnterpriseRound,
} from './enterprise-results';
import { addedMsOf, lossDelayOf, lossPercentOf, pathEpisodeWindow } from './path-episode-effects';

/** A round's metrics by the names the network results give them (strings where the result has text). */
export type NetworkValues = Record<string, number | string>;

/** What the agent's rounds of one UTC day share: a walk over a day's rounds reads it once (agentDay). */
export interface AgentDay {
  plan: EnterprisePlan;
  /** roundStream(plan). */
  stream: number;
  agent: TestAgent;
  /** The day's episode when the agent shares the transit: its window and its loss (0 for a route change). */
  episode?: { start: number; end: number; loss: number };
}

export function agentDay(plan: EnterprisePlan, stream: number, agent: TestAgent, day: number): AgentDay {
  const { path } = plan;
  if (!path || !plan.sharers.has(String(agent.agentId))) return { plan, stream, agent };
  const { start, end } = pathEpisodeWindow(path, day);
  return {
    plan,
    stream,
    agent,
    episode: { start, end, loss: path.kind === 'lossEpisode' ? lossPercentOf(path, day) : 0 },
  };
}

/** Whether the day's episode is in force for the agent in the round (episodeAt's answer, from the day's window). */
export function inEpisode(day: AgentDay, roundId: number): boolean {
  return day.episode !== undefined && roundId >= day.episode.start && roundId < day.episode.end;
}

/** `loss` of the agent's network result in a round of the day: the episode's, 100 % when the round failed, else 0. */
export function roundLoss(day: AgentDay, roundId: number): number {
  if (inEpisode(day, roundId)) return day.episode!.loss;
  return roundFailed(roundRng(day.stream, day.agent, roundId)) ? 100 : 0;
}

/** Every metric of the agent's network result in the round, as served. */
export function roundNetworkValues(plan: EnterprisePlan, agent: TestAgent, roundId: number): NetworkValues {
  return networkValues(enterpriseRound(plan, agent, roundId));
}

/** A round's network result as the v7 results encode it (routes/v7/encode-results.ts serves exactly this). */
export function networkValues(round: EnterpriseRound): NetworkValues {
  const { plan } = round;
  return {
    avgLatency: round.avgLatency,
    minLatency: round.minLatency,
    maxLatency: round.maxLatency,
    jitter: round.jitter,
    loss: round.loss,
    server: `${plan.target.host}:${plan.target.port}`,
    serverIp: plan.target.serverIp,
    direction: 'to-target',
  };
}

/**
 * The ms each hop of the agent's route in the round adds over the same hop of its healthy route
 * (`hopDelay`): a route change's ms at its first changed hop, a loss episode's queue at the lossy
 * hop, 0 elsewhere; a lost traversal ends at the lossy hop, as its path trace does (enterpriseRoute).
 */
export function roundHopDelays(plan: EnterprisePlan, agent: TestAgent, roundId: number): number[] {
  const { path } = plan;
  const access = agentHops(plan, agent).access.length;
  const shared = path !== undefined && plan.sharers.has(String(agent.agentId));
  const transit = shared ? path.transit.length : 2;
  const delays = new Array<number>(access + transit + 1).fill(0);
  const { kind, day } = episodeAt(plan, agent, roundId);
  if (!path || !kind) return delays;
  const fromSlot = access + (kind === 'lossEpisode' ? (path.lossIndex ?? 0) : 0);
  delays[fromSlot] = kind === 'routeChange' ? addedMsOf(path, day) : lossDelayOf(path, day);
  const lost = kind === 'lossEpisode' && traversalLost(plan, agent, roundId, lossPercentOf(path, day));
  return lost ? delays.slice(0, fromSlot + 1) : delays;
}
