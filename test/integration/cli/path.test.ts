// `netmon path diff` through the real entry point against the emulator: a round against itself
// changes nothing (exit 0); two rounds with different routes name each agent's change (exit 1)
// as text and as JSON; mistakes are usage errors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';

const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);
const TEST_ID = 100101;

describe('netmon path diff', () => {
  let emulator: RunningEmulator;
  const run = (...args: string[]): ReturnType<typeof netmon> => netmon(['path', 'diff', '--base-url', emulator.url, ...args], { env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token } });
  before(async () => { emulator = await startEmulator({ port: 0, now: () => NOW_MS }); });
  after(() => emulator.close());

  test('a round against itself: no agent changed route, exit 0', async () => {
    const round = String(Math.floor(NOW_MS / 1000 / 3600) * 3600 - 3600);
    const result = await run('--test', String(TEST_ID), '--round', round, '--against', round, '--window', '6h');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Outlook reachability: round 2026-11-18 \d\d:\d\d UTC against 2026-11-18 \d\d:\d\d UTC\n0 of \d+ agents changed route\.\n\nNo agent changed route\./);
  });

  test('the oldest against the newest round of a day: each agent\'s route change, as JSON too (exit 1)', async () => {
    const text = await run('--test', String(TEST_ID), '--window', '24h');
    assert.equal(text.code, 1, text.stderr);
    assert.match(text.stdout, /Route changes:\n {2}\S.* at hop \d+/);
    const json = await run('--test', String(TEST_ID), '--window', '24h', '--json');
    assert.equal(json.code, 1);
    const model = JSON.parse(json.stdout) as { testId: number; roundId: number; baselineRoundId: number; agents: { kind: string; line: string }[] };
    assert.equal(model.testId, TEST_ID);
    assert.ok(model.roundId > model.baselineRoundId);
    assert.ok(model.agents.some((a) => a.kind === 'changed'));
  });

  test('mistakes say what is wrong (exit 2)', async () => {
    const noTest = await run('--window', '6h');
    assert.equal(noTest.code, 2);
    assert.match(noTest.stderr, /--test needs the id of a scheduled endpoint test/);
    const badRound = await run('--test', String(TEST_ID), '--round', 'yesterday-ish');
    assert.equal(badRound.code, 2);
    assert.match(badRound.stderr, /is not a round \(epoch seconds\) or a time/);
    const unknownSub = await netmon(['path', 'explain'], {});
    assert.equal(unknownSub.code, 2);
    assert.match(unknownSub.stderr, /unknown subcommand explain/);
  });
});

describe('netmon path localize', () => {
  let emulator: RunningEmulator;
  const run = (...args: string[]): ReturnType<typeof netmon> => netmon(['path', 'localize', '--base-url', emulator.url, ...args], { env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token } });
  before(async () => { emulator = await startEmulator({ port: 0, now: () => NOW_MS }); });
  after(() => emulator.close());

  test('the newest rounds localized together and per round, as text and JSON', async () => {
    const text = await run('--test', String(TEST_ID), '--window', '6h', '--rounds', '3');
    assert.ok(text.code === 0 || text.code === 1, text.stderr);
    assert.match(text.stdout, /^Outlook reachability: 3 rounds, 2026-11-18 \d\d:\d\d UTC to 2026-11-18 \d\d:\d\d UTC\n\S/);
    assert.match(text.stdout, /\nPer round:\n( {2}2026-11-18 \d\d:\d\d UTC: .+\n?){3}$/);
    const json = await run('--test', String(TEST_ID), '--window', '6h', '--json');
    const model = JSON.parse(json.stdout) as { testId: number; rounds: number[]; headline: string; loss: unknown[]; verdicts: unknown[] };
    assert.equal(model.testId, TEST_ID);
    assert.equal(model.rounds.length, 1);
    assert.equal(json.code, model.loss.length > 0 ? 1 : 0, 'exit 1 exactly when loss was found');
  });

  test('mistakes say what is wrong (exit 2)', async () => {
    const zero = await run('--test', String(TEST_ID), '--rounds', '0');
    assert.equal(zero.code, 2);
    assert.match(zero.stderr, /--rounds must be 1 to 48/);
    const both = await run('--test', String(TEST_ID), '--against', '1');
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--against is for diff/);
  });
});
