// How records read in the explorer when the service left fields out: "not reported",
// never "undefined"; failures flagged; labels never empty.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentSummary,
  endpointTestSummary,
  fullTime,
  httpServerSummary,
  networkSessionSummary,
  NOT_REPORTED,
  pageSummary,
  probeSummary,
  shortTime,
  userSessionSummary,
} from '../../../src/analysis/records/summaries';
import { THRESHOLDS } from '../../../src/analysis/session/thresholds';
import type {
  EndpointAgent,
  EndpointTest,
  HttpServerResult,
  NetworkProbe,
  NetworkSession,
  SessionPage,
  UserSession,
} from '../../../src/api/types';

const partial = <T>(value: Record<string, unknown>): T => value as T;
/** The instant every label here is read at: the short time of a date is relative to it. */
const READ_AT = new Date(2026, 10, 23, 12, 0);

test('a topology probe in the published shape (ids, date, icmpBlocked) reads "not reported" for the rest', () => {
  const summary = probeSummary(
    partial<NetworkProbe>({ networkProbeId: 'np-1', agentId: 'a-1', date: '2026-11-20T11:55:00Z', icmpBlocked: false }),
    READ_AT,
  );
  assert.equal(summary.label, `Probe (target ${NOT_REPORTED})`);
  assert.equal(summary.description, `${shortTime('2026-11-20T11:55:00Z', READ_AT)} · ${NOT_REPORTED} · a-1`);
  assert.equal(summary.grade, undefined, 'nothing measured, nothing graded');
  assert.deepEqual(
    summary.facts.find(([name]) => name === 'Packets'),
    ['Packets', NOT_REPORTED],
  );
  assert.match(
    probeSummary(partial<NetworkProbe>({ networkProbeId: 'np-2', agentId: 'a-1', icmpBlocked: true }), READ_AT)
      .description,
    / · ICMP blocked · a-1$/,
  );
});

test('a user session without a page count or site is labelled by its id', () => {
  const summary = userSessionSummary(
    partial<UserSession>({ userSessionId: 's-1', date: '2026-11-20T11:55:00Z' }),
    READ_AT,
  );
  assert.equal(summary.label, `score ${NOT_REPORTED} · ${shortTime('2026-11-20T11:55:00Z', READ_AT)} · s-1`);
  assert.equal(summary.description, `pages ${NOT_REPORTED}`);
  assert.equal(summary.grade, undefined);
  assert.equal(
    userSessionSummary(partial<UserSession>({ userSessionId: 's', numberOfPages: 1 }), READ_AT).description.endsWith(
      '1 page',
    ),
    true,
  );
});

test('a page without timings, and a page that failed', () => {
  const summary = pageSummary(partial<SessionPage>({ id: 'p-1', title: '', responseCode: 503 }));
  assert.equal(summary.label, 'p-1');
  assert.equal(summary.description, `503 · load ${NOT_REPORTED}`);
  assert.equal(summary.warning, true);
  assert.equal(
    pageSummary(partial<SessionPage>({ id: 'p-2', responseCode: 200, pageTimings: { onLoad: 1234.56 } })).description,
    '200 · load 1234.6 ms',
  );
  assert.equal(summary.grade, 'bad', 'a failed page is graded failing whatever its load time');
});

test('an agent without a name, hardware or status', () => {
  const summary = agentSummary(partial<EndpointAgent>({ agentId: 'a-9', deleted: true }), READ_AT.getTime());
  assert.equal(summary.label, 'a-9');
  assert.equal(summary.description, `${NOT_REPORTED} · deleted`);
  assert.deepEqual(
    summary.facts.find(([name]) => name === 'Hardware'),
    ['Hardware', NOT_REPORTED],
  );
});

test('endpoint tests: enabled as 0/1 or boolean; an absent interval', () => {
  assert.match(
    endpointTestSummary(partial<EndpointTest>({ testId: 7, testName: 'x', enabled: 0, interval: 60 })).description,
    /every 60 s · disabled$/,
  );
  assert.match(
    endpointTestSummary(partial<EndpointTest>({ testId: 7, testName: 'x', enabled: false })).description,
    /interval not reported · disabled$/,
  );
  assert.doesNotMatch(endpointTestSummary(partial<EndpointTest>({ testId: 7, testName: 'x' })).description, /disabled/);
});

test('an HTTP server result with an error is a warning and names the error; "None" is no error', () => {
  const failed = httpServerSummary(
    partial<HttpServerResult>({ agentId: 'a', roundId: 1_795_000_000, responseCode: 200, errorType: 'DNS' }),
  );
  assert.equal(failed.warning, true);
  assert.deepEqual(failed.facts.at(-1), ['Error', 'DNS']);
  const fine = httpServerSummary(partial<HttpServerResult>({ agentId: 'a', roundId: 'later', errorType: 'None' }));
  assert.equal(fine.warning, false);
  assert.equal(fine.label, `a · ${NOT_REPORTED}`);
  assert.equal(
    fine.facts.some(([name]) => name === 'Error'),
    false,
  );
});

// Local times, built with local constructors so the tests hold in any time zone.
const NOW = new Date(2026, 10, 23, 14, 30);
const local = (day: number, hour: number, minute: number, month = 10, year = 2026): string =>
  new Date(year, month, day, hour, minute).toISOString();

test('short times: today, yesterday, this week, this year, older; the full date in the tooltip', () => {
  assert.equal(shortTime(local(23, 9, 14), NOW), '09:14');
  assert.equal(shortTime(local(22, 18, 5), NOW), 'yesterday 18:05');
  assert.equal(shortTime(local(19, 7, 0), NOW), 'Thu 07:00');
  assert.equal(shortTime(local(2, 18, 5), NOW), 'Nov 2 18:05');
  assert.equal(shortTime(local(2, 18, 5, 10, 2025), NOW), '2025-11-02');
  assert.equal(shortTime('not a date', NOW), 'not a date');
  assert.equal(shortTime(undefined, NOW), NOT_REPORTED);
  assert.match(fullTime(local(23, 9, 14)), /^2026-11-23 09:14:00 \(UTC([+-]\d+(:\d\d)?)?\)$/);
});

test('user sessions by experience score: good, fair and poor at the shared thresholds, in words and for screen readers', () => {
  const { fairBelow, poorBelow } = THRESHOLDS.experience;
  const session = (score: number): UserSession =>
    partial<UserSession>({
      userSessionId: 's',
      visitedSite: 'portal.example.com',
      date: local(23, 9, 14),
      numberOfPages: 3,
      experienceScore: score,
    });
  const good = userSessionSummary(session(fairBelow), NOW);
  assert.equal(good.grade, 'ok');
  assert.equal(
    good.label,
    `${fairBelow.toFixed(2)} good · 09:14 · portal.example.com`,
    'score and time lead the label: a narrow sidebar cuts the end',
  );
  assert.equal(good.description, '3 pages');
  assert.equal(userSessionSummary(session(fairBelow - 0.01), NOW).grade, 'warn');
  assert.match(userSessionSummary(session(fairBelow - 0.01), NOW).label, /^\d\.\d\d fair · /);
  const poor = userSessionSummary(session(poorBelow - 0.01), NOW);
  assert.equal(poor.grade, 'bad');
  assert.equal(
    poor.spoken,
    `User session portal.example.com, 09:14, ${(poorBelow - 0.01).toFixed(2)} poor, 3 pages, experience score ${(poorBelow - 0.01).toFixed(2)} poor`,
  );
});

test('pages graded on onLoad against the page budget; network sessions on loss and latency; probes by kind', () => {
  const page = (onLoad: number): SessionPage =>
    partial<SessionPage>({ id: 'p', title: 'Home', responseCode: 200, pageTimings: { onLoad } });
  assert.equal(pageSummary(page(THRESHOLDS.page.loadWarn - 1)).grade, 'ok');
  assert.equal(
    pageSummary(page(THRESHOLDS.page.loadWarn)).description,
    `200 · load ${THRESHOLDS.page.loadWarn} ms slow`,
  );
  assert.equal(pageSummary(page(THRESHOLDS.page.loadBad)).grade, 'bad');
  const network = (loss: number, latency: number): NetworkSession =>
    partial<NetworkSession>({
      userSessionId: 'n',
      agentId: 'a',
      date: local(23, 9, 0),
      destination: { target: 'x', loss, latency },
    });
  assert.equal(networkSessionSummary(network(0, 20), NOW).grade, 'ok');
  assert.equal(networkSessionSummary(network(THRESHOLDS.isp.lossBad * 100, 20), NOW).grade, 'bad');
  assert.match(
    networkSessionSummary(network(0, THRESHOLDS.isp.rttWarn), NOW).label,
    /^09:00 · \d+ ms · loss 0% slow$/,
    'time and measures lead the label',
  );
  assert.equal(networkSessionSummary(network(0, 20), NOW).description, 'a → x');
  const probe = (type: string, avgRtt: number): NetworkProbe =>
    partial<NetworkProbe>({
      networkProbeId: 'np',
      agentId: 'a',
      type,
      target: '10.0.0.1',
      icmpPing: { avgRtt, pktsSent: 10, pktsReceived: 10 },
    });
  assert.equal(
    probeSummary(probe('gateway', THRESHOLDS.gateway.rttBad), NOW).grade,
    'bad',
    'the gateway has the LAN budget',
  );
  assert.equal(
    probeSummary(probe('vpn', THRESHOLDS.gateway.rttBad), NOW).grade,
    'ok',
    'a VPN target has the ISP budget',
  );
  assert.equal(probeSummary(probe('vpn', 5), NOW).label, 'VPN 10.0.0.1');
});
