// An enterprise test run now, as the instant results panel and its text show it while the
// wait goes on: answered agents as rows (the numbers where the results have them, the health
// and why otherwise), the agents still waited for named, and what Cancel left behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { enterpriseRunView, type EnterpriseRunState } from '../../../src/analysis/instant/run-view';
import { instantResultsText } from '../../../src/analysis/instant/results';
import { latestHealthByAgent } from '../../../src/analysis/results/health';
import type { TestResult } from '../../../src/api/types';

const names = new Map([
  ['11', 'Frankfurt'],
  ['12', 'Tokyo'],
  ['13', 'Sydney'],
]);

function state(over: Partial<EnterpriseRunState>): EnterpriseRunState {
  return {
    testId: 42,
    testName: 'Portal',
    type: 'http-server',
    kind: 'http-server',
    instant: true,
    agentNames: names,
    answered: [],
    waitingFor: ['11', '12', '13'],
    records: [],
    phase: 'running',
    ...over,
  };
}

test('an http-server run: answered agents with their phases, the others named as waited for; Cancel offered while waiting', () => {
  const records = [
    { agentId: '11', roundId: 100, responseCode: 200, connectTime: 20, totalTime: 150, errorType: 'None' },
    { agentId: '12', roundId: 100, responseCode: 503, errorType: 'HTTP', errorDetails: 'Service Unavailable' },
  ] as unknown as TestResult[];
  const answered = latestHealthByAgent('http-server', records);
  const view = enterpriseRunView(state({ records, answered, waitingFor: ['13'] }));
  assert.equal(view.source, 'enterprise');
  assert.equal(view.layout, 'http');
  assert.equal(view.running, true);
  assert.deepEqual(
    view.rows.map((r) => [r.agent, r.grade, r.responseCode]),
    [
      ['Tokyo', 'bad', 503],
      ['Frankfurt', 'ok', 200],
    ],
  );
  assert.deepEqual(view.waiting, [{ agentId: '13', agent: 'Sydney' }]);
  assert.equal(view.summary, '2 agents: 1 failing, 0 slow, 1 fine; 1 waiting');
  assert.equal(view.links, false, 'an instant test is not listed: its metrics panel could not find it');
  const text = instantResultsText(view);
  assert.match(text, /^Portal \(http-server instant run, test 42\)\n/);
  assert.match(text, /\n +Sydney +(- +)+waiting for its answer\n/);
});

test("a DNS run shows each agent's health and why; a cancelled wait says the run goes on at the service", () => {
  const records = [
    { agentId: '11', roundId: 100, resolutionTime: 12 },
    { agentId: '12', roundId: 100, errorDetails: 'SERVFAIL' },
  ] as unknown as TestResult[];
  const view = enterpriseRunView(
    state({
      type: 'dns-server',
      kind: 'dns-server',
      instant: false,
      records,
      answered: latestHealthByAgent('dns-server', records),
      waitingFor: ['13'],
      phase: 'cancelled',
    }),
  );
  assert.equal(view.layout, 'health');
  assert.equal(view.running, false);
  assert.deepEqual(
    view.rows.map((r) => [r.agent, r.grade, r.reason]),
    [
      ['Tokyo', 'bad', 'SERVFAIL'],
      ['Frankfurt', 'ok', 'resolved in 12 ms'],
    ],
  );
  assert.equal(view.summary, '2 agents: 1 failing, 0 slow, 1 fine; 1 without an answer');
  assert.match(view.notes.join('\n'), /Stopped waiting \(Cancel\)/);
  assert.equal(
    view.links,
    true,
    'a deployed DNS server test measures the network to its server: its rows link to metrics and path',
  );
  const trace = enterpriseRunView(
    state({
      type: 'dns-trace',
      kind: 'dns-trace',
      instant: false,
      records: [],
      answered: [],
      waitingFor: [],
      phase: 'done',
    }),
  );
  assert.equal(trace.links, false, 'a DNS trace test has no metrics or path');
  assert.match(instantResultsText(view), /\n +Sydney +no answer\n/);
});

test('a deployed network test run again links its rows to the metrics and path panels', () => {
  const records = [{ agentId: '11', roundId: 100, avgLatency: 20, loss: 0, jitter: 1 }] as unknown as TestResult[];
  const view = enterpriseRunView(
    state({
      type: 'agent-to-server',
      kind: 'network',
      instant: false,
      records,
      answered: latestHealthByAgent('network', records),
      waitingFor: [],
      phase: 'done',
    }),
  );
  assert.equal(view.layout, 'network');
  assert.equal(view.links, true);
  assert.deepEqual(
    view.rows.map((r) => [r.agent, r.latencyMs]),
    [['Frankfurt', 20]],
  );
  assert.equal(view.summary, '1 agent: 0 failing, 0 slow, 1 fine');
  assert.match(view.notes.join('\n'), /Every agent answered/);
});

test('a wait whose read failed stops offering Cancel and says the run goes on at the service', () => {
  const view = enterpriseRunView(state({ phase: 'failed' }));
  assert.equal(view.running, false);
  assert.equal(view.summary, '0 agents: 0 failing, 0 slow, 0 fine; 3 without an answer');
  assert.match(
    view.notes.join('\n'),
    /^Stopped waiting: reading the results failed .* the agents still run the test at the service\.$/m,
  );
});
