// Alerts at the scale the issue names: 200 tests × 7 days. Two measures, each against a named
// baseline measured in this run:
// - `list`: the alerts of the 7 days as `netmon alerts` and list_alerts read them (listAlerts: the
//   ordered list, the first 50 with their sources), from the v7 emulator holding 200 network tests
//   that cross its seeded transits; baseline `every_detail`: the naive walk that reads every listed
//   alert's detail one by one. Both after a warm-up read, whose time is reported as `cold`: the
//   emulator's first evaluation of its rules over every test's rounds, kept for the reads after it.
// - `backtest`: the default loss rule ("loss >= 10 %", 3 of 5 rounds, 2 sources) replayed over 200
//   tests × 5 agents × 2,016 five-minute rounds with seeded loss bursts (backtestRule); baseline
//   `reparse`: the same replay written the obvious way, parsing the expression for every source-round
//   and recounting each source's window from scratch. Both must find the same firings.
// BENCH alerts list_ms=… cold_ms=… every_detail_ms=… list_ratio=… alerts=… backtest_ms=… reparse_ms=… backtest_ratio=… source_rounds=… firings=…
import { createNetmonClient } from '../src/api';
import { backtestRule, type BacktestRule, type TestRounds } from '../src/analysis/alerts/backtest';
import { evaluateCondition } from '../src/analysis/alerts/evaluate';
import { parseExpression } from '../src/analysis/alerts/expression';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';
import { listAlerts } from '../src/workflows/alerts';
import type { Account } from '../src/workflows/account';
import { askedRange } from '../src/workflows/time-range';
import { median, timed } from './_timing';

const DAY = 86_400;
const TESTS = 200;
const AGENTS = 5;
const ROUNDS = (7 * DAY) / 300;
const RULE: BacktestRule = {
  expression: '((loss >= 10%))',
  roundsViolatingMode: 'exact',
  roundsViolatingRequired: 3,
  roundsViolatingOutOf: 5,
  minimumSources: 2,
};

async function main(): Promise<void> {
  const list = await measureList();
  const backtest = measureBacktest();
  console.log(
    `list: ${list.alerts} alerts of ${TESTS} tests over 7 days in ${list.ms.toFixed(0)} ms, the first read ${list.coldMs.toFixed(0)} ms (the list's cap; every detail of all ${list.walked} read: ${list.baselineMs.toFixed(0)} ms)`,
  );
  console.log(
    `backtest: ${backtest.sourceRounds} source-rounds, ${backtest.firings} firings in ${backtest.ms.toFixed(0)} ms (reparse: ${backtest.baselineMs.toFixed(0)} ms)`,
  );
  console.log(
    `BENCH alerts list_ms=${list.ms.toFixed(0)} cold_ms=${list.coldMs.toFixed(0)} every_detail_ms=${list.baselineMs.toFixed(0)} list_ratio=${(list.baselineMs / list.ms).toFixed(1)} alerts=${list.alerts}` +
      ` backtest_ms=${backtest.ms.toFixed(0)} reparse_ms=${backtest.baselineMs.toFixed(0)} backtest_ratio=${(backtest.baselineMs / backtest.ms).toFixed(1)} source_rounds=${backtest.sourceRounds} firings=${backtest.firings}`,
  );
}

async function measureList(): Promise<{
  ms: number;
  coldMs: number;
  baselineMs: number;
  alerts: number;
  walked: number;
}> {
  let clock = Math.floor(Date.UTC(2026, 5, 1) / 1000);
  const emulator = await startEmulator({
    api: 'v7',
    now: () => clock * 1000,
    rateLimit: { limit: 1_000_000, windowSeconds: 60 },
  });
  const aid = emulator.world.accountGroups[0]?.aid ?? 0;
  const agents = (emulator.world.group(aid)?.enterpriseAgents() ?? []).slice(0, AGENTS).map((a) => ({
    agentId: a.agentId,
  }));
  const client = createNetmonClient({
    baseUrl: emulator.url,
    apiVersion: 'v7',
    aid,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
  });
  const servers = ['outlook.office365.com', 'zoom.us', 'salesforce.com', 'github.com'];
  for (let i = 0; i < TESTS; i++)
    await client.createTest('agent-to-server', {
      testName: `bench ${i}`,
      interval: 300,
      agents,
      server: servers[i % servers.length]!,
      port: 443,
    });
  clock += 8 * DAY;
  const account: Account = {
    client,
    serviceKey: 'demo',
    aidKey: String(aid),
    requestAid: undefined,
    label: 'the bench account',
    close: () => client.close(),
  };
  const range = askedRange({ window: '7d' }, clock * 1000);
  const cold = performance.now();
  await listAlerts(account, { range });
  const coldMs = performance.now() - cold;
  const times: number[] = [];
  let alerts = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    alerts = (await listAlerts(account, { range })).rows.length;
    times.push(performance.now() - started);
  }
  const started = performance.now();
  const { records } = await client.alerts({ window: '7d' }).collect({ maxRecords: 10_000 });
  for (const alert of records) await client.getAlert(String(alert.alertId));
  const baselineMs = performance.now() - started;
  await account.close();
  await emulator.close();
  return { ms: median(times), coldMs, baselineMs, alerts, walked: records.length };
}

/** A deterministic stream in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 200 tests' rounds: clean, with a loss burst of an hour on about one day in two per test. */
function syntheticRounds(): TestRounds[] {
  const next = random(20261129);
  const start = Math.floor(Date.UTC(2026, 5, 1) / 1000);
  return Array.from({ length: TESTS }, (_, t) => {
    const burst = Math.floor(next() * ROUNDS);
    const rounds = Array.from({ length: ROUNDS }, (_, r) => {
      const inBurst = r >= burst && r < burst + 12;
      const sources: Record<string, { values: Record<string, number> }> = {};
      for (let a = 0; a < AGENTS; a++)
        sources[`a${a}`] = { values: { loss: inBurst && next() < 0.8 ? 20 + next() * 30 : next() < 0.02 ? 12 : 0 } };
      return { roundId: start + r * 300, sources };
    });
    return { testId: String(t), rounds };
  });
}

function measureBacktest(): { ms: number; baselineMs: number; sourceRounds: number; firings: number } {
  const tests = syntheticRounds();
  const ours = timed(3, () => backtestRule(RULE, tests, { maxEvaluations: 10_000_000, maxFirings: 100_000 }));
  const naive = timed(1, () => reparseReplay(tests));
  if (!ours.result.ok) throw new Error(ours.result.message);
  if (ours.result.firingCount !== naive.result)
    throw new Error(`the replays disagree: ${ours.result.firingCount} firings against ${naive.result}`);
  return {
    ms: ours.ms,
    baselineMs: naive.ms,
    sourceRounds: ours.result.evaluations,
    firings: ours.result.firingCount,
  };
}

/** The per-source replay written the obvious way: its count of firings. */
function reparseReplay(tests: readonly TestRounds[]): number {
  let firings = 0;
  for (const test of tests) {
    const history = new Map<string, boolean[]>();
    let active = false;
    for (const round of test.rounds) {
      let triggered = 0;
      for (const [agent, record] of Object.entries(round.sources)) {
        const parsed = parseExpression(RULE.expression);
        if (!parsed.ok) throw new Error(parsed.message);
        const answer = evaluateCondition(parsed.condition, record);
        const seen = history.get(agent) ?? [];
        seen.push(answer.ok && answer.holds);
        history.set(agent, seen);
        const window = seen.slice(-RULE.roundsViolatingOutOf!);
        if (window.filter(Boolean).length >= RULE.roundsViolatingRequired!) triggered++;
      }
      const now = triggered >= (RULE.minimumSources ?? 1) && triggered > 0;
      if (now && !active) firings++;
      active = now;
    }
  }
  return firings;
}

void main();
