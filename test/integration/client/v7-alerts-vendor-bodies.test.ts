// Every alerts, alert rules and suppression windows operation of the client on the vendor's own
// example answers (test/fixtures/v7/alert*.json, from its Python SDK's tests), served over loopback
// HTTP: one alert with its sources, one rule and a created one (notifications and tests kept), the
// windows list, one window and a created one. The expectations are the bodies' values, read by
// hand. (The lists of alerts and events, and one event: v7-alert-marks-vendor.test.ts.)
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { AlertRuleFields, SuppressionWindowFields } from '../../../src/api/types';
import { vendorBodiesClient, type VendorBodies } from './vendor-bodies';

const ALERT = 'e9c3bf02-a48c-4aa8-9e5f-898800d6f569';
const RULE = '127094';
const WINDOW = '2411';
const TEST = '281474976710706';

describe("alerts, rules and suppression windows from the vendor's example answers", () => {
  const opened: VendorBodies[] = [];
  const serve = async (routes: Parameters<typeof vendorBodiesClient>[0]): Promise<VendorBodies> => {
    const bodies = await vendorBodiesClient(routes);
    opened.push(bodies);
    return bodies;
  };
  after(() => Promise.all(opened.map((bodies) => bodies.close())));

  test('one alert: major, active, its sources named with their type and state', async () => {
    const { client } = await serve({ [`/v7/alerts/${ALERT}`]: 'alert.json' });
    const alert = await client.getAlert(ALERT);
    assert.deepEqual(
      [alert.alertId, alert.alertType, alert.severity, alert.state, alert.violationCount, alert.startDate],
      [ALERT, 'http-server', 'major', 'trigger', 2, '2022-07-17T22:00:54Z'],
    );
    assert.deepEqual(
      alert.sources.map((s) => [s.id, s.name, s.type, s.state]),
      [
        ['3379', 'Bucharest, Romania', 'cea_agent', 'trigger'],
        ['3379', 'Bucharest, Romania', 'cea_agent', 'trigger'],
      ],
    );
  });

  test('one rule and a created one: its settings, tests and notifications as the service wrote them', async () => {
    const read = await serve({ [`/v7/alerts/rules/${RULE}`]: 'alert-rule.json' });
    const created = await serve({ '/v7/alerts/rules': { status: 201, file: 'alert-rule-created.json' } });
    const rule = await read.client.getAlertRule(RULE);
    const fields: AlertRuleFields = {
      ruleName: 'The End of the Internet',
      expression: '((hops((hopDelay >= 100 ms))))',
      alertType: 'http-server',
      roundsViolatingOutOf: 5,
    };
    const made = await created.client.createAlertRule(fields);
    for (const answer of [rule, made]) {
      assert.deepEqual(
        [answer.ruleId, answer.ruleName, answer.expression, answer.alertType, answer.severity, answer.direction],
        [RULE, fields.ruleName, fields.expression, 'http-server', 'major', 'to-target'],
      );
      assert.deepEqual(
        [answer.roundsViolatingMode, answer.roundsViolatingRequired, answer.roundsViolatingOutOf],
        ['exact', 2, 5],
      );
      assert.deepEqual([answer.minimumSources, answer.minimumSourcesPct, answer.isDefault], [10, 99, true]);
      assert.deepEqual(answer.testIds, [TEST, '271659']);
      assert.deepEqual(Object.keys(answer.notifications ?? {}).sort(), [
        'customWebhook',
        'email',
        'thirdParty',
        'webhook',
      ]);
    }
    assert.deepEqual(created.server.paths(), ['POST /v7/alerts/rules']);
  });

  test('the windows list, one window and a created one: name, start, repeat, status and tests', async () => {
    const read = await serve({
      '/v7/alert-suppression-windows': 'alert-suppression-windows.json',
      [`/v7/alert-suppression-windows/${WINDOW}`]: 'alert-suppression-window.json',
    });
    const created = await serve({
      '/v7/alert-suppression-windows': { status: 201, file: 'alert-suppression-window-created.json' },
    });
    const listed = await read.client.listSuppressionWindows();
    assert.deepEqual(
      listed.map((w) => [w.windowId, w.name, w.status]),
      [
        [WINDOW, 'Monthly maintenance', 'ended'],
        [WINDOW, 'Monthly maintenance', 'ended'],
      ],
    );
    const fields: SuppressionWindowFields = {
      name: 'Monthly maintenance',
      startDate: '2017-07-01T05:00:00Z',
      duration: 0,
    };
    for (const window of [
      await read.client.getSuppressionWindow(WINDOW),
      await created.client.createSuppressionWindow(fields),
    ]) {
      assert.deepEqual(
        [window.windowId, window.name, window.startDate, window.duration, window.isEnabled, window.status],
        [WINDOW, 'Monthly maintenance', '2017-07-01T05:00:00Z', 0, false, 'ended'],
      );
      assert.deepEqual(window.repeat, {
        intervalType: 'day',
        intervalLength: 2,
        type: 'week',
        daysOfWeek: ['sun', 'sun'],
      });
      assert.deepEqual(window.endRepeat, { date: '2017-07-01', count: 3, type: 'never' });
      // Its tests list the same test twice: one test.
      assert.deepEqual(window.testIds, [TEST]);
    }
  });
});
