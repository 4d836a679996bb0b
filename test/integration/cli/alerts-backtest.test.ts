// `netmon alerts backtest` through the real entry point against the emulator's v7 world, its
// clock fixed at a UTC midnight. Two network tests were deployed eight days before; the one with
// the odd test id crosses the group's seeded loss transit (emulator README: "test id modulo 2,
// routeChange first"), whose loss episode comes every UTC day between 01:00 and 22:00 for 40–60
// minutes with `lossPercent` (5–25 %, per day) on every sharing agent's network results, and the
// deployed default loss rule (5 %) alerts on each. So over the 7 days before "now": a rule of 5 % or
// more that leaves the documented failed rounds (loss 100 %) out fires exactly once a day, from the
// episode's first round to its end, from the test's 4 sharing agents (all but one in five of 5), and
// the deployed rule fired as many times. The expectations
// come from the world's episode schedule, not from the command's output.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BacktestReport } from '../../../src/workflows/backtest';
import { DEMO_CREDENTIALS, type PathEpisode, type RunningEmulator } from '../../../src/emulator';
import { DAY, deployOfficeTests, startV7World } from '../alerts-world';
import { netmon } from './run-netmon';

/** A UTC midnight: "now" of the backtests, whose 7 days before hold a loss episode each. */
const MIDNIGHT = Math.floor(Date.UTC(2026, 5, 17) / 1000);

function lossDays(episodesOf: (from: number, to: number) => PathEpisode[], midnight: number): PathEpisode[] {
  return episodesOf(midnight - 7 * DAY, midnight).filter((e) => e.kind === 'lossEpisode');
}

describe('netmon alerts backtest (emulator speaking v7)', () => {
  let emulator: RunningEmulator;
  let expected: PathEpisode[];
  let lossTest = '';
  const folder = mkdtempSync(join(tmpdir(), 'netmon-backtest-'));
  const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token };
  const rule = (name: string, fields: Record<string, unknown>): string => {
    const file = join(folder, `${name}.netmon-alert-rule.json`);
    writeFileSync(file, JSON.stringify(fields, null, 2));
    return file;
  };
  const run = (...args: string[]): ReturnType<typeof netmon> =>
    netmon(['alerts', 'backtest', '--base-url', emulator.url, ...args], { env });
  const DEFAULT_LOSS = {
    ruleName: 'Default Network Loss',
    alertType: 'end-to-end-server',
    expression: '((loss >= 5%))',
    roundsViolatingMode: 'any',
    roundsViolatingRequired: 1,
    roundsViolatingOutOf: 1,
    minimumSources: 1,
    severity: 'major',
  };

  before(async () => {
    const now = MIDNIGHT;
    const world = await startV7World(now - 8 * DAY);
    ({ emulator } = world);
    expected = lossDays((from, to) => world.group.pathEpisodes(from, to), now);
    assert.equal(expected.length, 7, 'a loss episode a day');
    await deployOfficeTests(world);
    const deployed = await world.client.listEnterpriseTests();
    lossTest = String(deployed.find((t) => t.testId % 2 === 1)?.testName);
    await world.client.close();
    world.setClock(now);
  });
  after(async () => {
    await emulator.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('loss of 5 % or more, outages aside: once a day, as long as the episode, as often as deployed', async () => {
    const file = rule('episodes', {
      ...DEFAULT_LOSS,
      ruleId: '100001',
      ruleName: 'Loss episodes',
      expression: '((loss >= 5%) && (loss < 100%))',
      tests: [lossTest],
    });
    const result = await run(file, '--json');
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as BacktestReport;
    assert.equal(report.days, 7);
    assert.equal(report.result.firingCount, expected.length);
    assert.deepEqual(
      report.result.firings.map((f) => [f.startRoundId, f.endRoundId, f.sources.length]),
      expected.map((e) => [e.startSeconds, e.endSeconds, 4]),
    );
    assert.deepEqual(report.deployed, {
      ruleId: '100001',
      ruleName: 'Default Network Loss',
      fired: expected.length,
      complete: true,
    });
    const text = await run(file);
    assert.equal(text.code, 0, text.stderr);
    const lines = text.stdout.trim().split('\n');
    assert.match(lines[0]!, new RegExp(`^Loss episodes would have fired ${expected.length} times in the last 7 days`));
    // One line per firing: its start (UTC minute), its length and its agents by name.
    for (const episode of expected.filter((e) => e.endSeconds - e.startSeconds < 3600)) {
      const start = new Date(episode.startSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
      const minutes = (episode.endSeconds - episode.startSeconds) / 60;
      const line = new RegExp(`^  ${start} UTC, ${minutes} min, 4 agents: [A-Z][^;]+(; [A-Z][^;]+){3}$`);
      assert.ok(
        lines.some((l) => line.test(l)),
        `${start}\n${text.stdout}`,
      );
    }
    assert.ok(
      lines.includes(
        `The deployed rule Default Network Loss (100001) fired ${expected.length} times on these tests then`,
      ),
    );
  });

  test('the default loss rule itself fires on every loss day and on failed rounds too; --max-firings gates it', async () => {
    const file = rule('default', { ...DEFAULT_LOSS, tests: [lossTest] });
    const report = JSON.parse((await run(file, '--json')).stdout) as BacktestReport;
    // Found by its name; the emulator's alerts follow the episodes only, its failed rounds (loss 100 %) raise none.
    assert.equal(report.deployed?.fired, expected.length);
    assert.ok(report.result.firingCount >= expected.length);
    const starts = new Set(report.result.firings.map((f) => f.startRoundId));
    assert.ok(expected.every((e) => starts.has(e.startSeconds) || starts.has(e.startSeconds - 300)));
    const gated = await run(file, '--max-firings', '3');
    assert.equal(gated.code, 1, gated.stderr);
    const roomy = await run(file, '--max-firings', String(report.result.firingCount), '--days', '7');
    assert.equal(roomy.code, 0, roomy.stderr);
  });

  test('a metric the results do not carry, an unknown metric or test: exit 2 naming it', async () => {
    const bandwidth = await run(
      rule('bandwidth', { ...DEFAULT_LOSS, expression: '((availableBandwidth < 10 Mbps))', tests: [lossTest] }),
    );
    assert.equal(bandwidth.code, 2);
    assert.match(bandwidth.stderr, /metric 'availableBandwidth' is not in the tests' network results/);
    const unknown = await run(
      rule('unknown', { ...DEFAULT_LOSS, expression: '((packetLoss >= 10%))', tests: [lossTest] }),
    );
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown\.netmon-alert-rule\.json:4:20: expression: metric 'packetLoss'/);
    const noTest = await run(rule('no-test', { ...DEFAULT_LOSS, tests: ['Nowhere'] }));
    assert.equal(noTest.code, 2);
    assert.match(noTest.stderr, /no deployed test is named or numbered "Nowhere"/);
    const days = await run(rule('days', { ...DEFAULT_LOSS, tests: [lossTest] }), '--days', '8');
    assert.equal(days.code, 2);
    assert.match(days.stderr, /--days goes back 7 days at most/);
  });
});
