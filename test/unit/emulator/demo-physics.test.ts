// The demo world obeys physics. Over every account group of the seeded world, for a day of
// every scheduled test's path traces (VPN ones too), of deployed enterprise tests' path traces
// and of user sessions' traceroutes: no hop answers sooner than light in fibre could get
// there and back from the agent's own place, and no link between two consecutive answering
// hops is faster than fibre over their great-circle distance. The constant is written here,
// not read from the emulator, so the emulator cannot agree with itself by mistake.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { EnterpriseTest, PathHop, TestAgent, TracerouteHop } from '../../../src/api/types';
import { CITIES, type City } from '../../../src/emulator/world/catalog';
import { enterpriseRound, enterpriseRounds, enterpriseRoute } from '../../../src/emulator/world/enterprise-results';
import { createWorld, type GroupWorld } from '../../../src/emulator/world/index';
import { NOW } from '../emulator-world/helpers';

/** Light in fibre: c / 1.47 ≈ 204 km per ms, one way. */
const FIBRE_KM_PER_MS = 204;
const EARTH_KM = 6371;
const DAY = 86400;

const world = createWorld({ seed: 42, preset: 'demo' });
const groups = world.accountGroups.map(({ aid }) => world.group(aid) as GroupWorld);

function km(a: City, b: City): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const fibreRtt = (a: City, b: City): number => (2 * km(a, b)) / FIBRE_KM_PER_MS;
const byLocation = (location: string | undefined): City | undefined => CITIES.find((c) => c.location === location);
/** A router's city from its name, e.g. "be12.ccr21.lon03.atlas.cogentco.com" → London. */
const byRouterName = (name: string): City | undefined => {
  const code = /^([a-z]{3})\d{2}$/.exec(name.split('.')[2] ?? '')?.[1];
  return CITIES.find((c) => c.code === code);
};

/** An answering hop: its round trip and, when known, its city. */
interface Point {
  ms: number;
  city: City | undefined;
  label: string;
}

interface Tally {
  links: number;
  /** Links of a real distance (more than 20 ms of fibre): the distance logic is exercised. */
  longLinks: number;
  failures: string[];
}

const tally: Tally = { links: 0, longLinks: 0, failures: [] };

function fail(what: string): void {
  if (tally.failures.length < 20) tally.failures.push(what);
  else tally.failures[19] = `… and more (last: ${what})`;
}

/**
 * Checks one route from `origin`. A router may answer slower than the hops behind it (ICMP
 * rate limiting), so the probe passed a hop no later than the fastest answer at or after it.
 */
function checkRoute(origin: City, points: readonly Point[], where: string): void {
  const passed = points.map((p, i) => Math.min(...points.slice(i).map((q) => q.ms)));
  points.forEach((b, i) => {
    if (b.city && b.ms < fibreRtt(origin, b.city))
      fail(
        `${where}: ${b.label} (${b.city.name}) in ${b.ms} ms from ${origin.name}, fibre needs ${fibreRtt(origin, b.city).toFixed(1)}`,
      );
    const a = points[i - 1];
    if (!a?.city || !b.city) return;
    const need = fibreRtt(a.city, b.city);
    tally.links++;
    if (need > 20) tally.longLinks++;
    const gain = b.ms - (passed[i - 1] as number);
    if (gain < need)
      fail(
        `${where}: ${a.label} (${a.city.name}) → ${b.label} (${b.city.name}) +${gain} ms, fibre needs ${need.toFixed(1)}`,
      );
  });
}

const pathPoints = (hops: readonly PathHop[]): Point[] =>
  hops
    .filter((h) => typeof h.responseTime === 'number')
    .map((h) => ({ ms: h.responseTime as number, city: byLocation(h.location), label: `hop ${h.hop}` }));

const traceroutePoints = (hops: readonly TracerouteHop[]): Point[] =>
  hops.map((h) => ({ ms: h.delay, city: byRouterName(h.name), label: `hop ${h.hop} ${h.name}` }));

function scheduledTraces(g: GroupWorld, aid: number): void {
  const range = { from: NOW - DAY, to: NOW };
  for (const t of g.endpointTests().filter((x) => x.savedEvent !== 1)) {
    for (const { record: summary } of g.pathVis(t.testId, range)) {
      const origin = byLocation(summary.location);
      assert.ok(origin, `a known agent location: ${summary.location}`);
      const where = `group ${aid} test ${t.testId} agent ${summary.agentId} round ${summary.roundId}`;
      const trace = g.pathTrace(t.testId, summary.agentId, summary.roundId, NOW);
      for (const route of trace?.routes ?? []) checkRoute(origin, pathPoints(route.hops), where);
      for (const route of g.vpnPathTrace(t.testId, summary.agentId, summary.roundId, NOW))
        checkRoute(origin, pathPoints(route.hops), `${where} (VPN)`);
    }
  }
}

function deployed(g: GroupWorld, testId: number, server: string): EnterpriseTest {
  return {
    testId,
    testName: `physics ${testId}`,
    type: 'agent-to-server',
    interval: 300,
    enabled: 1,
    server,
    agents: g.enterpriseAgents(),
    // Deployed two weeks before the day the test reads.
    createdDate: new Date((NOW - 14 * DAY) * 1000).toISOString().slice(0, 19).replace('T', ' '),
  } as EnterpriseTest;
}

function enterpriseTraces(g: GroupWorld, aid: number): void {
  const servers = ['example.com', 'www.office.com', 'api.github.com', 'zoom.us', 'salesforce.com', 'slack.com'];
  servers.forEach((server, k) => {
    const plan = g.enterprisePlan(deployed(g, 2_000_000 + k, server));
    for (const roundId of enterpriseRounds(plan, NOW - DAY, NOW)) {
      for (const agent of plan.agents as TestAgent[]) {
        const origin = byLocation(agent.location);
        if (!origin) continue;
        const route = enterpriseRoute(enterpriseRound(plan, agent, roundId));
        const where = `group ${aid} enterprise ${server} agent ${agent.agentId} round ${roundId}`;
        checkRoute(origin, pathPoints(route.hops), where);
      }
    }
  });
}

function sessionTraceroutes(g: GroupWorld, aid: number): number {
  let count = 0;
  for (const { record } of g.userSessions({ from: NOW - DAY, to: NOW })) {
    const detail = g.userSession(record.userSessionId);
    const traceroute = detail?.network.traceroute;
    if (!detail || typeof traceroute !== 'object') continue;
    const origin = byLocation(detail.coordinates.location);
    assert.ok(origin, `a known session location: ${detail.coordinates.location}`);
    checkRoute(origin, traceroutePoints(traceroute.hops), `group ${aid} session ${record.userSessionId}`);
    count++;
  }
  return count;
}

describe('the demo world obeys physics', () => {
  test('no path-trace hop or link is faster than light in fibre', () => {
    groups.forEach((g, i) => {
      const aid = world.accountGroups[i]?.aid ?? 0;
      scheduledTraces(g, aid);
      enterpriseTraces(g, aid);
    });
    assert.deepEqual(tally.failures, []);
    assert.ok(tally.longLinks > 100, `${tally.longLinks} of ${tally.links} links cross a real distance`);
  });

  test('no session traceroute hop or link is faster than light in fibre', () => {
    const before = { ...tally, failures: [] as string[] };
    tally.failures = [];
    let sessions = 0;
    groups.forEach((g, i) => (sessions += sessionTraceroutes(g, world.accountGroups[i]?.aid ?? 0)));
    assert.ok(sessions > 100, `${sessions} session traceroutes`);
    assert.deepEqual(tally.failures, []);
    assert.ok(tally.longLinks > before.longLinks, 'session traceroutes cross real distances too');
  });
});
