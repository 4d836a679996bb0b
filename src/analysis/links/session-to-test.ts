// From a user session to the scheduled endpoint tests that measure the same destination from
// the same agent: a test matches when its target host is the session's visited site (or its
// server address the session's destination address), and its round nearest the session time
// (within MAX_APART_S) is the one to open. Each link says what it matched on; no link says why.
import type { EndpointTest } from '../../api/types';

/** A round further than this from the session is not "the same moment". */
export const MAX_APART_S = 30 * 60;
/** Links offered at most (tests toward the same site). */
export const MAX_LINKS = 3;

export interface SessionRef {
  agentId: string;
  visitedSite: string;
  /** Epoch seconds of the session. */
  timeS: number;
  /** The destination address the session reached, when known. */
  destinationIp?: string;
}

export interface SessionTestLink {
  testId: number;
  testName: string;
  /** The session's agent; '' when the round is another agents' (this one ran none near the session). */
  agentId: string;
  roundId: number;
  /** Round time minus session time, seconds. */
  deltaS: number;
  matchedOn: 'host' | 'address';
  /** "test 'Zoom signalling', round 17:25 UTC, 2 min before the session (same host)". */
  description: string;
}

/** The host a test measures: its URL's host, or its server without a port. */
export function testHost(test: Pick<EndpointTest, 'url' | 'server'>): string | undefined {
  const url: unknown = test.url;
  if (typeof url === 'string' && url !== '') {
    try {
      return new URL(url).hostname.toLowerCase();
    } catch {
      /* not a URL: try server */
    }
  }
  const server: unknown = test.server;
  if (typeof server !== 'string' || server === '') return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(server);
  if (bracketed) return bracketed[1]!.toLowerCase();
  // host:port has one colon; a bare IPv6 address has several and no port.
  return (server.split(':').length === 2 ? server.replace(/:\d+$/, '') : server).toLowerCase();
}

/** Tests toward the session's site (by host, else by address), at most MAX_LINKS. */
export function testsTowardSession(
  session: SessionRef,
  tests: readonly EndpointTest[],
): { test: EndpointTest; matchedOn: 'host' | 'address' }[] {
  const site = session.visitedSite.toLowerCase();
  const matched: { test: EndpointTest; matchedOn: 'host' | 'address' }[] = [];
  for (const test of tests) {
    const host = testHost(test);
    if (host !== undefined && host === site) matched.push({ test, matchedOn: 'host' });
    else if (session.destinationIp && host === session.destinationIp) matched.push({ test, matchedOn: 'address' });
  }
  return matched
    .sort((a, b) => (a.matchedOn === b.matchedOn ? 0 : a.matchedOn === 'host' ? -1 : 1))
    .slice(0, MAX_LINKS);
}

/** The round nearest the session (ties: the earlier one), if within MAX_APART_S. */
export function nearestRound(timeS: number, rounds: readonly number[]): number | undefined {
  let best: number | undefined;
  for (const round of rounds) {
    if (!Number.isFinite(round)) continue;
    const apart = Math.abs(round - timeS);
    if (apart > MAX_APART_S) continue;
    if (best === undefined || apart < Math.abs(best - timeS) || (apart === Math.abs(best - timeS) && round < best))
      best = round;
  }
  return best;
}

export function describeLink(
  testName: string,
  roundId: number,
  deltaS: number,
  matchedOn: 'host' | 'address',
  otherAgents = false,
): string {
  const minutes = Math.round(Math.abs(deltaS) / 60);
  const when =
    minutes === 0 ? 'at the time of the session' : `${minutes} min ${deltaS < 0 ? 'before' : 'after'} the session`;
  const clock = new Date(roundId * 1000).toISOString().slice(11, 16);
  const from = otherAgents ? '; measured by other agents: this one ran no round near the session' : '';
  return (
    `test '${testName}', round ${clock} UTC, ${when} ` +
    `(same ${matchedOn === 'host' ? 'host' : 'destination address'}${from})`
  );
}

/**
 * Links for the matched tests whose rounds of this agent are near the session. When this
 * agent ran none, the rounds of the test's other agents (`othersRoundsOf`) near the session
 * are offered instead, said as such: what the test saw from elsewhere at that time still
 * tells where the path was broken. `why` when there is nothing near at all.
 */
export function sessionTestLinks(
  session: SessionRef,
  matched: readonly { test: EndpointTest; matchedOn: 'host' | 'address' }[],
  roundsOf: (testId: number) => readonly number[],
  othersRoundsOf?: (testId: number) => readonly number[],
): { links: SessionTestLink[]; why?: string } {
  if (matched.length === 0) return { links: [], why: `no scheduled test measures ${session.visitedSite}` };
  const own = linksFrom(session, matched, roundsOf, false);
  if (own.length > 0) return { links: own };
  const others = othersRoundsOf ? linksFrom(session, matched, othersRoundsOf, true) : [];
  if (others.length > 0) return { links: others };
  const names = matched.map(({ test }) => `'${String(test.testName)}'`).join(', ');
  return {
    links: [],
    why:
      `${names} measure${matched.length === 1 ? 's' : ''} ${session.visitedSite}, ` +
      `but ${othersRoundsOf ? 'no agent has a round' : 'this agent has no round'} ` +
      `within ${MAX_APART_S / 60} min of the session`,
  };
}

function linksFrom(
  session: SessionRef,
  matched: readonly { test: EndpointTest; matchedOn: 'host' | 'address' }[],
  roundsOf: (testId: number) => readonly number[],
  otherAgents: boolean,
): SessionTestLink[] {
  const links: SessionTestLink[] = [];
  for (const { test, matchedOn } of matched) {
    const roundId = nearestRound(session.timeS, roundsOf(test.testId));
    if (roundId === undefined) continue;
    const testName = typeof test.testName === 'string' && test.testName !== '' ? test.testName : `test ${test.testId}`;
    const deltaS = roundId - session.timeS;
    links.push({
      testId: test.testId,
      testName,
      agentId: otherAgents ? '' : session.agentId,
      roundId,
      deltaS,
      matchedOn,
      description: describeLink(testName, roundId, deltaS, matchedOn, otherAgents),
    });
  }
  return links;
}

/** From a hop (or a metrics point) back to sessions: those of its agents within this of the round. */
export const ROUND_SESSIONS_APART_S = 15 * 60;

/**
 * The window to search, and what the search says it matched: `relation` says how the agents
 * were chosen ("through 154.54.43.176", "running test 'Zoom signalling'").
 */
export function roundSessionsQuery(
  roundId: number,
  agentCount: number,
  relation: string,
): { from: Date; to: Date; description: string } {
  const clock = new Date(roundId * 1000).toISOString().slice(11, 16);
  return {
    from: new Date((roundId - ROUND_SESSIONS_APART_S) * 1000),
    to: new Date((roundId + ROUND_SESSIONS_APART_S) * 1000),
    description:
      `sessions of ${agentCount} agent${agentCount === 1 ? '' : 's'} ${relation} ` +
      `within ${ROUND_SESSIONS_APART_S / 60} min of round ${clock} UTC`,
  };
}
