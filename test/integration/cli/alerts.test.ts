// `netmon alerts` through the real entry point against the emulator's v7 world: two network tests
// are deployed two days before a seeded loss episode of 10 % or more, and twenty minutes into it
// the list shows the episode's loss alert active first (with its rule, test and agents by name)
// beside the cleared alerts of the days before; --state, --json and the exit codes; one alert
// explained names the hop where the loss starts; a v6 account and mistakes are told what is wrong.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AlertExplanation, AlertRow } from '../../../src/analysis/alerts/explain';
import { DEMO_CREDENTIALS, type PathEpisode, type RunningEmulator } from '../../../src/emulator';
import { ALERT_TESTS, startAlertWorld } from '../alerts-world';

const TESTS: readonly string[] = ALERT_TESTS;
import { netmon } from './run-netmon';

interface ListJson {
  state: string;
  complete: boolean;
  alerts: AlertRow[];
}

describe('netmon alerts (emulator speaking v7)', () => {
  let emulator: RunningEmulator;
  let loss: PathEpisode;
  const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token };
  const run = (...args: string[]): ReturnType<typeof netmon> =>
    netmon(['alerts', '--base-url', emulator.url, ...args], { env });

  before(async () => {
    const world = await startAlertWorld();
    ({ emulator, loss } = world);
    await world.client.close();
  });
  after(() => emulator.close());

  test('lists the active loss alert first, with its rule, test and agents by name, then cleared ones: exit 1', async () => {
    const result = await run('--window', '3d');
    assert.equal(result.code, 1, result.stderr);
    const lines = result.stdout.trim().split('\n');
    assert.match(lines[0]!, /^\d+ alerts in the last 3d, [12] active$/);
    assert.match(lines[1]!, /^ {2}ACTIVE since \d{4}-\d\d-\d\d \d\d:\d\d UTC · /);
    const lossLine = lines.find((line) => line.includes('ACTIVE') && line.includes('Default Network Loss'));
    assert.ok(lossLine, result.stdout);
    assert.match(lossLine, /Default Network Loss on (Outlook|Zoom) from the offices \(agent-to-server test \d+\)/);
    assert.match(lossLine, / · major · /);
    assert.match(lossLine, /\d sources?: [A-Z][a-z]+/);
    assert.ok(lines.some((line) => line.startsWith('  cleared, ')));
    assert.ok(
      lines.findIndex((line) => line.startsWith('  cleared')) >
        lines.findLastIndex((line) => line.startsWith('  ACTIVE')),
      'active first',
    );
    assert.match(result.stdout, /Explain one with: netmon alerts <alertId>/);
  });

  test('--state cleared lists only cleared alerts (exit 0); --state active only active ones (exit 1)', async () => {
    const cleared = await run('--window', '3d', '--state', 'cleared');
    assert.equal(cleared.code, 0, cleared.stderr);
    assert.doesNotMatch(cleared.stdout, /ACTIVE/);
    assert.match(cleared.stdout, /cleared only/);
    const active = await run('--window', '3d', '--state', 'active', '--json');
    assert.equal(active.code, 1, active.stderr);
    const read = JSON.parse(active.stdout) as ListJson;
    assert.equal(read.state, 'active');
    assert.ok(read.alerts.length > 0 && read.alerts.every((a) => a.active && a.endDate === undefined));
  });

  test('--json: the ordered rows, each with its test, rule and sources named', async () => {
    const result = await run('--window', '3d', '--json');
    assert.equal(result.code, 1);
    const read = JSON.parse(result.stdout) as ListJson;
    assert.equal(read.complete, true);
    assert.ok(read.alerts.length >= 3);
    const rank = { critical: 0, major: 1, minor: 2 } as Record<string, number>;
    for (let i = 1; i < read.alerts.length; i++) {
      const [a, b] = [read.alerts[i - 1]!, read.alerts[i]!];
      const ordered =
        Number(a.active) > Number(b.active) ||
        (a.active === b.active &&
          (rank[a.severity]! < rank[b.severity]! ||
            (a.severity === b.severity && Date.parse(a.startDate) >= Date.parse(b.startDate))));
      assert.ok(ordered, `${a.alertId} before ${b.alertId}`);
    }
    for (const row of read.alerts) {
      assert.ok(TESTS.includes(row.testName ?? ''), row.testName);
      assert.ok(['Default Network Loss', 'Default Path Delay'].includes(row.ruleName ?? ''));
      assert.ok(
        row.sources && row.sources.length === row.sourceCount && row.sources.every((s) => s.name !== s.agentId),
      );
    }
  });

  test('one alert explained: rule, test, sources and the hop where the loss starts (exit 1 while active)', async () => {
    const list = JSON.parse((await run('--window', '3d', '--state', 'active', '--json')).stdout) as ListJson;
    const active = list.alerts.find((a) => a.alertType === 'end-to-end-server');
    assert.ok(active);
    const result = await run(active.alertId);
    assert.equal(result.code, 1, result.stderr);
    const hop = String(loss.detail['hopAddress']);
    assert.match(
      result.stdout,
      new RegExp(`^Alert ${active.alertId}: ACTIVE since .* UTC, major \\(end-to-end-server\\)\n`),
    );
    assert.match(result.stdout, /\nRule: Default Network Loss \(100001\): \(\(loss >= 5%\)\), 1 of 1 round/);
    assert.match(result.stdout, /\nTest: (Outlook|Zoom) from the offices \(agent-to-server test \d+\)\n/);
    assert.match(result.stdout, /\nSources \(\d\):\n {2}[A-Z][a-z]+.*: Loss: \d+%/);
    assert.match(result.stdout, /\nPath at the alert's start \(3 rounds, /);
    assert.match(result.stdout, new RegExp(`lose packets after ${hop.replace(/\./g, '\\.')}`));
    const json = JSON.parse((await run(active.alertId, '--json')).stdout) as AlertExplanation;
    assert.equal(json.alert.alertId, active.alertId);
    assert.equal(json.rule?.ruleName, 'Default Network Loss');
    assert.equal(json.path?.rounds.length, 3);
    assert.ok(json.path.rounds[0]! >= Date.parse(active.startDate) / 1000);
    assert.ok(json.path.found.loss.some((f) => f.at.ip === hop && f.confident));
    // --round: the rounds after those, to see whether it goes on.
    const later = await run(active.alertId, '--round', String(json.path.rounds.at(-1)! + 1), '--json');
    assert.equal(later.code, 1, later.stderr);
    const laterPath = (JSON.parse(later.stdout) as AlertExplanation).path;
    assert.equal(laterPath?.fromRound, json.path.rounds.at(-1)! + 1);
    assert.ok(laterPath.rounds[0]! > json.path.rounds.at(-1)!);
  });

  test('a cleared alert explained: exit 0, with its end', async () => {
    const list = JSON.parse((await run('--window', '3d', '--state', 'cleared', '--json')).stdout) as ListJson;
    const cleared = list.alerts[0];
    assert.ok(cleared);
    const result = await run(cleared.alertId);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /: cleared, \d{4}-\d\d-\d\d \d\d:\d\d UTC to /);
  });

  test('mistakes and unknown alerts: a sentence, exit 2', async () => {
    const unknownState = await run('--state', 'open');
    assert.equal(unknownState.code, 2);
    assert.match(unknownState.stderr, /--state needs active or cleared/);
    const both = await run('abc', '--window', '1d');
    assert.equal(both.code, 2);
    assert.match(both.stderr, /an alert id names one alert/);
    const roundAlone = await run('--round', '1795272301');
    assert.equal(roundAlone.code, 2);
    assert.match(roundAlone.stderr, /--round is for one alert/);
    const odd = await run('a/b');
    assert.equal(odd.code, 2);
    assert.match(odd.stderr, /alertId/);
    const missing = await run('00000000-0000-4000-8000-000000000000');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^netmon alerts: .*404/);
    const help = await run('--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^usage: netmon alerts/);
  });
});

describe('netmon alerts on a v6 account', () => {
  test('says in one sentence that alerts need v7 (exit 2), and nothing on stdout', async () => {
    const result = await netmon(['alerts', '--emulator', '--api', 'v6']);
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.equal(
      result.stderr.trim(),
      'netmon alerts: Alerts, alert rules, suppression windows and events need the v7 API; this account speaks v6.',
    );
  });
});
