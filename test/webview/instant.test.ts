// The built instant-results panel in headless Chromium: a row per agent with its grade in
// words, HTTP phases in the metrics charts' colours, links that name the agent, keyboard
// access — and hostile agent names and errors that stay text.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { instantResultsView, instantRows } from '../../src/analysis/instant/results';
import { instantPanelFixture } from './helpers/instant-panel';
import { assertInert } from './helpers/hostile';

const HOSTILE = `<img src=x onerror="window.__pwned='agent';alert(1)">`;
const names = new Map([
  ['a-1', 'LAPTOP-ANNA'],
  ['a-2', 'LAPTOP-BEN'],
  ['a-3', HOSTILE],
]);

const httpView = instantResultsView(
  41,
  'Portal',
  'http-server',
  instantRows(
    'http-server',
    [
      {
        agentId: 'a-1',
        roundId: 1,
        responseCode: 200,
        dnsTime: 10,
        connectTime: 20,
        sslTime: 30,
        waitTime: 100,
        receiveTime: 40,
        totalTime: 200,
        errorType: 'None',
      },
      {
        agentId: 'a-2',
        roundId: 1,
        responseCode: 503,
        errorType: 'HTTP',
        errorDetails: `<script>window.__pwned='error'</script>`,
      },
    ],
    (id) => names.get(id),
  ),
  ['Run now of portal.netmon-test.json; not carried over: agents, interval.'],
);

const networkView = instantResultsView(
  42,
  `</h1><script>window.__pwned='name'</script>`,
  'agent-to-server',
  instantRows(
    'agent-to-server',
    [
      { agentId: 'a-1', roundId: 1, avgLatency: 20, loss: 0, jitter: 1 },
      { agentId: 'a-3', roundId: 1, avgLatency: 180, loss: 0, jitter: 4 },
    ],
    (id) => names.get(id),
  ),
);

describe('instant results panel', () => {
  const { panel, load } = instantPanelFixture();

  test('one row per agent, failing first, the grade in words and the agent by name', async () => {
    await load(httpView);
    assert.deepEqual(panel.sent.at(-1), { type: 'loaded', params: { testId: 41, rows: 2 } });
    const rows = await panel.page.$$eval('tbody tr[data-grade]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
    );
    assert.deepEqual(rows, [
      ['failing', 'LAPTOP-BEN', '503'],
      ['fine', 'LAPTOP-ANNA', '200'],
    ]);
    assert.equal(await panel.page.getAttribute('tbody tr[data-agent-id="a-1"] .ins-agent', 'title'), 'Agent id a-1');
    assert.equal(
      await panel.page.textContent('[role="status"]'),
      '2 agents: 1 failing, 0 slow, 1 fine (thresholds as in the session verdict)',
    );
    assert.match((await panel.page.textContent('main')) ?? '', /Run now of portal\.netmon-test\.json/);
    assert.equal(
      await panel.page.textContent('tbody tr[data-agent-id="a-2"] + tr.ins-error-row td[colspan="6"]'),
      `LAPTOP-BEN: HTTP: <script>window.__pwned='error'</script>`,
      'the error is a line of its own under its agent, across the table',
    );
  });

  test('HTTP phases are a bar in the metrics charts’ colours, described for screen readers', async () => {
    await load(httpView);
    const bar = 'tbody tr[data-agent-id="a-1"] .ins-bar';
    assert.equal(
      await panel.page.getAttribute(bar, 'aria-label'),
      'DNS 10 ms, Connect 20 ms, SSL 30 ms, Wait 100 ms, Receive 40 ms',
    );
    const parts = await panel.page.$$eval(`${bar} span`, (spans) =>
      spans.map((s) => {
        const { width } = (s as unknown as { style: { width: string } }).style;
        const { getComputedStyle } = globalThis as unknown as {
          getComputedStyle(e: unknown): { backgroundColor: string };
        };
        return [width, getComputedStyle(s).backgroundColor];
      }),
    );
    assert.deepEqual(
      parts.map(([width]) => width),
      ['5%', '10%', '15%', '50%', '20%'],
    );
    // The theme's --vscode-charts-blue (#3794ff) and -green (#89d185): the metrics charts' first two series.
    assert.deepEqual(
      parts.slice(0, 2).map(([, colour]) => colour),
      ['rgb(55, 148, 255)', 'rgb(137, 209, 133)'],
    );
  });

  test('row links name the test and the agent; header links the whole test; all reachable by keyboard', async () => {
    await load(httpView);
    await panel.page.click('button[aria-label="Metrics of LAPTOP-ANNA"]');
    assert.deepEqual(panel.sent.at(-1), { type: 'openMetrics', params: { testId: 41, agentId: 'a-1' } });
    await panel.page.focus('button[aria-label="Path of LAPTOP-BEN"]');
    await panel.page.keyboard.press('Enter');
    assert.deepEqual(panel.sent.at(-1), { type: 'openPath', params: { testId: 41, agentId: 'a-2' } });
    await panel.page.click('button:text("Open as Text")');
    assert.deepEqual(panel.sent.at(-1), { type: 'openText', params: { testId: 41 } });
    await panel.page.click('button:text("Open as JSON")');
    assert.deepEqual(panel.sent.at(-1), { type: 'openJson', params: { testId: 41 } });
    await panel.page.click('button:text("Open Metrics")');
    assert.deepEqual(panel.sent.at(-1), { type: 'openMetrics', params: { testId: 41 } });
  });

  test('network results: latency, loss and jitter; a slow agent reads "slow"', async () => {
    await load(networkView);
    const rows = await panel.page.$$eval('tbody tr[data-grade]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)),
    );
    assert.deepEqual(rows[1], ['fine', 'LAPTOP-ANNA', '20 ms', '0.0 %', '1 ms']);
    assert.equal(rows[0]![0], 'slow');
  });

  test('hostile names, titles and errors render as text and execute nothing', async () => {
    await load(networkView);
    await load(httpView);
    await load(networkView);
    assert.equal(
      await panel.page.textContent('h1'),
      `Instant test 42 "</h1><script>window.__pwned='name'</script>" (agent-to-server)`,
    );
    assert.ok(((await panel.page.textContent('tbody')) ?? '').includes(HOSTILE));
    await assertInert(panel.page, panel.dialogs, 1);
    assert.deepEqual(panel.errors, []);
  });

  test('data of the wrong shape shows an alert, not a blank panel', async () => {
    panel.sent.length = 0;
    await panel.post({ type: 'load', params: { view: { testId: 43, rows: [null] } } });
    await panel.waitForSent('renderFailed');
    assert.ok(await panel.page.$('[role="alert"]'));
  });
});
