// The Health panel's rows: one per agent over every result kind, its worst kind's grade in words
// and why, its newest round, the test's agents without a result silent, worst first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AgentHealth, Health } from '../../../src/analysis/results/health';
import { healthRows } from '../../../src/analysis/results/health-rows';
import { healthHeadline, healthHtml } from '../../../src/vscode/panels/health-html';

const agent = (agentId: string, health: Health, reason: string, roundId = 600): AgentHealth => ({
  agentId,
  agentName: `Agent ${agentId}`,
  roundId,
  health,
  reason,
});

test('one kind: each agent graded in words with its reason, worst first, then by name', () => {
  const rows = healthRows([
    {
      kind: 'network',
      agents: [
        agent('3', 'ok', 'latency 20 ms, jitter 1 ms'),
        agent('1', 'ok', 'latency 30 ms, jitter 2 ms'),
        agent('2', 'degraded', '12% loss, latency 40 ms'),
        agent('4', 'failing', 'target unreachable (100% loss)'),
      ],
    },
  ]);
  assert.deepEqual(
    rows.map((row) => [row.agentName, row.grade, row.reason]),
    [
      ['Agent 4', 'failing', 'target unreachable (100% loss)'],
      ['Agent 2', 'degraded', '12% loss, latency 40 ms'],
      ['Agent 1', 'ok', 'latency 30 ms, jitter 2 ms'],
      ['Agent 3', 'ok', 'latency 20 ms, jitter 1 ms'],
    ],
  );
});

test("several kinds: an agent's worst kind says why, named by its kind, at the agent's newest round", () => {
  const rows = healthRows([
    { kind: 'ftp-server', agents: [agent('1', 'ok', 'FTP 226, total 80 ms', 600), agent('2', 'ok', 'FTP 226', 600)] },
    { kind: 'network', agents: [agent('1', 'degraded', '5% loss, latency 40 ms', 900), agent('2', 'ok', 'x', 600)] },
    { kind: 'path-vis', agents: [agent('1', 'failing', 'path stops at 10.0.0.1 before 1.2.3.4', 300)] },
  ]);
  assert.deepEqual(rows[0], {
    agentId: '1',
    agentName: 'Agent 1',
    grade: 'failing',
    reason: 'path-vis: path stops at 10.0.0.1 before 1.2.3.4',
    roundId: 900,
  });
  // On a tie the test's own kind (the first) says why.
  assert.deepEqual([rows[1]?.grade, rows[1]?.reason], ['ok', 'ftp-server: FTP 226']);
});

test('no data is silent; an agent of the test without any result is silent since the range began, after degraded', () => {
  const rows = healthRows(
    [
      {
        kind: 'rtp-server',
        agents: [agent('1', 'unknown', 'no call quality measured'), agent('2', 'degraded', 'MOS 3.1')],
      },
    ],
    [{ agentId: '1' }, { agentId: '2' }, { agentId: '9' }, { agentId: '0', agentName: 'Agent 0' }],
    Date.UTC(2020, 2, 14, 9, 0) / 1000,
  );
  assert.deepEqual(
    rows.map((row) => [row.agentName, row.grade, row.reason, row.roundId]),
    [
      ['Agent 2', 'degraded', 'MOS 3.1', 600],
      ['9', 'silent', 'no result since 2020-03-14 09:00 UTC', undefined],
      ['Agent 0', 'silent', 'no result since 2020-03-14 09:00 UTC', undefined],
      ['Agent 1', 'silent', 'no call quality measured', 600],
    ],
  );
  assert.equal(healthRows([], [{ agentId: '7' }])[0]?.reason, 'no result in this range');
  assert.equal(healthHeadline(rows), '1 degraded · 3 silent');
});

test('the page escapes outside text, has a header per column and a button per action', () => {
  const rows = healthRows([
    { kind: 'http-server', agents: [agent('<b>', 'failing', 'HTTP 503 <script>alert(1)</script>')] },
  ]);
  const html = healthHtml(
    'Portal "<img>"',
    'last 1h',
    rows,
    { metrics: true, path: false },
    "default-src 'none'",
    'n0',
  );
  assert.ok(!html.includes('<script>alert'), 'the reason is escaped');
  assert.ok(!html.includes('<img>') && !html.includes('data-agent="<b>"'), 'the names are escaped');
  assert.match(html, /<th scope="col">Agent<\/th><th scope="col">Latest round<\/th><th scope="col">Grade<\/th>/);
  assert.match(html, /<th scope="row">Agent &#60;b&#62;<\/th>/);
  assert.equal(html.match(/data-action="openMetrics"/g)?.length, 1);
  assert.ok(!html.includes('data-action="openPath"'), 'no path button without a path');
  assert.equal(html.match(/<script nonce="n0">/g)?.length, 1, 'the one script carries the nonce');
});
