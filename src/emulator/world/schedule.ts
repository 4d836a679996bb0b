// The rounds of a test on a schedule: every multiple of its interval, or — for a test created
// through the API — its creation second first (an off-grid round whose id is that second), then
// the multiples of its interval strictly after it. Every read of such a test (lists, seeks,
// one round by its id) asks these, so they all agree on one set of rounds.

/**
 * Round starts in [from, to), ascending: `firstRound` (when in range), then the multiples of
 * `interval` after it. `firstRound` -Infinity: every multiple of `interval`.
 */
export function* scheduledRounds(firstRound: number, interval: number, from: number, to: number): Generator<number> {
  if (Number.isFinite(firstRound) && firstRound >= from && firstRound < to) yield firstRound;
  const after = Number.isFinite(firstRound) ? Math.floor(firstRound / interval) + 1 : -Infinity;
  for (let round = Math.max(Math.ceil(from / interval), after) * interval; round < to; round += interval) yield round;
}

/** Whether `roundId` is one of the schedule's rounds (asOf aside). */
export function isScheduledRound(firstRound: number, interval: number, roundId: number): boolean {
  return roundId === firstRound || (roundId > firstRound && roundId % interval === 0);
}

/** The start of the schedule's round after `roundId` (a round of it): the next multiple of `interval`. */
export function nextScheduledRound(interval: number, roundId: number): number {
  return (Math.floor(roundId / interval) + 1) * interval;
}
