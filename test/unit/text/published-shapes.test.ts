// Shapes the live service and the vendor's documentation use, beside our emulator's.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mergePathTraces } from '../../../src/analysis/path';
import { pathTraceText } from '../../../src/analysis/path/text-report';
import { sessionOverview } from '../../../src/analysis/session';
import { readPing } from '../../../src/analysis/session/verdict';
import { measurementError, mplsLabels, type PathTrace } from '../../../src/api/types';
import { tolerantFlag } from '../../../src/api/types/tolerant';
import { asBoolean } from '../../../src/api/decode/records';
import { renderHarReport } from '../../../src/cli/har-report';
import { healthySession } from '../session/fixtures';

const trace = (mpls: unknown): PathTrace => ({
  agentId: 'a1',
  permalink: '',
  roundId: 1,
  server: 't',
  serverIp: '10.0.0.9',
  sourceIp: '10.0.0.1',
  sourcePrefix: '',
  routes: [
    {
      pathId: 'p',
      hops: [
        { hop: 1, ipAddress: '10.0.0.2', responseTime: 1 },
        { hop: 2, ipAddress: '10.0.0.3', responseTime: 2, mpls: mpls as string[] },
        { hop: 3, ipAddress: '10.0.0.9', responseTime: 3 },
      ],
    },
  ],
});

describe('MPLS labels as one string', () => {
  test('read as one label, not as characters', () => {
    assert.deepEqual(mplsLabels('L=24001,E=0,S=1,T=1'), ['L=24001,E=0,S=1,T=1']);
    assert.deepEqual(mplsLabels(['L=1', 'L=2']), ['L=1', 'L=2']);
    assert.deepEqual(mplsLabels(undefined), []);
    assert.deepEqual(mplsLabels(42), []);
  });

  test('the merged graph and the text report show the label whole', () => {
    const graph = mergePathTraces([trace('L=24001,E=0,S=1,T=1')]);
    assert.deepEqual(graph.nodes.find((n) => n.ip === '10.0.0.3')?.mpls, ['L=24001,E=0,S=1,T=1']);
    const text = pathTraceText([trace('L=24001,E=0,S=1,T=1')]);
    assert.match(text, /\[MPLS L=24001,E=0,S=1,T=1\]/);
    assert.doesNotMatch(text, /\[MPLS L, =/);
  });
});

describe('failed measurements as a string or {error}', () => {
  test('both read as failed with their message', () => {
    assert.equal(measurementError('Destination unreachable'), 'Destination unreachable');
    assert.equal(measurementError({ error: 'Destination unreachable' }), 'Destination unreachable');
    assert.equal(measurementError({ pktsSent: 4 }), undefined);
    assert.equal(readPing({ error: 'timed out' }), 'failed');
  });

  test('the session overview says "failed: …" for the object form, not "not measured"', () => {
    const session = healthySession();
    const network = {
      ...session.network,
      gatewayPing: { error: 'Request timed out' },
      traceroute: { error: 'No route' },
    } as unknown as typeof session.network;
    const overview = sessionOverview({ ...session, network });
    const gateway = overview.pings.find((p) => /gateway/i.test(p.label));
    assert.equal(gateway?.outcome, 'failed: Request timed out');
    assert.equal(overview.traceroute.error, 'No route');
  });
});

describe('a page HAR in the API envelope', () => {
  test('netmon har report is titled with the page title', () => {
    const html = renderHarReport(
      {
        har: {
          log: {
            version: '1.2',
            pages: [{ id: 'p', title: 'Checkout', startedDateTime: '2026-01-01T00:00:00Z', pageTimings: {} }],
            entries: [],
          },
        },
      },
      { bundle: '', nonce: 'n' },
    );
    assert.match(html, /<title>Checkout<\/title>/);
  });
});

test('one reader of flags: booleans, 1/0 and the words true/false, yes/no, on/off in any case; anything else is not a flag', () => {
  for (const on of [true, 1, 'true', '1', ' YES ', 'On']) assert.equal(tolerantFlag(on), true, JSON.stringify(on));
  for (const off of [false, 0, 'false', '0', 'no', ' OFF '])
    assert.equal(tolerantFlag(off), false, JSON.stringify(off));
  for (const neither of [undefined, null, 2, '', 'enabled', 'truest', {}, [true]])
    assert.equal(tolerantFlag(neither), undefined, JSON.stringify(neither));
  assert.equal(asBoolean, tolerantFlag, 'decoding reads flags as the analysis does');
});
