import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { PathTrace } from '../../../src/api/types';
import { demoGroup, lastHours, NOW } from './helpers';

const { group } = demoGroup(3);
const range = lastHours(24);
const networkTests = group.endpointTests().filter((t) => t.savedEvent === 0);

function allTraces(): PathTrace[] {
  const traces: PathTrace[] = [];
  for (const t of networkTests) {
    for (const { record: summary } of group.pathVis(t.testId, range)) {
      const trace = group.pathTrace(t.testId, String(summary.agentId), summary.roundId, NOW);
      assert.ok(trace, 'every summary has its detailed trace');
      traces.push(trace);
    }
  }
  return traces;
}

const traces = allTraces();
const routes = traces.flatMap((t) => t.routes);
const hops = routes.flatMap((r) => r.hops);

describe('path traces', () => {
  test('summaries and traces describe the same routes', () => {
    const t = networkTests[0];
    assert.ok(t);
    for (const { record: summary } of group.pathVis(t.testId, lastHours(1))) {
      const trace = group.pathTrace(t.testId, summary.agentId, summary.roundId, NOW);
      assert.deepEqual(
        summary.endpoints.map((e) => e.pathId),
        trace?.routes.map((r) => r.pathId),
      );
      summary.endpoints.forEach((endpoint, i) => {
        const last = trace?.routes[i]?.hops.at(-1);
        assert.equal(endpoint.numberOfHops, last?.hop);
        assert.equal(endpoint.ipAddress, last?.ipAddress);
        assert.equal(endpoint.responseTime, last?.responseTime);
      });
      assert.equal(summary.sourceIp, trace?.sourceIp);
    }
  });

  test('ECMP: several routes with distinct pathIds sharing the first and last hops', () => {
    const ecmp = traces.filter(
      (t) => t.routes.length >= 2 && t.routes.every((r) => r.hops.at(-1)?.ipAddress === t.serverIp),
    );
    assert.ok(ecmp.length > 10, `${ecmp.length} traces with ECMP`);
    for (const trace of ecmp) {
      assert.equal(new Set(trace.routes.map((r) => r.pathId)).size, trace.routes.length);
      const firsts = new Set(trace.routes.map((r) => r.hops[0]?.ipAddress));
      assert.equal(firsts.size, 1, 'all routes leave through the same gateway');
      const middles = new Set(trace.routes.map((r) => r.hops.map((h) => h.ipAddress).join('>')));
      assert.ok(middles.size > 1, 'routes differ somewhere');
    }
  });

  test('stars: some routes miss hop numbers; every route starts at hop 1', () => {
    assert.ok(routes.every((r) => r.hops[0]?.hop === 1));
    const withGaps = routes.filter((r) => r.hops.some((h, i) => i > 0 && h.hop !== (r.hops[i - 1]?.hop ?? 0) + 1));
    assert.ok(withGaps.length > routes.length * 0.1, `${withGaps.length} of ${routes.length} routes have stars`);
  });

  test('hops carry MPLS labels, real-looking networks, rDNS, locations and prefixes', () => {
    assert.ok(hops.some((h) => (h.mpls?.length ?? 0) > 0 && /^Label \d+/.test(h.mpls?.[0] ?? '')));
    const networks = new Set(hops.map((h) => h.network));
    assert.ok([...networks].some((n) => /^[A-Za-z .&]+ \(AS \d+\)$/.test(n ?? '')));
    assert.ok(
      [...networks].some((n) => /\(AS (174|3356|2914|1299|6461|3257|6939)\)/.test(n ?? '')),
      'transit carriers appear',
    );
    assert.ok(
      hops.some(
        (h) =>
          h.rdns?.endsWith('.atlas.cogentco.com') || h.rdns?.endsWith('.level3.net') || h.rdns?.endsWith('.telia.net'),
      ),
    );
    assert.ok(hops.every((h) => h.location && /\/\d+$/.test(h.prefix ?? '')));
  });

  test('response times never decrease along a route (the seeded rate-limited hop aside)', () => {
    const limited = new Set(
      group
        .pathEpisodes(range.from, range.to)
        .filter((e) => e.kind === 'lossEpisode')
        .map((e) => String(e.detail['rateLimitedHop'])),
    );
    for (const route of routes) {
      const times = route.hops.filter((h) => !limited.has(h.ipAddress)).map((h) => h.responseTime ?? 0);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
      );
    }
  });

  test('occasionally a routing loop bounces between two routers and never reaches the server', () => {
    const loops = routes.filter((r) => {
      const ips = r.hops.map((h) => h.ipAddress);
      return ips.length >= 20 && ips.at(-1) === ips.at(-3) && ips.at(-2) === ips.at(-4) && ips.at(-1) !== ips.at(-2);
    });
    assert.ok(loops.length > 0, 'at least one loop in a day of traces');
    assert.ok(loops.length < routes.length * 0.05, 'loops are rare');
  });

  test('a trace for an unknown agent, test or misaligned round is absent', () => {
    const t = networkTests[0];
    const summary = t ? [...group.pathVis(t.testId, lastHours(1))][0]?.record : undefined;
    assert.ok(t && summary);
    assert.equal(group.pathTrace(t.testId, 'no-such-agent', summary.roundId, NOW), undefined);
    assert.equal(group.pathTrace(999999, summary.agentId, summary.roundId, NOW), undefined);
    assert.equal(group.pathTrace(t.testId, summary.agentId, summary.roundId + 7, NOW), undefined);
  });
});
