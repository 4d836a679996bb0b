// The alert list's order and words, and the rounds an alert's localization reads (pure).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  alertLine,
  alertRow,
  orderAlertRows,
  roundsAroundStart,
  type AlertNames,
} from '../../../src/analysis/alerts/explain';
import type { Alert, AlertDetail } from '../../../src/api/types';

const names: AlertNames = {
  rules: new Map([
    [
      '1',
      {
        ruleId: '1',
        ruleName: 'Loss',
        expression: '((loss >= 10%))',
        alertType: 'end-to-end-server',
        roundsViolatingOutOf: 1,
      },
    ],
  ]),
  tests: new Map([['7', { testName: 'Portal', type: 'agent-to-server' }]]),
  agentName: (id) => (id === '42' ? 'Directory name' : undefined),
};

function alert(alertId: string, state: 'trigger' | 'clear', severity: string, startDate: string): Alert {
  return {
    alertId,
    alertType: 'end-to-end-server',
    state,
    severity,
    startDate,
    ...(state === 'clear' ? { endDate: '2025-06-21T15:30:00Z' } : {}),
    ruleId: '1',
    testId: '7',
    violationCount: 2,
  };
}

describe('alerts explained', () => {
  test('active first, then the worst severity, then the newest', () => {
    const rows = orderAlertRows(
      [
        alert('a', 'clear', 'critical', '2025-06-21T10:00:00Z'),
        alert('b', 'trigger', 'minor', '2025-06-21T09:00:00Z'),
        alert('c', 'trigger', 'major', '2025-06-21T08:00:00Z'),
        alert('d', 'trigger', 'major', '2025-06-21T11:00:00Z'),
        alert('e', 'clear', 'critical', '2025-06-21T12:00:00Z'),
      ].map((a) => alertRow(a, names)),
    );
    assert.deepEqual(
      rows.map((r) => r.alertId),
      ['d', 'c', 'b', 'e', 'a'],
    );
  });

  test('a row names its rule, test and sources: the alert’s name, else the directory’s, else the id', () => {
    const detail: AlertDetail = {
      ...alert('x', 'clear', 'major', '2025-06-21T14:35:00Z'),
      sources: [{ id: '41', name: 'London' }, { id: '42' }, { id: '43', startMetrics: 'Loss: 12%' }],
    };
    const row = alertRow(detail, names);
    assert.deepEqual(
      row.sources?.map((s) => s.name),
      ['London', 'Directory name', '43'],
    );
    assert.equal(row.sourceCount, 3);
    assert.equal(
      alertLine(row),
      'cleared, 2025-06-21 14:35 UTC to 15:30 UTC · major · Loss on Portal (agent-to-server test 7) · 3 sources: London, Directory name, 43 · x',
    );
  });

  test('the rounds localized: the first three from the start on, else the newest before it', () => {
    const rounds = [1500, 1200, 900, 600, 300].map((roundId) => ({ roundId, agentIds: ['1'], meanHops: 5 }));
    assert.deepEqual(
      roundsAroundStart(rounds, 600).map((r) => r.roundId),
      [600, 900, 1200],
    );
    assert.deepEqual(
      roundsAroundStart(rounds, 1600).map((r) => r.roundId),
      [1500],
    );
  });
});
