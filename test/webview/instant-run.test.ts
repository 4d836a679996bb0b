// The built instant-results panel drawing an enterprise test run now (v7) in headless
// Chromium: while the wait goes on, the agents not heard from are named under the answers
// and Cancel is offered; a DNS run's rows say their health and why; an instant run (not a
// listed test) has no metrics or path links; hostile agent names stay text.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { enterpriseRunView, type EnterpriseRunState } from '../../src/analysis/instant/run-view';
import { latestHealthByAgent } from '../../src/analysis/results/health';
import type { TestResult } from '../../src/api/types';
import { instantPanelFixture } from './helpers/instant-panel';
import { assertInert } from './helpers/hostile';

const HOSTILE = `<img src=x onerror="window.__pwned='agent';alert(1)">`;
const names = new Map([
  ['11', 'Frankfurt'],
  ['12', 'Tokyo'],
  ['13', HOSTILE],
]);
const dns = [
  { agentId: '11', roundId: 100, resolutionTime: 12 },
  { agentId: '12', roundId: 100, errorDetails: 'SERVFAIL' },
] as unknown as TestResult[];

function run(over: Partial<EnterpriseRunState>): ReturnType<typeof enterpriseRunView> {
  return enterpriseRunView({
    testId: 77,
    testName: 'Zone',
    type: 'dns-server',
    kind: 'dns-server',
    instant: true,
    agentNames: names,
    answered: latestHealthByAgent('dns-server', dns),
    waitingFor: ['13'],
    records: dns,
    phase: 'running',
    ...over,
  });
}

describe('instant results panel: an enterprise run', () => {
  const { panel, load } = instantPanelFixture();

  test('while waiting: answered agents with their health and why, the silent one named, Cancel posts cancel', async () => {
    await load(run({}));
    assert.deepEqual(panel.sent.at(-1), { type: 'loaded', params: { testId: 77, rows: 2, waiting: 1, running: true } });
    const rows = await panel.page.$$eval('tbody tr', (trs) =>
      trs.map((tr) => [tr.getAttribute('data-grade'), ...[...tr.querySelectorAll('td')].map((td) => td.textContent)]),
    );
    assert.deepEqual(rows, [
      ['bad', 'failing', 'Tokyo', 'SERVFAIL'],
      ['ok', 'fine', 'Frankfurt', 'resolved in 12 ms'],
      ['waiting', 'waiting', HOSTILE, 'waiting for its answer…'],
    ]);
    assert.equal(
      await panel.page.textContent('[role="status"]'),
      '2 agents: 1 failing, 0 slow, 1 fine; 1 waiting (thresholds as in the session verdict)',
    );
    assert.equal(
      await panel.page.$('button:text("Open Metrics")'),
      null,
      'an instant test is not listed: no metrics link',
    );
    await panel.page.click('button:text("Cancel")');
    assert.deepEqual(panel.sent.at(-1), { type: 'cancel', params: { testId: 77 } });
    await assertInert(panel.page, panel.dialogs, 1);
  });

  test('once cancelled: no Cancel, the silent agent has no answer, and the note says the run goes on at the service', async () => {
    await load(run({ phase: 'cancelled' }));
    assert.deepEqual(panel.sent.at(-1), {
      type: 'loaded',
      params: { testId: 77, rows: 2, waiting: 1, running: false },
    });
    assert.equal(await panel.page.$('button:text("Cancel")'), null);
    assert.equal(await panel.page.textContent('tr[data-grade="waiting"] td:last-child'), 'no answer');
    assert.match(
      (await panel.page.textContent('main')) ?? '',
      /Stopped waiting \(Cancel\): the agents still run the test at the service/,
    );
  });

  test("a deployed network test run again: the network's numbers and links to its metrics and path", async () => {
    const records = [{ agentId: '11', roundId: 100, avgLatency: 20, loss: 0, jitter: 1 }] as unknown as TestResult[];
    await load(
      run({
        type: 'agent-to-server',
        kind: 'network',
        instant: false,
        records,
        answered: latestHealthByAgent('network', records),
        waitingFor: [],
        phase: 'done',
      }),
    );
    assert.deepEqual(panel.sent.at(-1), {
      type: 'loaded',
      params: { testId: 77, rows: 1, waiting: 0, running: false },
    });
    await panel.page.click('button[aria-label="Metrics of Frankfurt"]');
    assert.deepEqual(panel.sent.at(-1), { type: 'openMetrics', params: { testId: 77, agentId: '11' } });
    assert.deepEqual(panel.errors, []);
  });
});
