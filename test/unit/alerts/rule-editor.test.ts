// The editor's side of alert rule documents, in plain Node: what completes inside `expression`
// (the alert type's metrics with their unit, the operators, the typed word replaced; nothing
// outside it), where a backtest's complaint is marked, and the Backtest panel's page (the count
// and the deployed rule's, each firing on the axis with its own label, outside text escaped).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../../src/documents';
import { DEFAULT_ALERT_TYPE } from '../../../src/documents/alert-rules/parse';
import {
  DEFAULT_RULE_ALERT_TYPE,
  expressionItems,
  placeOfComplaint,
} from '../../../src/vscode/documents/alert-rule-places';
import { backtestHtml, backtestSummary, firingLabel } from '../../../src/vscode/panels/backtest-html';
import type { BacktestReport } from '../../../src/workflows/backtest';

const items = (text: string, at: string, shift = 0) =>
  expressionItems(text, parseDocument(text).root, text.indexOf(at) + shift);

test('the default alert type is the reader’s', () => {
  assert.equal(DEFAULT_RULE_ALERT_TYPE, DEFAULT_ALERT_TYPE);
});

test('inside the expression: the type’s metrics with their unit, then the operators; the typed word replaced', () => {
  const text = '{ "ruleName": "r", "expression": "((lo >= 10%))" }';
  const found = items(text, '((lo', 4);
  const loss = found.find((i) => i.label === 'loss');
  assert.deepEqual(loss, {
    label: 'loss',
    detail: '%',
    kind: 'metric',
    start: text.indexOf('lo >='),
    end: text.indexOf('lo >=') + 2,
  });
  assert.equal(found.find((i) => i.label === 'jitter')?.detail, 'ms');
  assert.ok(found.some((i) => i.label === '>=' && i.kind === 'operator'));
  assert.ok(found.findIndex((i) => i.kind === 'operator') > found.findIndex((i) => i.label === 'loss'));
});

test('the alert type decides the metrics; a type without a table offers the operators alone', () => {
  const http = '{ "alertType": "http-server", "expression": "((" }';
  const labels = items(http, '"((', 3).map((i) => i.label);
  assert.ok(labels.includes('responseTime') && !labels.includes('loss'));
  const path = '{ "alertType": "path-trace", "expression": "" }';
  assert.equal(items(path, '""', 1).find((i) => i.label === 'hopDelay')?.detail, 'ms · per hop, inside hops((…))');
  const bgp = '{ "alertType": "bgp", "expression": "" }';
  assert.equal(items(bgp, '""', 1).find((i) => i.label === 'reachability')?.detail, '%');
  const voice = '{ "alertType": "voice", "expression": "" }';
  assert.ok(items(voice, '""', 1).every((i) => i.kind === 'operator'));
});

test('nothing completes outside the expression string', () => {
  const text = '{ "ruleName": "loss", "expression": "((loss >= 10%))" }';
  assert.deepEqual(items(text, '"loss"', 2), []);
  assert.deepEqual(items(text, '"expression"', 0), []);
  assert.deepEqual(items(text, '"((loss', 0), [], 'before the opening quote');
});

test('a complaint is marked on the metric or the test it names, else the field, else the top', () => {
  const text =
    '{\n  "expression": "((jitter > 1 ms) && (availableBandwidth < 10 Mbps))",\n  "tests": ["A", "Nowhere", 7]\n}';
  const root = parseDocument(text).root;
  const at = (field: string, message: string) => {
    const place = placeOfComplaint(text, root, field, message);
    return text.slice(place.offset, place.offset + place.length);
  };
  assert.equal(
    at('expression', "metric 'availableBandwidth' is not in the tests' network results"),
    'availableBandwidth',
  );
  assert.equal(at('tests', 'no deployed test is named or numbered "Nowhere"'), '"Nowhere"');
  assert.equal(at('tests', 'test "7" has no network results'), '7');
  assert.equal(at('tests', 'a backtest replays 20 tests at most'), '["A", "Nowhere", 7]');
  assert.equal(placeOfComplaint(text, root, 'alertType', 'cannot be replayed').offset, 0);
});

const report = (over: Partial<BacktestReport> = {}): BacktestReport =>
  ({
    ruleName: 'Loss <b>episodes</b>',
    days: 7,
    kind: 'network',
    tests: [{ testId: 11, testName: 'Outlook', rounds: 2016, complete: true }],
    agentNames: { '1': 'Dallas, US', '2': '<img src=x onerror=alert(1)>' },
    result: {
      ok: true,
      mode: 'per-round',
      roundsRequired: 1,
      roundsOutOf: 1,
      firings: [
        {
          testId: '11',
          startRoundId: Date.UTC(2026, 5, 12, 2, 10) / 1000,
          endRoundId: Date.UTC(2026, 5, 12, 3, 0) / 1000,
          sources: ['1', '2'],
          rounds: 10,
        },
        {
          testId: '11',
          startRoundId: Date.UTC(2026, 5, 14, 23, 40) / 1000,
          endRoundId: Date.UTC(2026, 5, 15, 0, 20) / 1000,
          sources: ['1'],
          rounds: 8,
        },
      ],
      firingsLeftOff: 0,
      firingCount: 2,
      activeRounds: 18,
      activeSeconds: 5400,
      tests: [],
      evaluations: 4032,
      errors: { count: 0, messages: [] },
      notes: [],
      metricProblems: [],
    },
    deployed: { ruleId: '100001', ruleName: 'Default Network Loss', fired: 3, complete: true },
    ...over,
  }) as unknown as BacktestReport;

test('the summary: how often it would have fired in the days replayed, and the deployed rule', () => {
  assert.equal(backtestSummary(report()), 'Loss <b>episodes</b> would have fired 2 times in 7 days (deployed rule: 3)');
  assert.equal(
    backtestSummary(report({ deployed: undefined })),
    'Loss <b>episodes</b> would have fired 2 times in 7 days (deployed rule: none has this ruleId or ruleName)',
  );
});

test('each firing is an element of the axis with its label; outside text is escaped; no script', () => {
  const r = report();
  assert.equal(
    firingLabel(r.result.firings[0]!, r),
    'fired 12 Jun 02:10–03:00 UTC on 2 agents: Dallas, US; <img src=x onerror=alert(1)>',
  );
  assert.equal(firingLabel(r.result.firings[1]!, r), 'fired 14 Jun 23:40–15 Jun 00:20 UTC on 1 agent: Dallas, US');
  const html = backtestHtml(r, "default-src 'none'", 'n0nce');
  assert.equal((html.match(/<rect class="firing[^>]*aria-label="fired /g) ?? []).length, 2);
  assert.ok(!html.includes('<img') && !html.includes('<b>'), 'names and the rule name are text');
  assert.ok(html.includes('&#60;img src=x onerror=alert(1)&#62;'));
  assert.ok(!/<script/i.test(html));
  assert.match(html, /<style nonce="n0nce">/);
  assert.match(html, /<title>Backtest: Loss &#60;b&#62;episodes&#60;\/b&#62;<\/title>/);
});
