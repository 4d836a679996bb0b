// `netmon path diff` through the real entry point against the emulator: a round against itself
// changes nothing (exit 0); two rounds with different routes name each agent's change (exit 1)
// as text and as JSON; mistakes are usage errors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_CREDENTIALS, startEmulator, type PathEpisode, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';

const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);
const TEST_ID = 100101;

for (const api of ['v6', 'v7'] as const) {
  describe(`netmon path diff (emulator speaking ${api}, detected)`, () => {
    let emulator: RunningEmulator;
    const run = (...args: string[]): ReturnType<typeof netmon> =>
      netmon(['path', 'diff', '--base-url', emulator.url, ...args], {
        env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token },
      });
    before(async () => {
      emulator = await startEmulator({ port: 0, api, now: () => NOW_MS });
    });
    after(() => emulator.close());

    test('a round against itself: no agent changed route, exit 0', async () => {
      const round = String(Math.floor(NOW_MS / 1000 / 3600) * 3600 - 3600);
      const result = await run('--test', String(TEST_ID), '--round', round, '--against', round, '--window', '6h');
      assert.equal(result.code, 0, result.stderr);
      assert.match(
        result.stdout,
        /^Outlook reachability: round 2026-11-18 \d\d:\d\d UTC against 2026-11-18 \d\d:\d\d UTC\n0 of \d+ agents changed route\.\n\nNo agent changed route\./,
      );
    });

    test("the oldest against the newest round of a day: each agent's route change, as JSON too (exit 1)", async () => {
      const text = await run('--test', String(TEST_ID), '--window', '24h');
      assert.equal(text.code, 1, text.stderr);
      assert.match(text.stdout, /Route changes:\n {2}\S.* at hop \d+/);
      const json = await run('--test', String(TEST_ID), '--window', '24h', '--json');
      assert.equal(json.code, 1);
      const model = JSON.parse(json.stdout) as {
        testId: number;
        roundId: number;
        baselineRoundId: number;
        agents: { kind: string; line: string }[];
      };
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

  describe(`netmon path localize (emulator speaking ${api}, detected)`, () => {
    let emulator: RunningEmulator;
    const run = (...args: string[]): ReturnType<typeof netmon> =>
      netmon(['path', 'localize', '--base-url', emulator.url, ...args], {
        env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token },
      });
    before(async () => {
      emulator = await startEmulator({ port: 0, api, now: () => NOW_MS });
    });
    after(() => emulator.close());

    test('the newest rounds localized together and per round, as text and JSON', async () => {
      const text = await run('--test', String(TEST_ID), '--window', '6h', '--rounds', '3');
      assert.ok(text.code === 0 || text.code === 1, text.stderr);
      assert.match(
        text.stdout,
        /^Outlook reachability: 3 rounds, 2026-11-18 \d\d:\d\d UTC to 2026-11-18 \d\d:\d\d UTC\n\S/,
      );
      assert.match(text.stdout, /\nPer round:\n( {2}2026-11-18 \d\d:\d\d UTC: .+\n?){3}$/);
      const json = await run('--test', String(TEST_ID), '--window', '6h', '--json');
      const model = JSON.parse(json.stdout) as {
        testId: number;
        rounds: number[];
        headline: string;
        loss: { confident: boolean }[];
        verdicts: unknown[];
        confident: boolean;
      };
      assert.equal(model.testId, TEST_ID);
      assert.equal(model.rounds.length, 1);
      assert.equal(
        model.confident,
        model.loss.some((f) => f.confident),
      );
      assert.equal(json.code, model.confident ? 1 : 0, 'exit 1 exactly when a loss finding is confident');
      // The target located: accepted and localized as before (this demo test has no delay jump to read against it;
      // test/unit/path/localize-rounds.test.ts shows the reading).
      const located = await run('--test', String(TEST_ID), '--window', '6h', '--target-at', '40.71,-74.01', '--json');
      assert.equal(located.code, json.code, located.stderr);
      assert.equal((JSON.parse(located.stdout) as { headline: string }).headline, model.headline);
    });

    test('mistakes say what is wrong (exit 2)', async () => {
      const zero = await run('--test', String(TEST_ID), '--rounds', '0');
      assert.equal(zero.code, 2);
      assert.match(zero.stderr, /--rounds must be 1 to 48/);
      const both = await run('--test', String(TEST_ID), '--against', '1');
      assert.equal(both.code, 2);
      assert.match(both.stderr, /--against is for diff/);
      const far = await run('--test', String(TEST_ID), '--target-at', '91,0');
      assert.equal(far.code, 2);
      assert.match(far.stderr, /--target-at needs LAT,LON in degrees/);
    });
  });

  describe(`the seeded path episodes, found through the CLI (emulator speaking ${api}, detected)`, () => {
    let emulator: RunningEmulator;
    const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token };
    before(async () => {
      emulator = await startEmulator({ port: 0, api, now: () => NOW_MS });
    });
    after(() => emulator.close());
    const episodes = (): PathEpisode[] =>
      emulator.world.group(1001)?.pathEpisodes(NOW_MS / 1000 - 2 * 86400, NOW_MS / 1000 - 600) ?? [];

    test('localize names the seeded lossy hop during its episode, and flags the rate-limited hop without blaming it', async () => {
      const loss = episodes()
        .filter((e) => e.kind === 'lossEpisode' && e.endSeconds * 1000 <= NOW_MS)
        .at(-1);
      assert.ok(loss, 'a whole loss episode in the last two days');
      const round = String(loss.startSeconds + 600);
      // One round holds detail.lostPerRound lost traversals: one alone is shown, but inconclusive (exit 0).
      const single = await netmon(
        [
          'path',
          'localize',
          '--base-url',
          emulator.url,
          '--test',
          String(loss.testId),
          '--round',
          round,
          '--window',
          '7d',
          '--json',
        ],
        { env },
      );
      const one = JSON.parse(single.stdout) as { confident: boolean; loss: { line: string }[] };
      assert.equal(single.code, Number(loss.detail['lostPerRound']) >= 2 ? 1 : 0, single.stderr);
      if (!one.confident) assert.match(one.loss[0]?.line ?? '', /\(inconclusive: one lost traversal of \d+\)\.$/);
      // The episode's rounds together are conclusive.
      const iso = (s: number): string => new Date(s * 1000).toISOString().slice(0, 16) + 'Z';
      const result = await netmon(
        [
          'path',
          'localize',
          '--base-url',
          emulator.url,
          '--test',
          String(loss.testId),
          '--from',
          iso(loss.startSeconds),
          '--to',
          iso(loss.endSeconds),
          '--rounds',
          '6',
          '--json',
        ],
        { env },
      );
      assert.equal(result.code, 1, result.stderr);
      const found = JSON.parse(result.stdout) as {
        loss: { kind: string; hopIds: string[]; line: string }[];
        rateLimited: { hopIds: string[] }[];
      };
      assert.equal(found.loss[0]?.kind, 'forwarding');
      assert.ok(
        found.loss[0]?.hopIds.includes(String(loss.detail['hopAddress'])),
        `${found.loss[0]?.line} names ${loss.detail['hopAddress']}`,
      );
      assert.ok(
        found.rateLimited.some((r) => r.hopIds.includes(String(loss.detail['rateLimitedHop']))),
        'the rate-limited hop is flagged',
      );
      assert.ok(
        found.loss.every((f) => !f.hopIds.includes(String(loss.detail['rateLimitedHop']))),
        'and not blamed',
      );
    });

    test('diff names the seeded route change: the old and new network at its hop', async () => {
      const change = episodes()
        .filter((e) => e.kind === 'routeChange' && e.startSeconds * 1000 <= NOW_MS - 1800_000)
        .at(-1);
      assert.ok(change, 'a route change in the last two days');
      const result = await netmon(
        [
          'path',
          'diff',
          '--base-url',
          emulator.url,
          '--test',
          String(change.testId),
          '--window',
          '7d',
          '--json',
          '--round',
          String(change.startSeconds + 900),
          '--against',
          String(change.startSeconds - 900),
        ],
        { env },
      );
      assert.equal(result.code, 1, result.stderr);
      const diff = JSON.parse(result.stdout) as {
        agents: { agentId: string; kind: string; hop?: number; line: string }[];
      };
      const moved = diff.agents.filter((a) => a.kind === 'changed');
      assert.deepEqual(
        moved.map((a) => a.agentId).sort(),
        [...change.agentIds].sort(),
        'exactly the agents that share the route',
      );
      for (const agent of moved) {
        assert.equal(agent.hop, change.detail['hop']);
        assert.match(
          agent.line,
          new RegExp(
            `AS${change.detail['oldAsn']} → AS${change.detail['newAsn']} at hop ${change.detail['hop']}, \\+\\d+ ms$`,
          ),
        );
      }
    });
  });
}
