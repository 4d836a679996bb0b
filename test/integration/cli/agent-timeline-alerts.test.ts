// `netmon agent timeline` with alert marks, through the real entry point: in the alert world (two
// network tests, toward outlook.office365.com and zoom.us, alerting on a seeded loss episode), an
// endpoint agent whose sessions visited the alerting test's host over the alert's range carries the
// alert's mark (and the episode's event's) in --json and lists it in the text; on v6 the text says in one quiet line that there
// are none to read, and nothing fails.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentTimeline } from '../../../src/analysis/timeline';
import { siteHost } from '../../../src/analysis/timeline/site';
import type { Alert } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator } from '../../../src/emulator';
import { MARKS_NEED_V7 } from '../../../src/workflows/alert-marks';
import { startAlertWorld, type AlertWorld } from '../alerts-world';
import { netmon } from './run-netmon';

const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 16) + 'Z';
const env = { env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token } };

describe('netmon agent timeline: alerts & events (v7 alert world)', () => {
  let world: AlertWorld;
  let alert: Alert;
  let host: string;
  let agentId: string;
  let range: { from: string; to: string };

  before(async () => {
    world = await startAlertWorld();
    const now = world.now();
    const from = new Date(now - 2 * 3600_000);
    const to = new Date(now);
    range = { from: iso(from.getTime()), to: iso(to.getTime()) };
    const tests = await world.client.listEnterpriseTests();
    const alerts = (await world.client.alerts({ from, to }).collect({ maxRecords: 500 })).records;
    const servers = new Map(tests.map((t) => [String(t.testId), siteHost(String(t.server ?? ''))]));
    const rules = await world.client.listAlertRules();
    const lossRule = rules.find((r) => r.ruleName === 'Default Network Loss')?.ruleId;
    const found = alerts.find(
      (a) => a.state !== 'clear' && a.ruleId === lossRule && a.testId !== undefined && servers.get(a.testId),
    );
    assert.ok(found, 'an active loss alert on one of the world’s tests');
    alert = found;
    host = servers.get(found.testId!)!;
    // An endpoint agent whose sessions reached that host in the range.
    const sessions = (await world.client.userSessions({ from, to }).collect({ maxRecords: 5000 })).records;
    const visitor = sessions.find((s) => siteHost(String(s.visitedSite)) === host);
    assert.ok(visitor, `an endpoint agent visited ${host} in the range`);
    agentId = String(visitor.agentId);
  });
  after(async () => {
    await world?.client.close?.();
    await world?.emulator.close();
  });

  const run = (...extra: string[]): ReturnType<typeof netmon> =>
    netmon(
      [
        'agent',
        'timeline',
        agentId,
        '--from',
        range.from,
        '--to',
        range.to,
        '--base-url',
        world.emulator.url,
        ...extra,
      ],
      env,
    );

  test('--json carries the alert’s mark, tied to the host the agent visited', async () => {
    const result = await run('--json');
    assert.equal(result.code, 0, result.stderr);
    const timeline = JSON.parse(result.stdout) as AgentTimeline;
    const mark = timeline.alertMarks?.marks.find((m) => m.id === alert.alertId);
    assert.ok(mark, JSON.stringify(timeline.alertMarks));
    assert.equal(mark.kind, 'alert');
    assert.equal(mark.host, host);
    assert.equal(mark.active, true);
    assert.equal(mark.startMs, Date.parse(alert.startDate));
    assert.equal(mark.title, 'Default Network Loss');
    // The episode's event too: listed with counts only, it names the alerting test once read whole.
    const event = timeline.alertMarks?.marks.find((m) => m.kind === 'event' && m.testId === alert.testId);
    assert.ok(event, JSON.stringify(timeline.alertMarks));
    assert.equal(event.host, host);
  });

  test('the text lists it with its rule, test, span, sources and the host visited', async () => {
    const result = await run();
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Alerts & events on tests toward the sites it visited \(\d+, times UTC\):$/m);
    assert.match(
      result.stdout,
      new RegExp(
        `^ {2}\\w+ alert Default Network Loss on (Outlook|Zoom) from the offices, \\d\\d:\\d\\d–now \\(active\\), ` +
          `\\d+ sources? · visited ${host.replace(/\./g, '\\.')}$`,
        'm',
      ),
    );
  });
});

describe('netmon agent timeline: alerts & events (v6)', () => {
  test('one quiet line says alerts need v7; the timeline is read as before', async () => {
    const now = Date.UTC(2026, 10, 18, 12, 0);
    const emulator = await startEmulator({ port: 0, api: 'v6', now: () => now });
    try {
      const agent = emulator.world.group(1001)?.endpointAgents()[0];
      assert.ok(agent);
      const result = await netmon(
        ['agent', 'timeline', String(agent.agentId), '--window', '1h', '--base-url', emulator.url, '--aid', '1001'],
        env,
      );
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, new RegExp(`^${MARKS_NEED_V7.replace(/[.()]/g, '\\$&')}$`, 'm'));
      assert.doesNotMatch(result.stderr, /alert/i);
    } finally {
      await emulator.close();
    }
  });
});
