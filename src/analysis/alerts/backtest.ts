// Backtest of an alert rule: when it would have fired and cleared over rounds already measured.
//
// Semantics chosen (the API states the fields, not the algorithm; this is its reading):
//
// - A source (agent) VIOLATES in a round when the rule's expression holds for its record of that
//   round (evaluate.ts). A round whose record lacks a metric the rule names does not violate; it
//   is counted in `errors` with its message, never silently passed over.
// - Each source keeps a window of ITS OWN last Y reported rounds (Y = roundsViolatingOutOf); a
//   round it did not report neither violates nor slides its window. roundsViolatingRequired (X)
//   defaults to Y when absent, and is clamped to 1..Y. Before Y rounds are seen, X violations
//   among those seen suffice.
// - Per-source mode (roundsViolatingMode `exact`, or absent): a source is TRIGGERED in a round it
//   reports when at least X of its window violated. The alert is ACTIVE in a round when the
//   triggered sources number at least minimumSources, and at least minimumSourcesPct % of the
//   sources reporting in that round (each bound that the rule gives; neither given: one source).
//   At least one triggered source is always needed, so 0 % does not fire on an empty round.
//   `exact` in the schema: "requires the same agents to meet the threshold in consecutive rounds".
// - Per-round mode (`any`, the vendor's default when it says one): a round VIOLATES when the
//   sources violating in it meet the same source bounds; the alert is active in a round when at
//   least X of the test's last Y rounds violated ("the same agents" need not repeat).
// - `auto` (the vendor's dynamic baselines) cannot be replayed: it is read as per-source, with a note.
// - A FIRING starts in the first round the alert is active and ends (endRoundId) in the first
//   round after it in which it is not: the vendor's clear. A firing active in the last round has
//   no endRoundId. Its sources are every source triggered (per-source) or violating (per-round)
//   in its active rounds; `rounds` counts its active rounds.
// - Active time: a closed firing lasts endRoundId − startRoundId seconds (round ids are epoch
//   seconds); an open one until one round interval (the smallest gap between the test's round
//   ids) after its last round.
// - minimumSourcesPct is taken over the sources reporting in the round, not over the agents
//   assigned to the test (the data here does not say which agents were assigned).
// - Each test is replayed on its own: an alert is about one test.
//
// Bounded: at most `maxFirings` firings are kept (with the count of the rest), at most
// `maxEvaluations` source-rounds evaluated (the rest reported as not replayed), and windows of
// at most MAX_ROUNDS_OUT_OF rounds.
import type { AlertRuleFields } from '../../api/types/alerts';
import { evaluateCondition, type SourceRound } from './evaluate';
import { type Condition, parseExpression } from './expression';
import { checkMetrics, type MetricProblem } from './known-metrics';
import { readBounds, type RuleBounds } from './rule-bounds';

export type BacktestRule = Pick<
  AlertRuleFields,
  'expression' | 'roundsViolatingOutOf' | 'roundsViolatingRequired' | 'roundsViolatingMode' | 'minimumSources'
> &
  Partial<Pick<AlertRuleFields, 'minimumSourcesPct' | 'alertType'>>;

/** One round of a test: each reporting source's record, by agent id. */
export interface TestRound {
  /** Epoch seconds of the round's start, as the API gives it. */
  roundId: number;
  sources: Readonly<Record<string, SourceRound>>;
}

export interface TestRounds {
  testId: string;
  rounds: readonly TestRound[];
}

export interface Firing {
  testId: string;
  startRoundId: number;
  /** The first round it was no longer active in; absent while still active in the last round. */
  endRoundId?: number;
  /** Agent ids, sorted. */
  sources: string[];
  /** Rounds it was active in. */
  rounds: number;
}

export interface TestSummary {
  testId: string;
  rounds: number;
  firings: number;
  activeRounds: number;
  activeSeconds: number;
}

export type BacktestMode = 'per-source' | 'per-round';

export type BacktestResult =
  | {
      ok: true;
      mode: BacktestMode;
      /** X and Y as applied. */
      roundsRequired: number;
      roundsOutOf: number;
      /** In test order, then time order; at most maxFirings. */
      firings: Firing[];
      firingsLeftOff: number;
      firingCount: number;
      activeRounds: number;
      activeSeconds: number;
      tests: TestSummary[];
      /** Source-rounds evaluated, and those whose answer was an error (a few distinct messages kept). */
      evaluations: number;
      errors: { count: number; messages: string[] };
      /** Source-rounds not replayed because maxEvaluations was reached. */
      notReplayed: number;
      /** What the rule names that its alert type's data does not carry (when alertType is given). */
      metricProblems: MetricProblem[];
      notes: string[];
    }
  | { ok: false; message: string; column?: number };

export interface BacktestOptions {
  maxFirings?: number;
  maxEvaluations?: number;
}

export { MAX_ROUNDS_OUT_OF } from './rule-bounds';
const MAX_ERROR_MESSAGES = 5;

type Rule = { condition: Condition } & RuleBounds;

/** Replays `rule` over each test's rounds. */
export function backtestRule(
  rule: BacktestRule,
  tests: readonly TestRounds[],
  options: BacktestOptions = {},
): BacktestResult {
  const parsed = parseExpression(rule.expression);
  if (!parsed.ok) return { ok: false, message: `expression: ${parsed.message}`, column: parsed.column };
  const notes: string[] = [];
  const checked = readBounds(rule, notes);
  if (typeof checked === 'string') return { ok: false, message: checked };
  const mode: BacktestMode = rule.roundsViolatingMode === 'any' ? 'per-round' : 'per-source';
  if (rule.roundsViolatingMode === 'auto') {
    notes.push("roundsViolatingMode 'auto' (dynamic) cannot be replayed; read as 'exact' (per source)");
  } else if (rule.roundsViolatingMode === undefined) {
    notes.push("roundsViolatingMode absent: read as 'exact' (per source); the vendor's default is 'any'");
  }
  const state = new Replay({ condition: parsed.condition, ...checked }, mode, options);
  for (const test of tests) state.replayTest(test);
  if (state.notReplayed > 0) {
    notes.push(
      `stopped after ${state.evaluations} source-rounds: ${state.notReplayed} not replayed; ` +
        `a firing open then may have cleared later`,
    );
  }
  return {
    ok: true,
    mode,
    roundsRequired: checked.required,
    roundsOutOf: checked.outOf,
    firings: state.firings,
    firingsLeftOff: state.firingCount - state.firings.length,
    firingCount: state.firingCount,
    activeRounds: state.tests.reduce((sum, t) => sum + t.activeRounds, 0),
    activeSeconds: state.tests.reduce((sum, t) => sum + t.activeSeconds, 0),
    tests: state.tests,
    evaluations: state.evaluations,
    errors: { count: state.errorCount, messages: state.errorMessages },
    notReplayed: state.notReplayed,
    metricProblems: rule.alertType ? checkMetrics(parsed.condition, rule.alertType) : [],
    notes,
  };
}

/** The last `size` answers of a source (or, per round, of the test), and how many of them violated. */
class Window {
  private readonly marks: boolean[] = [];
  private next = 0;
  violations = 0;

  constructor(private readonly size: number) {}

  push(violated: boolean): void {
    if (this.marks.length < this.size) this.marks.push(violated);
    else {
      if (this.marks[this.next]) this.violations--;
      this.marks[this.next] = violated;
      this.next = (this.next + 1) % this.size;
    }
    if (violated) this.violations++;
  }
}

class Replay {
  readonly firings: Firing[] = [];
  readonly tests: TestSummary[] = [];
  firingCount = 0;
  evaluations = 0;
  errorCount = 0;
  notReplayed = 0;
  private exhausted = false;
  readonly errorMessages: string[] = [];
  private readonly maxFirings: number;
  private readonly maxEvaluations: number;

  constructor(
    private readonly rule: Rule,
    private readonly mode: BacktestMode,
    options: BacktestOptions,
  ) {
    this.maxFirings = Math.max(0, options.maxFirings ?? 100);
    this.maxEvaluations = Math.max(0, options.maxEvaluations ?? 2_000_000);
  }

  replayTest(test: TestRounds): void {
    const rounds = [...test.rounds].sort((a, b) => a.roundId - b.roundId);
    const summary: TestSummary = {
      testId: test.testId,
      rounds: rounds.length,
      firings: 0,
      activeRounds: 0,
      activeSeconds: 0,
    };
    this.tests.push(summary);
    const windows = new Map<string, Window>();
    const testWindow = new Window(this.rule.outOf);
    let open: { startRoundId: number; sources: Set<string>; rounds: number } | undefined;
    let lastReplayed: number | undefined;
    for (const round of rounds) {
      const agents = Object.keys(round.sources);
      // Once the budget is spent, every later round is left out (not only the large ones).
      if (this.exhausted || this.evaluations + agents.length > this.maxEvaluations) {
        this.exhausted = true;
        this.notReplayed += agents.length;
        continue;
      }
      lastReplayed = round.roundId;
      const violating: string[] = [];
      const triggered: string[] = [];
      for (const agentId of agents) {
        const violated = this.violates(round.sources[agentId]!);
        if (violated) violating.push(agentId);
        let window = windows.get(agentId);
        if (!window) windows.set(agentId, (window = new Window(this.rule.outOf)));
        window.push(violated);
        if (window.violations >= this.rule.required) triggered.push(agentId);
      }
      let active: boolean;
      let counted: string[];
      if (this.mode === 'per-source') {
        counted = triggered;
        active = this.enoughSources(triggered.length, agents.length);
      } else {
        counted = violating;
        testWindow.push(this.enoughSources(violating.length, agents.length));
        active = testWindow.violations >= this.rule.required;
      }
      if (active) {
        open ??= { startRoundId: round.roundId, sources: new Set(), rounds: 0 };
        open.rounds++;
        for (const agentId of counted) open.sources.add(agentId);
        summary.activeRounds++;
      } else if (open) {
        this.close(test.testId, open, round.roundId, summary);
        open = undefined;
      }
    }
    if (open && lastReplayed !== undefined) {
      const interval = smallestGap(rounds.map((r) => r.roundId));
      this.close(test.testId, open, undefined, summary, lastReplayed + interval);
    }
  }

  private violates(record: SourceRound): boolean {
    this.evaluations++;
    const result = evaluateCondition(this.rule.condition, record);
    if (result.ok) return result.holds;
    this.errorCount++;
    if (this.errorMessages.length < MAX_ERROR_MESSAGES && !this.errorMessages.includes(result.message)) {
      this.errorMessages.push(result.message);
    }
    return false;
  }

  /** Whether `count` sources out of the `reporting` ones meet minimumSources and minimumSourcesPct. */
  private enoughSources(count: number, reporting: number): boolean {
    if (count < this.rule.minimum) return false;
    return this.rule.percent === undefined || count * 100 >= this.rule.percent * reporting;
  }

  private close(
    testId: string,
    open: { startRoundId: number; sources: Set<string>; rounds: number },
    endRoundId: number | undefined,
    summary: TestSummary,
    activeUntil = endRoundId ?? open.startRoundId,
  ): void {
    summary.firings++;
    summary.activeSeconds += activeUntil - open.startRoundId;
    this.firingCount++;
    if (this.firings.length >= this.maxFirings) return;
    this.firings.push({
      testId,
      startRoundId: open.startRoundId,
      ...(endRoundId !== undefined ? { endRoundId } : {}),
      sources: [...open.sources].sort(),
      rounds: open.rounds,
    });
  }
}

/** The test's round interval: the smallest positive gap between round ids (0 with a single round). */
function smallestGap(roundIds: readonly number[]): number {
  let gap = Infinity;
  for (let i = 1; i < roundIds.length; i++) {
    const step = roundIds[i]! - roundIds[i - 1]!;
    if (step > 0 && step < gap) gap = step;
  }
  return Number.isFinite(gap) ? gap : 0;
}
