// Per-round indexes of sessions and probes: the few draws that filters and paging need
// (agent, trigger, destination and page count of a session; agent and type of a probe), in
// typed arrays. A week of the large group (≈ 1M sessions) is then scanned in milliseconds
// instead of generated in seconds, so a filter matching nothing or a deep page number
// costs about as much as an ordinary page.
import type { GroupContext } from './context';
import { PROBE_TYPES, drawProbe } from './probes';
import { drawSession } from './sessions';

/** Rounds each index keeps: two retention windows (7 days), so a walk over one never rebuilds. */
export const INDEXED_ROUNDS = 2 * 7 * 288;

export interface SessionRound {
  roundId: number;
  /** Agent index of each session of the round. */
  agents: Int32Array;
  /** Index into DESTINATIONS. */
  destinations: Uint8Array;
  /** 1 when the user triggered the session, 0 when it was automatic. */
  userTriggered: Uint8Array;
  /** Pages of each session (its web sessions). */
  pages: Uint8Array;
  pageTotal: number;
}

export interface ProbeRound {
  roundId: number;
  agents: Int32Array;
  /** Index into PROBE_TYPES. */
  types: Uint8Array;
}

export function indexSessions(ctx: GroupContext, roundId: number, count: number): SessionRound {
  const round: SessionRound = {
    roundId,
    agents: new Int32Array(count),
    destinations: new Uint8Array(count),
    userTriggered: new Uint8Array(count),
    pages: new Uint8Array(count),
    pageTotal: 0,
  };
  const slots = ctx.sessionSlots(roundId);
  for (let index = 0; index < count; index++) {
    const draws = drawSession(ctx, roundId, index, slots);
    round.agents[index] = draws.agentIndex;
    round.destinations[index] = draws.destination;
    round.userTriggered[index] = draws.trigger === 'user' ? 1 : 0;
    round.pages[index] = draws.pageCount;
    round.pageTotal += draws.pageCount;
  }
  return round;
}

export function indexProbes(ctx: GroupContext, roundId: number, count: number): ProbeRound {
  const round: ProbeRound = { roundId, agents: new Int32Array(count), types: new Uint8Array(count) };
  const slots = ctx.probeSlots(roundId);
  for (let index = 0; index < count; index++) {
    const { agentIndex, type } = drawProbe(ctx, roundId, index, slots);
    round.agents[index] = agentIndex;
    round.types[index] = PROBE_TYPES.indexOf(type);
  }
  return round;
}

/**
 * Built rounds, up to `capacity` (the oldest built is dropped first). The capacity must hold
 * every round of the retention window, or a walk over it would rebuild what it just dropped.
 */
export class RoundCache<T> {
  private readonly rounds = new Map<number, T>();

  constructor(
    private readonly capacity: number,
    private readonly build: (roundId: number) => T,
  ) {}

  has(roundId: number): boolean {
    return this.rounds.has(roundId);
  }

  get(roundId: number): T {
    let round = this.rounds.get(roundId);
    if (round === undefined) {
      round = this.build(roundId);
      this.rounds.set(roundId, round);
      if (this.rounds.size > this.capacity) {
        const oldest = this.rounds.keys().next();
        if (!oldest.done) this.rounds.delete(oldest.value);
      }
    }
    return round;
  }
}
