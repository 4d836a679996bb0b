// Time shapes that make charts worth reading: a daily rhythm of activity and short daily
// incidents on some networks (latency and loss go up), the kind of thing users troubleshoot.
import type { AgentProfile, NetworkProfileSeed } from './agents';
import { hashKey } from './prng';

const DAY = 86400;

/** Activity relative to the daily mean (averages 1 over a day), peaking mid-afternoon UTC. */
export function dailyActivity(epochSeconds: number): number {
  const hour = (epochSeconds % DAY) / 3600;
  return 1 + 0.45 * Math.sin(((hour - 9) / 24) * 2 * Math.PI);
}

export interface Degradation {
  /** Multiplies round-trip times. */
  latencyFactor: number;
  /** Percentage points of packet loss added. */
  extraLoss: number;
}

const CLEAR: Degradation = { latencyFactor: 1, extraLoss: 0 };

/**
 * About one network in three has a 90-minute incident every day at its own hour; the
 * strength varies by day so no two days look the same.
 */
export function degradationAt(network: NetworkProfileSeed, epochSeconds: number): Degradation {
  const key = network.incidentKey;
  if (key % 3 !== 0) return CLEAR;
  const start = ((key >>> 8) % 24) * 3600;
  const secondOfDay = epochSeconds % DAY;
  if (secondOfDay < start || secondOfDay >= start + 5400) return CLEAR;
  const day = Math.floor(epochSeconds / DAY);
  const strength = (hashKey(key, day) % 100) / 100;
  return { latencyFactor: 1.6 + strength * 2, extraLoss: Math.round(strength * 150) / 10 };
}

/**
 * The incident an agent's records see: its network's, except for featured agents, which
 * stay healthy outside their own seeded episode (see episodes.ts).
 */
export function incidentFor(agent: AgentProfile, epochSeconds: number): Degradation {
  return agent.featured ? CLEAR : degradationAt(agent.network, epochSeconds);
}
