// How a rule's rounds and sources fields are read, for a backtest (backtest.ts) and for the
// emulator, which raises its alerts by the same reading: X of Y rounds (X defaults to Y and is
// clamped to 1..Y), the fewest sources (at least one) and the share of reporting sources.
import type { AlertRuleFields } from '../../api/types/alerts';

export const MAX_ROUNDS_OUT_OF = 1000;

/** The fields read. */
export type BoundsFields = Pick<
  AlertRuleFields,
  'roundsViolatingOutOf' | 'roundsViolatingRequired' | 'minimumSources'
> &
  Partial<Pick<AlertRuleFields, 'minimumSourcesPct'>>;

/** X and Y as applied, the fewest sources, and the share of reporting sources (%) when the rule gives one. */
export interface RuleBounds {
  required: number;
  outOf: number;
  minimum: number;
  percent?: number;
}

/** X, Y and the source bounds, checked; a message when the rule's numbers cannot be replayed. */
export function readBounds(rule: BoundsFields, notes: string[] = []): RuleBounds | string {
  const outOf = rule.roundsViolatingOutOf;
  if (!Number.isInteger(outOf) || outOf < 1 || outOf > MAX_ROUNDS_OUT_OF) {
    return `roundsViolatingOutOf must be a whole number from 1 to ${MAX_ROUNDS_OUT_OF}, not ${String(outOf)}`;
  }
  let required = rule.roundsViolatingRequired ?? outOf;
  if (rule.roundsViolatingRequired === undefined)
    notes.push(`roundsViolatingRequired absent: read as ${outOf} of ${outOf}`);
  if (!Number.isInteger(required)) return `roundsViolatingRequired must be a whole number, not ${String(required)}`;
  if (required < 1 || required > outOf) {
    const clamped = Math.min(Math.max(required, 1), outOf);
    notes.push(`roundsViolatingRequired ${required} read as ${clamped} (it must lie in 1..${outOf})`);
    required = clamped;
  }
  const { minimumSources, minimumSourcesPct } = rule;
  if (minimumSources !== undefined && (!Number.isInteger(minimumSources) || minimumSources < 0)) {
    return `minimumSources must be a whole number of sources, not ${String(minimumSources)}`;
  }
  if (minimumSourcesPct !== undefined && !(minimumSourcesPct >= 0 && minimumSourcesPct <= 100)) {
    return `minimumSourcesPct must lie in 0..100, not ${String(minimumSourcesPct)}`;
  }
  return {
    required,
    outOf,
    minimum: Math.max(1, minimumSources ?? 1),
    ...(minimumSourcesPct !== undefined ? { percent: minimumSourcesPct } : {}),
  };
}
