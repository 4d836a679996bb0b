// The alert and event marks of a view (pure): a deployed test's results get its own alerts and the
// events listing it; an endpoint agent's timeline gets those of tests toward the hosts its sessions
// visited (exact host, not a shared parent domain); both bounded, worst and newest kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { markLabel, MAX_MARKS, testMarks, timelineMarks, type MarkInputs } from '../../../src/analysis/alerts/marks';
import type { Alert, DetectedEvent } from '../../../src/api/types';

// 2026-06-10 10:00 UTC and minutes from it: fixed numbers, no clock.
const T0 = Date.UTC(2026, 5, 10, 10, 0);
const at = (minutes: number): string => new Date(T0 + minutes * 60_000).toISOString();
const range = { fromMs: T0 - 60 * 60_000, toMs: T0 + 120 * 60_000 };
const utc = (ms: number): string => new Date(ms).toISOString().slice(11, 16);

function alert(alertId: string, testId: string, fields: Partial<Alert> = {}): Alert {
  return {
    alertId,
    alertType: 'end-to-end-server',
    state: 'clear',
    severity: 'major',
    startDate: at(5),
    endDate: at(40),
    violationCount: 3,
    ruleId: '100001',
    testId,
    ...fields,
  };
}

function event(eventId: string, fields: Partial<DetectedEvent> = {}): DetectedEvent {
  return {
    eventId,
    type: 'target',
    title: 'Target unreachable',
    state: 'resolved',
    severity: 'high',
    startDate: at(10),
    endDate: at(30),
    cause: [],
    affectedTests: { total: 1, items: [] },
    affectedAgents: { items: [] },
    affectedTargets: { items: [] },
    ...fields,
  };
}

function inputs(alerts: Alert[], events: DetectedEvent[] = []): MarkInputs {
  return {
    alerts,
    events,
    tests: new Map([
      ['7', { testName: 'Outlook from the offices', server: 'outlook.office365.com:443' }],
      ['8', { testName: 'Zoom', server: 'zoom.us' }],
      ['9', { testName: 'Portal', url: 'https://Portal.example.com/login' }],
      ['10', { testName: 'Teams', server: 'teams.office365.com' }],
    ]),
    ruleNames: new Map([['100001', 'Default Network Loss']]),
  };
}

describe('marks on a deployed test’s results', () => {
  test('its alerts with rule, span, severity and sources; an active one has no end', () => {
    const found = testMarks(
      inputs([
        alert('a1', '7'),
        alert('a2', '7', { state: 'trigger', severity: 'critical', endDate: undefined, startDate: at(50) }),
        alert('other', '8'),
      ]),
      '7',
      range,
    );
    assert.deepEqual(
      found.marks.map((m) => markLabel(m, utc)),
      [
        'Major alert Default Network Loss on Outlook from the offices, 10:05–10:40, 3 sources',
        'Critical alert Default Network Loss on Outlook from the offices, 10:50–now (active), 3 sources',
      ],
    );
    assert.equal(found.marks[1]?.endMs, undefined);
    assert.equal(found.marks[1]?.active, true);
    assert.equal(found.leftOut, 0);
  });

  test('events listing the test among their affected tests, and not others', () => {
    const found = testMarks(
      inputs(
        [],
        [
          event('e1', { affectedTests: { total: 2, items: [{ testId: '7', name: 'Outlook from the offices' }] } }),
          event('e2', { affectedTests: { total: 1, items: [{ testId: '8' }] } }),
        ],
      ),
      '7',
      range,
    );
    assert.deepEqual(
      found.marks.map((m) => [m.kind, m.id, m.level, markLabel(m, utc)]),
      [
        [
          'event',
          'e1',
          'major',
          'High event Target unreachable on Outlook from the offices, 10:10–10:30, 2 affected tests',
        ],
      ],
    );
  });

  test('alerts outside the range are left out; one still active since before it is kept', () => {
    const found = testMarks(
      inputs([
        alert('before', '7', { startDate: at(-300), endDate: at(-200) }),
        alert('since', '7', { state: 'trigger', startDate: at(-300), endDate: undefined }),
        alert('after', '7', { startDate: at(500), endDate: at(520) }),
      ]),
      '7',
      range,
    );
    assert.deepEqual(
      found.marks.map((m) => m.id),
      ['since'],
    );
  });
});

describe('marks on an endpoint agent’s timeline', () => {
  test('alerts of tests toward a host its sessions visited (port, scheme, case aside), naming the host', () => {
    const found = timelineMarks(
      inputs([alert('outlook', '7'), alert('zoom', '8'), alert('portal', '9', { startDate: at(20) })]),
      ['https://outlook.office365.com/mail', 'PORTAL.example.com'],
      range,
    );
    assert.deepEqual(
      found.marks.map((m) => [m.id, m.host]),
      [
        ['outlook', 'outlook.office365.com'],
        ['portal', 'portal.example.com'],
      ],
    );
  });

  test('a sibling under the same parent domain is not the site visited', () => {
    const found = timelineMarks(inputs([alert('teams', '10')]), ['outlook.office365.com'], range);
    assert.deepEqual(found.marks, []);
  });

  test('events by an affected test toward a visited host, or by an affected target named by it', () => {
    const found = timelineMarks(
      inputs(
        [],
        [
          event('by-test', { affectedTests: { total: 1, items: [{ testId: '8' }] } }),
          event('by-target', { affectedTargets: { items: [{ name: 'zoom.us', ip: '192.0.2.1' }] }, startDate: at(15) }),
          event('elsewhere', { affectedTargets: { items: [{ name: 'example.org' }] } }),
        ],
      ),
      ['zoom.us'],
      range,
    );
    assert.deepEqual(
      found.marks.map((m) => [m.id, m.host]),
      [
        ['by-test', 'zoom.us'],
        ['by-target', 'zoom.us'],
      ],
    );
  });

  test('no visited site: no marks', () => {
    assert.deepEqual(timelineMarks(inputs([alert('a', '7')]), [], range), { marks: [], leftOut: 0 });
  });
});

test('bounded: the worst and newest kept in time order, the rest counted', () => {
  const many = Array.from({ length: MAX_MARKS + 5 }, (_, i) =>
    alert(`m${i}`, '7', { severity: 'minor', startDate: at(i) }),
  );
  const critical = alert('worst', '7', { severity: 'critical', startDate: at(0) });
  const found = testMarks(inputs([...many, critical]), '7', range);
  assert.equal(found.marks.length, MAX_MARKS);
  assert.equal(found.leftOut, 6);
  assert.ok(
    found.marks.some((m) => m.id === 'worst'),
    'the critical one is kept',
  );
  assert.ok(!found.marks.some((m) => m.id === 'm0'), 'the oldest minor ones are left out');
  const starts = found.marks.map((m) => m.startMs);
  assert.deepEqual(
    starts,
    [...starts].sort((a, b) => a - b),
  );
});
