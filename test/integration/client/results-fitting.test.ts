// A deployed test's range that holds more results than a panel draws (200 agents × a day on
// the emulator's large preset: 57,600 network results, 10,000 drawn): the panels read the
// range's newest part that fits, so they end on the day's newest round, and say what was
// left out; the lists come oldest first, so the whole range capped ended hours before now.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import {
  FIRST_PAINT_SECONDS,
  leftOut,
  newestPart,
  readNewestFitting,
  type PartReader,
} from '../../../src/analysis/results/newest';
import type { EnterpriseTest, NetMetric, PathVisSummary } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const HOUR = 3600;
const CAP = 10_000;
const AGENTS = 200;
const NOW = Math.floor(Date.UTC(2026, 10, 20, 16) / 1000);
/** The day's newest round: 15:55, the one at 16:00 is still running. */
const NEWEST_ROUND = NOW - 300;
const DAY = { window: '24h' };

describe('a range with more results than the panel draws: its newest part that fits', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let clock = NOW - 24 * HOUR;
  let deployed: EnterpriseTest;

  before(async () => {
    emulator = await startEmulator({
      api: 'v7',
      preset: 'large',
      now: () => clock * 1000,
      rateLimit: { limit: 1_000_000, windowSeconds: 60 },
    });
    const aid = emulator.world.accountGroups[0]?.aid ?? 0;
    const agents = (emulator.world.group(aid)?.enterpriseAgents() ?? [])
      .slice(0, AGENTS)
      .map((a) => ({ agentId: a.agentId }));
    assert.equal(agents.length, AGENTS);
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      aid,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    deployed = await client.createTest('agent-to-server', {
      testName: 'every office',
      interval: 300,
      agents,
      server: 'outlook.office365.com',
      port: 443,
    });
    clock = NOW;
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  const network: PartReader<NetMetric> = (range, maxRecords) =>
    client.testResults('network', deployed.testId, range).collect({ maxRecords });
  const summaries: PartReader<PathVisSummary> = (range, maxRecords) =>
    client.testResults('path-vis', deployed.testId, range).collect({ maxRecords });
  const roundsOf = (records: readonly { roundId: number }[]): number[] =>
    [...new Set(records.map((r) => r.roundId))].sort((a, b) => a - b);

  test('the whole day capped ends hours before now: what the panel drew before', async () => {
    const capped = await network(DAY, CAP);
    assert.equal(capped.complete, false);
    assert.ok(Math.max(...roundsOf(capped.records)) < NEWEST_ROUND - 12 * HOUR);
  });

  test('the metrics: the last whole hours that fit, from the last hour drawn first, every agent of every round up to the newest', async () => {
    const lastHour = await network(newestPart(DAY, FIRST_PAINT_SECONDS)!, CAP);
    const read = await readNewestFitting(network, DAY, CAP, {
      seconds: FIRST_PAINT_SECONDS,
      records: lastHour.records.length,
    });
    assert.equal(read.complete, true);
    const seconds = read.narrowed?.seconds ?? 0;
    assert.ok(seconds % HOUR === 0 && seconds >= 3 * HOUR && seconds < 24 * HOUR, `narrowed to ${seconds} s`);
    const rounds = roundsOf(read.records);
    assert.equal(rounds.at(-1), NEWEST_ROUND);
    assert.ok(rounds[0]! >= NOW - seconds && rounds[0]! <= NOW - seconds + 300, `the part starts at ${rounds[0]}`);
    assert.equal(read.records.length, rounds.length * AGENTS);
    assert.ok(read.records.length <= CAP);
    assert.deepEqual(leftOut(read, CAP, 'results'), {
      part: `the last ${seconds / HOUR} h`,
      why: `about ${(lastHour.records.length * 24).toLocaleString('en-US')} results are more than the 10,000 the panel draws`,
    });
  });

  test('the path round list: its newest part that fits, found from a last-hour probe, the newest round listed', async () => {
    const read = await readNewestFitting(summaries, DAY, CAP);
    assert.equal(read.complete, true);
    assert.ok(read.narrowed && read.narrowed.seconds < 24 * HOUR);
    assert.equal(roundsOf(read.records).at(-1), NEWEST_ROUND);
  });

  test('a density guessed too low: the read that overflows is halved until it fits, still ending on the newest round', async () => {
    const read = await readNewestFitting(network, DAY, CAP, { seconds: HOUR, records: 100 });
    assert.equal(read.complete, true);
    assert.equal(read.narrowed?.seconds, 3 * HOUR); // 24 h, 12 h, 6 h overflow; 3 h of 200 agents is 7,200 or so
    assert.equal(roundsOf(read.records).at(-1), NEWEST_ROUND);
  });

  test('more in ten minutes than the panel draws: the first of the last ten minutes, and the panel says so', async () => {
    const read = await readNewestFitting(network, DAY, 100);
    assert.equal(read.complete, false);
    assert.equal(read.narrowed?.seconds, 600);
    assert.equal(read.records.length, 100);
    assert.ok(roundsOf(read.records)[0]! >= NOW - 600);
    assert.deepEqual(leftOut(read, 100, 'results'), {
      part: 'the first 100 results of the last 10 min',
      why: 'the range holds more results than the 100 the panel draws',
    });
  });

  test('a range that fits is read whole, and nothing is said left out', async () => {
    const read = await readNewestFitting(network, { window: '2h' }, CAP);
    assert.equal(read.narrowed, undefined);
    assert.deepEqual(read.range, { window: '2h' });
    assert.equal(leftOut(read, CAP, 'results'), undefined);
  });
});
