import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hopRows, pathReportText, pathTraceText, pathTraceTextByAgent } from '../../../src/analysis/path';
import { hop, trace, TARGET_IP } from './traces';
import type { PathTrace } from '../../../src/api/types';

const rounds = [
  trace(
    'a1',
    [
      [
        hop(1, '192.168.1.1', 1),
        hop(2, '10.2.2.2', 8, { rdns: 'core1.isp.net', network: 'AS64500 ISP' }),
        hop(4, TARGET_IP, 20, { network: 'AS64501 Host' }),
      ],
    ],
    1_700_000_000,
  ),
  trace(
    'a1',
    [
      [
        hop(1, '192.168.1.1', 3),
        hop(2, '10.2.2.3', 10, { rdns: 'core2.isp.net', network: 'AS64500 ISP' }),
        hop(3, '10.3.3.3', 15, { mpls: ['L=24001'] }),
        hop(4, TARGET_IP, 24, { network: 'AS64501 Host' }),
      ],
    ],
    1_700_000_300,
  ),
];

describe('mtr-style text report', () => {
  test('one row per hop with loss and latency; stars as ???; ECMP alternatives as extra rows', () => {
    const rows = hopRows(rounds);
    assert.deepEqual(
      rows.map((r) => [r.hop, r.host, r.alternative]),
      [
        [1, '192.168.1.1', false],
        [2, 'core1.isp.net (10.2.2.2)', false],
        [2, 'core2.isp.net (10.2.2.3)', true],
        [3, '10.3.3.3', false],
        [4, TARGET_IP, false],
      ],
    );
    assert.deepEqual([rows[0]!.avgMs, rows[0]!.bestMs, rows[0]!.worstMs, rows[0]!.lossPct], [2, 1, 3, 0]);
    assert.equal(rows[3]!.lossPct, 50, 'hop 3 answered in one of two rounds');
  });

  test('the report is aligned text with a header, the network column and MPLS labels', () => {
    const text = pathTraceText(rounds, 'Laptop 7');
    const lines = text.split('\n');
    assert.match(lines[0]!, /^Path trace from Laptop 7 \(10\.0\.0\.2\) to 203\.0\.113\.10:443 \(203\.0\.113\.10\)$/);
    assert.match(lines[1]!, /^Rounds: 2 \(2023-11-14T22:13:20Z \.\. 2023-11-14T22:18:20Z\)/);
    const header = lines[3]!;
    assert.match(header, /^Hop\s+Host\s+ASN \/ network\s+Loss%\s+Trav\s+Avg\s+Best\s+Worst$/);
    assert.doesNotMatch(header, /Snt/, "mtr's Snt counts probes; these are traversals");
    assert.match(
      text,
      /\nTrav: traversals \(routes traced\) that reached or passed each hop, not probes \(path traces give no probe counts\)/,
    );
    const row3 = lines.find((l) => l.includes('10.3.3.3'))!;
    assert.match(row3, /^ 3\. {2}10\.3\.3\.3 \[MPLS L=24001\]\s+-\s+50\.0%\s+2\s+15\.0\s+15\.0\s+15\.0$/);
    assert.equal(
      header.indexOf('Loss%') + 'Loss%'.length,
      row3.indexOf('50.0%') + '50.0%'.length,
      'loss column right-aligned',
    );
  });

  test('a hop that never answers while later hops do is ??? without a loss figure, as mtr prints it', () => {
    const text = pathTraceText([trace('a1', [[hop(1, '192.168.1.1', 1), hop(3, TARGET_IP, 9)]])]);
    assert.match(text, /\n 2\. {2}\?\?\?\s+-\s+-\s+1\s+-\s+-\s+-\n/);
    assert.equal(hopRows([trace('a1', [[hop(1, '192.168.1.1', 1), hop(3, TARGET_IP, 9)]])])[1]?.silentTransit, true);
  });

  test('a traversal that stopped after hop 3 counts as lost at every later hop, as mtr counts (1 of 3, Trav 3)', () => {
    const full = (round: number): PathTrace =>
      trace(
        'a1',
        [
          [
            hop(1, '192.168.1.1', 1),
            hop(2, '10.2.2.2', 5),
            hop(3, '10.3.3.3', 7),
            hop(4, '10.4.4.4', 9),
            hop(5, TARGET_IP, 12),
          ],
        ],
        round,
      );
    const died = trace('a1', [[hop(1, '192.168.1.1', 1), hop(2, '10.2.2.2', 5), hop(3, '10.3.3.3', 7)]], 1_700_000_600);
    const rows = hopRows([full(1_700_000_000), full(1_700_000_300), died]);
    assert.deepEqual(
      rows.map((r) => [r.hop, Math.round(r.lossPct * 10) / 10, r.sent]),
      [
        [1, 0, 3],
        [2, 0, 3],
        [3, 0, 3],
        [4, 33.3, 3],
        [5, 33.3, 3],
      ],
    );
    assert.match(
      pathTraceText([full(1_700_000_000), full(1_700_000_300), died]),
      /\n 4\. {2}10\.4\.4\.4\s+-\s+33\.3%\s+3\s/,
    );
  });

  test('a silent hop is loss when the hops after it lose too', () => {
    const lossy = [
      trace('a1', [[hop(1, '192.168.1.1', 1), hop(3, '10.3.3.3', 5), hop(4, TARGET_IP, 9)]], 1_700_000_000),
      trace('a1', [[hop(1, '192.168.1.1', 1), hop(4, TARGET_IP, 9)]], 1_700_000_300),
    ];
    assert.match(pathTraceText(lossy), /\n 2\. {2}\?\?\?\s+-\s+100\.0%/);
  });

  test('several agents give one report each, sorted by name', () => {
    const text = pathTraceTextByAgent(
      [...rounds, trace('b7', [[hop(1, '192.168.9.1', 1), hop(2, TARGET_IP, 30)]])],
      (id) => (id === 'a1' ? 'Zurich desk' : 'Austin desk'),
    );
    const titles = text.split('\n').filter((l) => l.startsWith('Path trace from'));
    assert.deepEqual(
      titles.map((t) => t.split(' (')[0]),
      ['Path trace from Austin desk', 'Path trace from Zurich desk'],
    );
    assert.match(pathTraceTextByAgent([]), /^No path trace data/);
  });

  test('hostile rDNS cannot break the table onto new lines', () => {
    const text = pathTraceText([
      trace('a1', [[hop(1, '10.0.0.1', 1, { rdns: 'evil\n  2. 6.6.6.6 fake\u2028row' }), hop(2, TARGET_IP, 5)]]),
    ]);
    assert.equal(text.split('\n').filter((l) => /^\s+\d+\./.test(l)).length, 2);
    assert.match(text, /evil 2\. 6\.6\.6\.6 fake row \(10\.0\.0\.1\)/);
  });
});

describe('round selector', () => {
  test('rounds come newest first with their agents and mean hop count', async () => {
    const { pathRounds } = await import('../../../src/analysis/path');
    const summary = (agentId: string, roundId: number, hops: number[]) => ({
      agentId,
      roundId,
      location: '',
      permalink: '',
      server: '',
      serverIp: '',
      sourceIp: '',
      sourcePrefix: '',
      endpoints: hops.map((numberOfHops, i) => ({
        ipAddress: '203.0.113.10',
        numberOfHops,
        pathId: `${agentId}-${i}`,
        responseTime: 10,
      })),
    });
    assert.deepEqual(pathRounds([summary('b', 300, [10]), summary('a', 0, [8]), summary('a', 300, [11, 13])]), [
      { roundId: 300, agentIds: ['a', 'b'], meanHops: 34 / 3 },
      { roundId: 0, agentIds: ['a'], meanHops: 8 },
    ]);
  });
});

test('a trace without its round, with a hop number past 255 and routes of the wrong shape still reports, in bounded rows', () => {
  const traces = [
    {
      agentId: 'a-1',
      sourceIp: 7,
      server: 'x',
      serverIp: '203.0.113.9',
      routes: [
        {
          pathId: 'p',
          hops: [
            { hop: 1, ipAddress: '10.0.0.1' },
            { hop: 1e9, ipAddress: '203.0.113.9' },
          ],
        },
        null,
      ],
    },
    { agentId: 'a-1', roundId: 'later', routes: 'none' },
  ] as unknown as PathTrace[];
  const text = pathTraceText(traces);
  assert.match(
    text,
    /^Path trace from a-1 \(7\) to x \(203\.0\.113\.9\)\nRounds: 0 \(time not reported\), distinct routes: 1\n/,
  );
  assert.equal(
    text.trim().split('\n').length,
    7,
    'two header lines, a blank line, column heads, one hop, a blank line and the note on what Trav counts',
  );
});

test('the text view prints where the problem is above the hop tables', async () => {
  const { forwardingLossAtExchange, IXP } = await import('./localize-fixtures');
  const text = pathReportText(forwardingLossAtExchange(), (id) => `laptop ${id}`);
  const [section, tables] = text.split('\nPath trace from ');
  assert.match(section ?? '', /^Where the problem is:\n {2}\S/);
  assert.ok((section ?? '').includes(IXP), section);
  assert.ok(tables, 'the hop tables follow');
  assert.doesNotMatch(pathReportText([]), /Where the problem is/);
});
