// Alerts, alert rules, suppression windows and events through the client, against the emulator
// over loopback HTTP: two network tests are deployed, the clock moves three days on, and the
// alerts and events the seeded path episodes raised on them are walked page by page (cursor
// links followed as given), read one by one, and the rules and windows written, read back and
// deleted. A v6 account is told in one sentence that all of this needs v7, before anything is sent.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, ForbiddenError, ValidationError, type NetmonClient } from '../../../src/api';
import { ALERTS_NEED_V7, type AlertRuleFields } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { rejection } from './helpers';

const START = Date.UTC(2026, 10, 20, 16, 0, 0);
const DAY_MS = 86_400_000;
/** v7's ISO 8601 to the second. */
const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function clientOf(emulator: RunningEmulator, role: 'admin' | 'viewer' = 'admin'): NetmonClient {
  return createNetmonClient({
    baseUrl: emulator.url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS[role].token },
    aid: 1001,
    apiVersion: emulator.api,
  });
}

describe('alerts, alert rules, suppression windows and events (v7 client)', () => {
  let now = START;
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let viewer: NetmonClient;
  const testIds: string[] = [];
  before(async () => {
    // Two records a page, so every list is walked over several pages.
    emulator = await startEmulator({ api: 'v7', now: () => now, pageSize: 2 });
    client = clientOf(emulator);
    viewer = clientOf(emulator, 'viewer');
    const { records: agents } = await client.enterpriseAgents().collect({ maxRecords: 5 });
    for (const name of ['loss watch', 'path watch']) {
      const test = await client.createTest('agent-to-server', {
        testName: name,
        interval: 300,
        server: 'example.com',
        agents: agents.map((agent) => ({ agentId: agent.agentId })),
      });
      testIds.push(String(test.testId));
    }
    now = START + 3 * DAY_MS;
  });
  after(async () => {
    await client.close();
    await viewer.close();
    await emulator.close();
  });

  test('walks the alerts of both tests, cleared and active, and reads one with the agents it names', async () => {
    const { records, complete } = await client.alerts({ window: '3d' }).collect();
    assert.ok(complete);
    assert.ok(records.length > 2, `more than one page (${records.length})`);
    assert.deepEqual([...new Set(records.map((a) => a.testId))].sort(), [...testIds].sort());
    const rules = await client.listAlertRules();
    const loss = rules.find((rule) => rule.expression === '((loss >= 5%))');
    assert.ok(records.some((a) => a.ruleId === loss?.ruleId && a.alertType === 'end-to-end-server'));
    for (const alert of records) {
      assert.match(alert.alertId, /^[0-9a-f]{8}-/);
      assert.ok(alert.state === 'clear' ? alert.endDate !== undefined : alert.endDate === undefined);
      assert.ok(['major', 'minor'].includes(alert.severity));
    }
    const cleared = await client.alerts({ window: '3d', state: 'clear' }).collect();
    assert.ok(cleared.records.length > 0 && cleared.records.every((a) => a.state === 'clear'));
    const detail = await client.getAlert(records[0]!.alertId);
    assert.equal(detail.alertId, records[0]!.alertId);
    assert.ok(detail.sources.length >= 1);
    const agentNames = new Set((await client.enterpriseAgents().collect()).records.map((a) => a.agentName));
    assert.ok(detail.sources.every((source) => source.name !== undefined && agentNames.has(source.name)));
    assert.match(String(detail.sources[0]?.startMetrics), /\d/);
  });

  test('lists, reads, creates, replaces and deletes alert rules; a viewer is told what it lacks', async () => {
    const seeded = await client.listAlertRules();
    assert.ok(seeded.length >= 2 && seeded.every((rule) => rule.isDefault === true));
    const path = await client.getAlertRule(seeded.find((rule) => rule.alertType === 'path-trace')!.ruleId);
    assert.deepEqual(path.testIds, testIds, 'a default rule watches every network test');
    const again = await client.updateAlertRule(path.ruleId, path);
    assert.deepEqual(again, { ...path }, 'a rule as read can be written back whole');
    const body: AlertRuleFields = {
      ruleName: 'Slow server',
      expression: '((totalTime >= 500 ms) && (responseTime >= 500 ms))',
      alertType: 'http-server',
      roundsViolatingOutOf: 3,
      roundsViolatingRequired: 2,
      minimumSources: 1,
      severity: 'critical',
      testIds: [testIds[0]!],
    };
    const created = await client.createAlertRule(body);
    assert.equal(created.ruleName, 'Slow server');
    assert.deepEqual(created.testIds, [testIds[0]]);
    const replaced = await client.updateAlertRule(created.ruleId, { ...body, severity: 'minor', testIds: testIds });
    assert.equal(replaced.severity, 'minor');
    assert.deepEqual((await client.getAlertRule(created.ruleId)).testIds, testIds);
    const invalid = await rejection(client.createAlertRule({ ...body, roundsViolatingOutOf: 0 }));
    assert.ok(invalid instanceof ValidationError, String(invalid));
    assert.match(invalid.message, /roundsViolatingOutOf/);
    const denied = await rejection(viewer.createAlertRule(body));
    assert.ok(denied instanceof ForbiddenError);
    assert.equal(denied.requiredPermission, 'Edit alert rules');
    await client.deleteAlertRule(created.ruleId);
    assert.ok(!(await client.listAlertRules()).some((rule) => rule.ruleId === created.ruleId));
  });

  test('a suppression window over the path test suppresses its active alert, until it is deleted', async () => {
    const window = await client.createSuppressionWindow({
      name: 'Carrier maintenance',
      startDate: isoSeconds(now - 3_600_000),
      duration: 4 * 3600,
      testIds: [testIds[1]!],
    });
    assert.equal(window.status, 'active');
    assert.deepEqual(window.testIds, [testIds[1]]);
    assert.deepEqual((await client.getSuppressionWindow(window.windowId)).testIds, [testIds[1]]);
    const active = (await client.alerts({ state: 'trigger', window: '1d' }).collect()).records;
    assert.ok(active.length > 0);
    assert.ok(active.every((alert) => alert.suppressed === (alert.testId === testIds[1])));
    const renamed = await client.updateSuppressionWindow(window.windowId, {
      name: 'Carrier maintenance (extended)',
      startDate: window.startDate,
      duration: 8 * 3600,
      testIds: [testIds[1]!],
    });
    assert.equal(renamed.duration, 8 * 3600);
    assert.deepEqual(
      (await client.listSuppressionWindows()).map((w) => w.name),
      ['Carrier maintenance (extended)'],
    );
    await client.deleteSuppressionWindow(window.windowId);
    const after = (await client.alerts({ state: 'trigger', window: '1d' }).collect()).records;
    assert.ok(after.every((alert) => alert.suppressed === false));
  });

  test('walks the events of the same episodes and reads one with what it affects', async () => {
    const { records } = await client.events({ window: '3d' }).collect();
    assert.ok(records.length > 2);
    assert.ok(records.every((event) => event.type === 'network' && event.startDate !== ''));
    const event = await client.getEvent(records[0]!.eventId);
    assert.ok(event.affectedTests.items.every((t) => testIds.includes(t.testId)));
    assert.ok(event.affectedAgents.items.length >= 1);
    assert.deepEqual(event.cause.length, 1);
    const unranged = await rejection(client.events().collect());
    assert.ok(unranged instanceof RangeError && /time range/.test(unranged.message));
  });

  test('lists alerts cleared between two instants, as startDate and endDate', async () => {
    const from = new Date(START + DAY_MS);
    const to = new Date(START + 2 * DAY_MS);
    const walk = client.alerts({ from, to, state: 'clear' });
    const { records } = await walk.collect();
    assert.ok(records.length > 0);
    for (const alert of records) {
      const end = Date.parse(alert.endDate ?? '');
      assert.ok(end >= from.getTime() && end <= to.getTime(), `${alert.endDate} in the range`);
    }
    for await (const page of walk.pages()) {
      const query = new URL(page.url).searchParams;
      assert.equal(query.get('state'), 'clear');
      assert.equal(query.get('startDate'), isoSeconds(from.getTime()));
    }
  });
});

describe('alerts on a v6 account', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  before(async () => {
    emulator = await startEmulator({ api: 'v6', now: () => START });
    client = clientOf(emulator);
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test('every operation says in one sentence that it needs v7, and sends nothing', async () => {
    const before = emulator.requestCount;
    const rule: AlertRuleFields = {
      ruleName: 'r',
      expression: '((loss >= 1%))',
      alertType: 'end-to-end-server',
      roundsViolatingOutOf: 1,
    };
    const window = { name: 'w', startDate: isoSeconds(START), duration: 60 };
    const calls: Promise<unknown>[] = [
      client.alerts().collect(),
      client.getAlert('a'),
      client.listAlertRules(),
      client.getAlertRule('1'),
      client.createAlertRule(rule),
      client.updateAlertRule('1', rule),
      client.deleteAlertRule('1'),
      client.listSuppressionWindows(),
      client.getSuppressionWindow('1'),
      client.createSuppressionWindow(window),
      client.updateSuppressionWindow('1', window),
      client.deleteSuppressionWindow('1'),
      client.events({ window: '1d' }).collect(),
      client.getEvent('e'),
    ];
    for (const call of calls) {
      const error = await rejection(call);
      assert.ok(error instanceof RangeError);
      assert.equal(error.message, ALERTS_NEED_V7);
    }
    assert.equal(emulator.requestCount, before);
  });
});
