// Instant results as rows a person reads: agents by name, latest round each, failing first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { instantResultsText, instantResultsView, instantRows } from '../../../src/analysis/instant/results';

const names = new Map([
  ['a-1', 'LAPTOP-ANNA'],
  ['a-2', 'LAPTOP-BEN'],
]);
const name = (id: string): string | undefined => names.get(id);

test('network: one row per agent (latest round), graded on loss and latency, failing first', () => {
  const rows = instantRows(
    'agent-to-server',
    [
      { agentId: 'a-1', roundId: 1, avgLatency: 300, loss: 0, jitter: 1 },
      { agentId: 'a-1', roundId: 2, avgLatency: 20, loss: 0, jitter: 1 },
      { agentId: 'a-2', roundId: 2, avgLatency: 40, loss: 10, jitter: 3 },
      { agentId: 'a-3', roundId: 2, avgLatency: 120, loss: 0 },
      null,
      'x',
    ],
    name,
  );
  assert.deepEqual(
    rows.map((r) => [r.agent, r.grade, r.latencyMs]),
    [
      ['LAPTOP-BEN', 'bad', 40],
      ['a-3', 'warn', 120],
      ['LAPTOP-ANNA', 'ok', 20],
    ],
  );
});

test('http: code, phases and errors; "None" is no error; a 5xx is failing', () => {
  const rows = instantRows(
    'http-server',
    [
      {
        agentId: 'a-1',
        roundId: 1,
        responseCode: 200,
        dnsTime: 5,
        connectTime: 20,
        sslTime: 30,
        waitTime: 100,
        receiveTime: 10,
        totalTime: 165,
        errorType: 'None',
      },
      { agentId: 'a-2', roundId: 1, responseCode: 503, errorType: 'HTTP', errorDetails: 'Service\nUnavailable' },
    ],
    name,
  );
  assert.deepEqual(
    rows.map((r) => [r.agent, r.grade, r.error]),
    [
      ['LAPTOP-BEN', 'bad', 'HTTP: Service\nUnavailable'],
      ['LAPTOP-ANNA', 'ok', undefined],
    ],
  );
  const view = instantResultsView(7, 'Portal', 'http-server', rows, ['Run now of portal.netmon-test.json']);
  assert.equal(view.summary, '2 agents: 1 failing, 0 slow, 1 fine', 'the panel and the text say the same');
  const lines = instantResultsText(view).split('\n');
  assert.equal(lines[0], 'Instant test 7 "Portal" (http-server)');
  assert.equal(
    lines[1],
    '2 agents: 1 failing, 0 slow, 1 fine (✗ failing, ! slow, ✓ fine; thresholds as in the session verdict)',
  );
  assert.equal(lines[4], '   Agent        Code  DNS  Connect  SSL  Wait  Receive  Total ms  Error');
  assert.equal(lines[5], '✗  LAPTOP-BEN   503   -    -        -    -     -        -         HTTP: Service Unavailable');
  assert.equal(lines[6], '✓  LAPTOP-ANNA  200   5    20       30   100   10       165');
});
