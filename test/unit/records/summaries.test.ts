// How records read in the explorer when the service left fields out: "not reported",
// never "undefined"; failures flagged; labels never empty.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentSummary, endpointTestSummary, httpServerSummary, NOT_REPORTED, pageSummary, probeSummary, userSessionSummary,
} from '../../../src/analysis/records/summaries';
import type { EndpointAgent, EndpointTest, HttpServerResult, NetworkProbe, SessionPage, UserSession } from '../../../src/api/types';

const partial = <T>(value: Record<string, unknown>): T => value as T;

test('a topology probe in the published shape (ids, date, icmpBlocked) reads "not reported" for the rest', () => {
  const summary = probeSummary(partial<NetworkProbe>({ networkProbeId: 'np-1', agentId: 'a-1', date: '2026-11-20T11:55:00Z', icmpBlocked: false }));
  assert.equal(summary.label, `probe (target ${NOT_REPORTED})`);
  assert.equal(summary.description, `a-1 · 2026-11-20T11:55:00Z · ${NOT_REPORTED}`);
  assert.deepEqual(summary.facts.find(([name]) => name === 'Packets'), ['Packets', NOT_REPORTED]);
  assert.equal(probeSummary(partial<NetworkProbe>({ networkProbeId: 'np-2', agentId: 'a-1', icmpBlocked: true })).description.endsWith('ICMP blocked'), true);
});

test('a user session without a page count or site is labelled by its id', () => {
  const summary = userSessionSummary(partial<UserSession>({ userSessionId: 's-1', date: '2026-11-20T11:55:00Z' }));
  assert.equal(summary.label, 's-1');
  assert.equal(summary.description, `2026-11-20T11:55:00Z · pages ${NOT_REPORTED}`);
  assert.equal(userSessionSummary(partial<UserSession>({ userSessionId: 's', numberOfPages: 1 })).description.endsWith('1 page'), true);
});

test('a page without timings, and a page that failed', () => {
  const summary = pageSummary(partial<SessionPage>({ id: 'p-1', title: '', responseCode: 503 }));
  assert.equal(summary.label, 'p-1');
  assert.equal(summary.description, `503 · load ${NOT_REPORTED}`);
  assert.equal(summary.warning, true);
  assert.equal(pageSummary(partial<SessionPage>({ id: 'p-2', responseCode: 200, pageTimings: { onLoad: 1234.56 } })).description, '200 · load 1234.6 ms');
});

test('an agent without a name, hardware or status', () => {
  const summary = agentSummary(partial<EndpointAgent>({ agentId: 'a-9', deleted: true }));
  assert.equal(summary.label, 'a-9');
  assert.equal(summary.description, `${NOT_REPORTED} · deleted`);
  assert.deepEqual(summary.facts.find(([name]) => name === 'Hardware'), ['Hardware', NOT_REPORTED]);
});

test('endpoint tests: enabled as 0/1 or boolean; an absent interval', () => {
  assert.match(endpointTestSummary(partial<EndpointTest>({ testId: 7, testName: 'x', enabled: 0, interval: 60 })).description, /every 60 s · disabled$/);
  assert.match(endpointTestSummary(partial<EndpointTest>({ testId: 7, testName: 'x', enabled: false })).description, /interval not reported · disabled$/);
  assert.doesNotMatch(endpointTestSummary(partial<EndpointTest>({ testId: 7, testName: 'x' })).description, /disabled/);
});

test('an HTTP server result with an error is a warning and names the error; "None" is no error', () => {
  const failed = httpServerSummary(partial<HttpServerResult>({ agentId: 'a', roundId: 1_795_000_000, responseCode: 200, errorType: 'DNS' }));
  assert.equal(failed.warning, true);
  assert.deepEqual(failed.facts.at(-1), ['Error', 'DNS']);
  const fine = httpServerSummary(partial<HttpServerResult>({ agentId: 'a', roundId: 'later', errorType: 'None' }));
  assert.equal(fine.warning, false);
  assert.equal(fine.label, `a · ${NOT_REPORTED}`);
  assert.equal(fine.facts.some(([name]) => name === 'Error'), false);
});
