// Opening a deployed enterprise test's results (Show Results) against the emulator's large
// preset (v7): what the panels need to draw first — the day's network results and the newest
// round's path traces, one per agent — and the whole summary (every kind, the localization
// of the newest rounds), against the naive walk that fetches every round's detail (each
// agent's path trace of every round of the day). The test runs on 200 of the large group's
// enterprise agents, created a day before "now": 200 agents × 288 rounds.
// BENCH results first=… full=… requests=… ratio=… (naive ms / first ms).
import { createNetmonClient } from '../src/api';
import { readResultsSummary, enterprisePaths } from '../src/analysis/results/read';
import { readPathRounds, readRoundTraces } from '../src/analysis/path/read-rounds';
import { forEachAtMost } from '../src/analysis/pool';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';

const DAY = 86_400;
const AGENTS = 200;
const ROUNDS = DAY / 300;
const NOW = Math.floor(Date.UTC(2026, 10, 20, 16) / 1000);
async function main(): Promise<void> {
  let clock = NOW - DAY;
  const emulator = await startEmulator({ api: 'v7', preset: 'large', now: () => clock * 1000, rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
  const aid = emulator.world.accountGroups[0]?.aid ?? 0;
  const agents = (emulator.world.group(aid)?.enterpriseAgents() ?? []).slice(0, AGENTS);
  if (agents.length < AGENTS) throw new Error(`the large preset's first group has ${agents.length} enterprise agents, not ${AGENTS}`);
  let requests = 0;
  const client = createNetmonClient({
    baseUrl: emulator.url, apiVersion: 'v7', aid, credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    onRequest: (event) => { if (event.final) requests++; },
  });
  const test = await client.createTest('agent-to-server', { testName: 'bench', interval: 300, agents: agents.map((a) => ({ agentId: a.agentId })), server: 'outlook.office365.com', port: 443 });
  clock = NOW;
  const range = { window: '24h' };

  async function firstPaint(): Promise<number> {
    const paths = enterprisePaths(client);
    const [metrics, rounds] = await Promise.all([client.testResults('network', test.testId, range).collect(), readPathRounds(paths, test.testId, range)]);
    const newest = rounds[0];
    const traces = newest ? await readRoundTraces(paths, test.testId, newest.agentIds, newest.roundId) : [];
    return metrics.records.length + traces.length;
  }

  async function naive(): Promise<number> {
    const network = await client.testResults('network', test.testId, range).collect();
    const pairs = network.records.map((r) => [r.agentId, r.roundId] as const);
    let traces = 0;
    await forEachAtMost(pairs, 6, async ([agentId, roundId]) => { await client.getTestPathTrace(test.testId, agentId, roundId); traces++; });
    return traces;
  }

  async function timed(work: () => Promise<unknown>): Promise<{ ms: number; requests: number }> {
    requests = 0;
    const started = performance.now();
    await work();
    return { ms: performance.now() - started, requests };
  }

  // The records drawn are the day's: every agent's result of every round.
  const drawn = await firstPaint(); // also warms the connections and the world's caches
  if (drawn !== AGENTS * ROUNDS + AGENTS) throw new Error(`first paint drew ${drawn} records and traces, not ${AGENTS} × ${ROUNDS} results and ${AGENTS} traces`);
  const first = await timed(firstPaint);
  const full = await timed(() => readResultsSummary(client, test, range));
  const baseline = await timed(naive);
  console.log(`${AGENTS} agents × ${ROUNDS} rounds: first paint ${first.ms.toFixed(0)} ms in ${first.requests} requests; summary ${full.ms.toFixed(0)} ms in ${full.requests}; naive ${baseline.ms.toFixed(0)} ms in ${baseline.requests}`);
  console.log(`BENCH results first=${first.ms.toFixed(0)} full=${full.ms.toFixed(0)} requests=${first.requests} naive=${baseline.ms.toFixed(0)} naive_requests=${baseline.requests} ratio=${(baseline.ms / first.ms).toFixed(1)}`);
  await client.close();
  await emulator.close();

}

void main();
