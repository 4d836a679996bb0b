// v7's topology scores in the session verdict: a low score blames its segment (the VPN score
// the tunnel, the connection score the Wi-Fi link or, wired, the gateway), a good one marks
// its segment measured and fine, and without scores (v6) the verdict is what it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gradeSession, readSessionMeasures, sessionVerdict } from '../../../src/analysis/session';
import { readTopologyScores, lowerScores, SCORE_LIMITS } from '../../../src/analysis/session/topology-scores';
import type { UserSessionDetail } from '../../../src/api/types';
import { healthySession, withNetwork } from './fixtures';

const wired = (): UserSessionDetail =>
  withNetwork(healthySession(), (n) => ({
    ...n,
    networkProfile: { ...n.networkProfile, wirelessProfile: undefined, hardwareType: 'Ethernet', type: 'ethernet' },
  }));

test('a poor VPN score blames the tunnel on an otherwise healthy session, with the score in the line', () => {
  const verdict = sessionVerdict(healthySession(), { scores: { vpn: 23.4, gateway: 98 } });
  assert.equal(verdict.worst, 'tunnel');
  assert.equal(verdict.grade, 'bad');
  assert.equal(
    verdict.line,
    `Worst segment: VPN/proxy — the service scores the VPN 23/100 (limit ${SCORE_LIMITS.bad}).`,
  );
  assert.equal(verdict.segments.find((s) => s.segment === 'gateway')?.grade, 'ok');
});

test('the connection score grades the Wi-Fi link, or the gateway on a wired session; a score at the limit is within it', () => {
  assert.equal(sessionVerdict(healthySession(), { scores: { connection: 60 } }).worst, 'wifi');
  const wiredVerdict = sessionVerdict(wired(), { scores: { connection: 60 } });
  assert.equal(wiredVerdict.worst, 'gateway');
  assert.equal(wiredVerdict.grade, 'warn');
  assert.equal(sessionVerdict(healthySession(), { scores: { proxy: SCORE_LIMITS.warn } }).worst, undefined);
});

test('without scores the verdict is unchanged; scores that are not 0–100 numbers say nothing', () => {
  const session = healthySession();
  const measures = readSessionMeasures(session);
  assert.deepEqual(gradeSession(measures, {}), gradeSession(measures, { scores: {} }));
  const odd = { vpn: Number.NaN, gateway: 150, proxy: -1, connection: '12' as unknown as number };
  assert.deepEqual(gradeSession(measures, { scores: odd }), gradeSession(measures, {}));
});

test('scores are read from a topology record and the lowest of several probes is kept', () => {
  const record = {
    gatewayScore: { score: 91.5, quality: 'great' },
    connectionScore: { score: 91.5 },
    vpnScore: { score: 'x' },
    proxyScore: null,
  };
  assert.deepEqual(readTopologyScores(record), { gateway: 91.5, connection: 91.5 });
  assert.equal(readTopologyScores({ icmpPing: {} }), undefined);
  assert.deepEqual(lowerScores({ gateway: 90, vpn: 40 }, { gateway: 70, proxy: 99 }), {
    gateway: 70,
    vpn: 40,
    proxy: 99,
  });
});
