// The round selector of the path panel, from path-visualization summaries.
import type { PathVisSummary } from '../../api/types';

export interface PathRound {
  roundId: number;
  /** Agents with a trace in this round. */
  agentIds: string[];
  /** Mean number of hops to the target over the round's endpoints. */
  meanHops: number;
}

export function pathRounds(summaries: readonly PathVisSummary[]): PathRound[] {
  const byRound = new Map<number, { agents: Set<string>; hops: number[] }>();
  for (const summary of summaries) {
    const entry = byRound.get(summary.roundId) ?? { agents: new Set<string>(), hops: [] };
    entry.agents.add(String(summary.agentId));
    for (const endpoint of summary.endpoints) entry.hops.push(endpoint.numberOfHops);
    byRound.set(summary.roundId, entry);
  }
  return [...byRound.entries()]
    .sort(([a], [b]) => b - a)
    .map(([roundId, { agents, hops }]) => ({
      roundId,
      agentIds: [...agents].sort(),
      meanHops: hops.length ? hops.reduce((s, h) => s + h, 0) / hops.length : 0,
    }));
}
