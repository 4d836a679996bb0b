// When a rule fires and clears over a test's marked rounds (rule-marks.ts): the reading of the
// rule's fields backtestRule states (src/analysis/alerts/backtest.ts) — per source (`exact`, `auto`,
// absent) each agent's window of its last Y rounds must hold X violations and the triggered agents
// meet the source bounds; per round (`any`) a round violates when its violating agents meet the
// bounds and the alert is active while X of the last Y rounds violated; a firing starts at the
// first active round and ends at the first round after it that is not. Written over the marks'
// bytes rather than through backtestRule's records, because a list and each detail replay every
// rule over every test; test/integration/emulator/v7-rule-alerts*.test.ts hold the two to the same answers.
import type { RuleBounds } from '../../../analysis/alerts/rule-bounds';
import type { DayMarks } from './rule-marks';

export interface MarkedFiring {
  startSeconds: number;
  /** The first round it was no longer active in; absent while still active in the last round. */
  endSeconds?: number;
  /** Indexes of the agents triggered (per source) or violating (per round) in its active rounds. */
  sources: Set<number>;
}

/** The last `size` marks, and how many of them are set. */
class Window {
  private readonly marks: Uint8Array;
  private seen = 0;
  violations = 0;

  constructor(private readonly size: number) {
    this.marks = new Uint8Array(size);
  }

  push(mark: number): void {
    const at = this.seen % this.size;
    if (this.seen >= this.size) this.violations -= this.marks[at]!;
    this.marks[at] = mark;
    this.violations += mark;
    this.seen++;
  }
}

/** Replays the marked days (in order) up to the round at `asOf`; every agent reports every round. */
export function replayMarks(
  bounds: RuleBounds,
  perSource: boolean,
  agents: number,
  days: readonly DayMarks[],
  asOf: number,
): MarkedFiring[] {
  const enough = (count: number): boolean =>
    count >= bounds.minimum && (bounds.percent === undefined || count * 100 >= bounds.percent * agents);
  const windows = Array.from({ length: agents }, () => new Window(bounds.outOf));
  const testWindow = new Window(bounds.outOf);
  const firings: MarkedFiring[] = [];
  let open: MarkedFiring | undefined;
  const counted: number[] = [];
  for (const { roundIds, violated } of days) {
    for (let r = 0; r < roundIds.length && roundIds[r]! <= asOf; r++) {
      counted.length = 0;
      let violating = 0;
      for (let a = 0; a < agents; a++) {
        const mark = violated[r * agents + a]!;
        violating += mark;
        windows[a]!.push(mark);
        if (perSource ? windows[a]!.violations >= bounds.required : mark === 1) counted.push(a);
      }
      let active: boolean;
      if (perSource) active = enough(counted.length);
      else {
        testWindow.push(enough(violating) ? 1 : 0);
        active = testWindow.violations >= bounds.required;
      }
      if (active) {
        if (!open) firings.push((open = { startSeconds: roundIds[r]!, sources: new Set() }));
        for (const a of counted) open.sources.add(a);
      } else if (open) {
        open.endSeconds = roundIds[r]!;
        open = undefined;
      }
    }
  }
  return firings;
}
