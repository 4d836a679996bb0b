// v7 alerts, alert rules, alert suppression windows and events of the emulator validate against
// the vendor's OpenAPI schemas (test/fixtures/openapi): the seeded rules, rules and windows
// written and read back (the spec's own example values among them), and the alerts and events
// derived from the seeded path episodes of deployed tests, paged by cursor.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { VIEWER, call, withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

const DAY_MS = 86_400_000;

describe('emulator v7: alerts, alert rules, suppression windows and events match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let now = NOW_MS;
  const testIds: string[] = [];
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => now });
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents').slice(0, 5);
    // Two network tests: one crosses the seeded loss episode's transit, the other the route change's.
    for (const name of ['alerts a', 'alerts b']) {
      const created = await conforming(
        emulator,
        '/tests/agent-to-server',
        '/v7/tests/agent-to-server',
        {
          json: {
            testName: name,
            interval: 300,
            server: 'example.com',
            agents: agents.map((a) => ({ agentId: a.agentId })),
          },
        },
        201,
      );
      testIds.push(String(created.json.testId));
    }
    // Three days of rounds since the tests were deployed.
    now = NOW_MS + 3 * DAY_MS;
  });
  after(() => emulator.close());

  it('lists the seeded default rules and reads one with the tests it applies to', async () => {
    const rules = recordsOf(await conforming(emulator, '/alerts/rules', '/v7/alerts/rules'), 'alertRules');
    const loss = rules.find((rule) => rule.expression === '((loss >= 5%))');
    assert.equal(loss?.alertType, 'end-to-end-server');
    assert.equal(loss?.isDefault, true);
    const one = await conforming(emulator, '/alerts/rules/{ruleId}', `/v7/alerts/rules/${loss?.ruleId}`);
    assert.deepEqual(one.json.testIds, testIds, 'a default rule applies to every network test');
    assert.deepEqual(
      (one.json.tests as { testId: string }[]).map((t) => t.testId),
      testIds,
    );
    await conforming(emulator, '/alerts/rules/{ruleId}', '/v7/alerts/rules/999', {}, 404);
  });

  it("creates, replaces and deletes a rule, the spec's example values included", async () => {
    // The values the schema gives as examples of each field of Alerts_API_RuleDetailUpdate.
    const example = {
      ruleName: 'The End of the Internet',
      expression: '((hops((hopDelay >= 100 ms))))',
      description: 'A rule description string',
      direction: 'to-target',
      notifyOnClear: true,
      isDefault: false,
      alertType: 'http-server',
      alertGroupType: 'cloud-enterprise',
      minimumSources: 10,
      minimumSourcesPct: 99,
      roundsViolatingOutOf: 5,
      roundsViolatingRequired: 2,
      severity: 'major',
      notifications: { email: { recipients: ['noreply@thousandeyes.com'], message: 'Notification message' } },
      testIds: [testIds[0]],
    };
    const created = await conforming(emulator, '/alerts/rules', '/v7/alerts/rules', { json: example }, 201);
    const path = `/v7/alerts/rules/${created.json.ruleId}`;
    assert.equal(created.headers.location, `${emulator.url}${path}`);
    assert.deepEqual(created.json.testIds, [testIds[0]]);
    const replaced = await conforming(emulator, '/alerts/rules/{ruleId}', path, {
      method: 'PUT',
      json: { ...example, ruleName: 'renamed', testIds: [] },
    });
    assert.equal(replaced.json.ruleName, 'renamed');
    assert.deepEqual(replaced.json.testIds, []);
    const bad = await conforming(
      emulator,
      '/alerts/rules',
      '/v7/alerts/rules',
      { json: { ...example, severity: 'high' } },
      400,
    );
    assert.match(String(bad.json.detail), /severity/);
    await conforming(emulator, '/alerts/rules', '/v7/alerts/rules', { json: { ...example, testIds: ['42'] } }, 400);
    await conforming(emulator, '/alerts/rules', '/v7/alerts/rules', { token: VIEWER, json: example }, 403);
    const deleted = await call(emulator.url, path, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
    await conforming(emulator, '/alerts/rules/{ruleId}', path, {}, 404);
  });

  it("creates, reads, replaces and deletes a suppression window, the spec's example values included", async () => {
    const example = {
      name: 'Monthly maintenance',
      isEnabled: false,
      startDate: '2017-07-01T05:00:00Z',
      duration: 3600,
      repeat: { type: 'week', intervalType: 'day', intervalLength: 2, daysOfWeek: ['sun'] },
      endRepeat: { type: 'never' },
      testIds: [testIds[1]],
    };
    const windows = '/alert-suppression-windows';
    const created = await conforming(emulator, windows, `/v7${windows}?expand=test`, { json: example }, 201);
    const path = `/v7${windows}/${created.json.alertSuppressionWindowId}`;
    assert.deepEqual(
      (created.json.tests as { testId: string }[]).map((t) => t.testId),
      [testIds[1]],
    );
    assert.equal(created.json.status, 'inactive', 'a disabled window suppresses nothing');
    const list = recordsOf(await conforming(emulator, windows, `/v7${windows}`), 'alertSuppressionWindows');
    assert.equal(list.length, 1);
    const read = await conforming(emulator, `${windows}/{windowId}`, path);
    assert.equal(read.json.tests, undefined, 'tests only when expanded');
    const replaced = await conforming(emulator, `${windows}/{windowId}`, `${path}?expand=test`, {
      method: 'PUT',
      json: { ...example, isEnabled: true, repeat: undefined, endRepeat: undefined, startDate: '2020-01-01T00:00:00Z' },
    });
    assert.equal(replaced.json.status, 'ended');
    await conforming(emulator, windows, `/v7${windows}`, { json: { ...example, startDate: 'tomorrow' } }, 400);
    assert.equal((await call(emulator.url, path, { method: 'DELETE' })).status, 204);
    await conforming(emulator, `${windows}/{windowId}`, path, {}, 404);
  });

  it('derives alerts from the seeded episodes, cleared and active, paged by cursor', async () => {
    const all = await conforming(emulator, '/alerts', '/v7/alerts?window=3d&max=2');
    const first = recordsOf(all, 'alerts');
    assert.equal(first.length, 2);
    const records = [...first];
    let next = (all.json._links as { next?: { href: string } }).next?.href;
    for (let pages = 0; next && pages < 20; pages++) {
      const reply = await conforming(emulator, '/alerts', next);
      records.push(...recordsOf(reply, 'alerts'));
      next = (reply.json._links as { next?: { href: string } }).next?.href;
    }
    assert.equal(next, undefined);
    const tests = new Set(
      records.map((a) =>
        String((a._links as { test: { href: string } }).test.href)
          .split('/')
          .pop(),
      ),
    );
    assert.deepEqual([...tests].sort(), [...testIds].sort(), 'both tests alert: one for loss, one for its path');
    const cleared = records.filter((a) => a.alertState === 'clear');
    assert.ok(cleared.length > 0 && cleared.every((a) => typeof a.endDate === 'string'));
    const clearOnly = recordsOf(await conforming(emulator, '/alerts', '/v7/alerts?window=3d&state=clear'), 'alerts');
    assert.ok(clearOnly.every((a) => a.alertState === 'clear'));
    const detail = await conforming(emulator, '/alerts/{alertId}', `/v7/alerts/${cleared[0]?.id}`);
    const details = detail.json.details as { name: string; start: { metrics: string } }[];
    assert.ok(details.length >= 1 && details.every((d) => d.name !== '' && d.start.metrics !== ''));
    await conforming(emulator, '/alerts/{alertId}', '/v7/alerts/e9c3bf02-a48c-4aa8-9e5f-898800d6f569', {}, 404);
    // The spec documents no body for this error; it is problem+json like every other.
    const wrong = await call(emulator.url, '/v7/alerts?state=open');
    assert.equal(wrong.status, 400);
    assert.equal(String(wrong.headers['content-type']).split(';')[0], 'application/problem+json');
  });

  it('derives events from the same episodes and reads one', async () => {
    const first = await conforming(emulator, '/events', '/v7/events?window=3d&max=1');
    const events = recordsOf(first, 'events');
    assert.equal(events.length, 1);
    assert.ok((first.json._links as { next?: unknown }).next, 'more than one day of episodes');
    const detail = await conforming(emulator, '/events/{id}', `/v7/events/${events[0]?.id}`);
    assert.equal(detail.json.type, 'network');
    const agents = (detail.json.affectedAgents as { agents: unknown[] }).agents;
    assert.ok(agents.length >= 1);
    await conforming(emulator, '/events', '/v7/events', {}, 400);
  });
});
