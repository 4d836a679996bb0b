// The decoding of v7 alert, alert rule, suppression window and event records (pure): the records
// the vendor's schema describes with its own example values read as the domain's, and records
// from a less tidy service (numeric strings, wrong types, unknown and deprecated fields, no id)
// are read field by field rather than refused whole.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { load } from 'js-yaml';
import {
  ALERT_SHAPE,
  EVENT_SHAPE,
  RULE_SHAPE,
  WINDOW_SHAPE,
  decodedList,
  decodedOne,
  fromAlert,
  fromAlertDetail,
  fromAlertRule,
  fromEvent,
  fromSuppressionWindow,
} from '../../../src/api/v7/alert-records';

type Json = Record<string, unknown>;

const SPEC = load(readFileSync(join(__dirname, '..', '..', 'fixtures', 'openapi', 'thousandeyes.yaml'), 'utf8')) as {
  components: { schemas: Record<string, Json> };
};

/** A record made of the example value the schema gives each field (allOf merged, refs followed, 12 levels at most). */
function exampleOf(name: string, depth = 0): unknown {
  return exampleOfSchema(SPEC.components.schemas[name] ?? {}, depth);
}

function exampleOfSchema(schema: Json, depth: number): unknown {
  if (depth > 12) return undefined;
  if (typeof schema.$ref === 'string') return exampleOf(schema.$ref.split('/').pop() ?? '', depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.allOf))
    return Object.assign({}, ...schema.allOf.map((part) => exampleOfSchema(part as Json, depth + 1) ?? {}));
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === 'array' && schema.items) {
    const item = exampleOfSchema(schema.items as Json, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (schema.properties) {
    const record: Json = {};
    for (const [field, property] of Object.entries(schema.properties as Record<string, Json>)) {
      const value = exampleOfSchema(property, depth + 1);
      if (value !== undefined) record[field] = value;
    }
    return record;
  }
  return undefined;
}

const read = <T>(raw: unknown, shape: typeof ALERT_SHAPE, from: (record: Json) => T): T | undefined =>
  decodedOne(structuredClone(raw), shape, from, '/v7/test');

describe('v7 alert records', () => {
  test("an alert and its detail made of the schema's examples", () => {
    const alert = read(exampleOf('Alerts_API_Alert'), ALERT_SHAPE, fromAlert);
    assert.deepEqual(alert, {
      alertId: 'e9c3bf02-a48c-4aa8-9e5f-898800d6f569',
      alertType: 'http-server',
      state: 'trigger',
      severity: 'major',
      startDate: '2022-07-17T22:00:54Z',
      endDate: '2022-07-18T22:00:54Z',
      violationCount: 2,
      duration: 60,
      suppressed: false,
      ruleId: '127094',
      testId: 'id',
      permalink: 'https://api.thousandeyes.com/v7/link/to/resource/id',
    });
    const detail = read(exampleOf('Alerts_API_AlertDetail'), ALERT_SHAPE, fromAlertDetail);
    assert.deepEqual(detail?.sources, [
      { id: '3379', name: 'Bucharest, Romania', type: 'cea_agent', state: 'trigger' },
    ]);
  });

  test('an alert from a less tidy service: numeric strings, wrong types, deprecated and unknown fields', () => {
    const alert = read(
      {
        alertId: 'kept out: only `id` names an alert',
        id: 'a-1',
        state: 'CLEARED',
        severity: 'CRITICAL',
        ruleId: 127094,
        violationCount: '3',
        duration: 'long',
        suppressed: 'maybe',
        startDate: 1_700_000_000,
        somethingNew: { nested: true },
        _links: { rule: { href: 'https://api.example/v7/alerts/rules/55?aid=1' }, test: { href: 42 } },
      },
      ALERT_SHAPE,
      fromAlert,
    );
    assert.deepEqual(alert, {
      alertId: 'a-1',
      alertType: 'unknown',
      state: 'clear',
      severity: 'critical',
      startDate: '',
      violationCount: 3,
      ruleId: '127094',
    });
    const linked = read({ id: 'b', _links: { rule: { href: '/v7/alerts/rules/5%zz' } } }, ALERT_SHAPE, fromAlert);
    assert.equal(linked?.ruleId, '5%zz', 'a malformed escape in a link is kept as sent');
    assert.equal(read({ alertType: 'bgp' }, ALERT_SHAPE, fromAlert), undefined, 'no id: not an alert');
    const listed = decodedList(
      { alerts: [{ id: 'x' }, null, { alertType: 'bgp' }] },
      'alerts',
      ALERT_SHAPE,
      fromAlert,
      '/v7/alerts',
    );
    assert.deepEqual(
      listed?.map((a) => a.alertId),
      ['x'],
    );
    assert.equal(decodedList({ alerts: 'none' }, 'alerts', ALERT_SHAPE, fromAlert, '/v7/alerts'), undefined);
  });

  test("a rule made of the schema's examples, and its tests read from either field", () => {
    const rule = read(exampleOf('Alerts_API_RuleDetail'), RULE_SHAPE, fromAlertRule);
    assert.equal(rule?.ruleId, '127094');
    assert.equal(rule?.expression, '((hops((hopDelay >= 100 ms))))');
    assert.equal(rule?.roundsViolatingOutOf, 5);
    assert.deepEqual(rule?.testIds, ['281474976710706', '271659']);
    const fromTests = read(
      { ruleId: 7, ruleName: 'r', roundsViolatingOutOf: '2', minimumSources: 'x', tests: [{ testId: '12' }, 'bad'] },
      RULE_SHAPE,
      fromAlertRule,
    );
    assert.deepEqual(fromTests, {
      ruleId: '7',
      ruleName: 'r',
      expression: '',
      alertType: 'unknown',
      roundsViolatingOutOf: 2,
      testIds: ['12'],
    });
    assert.equal(read({ ruleId: 8, ruleName: 'listed' }, RULE_SHAPE, fromAlertRule)?.testIds, undefined);
  });

  test("a suppression window made of the schema's examples", () => {
    const window = read(exampleOf('Alerts_API_AlertSuppressionWindowDetail'), WINDOW_SHAPE, fromSuppressionWindow);
    assert.deepEqual(window, {
      windowId: '2411',
      name: 'Monthly maintenance',
      startDate: '2017-07-01T05:00:00Z',
      duration: 0,
      isEnabled: false,
      status: 'ended',
      repeat: { type: 'week', intervalType: 'day', intervalLength: 2, daysOfWeek: ['sun'] },
      endRepeat: { type: 'never', count: 3, date: '2017-07-01' },
      testIds: ['281474976710706'],
    });
  });

  test("an event made of the schema's examples, and one with nothing affected listed", () => {
    const example = { ...(exampleOf('Event_Detection_API_EventDetailBase') as Json), type: 'network' };
    const event = read(example, EVENT_SHAPE, fromEvent);
    assert.equal(event?.eventId, 'e9c3bf02-a48c-4aa8-9e5f-898800d6f569');
    assert.equal(event?.state, 'resolved');
    assert.deepEqual(event?.cause, ['Network Loss and/or High RTT']);
    assert.deepEqual(event?.affectedTests.items, [
      { testId: '226770', name: 'Google test', testType: 'agent-to-server' },
    ]);
    assert.equal(event?.affectedAgents.items[0]?.agentId, '2954');
    assert.deepEqual(event?.affectedTargets.items, [{ name: 'google.com', ip: '216.239.32.10' }]);
    const bare = read({ id: 9, affectedAgents: { total: '4', agents: 'none' }, endDate: null }, EVENT_SHAPE, fromEvent);
    assert.deepEqual(bare?.affectedAgents, { total: 4, items: [] });
    assert.equal(bare?.endDate, undefined);
  });
});
