// How big each account group's world is, per preset. Sizes are per group so data differs.
import type { Preset } from './model';

export interface GroupSize {
  endpointAgents: number;
  networks: number;
  /** Scheduled endpoint tests, saved events included. */
  endpointTests: number;
  /**
   * User sessions per 5-minute round: [min, max], the count of a round is drawn in between,
   * then shaped by the time of day (the daily mean stays in the middle of the bounds).
   */
  sessionsPerRound: readonly [number, number];
  /** Network-topology probes per round. */
  probesPerRound: readonly [number, number];
  /** Endpoint agents that run each scheduled test. */
  agentsPerTest: number;
  /** Enterprise agents of test management at least (the cities' own agents, then more per city). */
  enterpriseAgents?: number;
}

const DEMO: readonly GroupSize[] = [
  {
    endpointAgents: 25,
    networks: 5,
    endpointTests: 6,
    sessionsPerRound: [3, 6],
    probesPerRound: [4, 8],
    agentsPerTest: 5,
  },
  {
    endpointAgents: 14,
    networks: 4,
    endpointTests: 5,
    sessionsPerRound: [2, 5],
    probesPerRound: [3, 6],
    agentsPerTest: 4,
  },
  {
    endpointAgents: 8,
    networks: 3,
    endpointTests: 4,
    sessionsPerRound: [1, 3],
    probesPerRound: [2, 4],
    agentsPerTest: 3,
  },
];

/**
 * The first group carries the large volume (≥ 10,000 agents, ≈ 500 sessions a round, 240
 * enterprise agents: a test on 200 of them is what `npm run bench -- results` opens).
 */
const LARGE: readonly GroupSize[] = [
  {
    endpointAgents: 10_000,
    networks: 60,
    endpointTests: 24,
    sessionsPerRound: [490, 530],
    probesPerRound: [150, 250],
    agentsPerTest: 20,
    enterpriseAgents: 240,
  },
  {
    endpointAgents: 2_000,
    networks: 20,
    endpointTests: 12,
    sessionsPerRound: [80, 120],
    probesPerRound: [40, 60],
    agentsPerTest: 10,
  },
  {
    endpointAgents: 500,
    networks: 8,
    endpointTests: 8,
    sessionsPerRound: [20, 40],
    probesPerRound: [10, 20],
    agentsPerTest: 6,
  },
];

/** Size of the `groupIndex`-th account group (groups past the table reuse its last row). */
export function groupSize(preset: Preset, groupIndex: number): GroupSize {
  const table = preset === 'large' ? LARGE : DEMO;
  const size = table[Math.min(groupIndex, table.length - 1)];
  if (size === undefined) throw new Error('empty preset table');
  return size;
}
