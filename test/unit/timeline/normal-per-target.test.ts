// "The agent's normal toward this target" is its normal toward that target: round trips to an
// intranet at 12 ms say nothing about a SaaS site at 150 ms. A normal needs enough round trips
// toward the same host or site (THRESHOLDS.baseline.minSamples); with fewer there is none, and
// the verdict says so. Built from list records and a session detail as the timeline panel, the
// session overview and the evidence bundles read them (sessionContextInTimeline).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  TimelineLanesBuilder,
  agentTimeline,
  attribute,
  sessionContextInTimeline,
} from '../../../src/analysis/timeline';
import { sessionOverview, sessionVerdict, THRESHOLDS, type SessionContext } from '../../../src/analysis/session';
import { sessionEvidence } from '../../../src/analysis/evidence';
import type { UserSessionDetail } from '../../../src/api/types';
import { healthySession, withNetwork } from '../session/fixtures';

const AGENT = 'ea-0193';
const INTRANET = { site: 'intranet.corp.example', ip: '10.20.0.5', rtt: 12 };
const SAAS = { site: 'app.saas.example', ip: '198.51.100.80', rtt: 150 };
const MINUTE = 60_000;

/** One agent's sessions: `intranet` to the intranet at 12 ms, `saas` earlier ones to the SaaS site at ~150 ms, then the SaaS session graded. */
function timelineOf(now: number, intranet: number, saas: number, options: { ownNetworkSession?: boolean } = {}) {
  const sessions: unknown[] = [];
  const network: unknown[] = [];
  let minute = 0;
  const add = (id: string, to: typeof INTRANET, rtt: number, withNetworkSession = true): number => {
    const t = now - 6 * 3600_000 + minute++ * 5 * MINUTE;
    const date = new Date(t).toISOString();
    sessions.push({ userSessionId: id, agentId: AGENT, date, visitedSite: to.site, experienceScore: 0.9 });
    if (withNetworkSession)
      network.push({ userSessionId: id, agentId: AGENT, date, destination: { target: to.ip, latency: rtt, loss: 0 } });
    return t;
  };
  for (let i = 0; i < intranet; i++) add(`i${i}`, INTRANET, INTRANET.rtt + (i % 3));
  for (let i = 0; i < saas; i++) add(`s${i}`, SAAS, SAAS.rtt - 2 + (i % 5));
  const t = add('graded', SAAS, SAAS.rtt, options.ownNetworkSession ?? true);
  const detail: UserSessionDetail = {
    ...withNetwork(healthySession(), (n) => ({
      ...n,
      gatewayPing: { pktsSent: 10, pktsReceived: 10, minRtt: 1, avgRtt: 2, maxRtt: 3, meanDevRtt: 0.5 },
      ping: { pktsSent: 10, pktsReceived: 10, minRtt: 146, avgRtt: SAAS.rtt, maxRtt: 158, meanDevRtt: 2 },
    })),
    userSessionId: 'graded',
    agentId: AGENT,
    date: new Date(t).toISOString(),
    visitedSite: options.ownNetworkSession === false ? `https://App.SaaS.example:443/` : SAAS.site,
  };
  const builder = new TimelineLanesBuilder(AGENT);
  builder.add('userSessions', sessions);
  builder.add('networkSessions', network);
  builder.addSessionDetail(detail);
  const range = { fromMs: now - 7 * 3600_000, toMs: now };
  const timeline = agentTimeline({ agentId: AGENT }, range, builder, [], true);
  const context: SessionContext = sessionContextInTimeline(timeline, 'graded') ?? {};
  return { timeline, detail, context };
}

const ispMessage = (detail: UserSessionDetail, context: SessionContext): string =>
  sessionVerdict(detail, context)
    .segments.find((s) => s.segment === 'isp')
    ?.findings.map((f) => f.message)
    .join(' | ') ?? '';

describe("the agent's normal toward this target", () => {
  test('a healthy 150 ms SaaS session is read against the SaaS normal, not the 12 ms intranet', () => {
    const now = Date.now();
    const { detail, context } = timelineOf(now, 36, 8);
    assert.equal(context.normalSamples, 8, 'the eight earlier SaaS sessions, none of the 36 intranet ones');
    assert.ok(Math.abs((context.normalRttMs ?? 0) - SAAS.rtt) <= 2, `normal ${context.normalRttMs}`);
    const verdict = sessionVerdict(detail, context);
    assert.equal(verdict.worst, undefined, verdict.line);
    assert.match(ispMessage(detail, context), /over the agent's normal toward this target \(1[45]\d ms, 8 sessions\)/);
    assert.doesNotMatch(ispMessage(detail, context), /12 ms|\+13\d ms/);
    // The session overview panel and the evidence bundle read the same verdict.
    assert.equal(sessionOverview(detail, undefined, context).verdict.line, verdict.line);
    const evidence = sessionEvidence({ session: detail, context, generatedAt: new Date(now) });
    assert.ok(
      !evidence.verdict.lines.some((l) => /ISP path/.test(l) && /\+13\d ms/.test(l)),
      evidence.verdict.lines.join('\n'),
    );
  });

  test('fewer than five sessions toward the target is no baseline, and the verdict says how many', () => {
    assert.equal(THRESHOLDS.baseline.minSamples, 5, 'the one constant');
    const { detail, context } = timelineOf(Date.now(), 36, 3);
    assert.equal(context.normalRttMs, undefined);
    assert.equal(context.normalSamples, 3);
    assert.equal(sessionVerdict(detail, context).worst, undefined);
    assert.match(
      ispMessage(detail, context),
      /round trip to the target 150 ms, not graded: no baseline \(only 3 other sessions toward this target, 5 needed for its normal; /,
    );
  });

  test('without its own network session, the session finds its target by the site it visited (host, any case or port)', () => {
    const { context } = timelineOf(Date.now(), 36, 6, { ownNetworkSession: false });
    assert.equal(context.normalSamples, 6);
    assert.ok(Math.abs((context.normalRttMs ?? 0) - SAAS.rtt) <= 2, `normal ${context.normalRttMs}`);
  });
});

describe('a poor period reads each target against its own normal', () => {
  const lanes = () => ({
    sessions: [],
    pages: [],
    probes: [],
    system: [],
    samples: [],
    network: [
      {
        target: INTRANET.ip,
        points: Array.from({ length: 36 }, (_, i) => ({ t: 200 + i, userSessionId: `i${i}`, loss: 0, latency: 12 })),
      },
      {
        target: SAAS.ip,
        points: Array.from({ length: 9 }, (_, i) => ({
          t: i < 3 ? i : 200 + i,
          userSessionId: `s${i}`,
          loss: 0,
          latency: SAAS.rtt,
        })),
      },
    ],
  });
  const split = { inside: (t: number) => t < 100, outside: (t: number) => t >= 100 };

  test('SaaS sessions at their usual 150 ms in the window add nothing, whatever the intranet does', () => {
    const isp = attribute(lanes(), split).evidence.find((e) => e.segment === 'isp');
    assert.equal(isp?.grade, 'ok', isp?.text);
    assert.equal(isp?.numbers.addedLatency, 0);
    assert.match(isp?.text ?? '', /latency 150 ms, \+0 ms over normal/);
  });

  test('with fewer than five sessions toward the target outside the window there is no normal, and the text says so', () => {
    const few = lanes();
    few.network[1]!.points = few.network[1]!.points.slice(0, 6); // 3 inside, 3 outside
    const isp = attribute(few, split).evidence.find((e) => e.segment === 'isp');
    assert.equal(isp?.grade, 'ok');
    assert.equal(isp?.numbers.addedLatency, undefined);
    assert.match(
      isp?.text ?? '',
      /no normal to compare with \(only 3 other sessions toward this target outside the poor periods, 5 needed/,
    );
  });
});
