// Seeking a record number in a time-ranged list: whole rounds are skipped by their record
// count (drawn or indexed, never generated), and only the round holding the record is
// scanned, in its index.
import { agentPasses, type CompiledFilter } from './filter-match';
import type { ListPosition, Seek } from './model';
import type { ProbeRound, SessionRound } from './round-index';

/** How a list counts the records of a round and finds its `skip`-th record inside it. */
export interface RoundCounter {
  count(roundId: number): number;
  find(roundId: number, skip: number): ListPosition;
}

export function seekRounds(rounds: Iterable<number>, skip: number, counter: RoundCounter): Seek {
  let left = skip;
  let total = 0;
  for (const roundId of rounds) {
    const count = counter.count(roundId);
    if (left < count) return { found: counter.find(roundId, left) };
    left -= count;
    total += count;
  }
  return { total };
}

/** One record per index (sessions, probes, test results), all kept. */
export function plainCounter(count: (roundId: number) => number): RoundCounter {
  return { count, find: (round, skip) => ({ round, index: skip, part: 0 }) };
}

export function sessionMatches(filter: CompiledFilter, round: SessionRound, index: number): boolean {
  return (
    agentPasses(filter, round.agents[index] as number, round.roundId) &&
    filter.triggers[round.userTriggered(index)] === true &&
    filter.destinations[round.destination(index)] === true
  );
}

export function probeMatches(filter: CompiledFilter, round: ProbeRound, index: number): boolean {
  return (
    agentPasses(filter, round.agents[index] as number, round.roundId) &&
    filter.types[round.types[index] as number] === true
  );
}

/**
 * Records of indexed rounds: each kept entry of the index stands for `partsOf(index)`
 * records (the pages of a session for web sessions, 1 otherwise).
 */
export function indexedCounter<R extends { agents: Int32Array }>(
  roundOf: (roundId: number) => R,
  keeps: ((round: R, index: number) => boolean) | undefined,
  partsOf: (round: R, index: number) => number,
): RoundCounter {
  return {
    count(roundId) {
      const round = roundOf(roundId);
      let count = 0;
      for (let index = 0; index < round.agents.length; index++)
        if (!keeps || keeps(round, index)) count += partsOf(round, index);
      return count;
    },
    find(roundId, skip) {
      const round = roundOf(roundId);
      let left = skip;
      for (let index = 0; index < round.agents.length; index++) {
        if (keeps && !keeps(round, index)) continue;
        const parts = partsOf(round, index);
        if (left < parts) return { round: roundId, index, part: left };
        left -= parts;
      }
      throw new Error(`round ${roundId} holds fewer records than it counted`);
    },
  };
}
