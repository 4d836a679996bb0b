// Per-round indexes of sessions and probes: the few draws that filters and paging need
// (agent, trigger, destination and page count of a session; agent and type of a probe), in
// typed arrays. A week of the large group (≈ 1M sessions) is then scanned in milliseconds
// instead of generated in seconds, so a filter matching nothing or a deep page number
// costs about as much as an ordinary page.
import type { GroupContext } from './context';
import { PROBE_TYPES, drawProbe } from './probes';
import type { RoundSlots } from './episode-slots';
import { drawSession, drawSessionAgent } from './sessions';

/** Rounds each index keeps: two retention windows (7 days), so a walk over one never rebuilds. */
export const INDEXED_ROUNDS = 2 * 7 * 288;

/** Drawn arrays hold this until a session's draws are needed. */
const NOT_DRAWN = 255;

/**
 * A round's sessions: the agent of each drawn up front (one draw of its stream), the rest of a
 * session's indexed draws (destination, trigger, pages) when first asked for. A filter naming
 * one agent then draws the others' sessions no further than their agent.
 */
export class SessionRound {
  /** Agent index of each session of the round. */
  readonly agents: Int32Array;
  /** Index into DESTINATIONS. */
  private readonly destinations: Uint8Array;
  /** 1 when the user triggered the session, 0 when it was automatic. */
  private readonly triggers: Uint8Array;
  /** Pages of each session (its web sessions). */
  private readonly pageCounts: Uint8Array;
  private total: number | undefined;
  private readonly slots: RoundSlots;

  constructor(
    private readonly ctx: GroupContext,
    readonly roundId: number,
    count: number,
  ) {
    this.slots = ctx.sessionSlots(roundId);
    this.agents = new Int32Array(count);
    for (let index = 0; index < count; index++) this.agents[index] = drawSessionAgent(ctx, index, this.slots);
    this.destinations = new Uint8Array(count).fill(NOT_DRAWN);
    this.triggers = new Uint8Array(count).fill(NOT_DRAWN);
    this.pageCounts = new Uint8Array(count).fill(NOT_DRAWN);
  }

  destination(index: number): number {
    return this.drawn(index, this.destinations);
  }

  /** 1 when the user triggered session `index`, 0 when it was automatic. */
  userTriggered(index: number): number {
    return this.drawn(index, this.triggers);
  }

  pages(index: number): number {
    return this.drawn(index, this.pageCounts);
  }

  /** Web sessions of the round: every session's pages. */
  get pageTotal(): number {
    if (this.total === undefined) {
      let total = 0;
      for (let index = 0; index < this.agents.length; index++) total += this.pages(index);
      this.total = total;
    }
    return this.total;
  }

  private drawn(index: number, values: Uint8Array): number {
    if (values[index] === NOT_DRAWN) {
      const draws = drawSession(this.ctx, this.roundId, index, this.slots);
      this.destinations[index] = draws.destination;
      this.triggers[index] = draws.trigger === 'user' ? 1 : 0;
      this.pageCounts[index] = draws.pageCount;
    }
    return values[index] as number;
  }
}

export interface ProbeRound {
  roundId: number;
  agents: Int32Array;
  /** Index into PROBE_TYPES. */
  types: Uint8Array;
}

export function indexSessions(ctx: GroupContext, roundId: number, count: number): SessionRound {
  return new SessionRound(ctx, roundId, count);
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
