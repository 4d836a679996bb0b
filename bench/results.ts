// Opening a deployed enterprise test's results (Show Results) against the emulator's large
// preset (v7), 200 of its enterprise agents × a day of 5-minute rounds (288). `first`: what
// the metrics and path panels draw first, at once — the range's last hour of network results
// and the newest round's path traces, one per agent, the round found from the last minutes'
// path-vis; `complete`: that and then what the panels end on, the range's newest part that
// fits their cap of 10,000 (`part_h` hours of the day's network results, `drawn` of them, and
// of the round selector's list: the day holds 57,600 of each); `whole_first`: the first paint as it was, the whole
// range read before the newest round; `full`: the whole summary (every kind, the localization
// of the newest rounds); against the naive walk that fetches every round's detail (each
// agent's path trace of every round of the day). All measured in this run; `first` is the
// median of five.
// BENCH results first=… full=… requests=… complete=… whole_first=… naive=… ratio=… (naive ms / first ms).
import { createNetmonClient } from '../src/api';
import { readResultsSummary, enterprisePaths } from '../src/analysis/results/read';
import {
  FIRST_PAINT_SECONDS,
  newestPart,
  readNewestFitting,
  readNewestRound,
  type PartReader,
} from '../src/analysis/results/newest';
import type { NetMetric, PathVisSummary } from '../src/api/types';
import { MAX_SUMMARIES, readRoundTraces } from '../src/analysis/path/read-rounds';
import { pathRounds, type PathRound } from '../src/analysis/path/rounds';
import { forEachAtMost } from '../src/analysis/pool';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';

const DAY = 86_400;
const AGENTS = 200;
const ROUNDS = DAY / 300;
const NOW = Math.floor(Date.UTC(2026, 10, 20, 16) / 1000);
async function main(): Promise<void> {
  let clock = NOW - DAY;
  const emulator = await startEmulator({
    api: 'v7',
    preset: 'large',
    now: () => clock * 1000,
    rateLimit: { limit: 1_000_000, windowSeconds: 60 },
  });
  const aid = emulator.world.accountGroups[0]?.aid ?? 0;
  const agents = (emulator.world.group(aid)?.enterpriseAgents() ?? []).slice(0, AGENTS);
  if (agents.length < AGENTS)
    throw new Error(`the large preset's first group has ${agents.length} enterprise agents, not ${AGENTS}`);
  let requests = 0;
  const client = createNetmonClient({
    baseUrl: emulator.url,
    apiVersion: 'v7',
    aid,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    onRequest: (event) => {
      if (event.final) requests++;
    },
  });
  const test = await client.createTest('agent-to-server', {
    testName: 'bench',
    interval: 300,
    agents: agents.map((a) => ({ agentId: a.agentId })),
    server: 'outlook.office365.com',
    port: 443,
  });
  clock = NOW;
  const range = { window: '24h' };

  const paths = enterprisePaths(client);

  /** What Show Results draws first: the last hour's network results and the newest round's traces (deployed-results.ts). */
  async function firstPaint(): Promise<{ records: number; roundId?: number; traces: number }> {
    const [metrics, newest] = await Promise.all([
      client.testResults('network', test.testId, newestPart(range, FIRST_PAINT_SECONDS) ?? range).collect(),
      readNewestRound(paths, test.testId, range).then(async (round) => ({
        round,
        traces: round ? await readRoundTraces(paths, test.testId, round.agentIds, round.roundId) : [],
      })),
    ]);
    return {
      records: metrics.records.length,
      traces: newest.traces.length,
      ...(newest.round ? { roundId: newest.round.roundId } : {}),
    };
  }

  const CAP = 10_000;
  const network: PartReader<NetMetric> = (part, maxRecords) =>
    client.testResults('network', test.testId, part).collect({ maxRecords });
  const summaries: PartReader<PathVisSummary> = (part, maxRecords) =>
    client.testResults('path-vis', test.testId, part).collect({ maxRecords });
  /** Then what the panels end on (metrics-panels.ts, path-panels.ts): the range's newest part that fits the cap, the metrics' from the first paint's count. */
  async function fitted(lastHour: number): Promise<{ records: number; seconds: number; newestRound: number }> {
    const [metrics] = await Promise.all([
      readNewestFitting(network, range, CAP, { seconds: FIRST_PAINT_SECONDS, records: lastHour }),
      readNewestFitting(summaries, range, CAP),
    ]);
    return {
      records: metrics.records.length,
      seconds: metrics.narrowed?.seconds ?? DAY,
      newestRound: Math.max(...metrics.records.map((r) => r.roundId)),
    };
  }

  /** The round list as it was read before: the range's oldest summaries, capped. */
  const cappedRounds = async (): Promise<PathRound[]> =>
    pathRounds(
      (await client.testResults('path-vis', test.testId, range).collect({ maxRecords: MAX_SUMMARIES }))
        .records as PathVisSummary[],
    );

  /** The whole range, read uncapped: what the day holds. */
  async function wholeRange(): Promise<{ records: number; newestRound: number }> {
    const [metrics] = await Promise.all([client.testResults('network', test.testId, range).collect(), cappedRounds()]);
    return { records: metrics.records.length, newestRound: Math.max(...metrics.records.map((r) => r.roundId)) };
  }

  /** The first paint before: the whole range first, then the newest round of the (oldest-first, capped) round list. */
  async function wholeRangeFirst(): Promise<void> {
    const [, rounds] = await Promise.all([client.testResults('network', test.testId, range).collect(), cappedRounds()]);
    const newest = rounds[0];
    if (newest) await readRoundTraces(paths, test.testId, newest.agentIds, newest.roundId);
  }

  async function naive(): Promise<number> {
    const network = await client.testResults('network', test.testId, range).collect();
    const pairs = network.records.map((r) => [r.agentId, r.roundId] as const);
    let traces = 0;
    await forEachAtMost(pairs, 6, async ([agentId, roundId]) => {
      await client.getTestPathTrace(test.testId, agentId, roundId);
      traces++;
    });
    return traces;
  }

  async function timed(work: () => Promise<unknown>): Promise<{ ms: number; requests: number }> {
    requests = 0;
    const started = performance.now();
    await work();
    return { ms: performance.now() - started, requests };
  }

  // Warm the connections and the world's caches, and check what is drawn: the day's results of every agent, the newest round's traces of every agent.
  const [drawn, whole] = [await firstPaint(), await wholeRange()];
  if (whole.records !== AGENTS * ROUNDS)
    throw new Error(`the day holds ${whole.records} results, not ${AGENTS} × ${ROUNDS}`);
  if (drawn.traces !== AGENTS || drawn.roundId !== whole.newestRound)
    throw new Error(
      `first paint drew ${drawn.traces} traces of round ${drawn.roundId}, not ${AGENTS} of the newest round ${whole.newestRound}`,
    );
  const ended = await fitted(drawn.records);
  if (ended.newestRound !== whole.newestRound || ended.records > CAP)
    throw new Error(
      `the panels end on ${ended.records} results up to round ${ended.newestRound}, not at most ${CAP} up to the newest ${whole.newestRound}`,
    );
  // The machine is shared: the first paint is the median of five.
  const firsts: { ms: number; requests: number }[] = [];
  for (let i = 0; i < 5; i++) firsts.push(await timed(firstPaint));
  const first = firsts.sort((a, b) => a.ms - b.ms)[2]!;
  const complete = await timed(async () => fitted((await firstPaint()).records));
  const before = await timed(wholeRangeFirst);
  const full = await timed(() => readResultsSummary(client, test, range));
  const baseline = await timed(naive);
  console.log(
    `${AGENTS} agents × ${ROUNDS} rounds: first paint ${first.ms.toFixed(0)} ms in ${first.requests} requests (whole range first: ${before.ms.toFixed(0)} ms in ${before.requests}); panels complete ${complete.ms.toFixed(0)} ms in ${complete.requests} (the last ${ended.seconds / 3600} h: ${ended.records} results of ${whole.records}); summary ${full.ms.toFixed(0)} ms in ${full.requests}; naive ${baseline.ms.toFixed(0)} ms in ${baseline.requests}`,
  );
  console.log(
    `BENCH results first=${first.ms.toFixed(0)} full=${full.ms.toFixed(0)} requests=${first.requests} complete=${complete.ms.toFixed(0)} part_h=${ended.seconds / 3600} drawn=${ended.records} whole_first=${before.ms.toFixed(0)} naive=${baseline.ms.toFixed(0)} naive_requests=${baseline.requests} ratio=${(baseline.ms / first.ms).toFixed(1)}`,
  );
  await client.close();
  await emulator.close();
}

void main();
