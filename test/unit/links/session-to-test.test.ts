// Session → scheduled test and round: matched on host (or destination address), the round of
// the same agent nearest the session within 30 minutes, each link saying what it matched on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_APART_S,
  nearestRound,
  ROUND_SESSIONS_APART_S,
  roundSessionsQuery,
  sessionTestLinks,
  testHost,
  testsTowardSession,
  type SessionRef,
} from '../../../src/analysis/links/session-to-test';
import type { EndpointTest } from '../../../src/api/types';

const t = (testId: number, testName: string, target: { url?: string; server?: string }): EndpointTest =>
  ({ testId, testName, ...target }) as EndpointTest;
const TESTS = [
  t(1, 'Zoom signalling', { server: 'zoom.us' }),
  t(2, 'Salesforce login page', { url: 'https://acme.my.salesforce.com/' }),
  t(3, 'Zoom by address', { server: '52.94.240.80:443' }),
  t(4, 'Broken', { url: 'not a url' }),
];
const session: SessionRef = {
  agentId: 'a-1',
  visitedSite: 'Zoom.us',
  timeS: 1_800_000_000,
  destinationIp: '52.94.240.80',
};

test("hosts of tests: a URL's host, a server without its port, IPv6 in brackets", () => {
  assert.equal(testHost(TESTS[1]!), 'acme.my.salesforce.com');
  assert.equal(testHost(TESTS[2]!), '52.94.240.80');
  assert.equal(testHost(t(5, 'v6', { server: '[2001:db8::1]:443' })), '2001:db8::1');
  assert.equal(testHost(TESTS[3]!), undefined);
});

test('tests toward the session: same host first, then same destination address', () => {
  assert.deepEqual(
    testsTowardSession(session, TESTS).map((m) => [m.test.testId, m.matchedOn]),
    [
      [1, 'host'],
      [3, 'address'],
    ],
  );
  assert.deepEqual(
    testsTowardSession({ ...session, destinationIp: undefined }, TESTS).map((m) => m.test.testId),
    [1],
  );
});

test('the nearest round within 30 minutes, the earlier one on a tie', () => {
  assert.equal(nearestRound(1000, [400, 1300, 1600]), 1300);
  assert.equal(nearestRound(1000, [700, 1300]), 700);
  assert.equal(nearestRound(1000, [1000 + MAX_APART_S + 1]), undefined);
  assert.equal(nearestRound(1000, [Number.NaN]), undefined);
});

test('links say what they matched on; none say why', () => {
  const rounds = new Map<number, number[]>([
    [1, [session.timeS - 120, session.timeS + 600]],
    [3, []],
  ]);
  const { links, why } = sessionTestLinks(session, testsTowardSession(session, TESTS), (id) => rounds.get(id) ?? []);
  assert.equal(why, undefined);
  assert.deepEqual(
    links.map((l) => [l.testId, l.roundId, l.deltaS]),
    [[1, session.timeS - 120, -120]],
  );
  assert.equal(
    links[0]!.description,
    `test 'Zoom signalling', round ${new Date((session.timeS - 120) * 1000).toISOString().slice(11, 16)} UTC, 2 min before the session (same host)`,
  );
  assert.equal(
    sessionTestLinks({ ...session, visitedSite: 'www.netflix.com', destinationIp: undefined }, [], () => []).why,
    'no scheduled test measures www.netflix.com',
  );
  assert.match(
    sessionTestLinks(session, testsTowardSession(session, TESTS), () => []).why ?? '',
    /^'Zoom signalling', 'Zoom by address' measure Zoom\.us, but this agent has no round within 30 min/,
  );
});

test("when this agent ran no round near the session, the test's other agents' nearest round is offered, said as such", () => {
  const others = new Map<number, number[]>([[1, [session.timeS + 300]]]);
  const { links, why } = sessionTestLinks(
    session,
    testsTowardSession(session, TESTS),
    () => [],
    (id) => others.get(id) ?? [],
  );
  assert.equal(why, undefined);
  assert.deepEqual(
    links.map((l) => [l.testId, l.agentId, l.roundId]),
    [[1, '', session.timeS + 300]],
    "no agent to highlight: the round is other agents'",
  );
  assert.match(
    links[0]!.description,
    /, 5 min after the session \(same host; measured by other agents: this one ran no round near the session\)$/,
  );
  assert.match(
    sessionTestLinks(
      session,
      testsTowardSession(session, TESTS),
      () => [],
      () => [],
    ).why ?? '',
    /but no agent has a round within 30 min/,
  );
});

test('from a hop back to sessions: fifteen minutes either side of the round, said in words', () => {
  const query = roundSessionsQuery(1_800_000_000, 3, 'through 154.54.43.176');
  assert.equal(query.to.getTime() - query.from.getTime(), 2 * ROUND_SESSIONS_APART_S * 1000);
  assert.equal(
    query.description,
    `sessions of 3 agents through 154.54.43.176 within 15 min of round ${new Date(1_800_000_000_000).toISOString().slice(11, 16)} UTC`,
  );
});
