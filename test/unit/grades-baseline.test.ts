// The ISP budget's latency limits are latency added over a baseline (session/thresholds.ts):
// distance alone puts a healthy far target at 250 ms. Without the agent's normal toward the
// same target, latency alone is never "failing"; with one, latency is graded on what it adds.
// The explorer (network sessions, VPN/proxy probes) grades through networkGrade.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MEASURE_WORDS, networkGrade, networkNormals } from '../../src/analysis/grades';
import { networkSessionSummary, probeSummary } from '../../src/analysis/records/summaries';
import type { NetworkProbe, NetworkSession } from '../../src/api/types';

test('a loss-free 250 ms round trip without a baseline is not failing', () => {
  assert.notEqual(networkGrade(250, 0), 'bad');
  assert.notEqual(networkGrade(900, undefined), 'bad');
  assert.equal(networkGrade(250, 5), 'bad', 'loss needs no baseline');
});

test("with the agent's normal toward the target, latency is graded on what it adds", () => {
  assert.equal(networkGrade(250, 0, { rttMs: 240, samples: 12 }), 'ok', '+10 ms over a 240 ms normal');
  assert.equal(networkGrade(360, 0, { rttMs: 240, samples: 12 }), 'warn', '+120 ms');
  assert.equal(networkGrade(460, 0, { rttMs: 240, samples: 12 }), 'bad', '+220 ms');
  assert.notEqual(networkGrade(460, 0, { rttMs: 240, samples: 4 }), 'bad', 'four round trips are no baseline');
});

test('the explorer: a loss-free 250 ms network session and a 250 ms VPN probe do not show "failing"', () => {
  const now = new Date();
  const session = {
    userSessionId: 'n',
    agentId: 'a',
    date: now.toISOString(),
    destination: { target: '198.51.100.80', loss: 0, latency: 250 },
  } as unknown as NetworkSession;
  const summary = networkSessionSummary(session, now);
  assert.notEqual(summary.grade, 'bad');
  assert.doesNotMatch(summary.label, new RegExp(MEASURE_WORDS.bad));
  const probe = {
    networkProbeId: 'np',
    agentId: 'a',
    date: now.toISOString(),
    type: 'vpn',
    target: '198.51.100.10',
    icmpPing: { avgRtt: 250, pktsSent: 10, pktsReceived: 10 },
  } as unknown as NetworkProbe;
  assert.notEqual(probeSummary(probe, now).grade, 'bad');
});

test('networkNormals: per agent and target, never across targets, and only from enough round trips', () => {
  const records = [
    ...Array.from({ length: 6 }, (_, i) => ({ agentId: 'a', target: 'saas', latency: 148 + i })),
    ...Array.from({ length: 30 }, () => ({ agentId: 'a', target: 'intranet', latency: 12 })),
    ...Array.from({ length: 3 }, () => ({ agentId: 'b', target: 'saas', latency: 20 })),
  ];
  const normalOf = networkNormals(records);
  assert.deepEqual(normalOf('a', 'saas'), { rttMs: 150.5, samples: 6 });
  assert.deepEqual(normalOf('a', 'intranet'), { rttMs: 12, samples: 30 });
  assert.equal(normalOf('b', 'saas'), undefined, 'three round trips');
  assert.equal(networkGrade(150, 0, normalOf('a', 'saas')), 'ok');
});
