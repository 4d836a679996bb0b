// The session's own measurements beside the scheduled test's path: a disagreement is named
// (loss, where the latency appears), the session's side comes first, and the reasons say what
// differs (agent, round, probe). Hand-built traces, small enough to read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareWithSession, sessionSide, type SessionSide } from '../../../src/analysis/session/path-agreement';
import { pathEvidence, renderEvidenceHtml, sessionEvidence } from '../../../src/analysis/evidence';
import { healthySession } from './fixtures';
import type { UserSessionDetail } from '../../../src/api/types';
import { mplsTunnel } from '../path/localize-fixtures';
import { hop, trace, TARGET_IP } from '../path/traces';

const ROUND = 1_700_000_000;
/** The user's laptop: the latency appears at its gateway (Wi-Fi or the home router), not further on. */
const slowAtGateway = trace(
  'laptop-1',
  [[hop(1, '192.168.1.1', 45), hop(2, '10.9.0.1', 46), hop(3, '10.9.0.2', 47), hop(4, TARGET_IP, 48)]],
  ROUND + 120,
);
const throughTunnel = mplsTunnel().slice(0, 3); // m1..m3 reach the target; the 38 ms appear inside the tunnel

const session = (extra: Partial<SessionSide> = {}): SessionSide => ({
  userSessionId: 's-1',
  agentId: 'laptop-1',
  agentName: 'frank-mbp-24',
  timeMs: (ROUND + 120) * 1000,
  gatewayLoss: 0.2,
  targetLoss: 0.5,
  target: 'acme.example.com',
  trace: slowAtGateway,
  ...extra,
});

test('20 % loss to the gateway beside "no loss localized", and the latency jump at the gateway beside one inside an MPLS tunnel', () => {
  const agreement = compareWithSession(session(), {
    testName: 'Login page',
    roundId: ROUND,
    traces: throughTunnel,
    agentName: (id) => `agent ${id}`,
  });
  assert.equal(agreement.agree, false);
  assert.deepEqual(agreement.topics, ['loss', 'latency']);
  assert.equal(agreement.session.loss, '20 % loss to the gateway, 50 % to the target');
  assert.equal(agreement.path.loss, 'no loss localized');
  assert.match(agreement.session.latency, /^latency jump \+\d+ ms at the gateway/);
  assert.match(agreement.path.latency, /^latency jump \+\d+ ms inside the MPLS tunnel/);
  assert.match(agreement.lines[0] ?? '', /^The session and the test's path disagree on loss and latency:$/);
  assert.match(
    agreement.lines[1] ?? '',
    /^This session \(its own ping and traceroute from frank-mbp-24, .*\): 20 % loss/,
    "the session's own measurement leads",
  );
  assert.match(
    agreement.lines[2] ?? '',
    /^The test 'Login page' \(its path trace from 3 agents, round .*\): no loss localized/,
  );
  assert.deepEqual(
    agreement.reasons.map((reason) => reason.split(':')[0]),
    ['different agent', 'different round', 'different probe'],
  );
  assert.match(agreement.reasons[0] ?? '', /on frank-mbp-24, the test's path by agent m1, agent m2, agent m3$/);
  assert.match(agreement.reasons[1] ?? '', /2 min before the session$/);
});

test('the same agent at the same minute, no loss and the latency at the gateway on both sides: they agree and no reason is given', () => {
  const sameAgent = trace(
    'laptop-1',
    [[hop(1, '192.168.1.1', 45), hop(2, '10.9.0.1', 46), hop(3, TARGET_IP, 47)]],
    ROUND,
  );
  const agreement = compareWithSession(session({ gatewayLoss: 0, targetLoss: 0, timeMs: ROUND * 1000 }), {
    testName: 'Login page',
    roundId: ROUND,
    traces: [sameAgent],
  });
  assert.equal(agreement.agree, true, agreement.lines.join('\n'));
  assert.deepEqual(agreement.reasons, []);
  assert.equal(agreement.lines.length, 2);
});

test('the path localizes loss the session did not see: a disagreement on loss, the session still first', () => {
  const lost = [
    trace('x1', [[hop(1, '192.168.9.1', 1), hop(2, '10.9.0.1', 3)]], ROUND),
    trace('x2', [[hop(1, '192.168.8.1', 1), hop(2, '10.9.0.1', 3)]], ROUND),
  ];
  const agreement = compareWithSession(session({ gatewayLoss: 0, targetLoss: 0, trace: undefined }), {
    testName: 'Login page',
    roundId: ROUND,
    traces: lost,
  });
  assert.deepEqual(agreement.topics, ['loss']);
  assert.equal(agreement.session.loss, 'no loss to the gateway or the target');
  assert.notEqual(agreement.path.loss, 'no loss localized');
  assert.equal(agreement.session.latency, 'no traceroute');
});

test('a session detail read as its side: ping loss, the visited host, the traceroute', () => {
  const detail = {
    userSessionId: 's-9',
    agentId: 'laptop-1',
    date: '2026-11-25T17:25:06Z',
    visitedSite: 'https://acme.my.example.com:443',
    network: {
      gatewayPing: { pktsSent: 5, pktsReceived: 4, avgRtt: 3 },
      ping: { pktsSent: 4, pktsReceived: 2, avgRtt: 280 },
      traceroute: {
        destination: '203.0.113.10',
        hops: [
          { hop: 1, ipAddress: '192.168.1.1', delay: 40 },
          { hop: 2, ipAddress: '203.0.113.10', delay: 41 },
        ],
      },
    },
  } as unknown as UserSessionDetail;
  const side = sessionSide(detail, 'frank-mbp-24');
  assert.equal(Math.round((side.gatewayLoss ?? 0) * 100), 20);
  assert.equal(Math.round((side.targetLoss ?? 0) * 100), 50);
  assert.equal(side.target, 'acme.my.example.com');
  assert.equal(side.timeMs, Date.parse('2026-11-25T17:25:06Z'));
  assert.ok(side.trace, 'the traceroute becomes a path trace');
});

test('the path evidence of a path opened from a session leads with the session, then the test, then why', () => {
  const sources = compareWithSession(session(), { testName: 'Login page', roundId: ROUND, traces: throughTunnel });
  const doc = pathEvidence({
    test: { id: 7, name: 'Login page' },
    traces: throughTunnel,
    sources,
    generatedAt: new Date('2026-11-26T00:00:00Z'),
  });
  assert.match(doc.verdict.lines[0] ?? '', /disagree on loss and latency/);
  assert.match(doc.verdict.lines[1] ?? '', /^This session /);
  assert.match(doc.verdict.lines[2] ?? '', /^The test 'Login page'/);
  const first = doc.sections[0];
  assert.ok(first?.kind === 'text' && first.heading === "The session beside the test's path");
  assert.match(first.paragraphs.at(-1) ?? '', /^Why they can differ: different agent/);
  assert.match(renderEvidenceHtml(doc), /20 % loss to the gateway, 50 % to the target/);
});

test("the session evidence carries the same comparison, after the session's own traceroute", () => {
  const pathAgreement = compareWithSession(session(), {
    testName: 'Login page',
    roundId: ROUND,
    traces: throughTunnel,
  });
  const doc = sessionEvidence({
    session: healthySession(),
    pathAgreement,
    generatedAt: new Date('2026-11-26T00:00:00Z'),
  });
  const headings = doc.sections.map((s) => s.heading);
  const at = headings.indexOf("The session beside the test's path");
  assert.ok(at > headings.indexOf('Path to the site (traceroute, mtr-style)'), headings.join(' | '));
  const section = doc.sections[at];
  assert.ok(section?.kind === 'text');
  assert.match(section.paragraphs[1] ?? '', /^This session /);
});

test("a jump after a quick gateway is said past the gateway, with the session's own gateway ping beside it (one story)", () => {
  const pastGateway = trace(
    'laptop-1',
    [[hop(1, '192.168.1.1', 6), hop(2, '10.9.0.1', 133), hop(3, '10.9.0.2', 134), hop(4, TARGET_IP, 135)]],
    ROUND,
  );
  const agreement = compareWithSession(session({ trace: pastGateway, gatewayRttMs: 6.2, timeMs: ROUND * 1000 }), {
    testName: 'Login page',
    roundId: ROUND,
    traces: throughTunnel,
  });
  assert.equal(
    agreement.session.latency,
    'latency jump +127 ms just past the gateway, between 192.168.1.1 and 10.9.0.1 (its own ping to the gateway: 6 ms)',
  );
  assert.doesNotMatch(
    agreement.lines.join('\n'),
    /at the gateway/,
    'never "at the gateway" beside a 6 ms gateway ping',
  );

  const atGateway = compareWithSession(session({ gatewayRttMs: 44 }), {
    testName: 'Login page',
    roundId: ROUND,
    traces: throughTunnel,
  });
  assert.match(
    atGateway.session.latency,
    /^latency jump \+45 ms at the gateway \(192\.168\.1\.1\) \(its own ping to the gateway: 44 ms\)$/,
  );
});

test("the session's gateway ping is read from its details: the round trip of the pings that came back", () => {
  const detail = healthySession();
  const side = sessionSide({
    ...detail,
    network: { ...detail.network, gatewayPing: { pktsSent: 10, pktsReceived: 9, avgRtt: 7.5 } },
  } as UserSessionDetail);
  assert.equal(side.gatewayRttMs, 7.5);
  const none = sessionSide({
    ...detail,
    network: { ...detail.network, gatewayPing: { pktsSent: 10, pktsReceived: 0, avgRtt: 0 } },
  } as UserSessionDetail);
  assert.equal(none.gatewayRttMs, undefined, 'no reply: no round trip, never 0 ms');
});

test("only a change of the agent's line between the session and the round is named as why they differ", () => {
  const change = (minutes: number, text: string) => ({ t: (ROUND + minutes * 60) * 1000, kind: 'isp' as const, text });
  const compared = (networkChanges: { t: number; kind: 'isp'; text: string }[]) =>
    compareWithSession(session({ networkChanges }), { testName: 'Login page', roundId: ROUND, traces: throughTunnel });
  const between = compared([change(1, 'ISP changed from BT to AT&T')]);
  assert.match(
    between.reasons[1] ?? '',
    /^the agent's network changed between the session and the round: ISP changed from BT to AT&T \(/,
  );
  const outside = compared([change(-30, 'ISP changed from BT to AT&T'), change(40, 'ISP changed from AT&T to BT')]);
  assert.deepEqual(
    outside.reasons.map((reason) => reason.split(':')[0]),
    ['different agent', 'different round', 'different probe'],
    'a change half an hour away is not between them',
  );
});
