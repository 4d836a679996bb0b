// The world's seeded episodes (src/emulator/world/episodes.ts): one featured agent per kind
// and account group, a daily episode each, and what it does to every list and detail of
// that agent, read through the group's own list and detail functions.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type {
  EndpointTest,
  NetMetric,
  NetworkProbe,
  NetworkSession,
  PingStats,
  UserSession,
  UserSessionDetail,
  WebSession,
} from '../../src/api/types';
import {
  createWorld,
  EPISODE_KINDS,
  type Episode,
  type EpisodeKind,
  type FacetFilter,
  type GroupWorld,
  type ListEntry,
  type TimeRange,
} from '../../src/emulator/world/index';
import {
  contextFromNeighbours,
  sessionVerdict,
  type Segment,
  type SessionContext,
} from '../../src/analysis/session/verdict';
import { MAX_APART_S, sessionTestLinks, testHost, testsTowardSession } from '../../src/analysis/links/session-to-test';

/** 2026-11-18 12:00:00 UTC, a round boundary (as the world tests use). */
const NOW = Date.UTC(2026, 10, 18, 12, 0, 0) / 1000;
const DAY = 86400;
const HOUR = 3600;
const ROUND = 300;

const world = createWorld({ seed: 42, preset: 'demo' });
const group = world.group(1001) as GroupWorld;

const byAgent = (agentId: string, ...more: [string, string[]][]): FacetFilter => [
  { key: 'agentId', values: new Set([agentId]) },
  ...more.map(([key, values]) => ({ key, values: new Set(values) })),
];
const records = <T>(entries: Iterable<ListEntry<T>>): T[] => [...entries].map((e) => e.record);
const sessionsOf = (e: Episode, range: TimeRange): UserSession[] =>
  records(group.userSessions(range, undefined, byAgent(e.agentId)));
const detailsOf = (e: Episode, range: TimeRange): UserSessionDetail[] =>
  sessionsOf(e, range).map((s) => group.userSession(s.userSessionId) as UserSessionDetail);
const webOf = (e: Episode, range: TimeRange): WebSession[] =>
  records(group.webSessions(range, undefined, byAgent(e.agentId)));
const networkOf = (e: Episode, range: TimeRange): NetworkSession[] =>
  records(group.networkSessions(range, undefined, byAgent(e.agentId)));
const probesOf = (e: Episode, range: TimeRange, type?: string): NetworkProbe[] =>
  records(group.networkProbes(range, undefined, type ? byAgent(e.agentId, ['type', [type]]) : byAgent(e.agentId)));

const ping = (value: unknown): PingStats => {
  assert.equal(typeof value, 'object', `a ping with numbers, not ${JSON.stringify(value)}`);
  return value as PingStats;
};
const lost = (p: PingStats): boolean => p.pktsReceived < p.pktsSent;
const share = <T>(items: readonly T[], keep: (item: T) => boolean): number =>
  items.length ? items.filter(keep).length / items.length : NaN;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const worstLoad = (d: UserSessionDetail): number => Math.max(...d.pages.map((p) => p.pageTimings.onLoad));
const seconds = (dateTime: string): number => Date.parse(`${dateTime.replace(' ', 'T')}Z`) / 1000;

/** The last whole episode of each kind before NOW, and the healthy stretches around it (same UTC day). */
function episodeOf(kind: EpisodeKind): { e: Episode; inside: TimeRange; before: TimeRange; after: TimeRange } {
  const e = group
    .episodes(NOW - 2 * DAY, NOW)
    .filter((x) => x.kind === kind && x.endSeconds <= NOW)
    .pop();
  assert.ok(e, `a ${kind} episode in the last two days`);
  const dayStart = e.startSeconds - (e.startSeconds % DAY);
  return {
    e,
    inside: { from: e.startSeconds, to: e.endSeconds },
    before: { from: Math.max(dayStart, e.startSeconds - 2 * HOUR), to: e.startSeconds },
    after: { from: e.endSeconds, to: Math.min(dayStart + DAY, e.endSeconds + 2 * HOUR) },
  };
}

function assertHealthy(details: UserSessionDetail[], what: string): void {
  assert.ok(details.length >= 10, `${what}: enough sessions (${details.length})`);
  assert.ok(share(details, (d) => (d.experienceScore ?? 0) >= 0.7) >= 0.9, `${what}: scores mostly ≥ 0.7`);
  assert.ok(share(details, (d) => sessionVerdict(d).grade === 'ok') >= 0.9, `${what}: the verdict finds nothing`);
  for (const d of details) {
    assert.ok(worstLoad(d) <= 4000, `${what}: onLoad ${worstLoad(d)} ms stays moderate`);
    assert.ok(
      d.pages.every((p) => p.responseCode === 200 || p.responseCode === 304),
      `${what}: no error pages`,
    );
    const cpu = d.network.systemMetrics?.cpuUtilization.mean ?? -1;
    assert.ok(cpu >= 0.1 && cpu <= 0.45, `${what}: CPU ${cpu}`);
    const gateway = ping(d.network.gatewayPing);
    assert.ok(gateway.avgRtt < 10 && !lost(gateway), `${what}: gateway ${JSON.stringify(gateway)}`);
    assert.ok(!lost(ping(d.network.ping)), `${what}: no loss to the site`);
    const rssi = d.network.networkProfile.wirelessProfile?.rssi;
    if (rssi !== undefined) assert.ok(rssi >= -56 && rssi <= -44, `${what}: RSSI ${rssi}`);
  }
}

/** `context`: what the session's neighbours say (its normal, the tunnel probe, the first byte), as the timeline gives it. */
function assertPoor(
  details: UserSessionDetail[],
  segment: Segment,
  what: string,
  context: (d: UserSessionDetail) => SessionContext = () => ({}),
): void {
  assert.ok(details.length >= 5, `${what}: sessions in the episode (${details.length})`);
  assert.ok(share(details, (d) => (d.experienceScore ?? 1) < 0.4) >= 0.8, `${what}: scores < 0.4 in ≥ 80 %`);
  assert.ok(
    share(details, (d) => sessionVerdict(d, context(d)).worst === segment) >= 0.8,
    `${what}: the verdict blames ${segment}`,
  );
}

describe('featured agents', () => {
  for (const preset of ['demo', 'large'] as const) {
    test(`${preset}: every account group has one active featured agent per kind, each featured once`, () => {
      const presetWorld = createWorld({ seed: 42, preset });
      for (const { aid } of presetWorld.accountGroups) {
        const g = presetWorld.group(aid) as GroupWorld;
        const featured = g.featuredAgents();
        assert.deepEqual(
          featured.map((f) => f.kind),
          [...EPISODE_KINDS],
        );
        assert.equal(new Set(featured.map((f) => f.agentId)).size, 5, 'five different agents');
        for (const f of featured) {
          const agent = g.endpointAgent(f.agentId);
          assert.ok(agent && agent.status === 'enabled' && !agent.deleted, `${aid} ${f.kind}: active`);
          assert.equal(g.endpointAgents(f.agentIndex, 1)[0]?.agentId, f.agentId);
        }
        const from = NOW - DAY;
        const episodes = g.episodes(from, NOW);
        const sample = (kind: EpisodeKind): ListEntry<UserSession> | undefined => {
          const id = featured.find((f) => f.kind === kind)?.agentId ?? '';
          return [...g.userSessions({ from: NOW - HOUR, to: NOW }, undefined, byAgent(id))][0];
        };
        const wifi = sample('wifi');
        assert.equal(wifi?.facets.connection, 'Wireless');
        const network = g.networks().find((n) => n.networkId === wifi?.facets.networkId);
        assert.ok(
          network && !network.networkName.startsWith('Home'),
          `${aid}: the Wi-Fi agent is in an office or branch`,
        );
        const vpnTarget = episodes.find((e) => e.kind === 'vpn')?.detail.vpnTarget;
        assert.ok(
          vpnTarget && sample('vpn')?.facets.vpnTarget === vpnTarget,
          `${aid}: the VPN agent tunnels to ${vpnTarget}`,
        );
      }
    });
  }

  test('the same seed gives the same episodes; another seed other agents or times', () => {
    const range: [number, number] = [NOW - 3 * DAY, NOW];
    assert.deepEqual(
      createWorld({ seed: 42, preset: 'demo' })
        .group(1001)
        ?.episodes(...range),
      group.episodes(...range),
    );
    const other =
      createWorld({ seed: 43, preset: 'demo' })
        .group(1001)
        ?.episodes(...range) ?? [];
    const key = (e: Episode): string => `${e.kind} ${e.agentId} ${e.startSeconds}`;
    assert.notDeepEqual(other.map(key), group.episodes(...range).map(key));
  });
});

describe('episode times', () => {
  test('once a day per kind, 35–55 minutes on round boundaries, never across midnight, sorted by start', () => {
    const episodes = group.episodes(NOW - 7 * DAY, NOW);
    assert.deepEqual(
      episodes.map((e) => e.startSeconds),
      [...episodes.map((e) => e.startSeconds)].sort((a, b) => a - b),
    );
    for (const kind of EPISODE_KINDS) {
      const own = episodes.filter((e) => e.kind === kind);
      assert.ok(own.length >= 7 && own.length <= 8, `${kind}: ${own.length} episodes in 7 days`);
      assert.equal(new Set(own.map((e) => e.startSeconds % DAY)).size, 1, `${kind}: at the same time of day`);
      assert.ok(
        new Set(own.map((e) => e.endSeconds - e.startSeconds)).size > 1,
        `${kind}: lasting a little longer or shorter by day`,
      );
      for (const e of own) {
        const minutes = (e.endSeconds - e.startSeconds) / 60;
        assert.ok(minutes >= 35 && minutes <= 55, `${kind}: ${minutes} minutes`);
        assert.equal(e.startSeconds % ROUND, 0);
        assert.equal(e.endSeconds % ROUND, 0);
        assert.equal(Math.floor(e.startSeconds / DAY), Math.floor((e.endSeconds - 1) / DAY), 'within one UTC day');
      }
    }
  });

  test('every 24-hour window overlaps one or two episodes of each kind, and exactly one starts in it', () => {
    for (let from = NOW - 3 * DAY; from < NOW - DAY; from += 7 * 60 + 13) {
      const episodes = group.episodes(from, from + DAY);
      for (const kind of EPISODE_KINDS) {
        const own = episodes.filter((e) => e.kind === kind);
        assert.ok(own.length === 1 || own.length === 2, `${kind} from ${from}: ${own.length}`);
        assert.equal(own.filter((e) => e.startSeconds >= from).length, 1, `${kind} from ${from}: one starts inside`);
        assert.ok(own.every((e) => e.startSeconds < from + DAY && e.endSeconds > from));
      }
    }
    assert.deepEqual(group.episodes(NOW, NOW), []);
  });
});

describe('density of featured agents', () => {
  const range = { from: NOW - 6 * HOUR, to: NOW };
  const rounds = Array.from({ length: (range.to - range.from) / ROUND }, (_, i) => range.from + i * ROUND);

  test('at least one user session in every round (more than one on average), and one probe per target type', () => {
    for (const f of group.featuredAgents()) {
      const sessions = records(group.userSessions(range, undefined, byAgent(f.agentId)));
      const perRound = new Map<number, number>();
      for (const s of sessions) perRound.set(s.roundId, (perRound.get(s.roundId) ?? 0) + 1);
      assert.ok(
        rounds.every((r) => (perRound.get(r) ?? 0) >= 1),
        `${f.kind}: a session in every round`,
      );
      assert.ok(
        sessions.length >= rounds.length * 1.2,
        `${f.kind}: ${sessions.length} sessions in ${rounds.length} rounds`,
      );
      const probes = records(group.networkProbes(range, undefined, byAgent(f.agentId)));
      const facets = [...group.userSessions(range, undefined, byAgent(f.agentId))][0]?.facets;
      const types = ['gateway', ...(facets?.proxyTarget ? ['proxy'] : []), ...(facets?.vpnTarget ? ['vpn'] : [])];
      for (const type of types) {
        const own = probes.filter((p) => p.type === type);
        assert.ok(
          rounds.every((r) => own.some((p) => p.roundId === r)),
          `${f.kind}: a ${type} probe in every round`,
        );
      }
      assert.deepEqual(new Set(probes.map((p) => p.type)), new Set(types));
    }
  });

  test('the large preset too, and a week of its round index still answers quickly', () => {
    const large = createWorld({ seed: 42, preset: 'large' }).group(1001) as GroupWorld;
    const hour = { from: NOW - HOUR, to: NOW };
    for (const f of large.featuredAgents()) {
      const sessions = records(large.userSessions(hour, undefined, byAgent(f.agentId)));
      assert.equal(new Set(sessions.map((s) => s.roundId)).size, 12, `${f.kind}: every round of the hour`);
      const probes = records(large.networkProbes(hour, undefined, byAgent(f.agentId, ['type', ['gateway']])));
      assert.equal(new Set(probes.map((p) => p.roundId)).size, 12);
    }
    const week = { from: NOW - 7 * DAY, to: NOW };
    const wifi = large.episodes(NOW - DAY, NOW).find((e) => e.kind === 'wifi');
    assert.ok(wifi);
    const started = performance.now();
    const filter = byAgent(wifi.agentId, ['bssid', [String(wifi.detail.weakBssid)]]);
    const weak = records(large.userSessions(week, undefined, filter));
    assert.ok(performance.now() - started < 20_000, 'a week of the large group filters in seconds');
    assert.ok(
      weak.length > 0 && weak.every((s) => large.episodes(s.roundId, s.roundId + 1).some((e) => e.kind === 'wifi')),
    );
  });

  test('reserved records are ordinary records: ids regenerate them, filters, seeks and unfiltered lists agree', () => {
    const hours = { from: NOW - 2 * HOUR, to: NOW };
    const all = [...group.userSessions(hours)];
    for (const f of group.featuredAgents()) {
      const filter = byAgent(f.agentId);
      const expected = all.filter((e) => e.facets.agentId === f.agentId).map((e) => JSON.stringify(e.record));
      const listed = [...group.userSessions(hours, undefined, filter)];
      assert.deepEqual(
        listed.map((e) => JSON.stringify(e.record)),
        expected,
      );
      const middle = listed[Math.floor(listed.length / 2)];
      assert.ok(middle);
      assert.deepEqual(group.seek('user-sessions', hours, Math.floor(listed.length / 2), { filter }), {
        found: { round: middle.round, index: middle.index, part: 0 },
      });
      const resumed = [...group.userSessions(hours, { round: middle.round, index: middle.index, part: 0 }, filter)];
      assert.equal(resumed.length, listed.length - Math.floor(listed.length / 2));
      const detail = group.userSession(middle.record.userSessionId);
      const { browser: _b, coordinates: _c, pages: _p, network: _n, ...fields } = detail ?? {};
      assert.deepEqual(fields, middle.record);
    }
  });
});

describe('episode effects', () => {
  test('wifi: the weak access point, then a roam; signal, gateway, loss and scores follow', () => {
    const { e, inside, before, after } = episodeOf('wifi');
    const { ssid, goodBssid, weakBssid, roamedBssid } = e.detail;
    assert.ok(new Set([goodBssid, weakBssid, roamedBssid]).size === 3 && ssid);
    const phase = (range: TimeRange, bssid: unknown, what: string): UserSessionDetail[] => {
      const entries = [...group.userSessions(range, undefined, byAgent(e.agentId))];
      const details = entries.map((s) => group.userSession(s.record.userSessionId) as UserSessionDetail);
      entries.forEach((entry, i) => {
        const wireless = details[i]?.network.networkProfile.wirelessProfile;
        assert.equal(wireless?.bssid, bssid, `${what}: details BSSID`);
        assert.equal(entry.facets.bssid, bssid, `${what}: the bssid facet agrees`);
        assert.equal(wireless?.ssid, ssid);
      });
      return details;
    };
    const healthyBefore = phase(before, goodBssid, 'before');
    assertHealthy(healthyBefore, 'wifi before');
    const during = phase(inside, weakBssid, 'during');
    for (const d of during) {
      const w = d.network.networkProfile.wirelessProfile;
      assert.ok(w && w.rssi >= -82 && w.rssi <= -76 && w.quality < 30 && w.txRate <= 24, JSON.stringify(w));
      const gateway = ping(d.network.gatewayPing);
      assert.ok(gateway.avgRtt >= 20 && gateway.avgRtt <= 80, `gateway ${gateway.avgRtt} ms`);
    }
    assert.ok(share(during, (d) => lost(ping(d.network.gatewayPing))) >= 0.6, 'gateway loss in most');
    assertPoor(during, 'wifi', 'wifi during');
    assertHealthy(phase(after, roamedBssid, 'after'), 'wifi after (roamed)');
    const dayEnd = e.startSeconds - (e.startSeconds % DAY) + DAY;
    phase({ from: dayEnd, to: dayEnd + HOUR }, goodBssid, 'next day');

    for (const n of networkOf(e, inside))
      assert.ok(n.destination.loss >= 3 && n.destination.loss <= 10, `loss ${n.destination.loss}`);
    assert.ok(networkOf(e, before).every((n) => n.destination.loss === 0));
    const gatewayProbes = probesOf(e, inside, 'gateway');
    assert.ok(gatewayProbes.length >= (inside.to - inside.from) / ROUND);
    for (const p of gatewayProbes)
      assert.ok(p.icmpPing && p.icmpPing.avgRtt >= 20 && p.icmpPing.avgRtt <= 80, `probe ${p.icmpPing?.avgRtt}`);
    assert.ok(share(gatewayProbes, (p) => lost(p.icmpPing as PingStats)) >= 0.6, 'probe loss in most');
    assert.ok(
      probesOf(e, before, 'gateway').every((p) => (p.icmpPing?.avgRtt ?? 99) < 10 && !lost(p.icmpPing as PingStats)),
    );
    for (const p of gatewayProbes.slice(0, 5)) {
      assert.equal(
        group.networkProbe(p.networkProbeId)?.networkProfile.wirelessProfile?.bssid,
        weakBssid,
        'probe details name the weak access point',
      );
    }
    const [afterProbe] = probesOf(e, after);
    assert.equal(
      afterProbe && group.networkProbe(afterProbe.networkProbeId)?.networkProfile.wirelessProfile?.bssid,
      roamedBssid,
    );
  });

  test('wifi: a bssid filter matches the agent exactly while it is on that access point', () => {
    const { e } = episodeOf('wifi');
    const dayStart = e.startSeconds - (e.startSeconds % DAY);
    const day = { from: dayStart, to: dayStart + DAY };
    const all = [...group.userSessions(day, undefined, byAgent(e.agentId))];
    for (const [bssid, inPhase] of [
      [e.detail.goodBssid, (t: number) => t < e.startSeconds],
      [e.detail.weakBssid, (t: number) => t >= e.startSeconds && t < e.endSeconds],
      [e.detail.roamedBssid, (t: number) => t >= e.endSeconds],
    ] as const) {
      const filter = byAgent(e.agentId, ['bssid', [String(bssid)]]);
      const expected = all.filter((s) => inPhase(s.record.roundId)).map((s) => s.record.userSessionId);
      assert.ok(expected.length > 0);
      assert.deepEqual(
        records(group.userSessions(day, undefined, filter)).map((s) => s.userSessionId),
        expected,
      );
      assert.deepEqual(group.seek('user-sessions', day, expected.length, { filter }), { total: expected.length });
      const probes = records(group.networkProbes(day, undefined, filter));
      assert.ok(probes.length > 0 && probes.every((p) => inPhase(p.roundId)));
      const web = records(group.webSessions(day, undefined, filter));
      assert.ok(
        web.every((w) => inPhase(w.roundId)) && new Set(web.map((w) => w.userSessionId)).size === expected.length,
      );
    }
  });

  test('vpn: the tunnel slows down and loses packets; the gateway does not', () => {
    const { e, inside, before } = episodeOf('vpn');
    assertHealthy(detailsOf(e, before), 'vpn before');
    const vpnProbes = probesOf(e, inside, 'vpn');
    assert.ok(vpnProbes.length >= (inside.to - inside.from) / ROUND);
    for (const p of vpnProbes) {
      assert.equal(p.target, e.detail.vpnTarget);
      const { avgRtt, pktsSent, pktsReceived } = p.icmpPing as PingStats;
      const loss = 1 - pktsReceived / pktsSent;
      assert.ok(avgRtt >= 150 && avgRtt <= 400 && loss >= 0.05 && loss <= 0.2, JSON.stringify(p.icmpPing));
    }
    for (const p of probesOf(e, before, 'vpn'))
      assert.ok((p.icmpPing?.avgRtt ?? 999) < 100 && !lost(p.icmpPing as PingStats));
    for (const p of probesOf(e, inside, 'gateway'))
      assert.ok((p.icmpPing?.avgRtt ?? 99) < 10 && !lost(p.icmpPing as PingStats));
    const during = detailsOf(e, inside);
    for (const d of during) {
      const gateway = ping(d.network.gatewayPing);
      assert.ok(gateway.avgRtt < 10 && !lost(gateway), 'gatewayPing stays normal');
    }
    // The session alone cannot see the tunnel: the agent's VPN probe of the same round can.
    const tunnelOf = (d: UserSessionDetail): SessionContext['tunnel'] => {
      const probe = vpnProbes.find((p) => p.roundId === d.roundId)?.icmpPing as PingStats | undefined;
      return probe
        ? {
            type: 'vpn',
            target: String(e.detail.vpnTarget),
            rttMs: probe.avgRtt,
            loss: { lost: probe.pktsSent - probe.pktsReceived, sent: probe.pktsSent },
          }
        : undefined;
    };
    const healthyVpn = detailsOf(e, before);
    assertPoor(during, 'tunnel', 'vpn during', (d) => ({
      ...contextFromNeighbours(d, healthyVpn),
      ...(tunnelOf(d) ? { tunnel: tunnelOf(d) } : {}),
    }));
    // +100–250 ms on each session's own round trip (which varies a little by session and site).
    const baseline = median(networkOf(e, before).map((n) => n.destination.latency));
    const latencies = networkOf(e, inside).map((n) => n.destination.latency);
    assert.ok(
      median(latencies) >= baseline + 100 && Math.min(...latencies) >= baseline + 50,
      `latency ${latencies.join()} vs ${baseline}`,
    );
    for (const n of networkOf(e, inside)) assert.ok(n.destination.loss >= 2 && n.destination.loss <= 6);
  });

  test('isp: failover to a backup line with its own public address; loss and latency past the gateway', () => {
    const { e, inside, before, after } = episodeOf('isp');
    const { normalPublicIp, backupPublicIp, backupIsp } = e.detail;
    assert.notEqual(normalPublicIp, backupPublicIp);
    const healthy = detailsOf(e, before);
    assertHealthy(healthy, 'isp before');
    for (const d of [...healthy, ...detailsOf(e, after)]) {
      assert.equal(d.sourceAddr, normalPublicIp);
      assert.equal(d.network.networkProfile.publicIpAddress, normalPublicIp);
      assert.notEqual(d.orgName, backupIsp);
    }
    const during = detailsOf(e, inside);
    for (const d of during) {
      assert.equal(d.sourceAddr, backupPublicIp);
      assert.equal(d.orgName, backupIsp);
      assert.equal(d.network.networkProfile.publicIpAddress, backupPublicIp);
      const gateway = ping(d.network.gatewayPing);
      assert.ok(gateway.avgRtt < 10 && !lost(gateway), 'the gateway is fine');
    }
    assert.ok(share(during, (d) => lost(ping(d.network.ping))) >= 0.6, 'ping to the site loses packets');
    assertPoor(during, 'isp', 'isp during', (d) => contextFromNeighbours(d, healthy));
    // +60–150 ms on each session's own round trip.
    const baseline = median(networkOf(e, before).map((n) => n.destination.latency));
    const latencies = networkOf(e, inside).map((n) => n.destination.latency);
    assert.ok(
      median(latencies) >= baseline + 60 && Math.min(...latencies) >= baseline + 30,
      `latency ${latencies.join()} vs ${baseline}`,
    );
    for (const n of networkOf(e, inside))
      assert.ok(n.destination.loss >= 5 && n.destination.loss <= 15, `loss ${n.destination.loss}`);
    // Traceroute: the LAN gateway answers as before; hops on the public internet carry the delay.
    const lastHop = (d: UserSessionDetail): number =>
      typeof d.network.traceroute === 'string' ? NaN : (d.network.traceroute.hops.at(-1)?.delay ?? NaN);
    const firstHop = (d: UserSessionDetail): number =>
      typeof d.network.traceroute === 'string' ? NaN : (d.network.traceroute.hops[0]?.delay ?? NaN);
    assert.ok(median(during.map(lastHop)) >= median(healthy.map(lastHop)) + 50, 'the far hops are slower');
    assert.ok(median(during.map(firstHop)) < 10, 'the gateway hop is not');
    for (const p of probesOf(e, inside)) {
      assert.ok(
        p.type !== 'gateway' || ((p.icmpPing?.avgRtt ?? 99) < 10 && !lost(p.icmpPing as PingStats)),
        'gateway probes are normal',
      );
      assert.equal(group.networkProbe(p.networkProbeId)?.networkProfile.publicIpAddress, backupPublicIp);
    }
    const [beforeProbe] = probesOf(e, before);
    assert.equal(
      beforeProbe && group.networkProbe(beforeProbe.networkProbeId)?.networkProfile.publicIpAddress,
      normalPublicIp,
    );
  });

  test('server: one site answers slowly while the network is fine; other sites are normal', () => {
    const { e, inside, before } = episodeOf('server');
    const site = String(e.detail.visitedSite);
    const healthy = detailsOf(e, before);
    assertHealthy(healthy, 'server before');
    const during = detailsOf(e, inside);
    const slow = during.filter((d) => d.visitedSite === site);
    assert.ok(slow.length >= 0.6 * during.length, `most sessions go to ${site} (${slow.length}/${during.length})`);
    assert.equal(
      new Set(slow.map((d) => d.roundId)).size,
      (inside.to - inside.from) / ROUND,
      'in every round of the episode',
    );
    // Without its first byte a session sees only a slow page; the page list's responseTime names the server.
    assertPoor(slow, 'page', 'server during (no first byte known)');
    const firstByte = (d: UserSessionDetail): SessionContext => {
      const times = webOf(e, inside)
        .filter((w) => w.userSessionId === d.userSessionId)
        .map((w) => w.responseTime);
      return times.length ? { firstByteMs: Math.max(...times), firstByteSource: 'page list' } : {};
    };
    assertPoor(slow, 'server', 'server during', firstByte);
    for (const d of slow) {
      assert.ok(
        d.pages.every((p) => p.pageTimings.onLoad >= 9000 && p.pageTimings.onLoad <= 15000),
        'onLoad 9–15 s',
      );
      const sitePing = ping(d.network.ping);
      assert.ok(
        sitePing.avgRtt < 100 && !lost(sitePing) && d.network.connect.rtt - sitePing.avgRtt < 50,
        'connect and ping are normal',
      );
    }
    for (const d of during.filter((x) => x.visitedSite !== site))
      assert.ok(worstLoad(d) <= 4000 && (d.experienceScore ?? 0) >= 0.7, 'other sites are fine');
    const slowIds = new Set(slow.map((d) => d.userSessionId));
    const web = webOf(e, inside).filter((w) => slowIds.has(w.userSessionId));
    assert.ok(web.length >= slow.length);
    for (const w of web) assert.ok(w.responseTime >= 2000 && w.responseTime <= 6000, `TTFB ${w.responseTime}`);
    for (const n of networkOf(e, inside)) assert.ok(n.destination.loss === 0 && n.destination.latency < 100);
    for (const w of webOf(e, before)) assert.ok(w.responseTime < 1500);
  });

  test('cpu: the CPU is saturated in every record of the episode; pages load slowly, the network is fine', () => {
    const { e, inside, before } = episodeOf('cpu');
    const healthy = detailsOf(e, before);
    assertHealthy(healthy, 'cpu before');
    const during = detailsOf(e, inside);
    assertPoor(during, 'device', 'cpu during');
    const busy = (m: { cpuUtilization: { mean: number; max: number } } | undefined, what: string): void => {
      assert.ok(
        m && m.cpuUtilization.mean >= 0.92 && m.cpuUtilization.mean <= 0.99 && m.cpuUtilization.max <= 1,
        `${what}: ${JSON.stringify(m?.cpuUtilization)}`,
      );
    };
    for (const d of during) {
      busy(d.network.systemMetrics, 'details');
      assert.equal(d.network.errors.length, 0);
      assert.ok(!lost(ping(d.network.ping)) && !lost(ping(d.network.gatewayPing)));
    }
    for (const w of webOf(e, inside)) busy(w.systemMetrics, 'web session');
    for (const n of networkOf(e, inside)) {
      busy(n.systemMetrics, 'network session');
      assert.equal(n.destination.loss, 0);
    }
    for (const w of webOf(e, before)) assert.ok((w.systemMetrics?.cpuUtilization.mean ?? 1) <= 0.45);
    const ttfb = (list: WebSession[]): number => median(list.map((w) => w.responseTime));
    const load = (list: WebSession[]): number => median(list.map((w) => w.pageTimings.onLoad));
    assert.ok(ttfb(webOf(e, inside)) < ttfb(webOf(e, before)) * 1.5 + 50, 'the first byte is as quick as before');
    assert.ok(load(webOf(e, inside)) >= load(webOf(e, before)) * 1.8, 'pages take two to three times as long');
  });

  test('every record of an episode lies in it: dates of the listed sessions and probes', () => {
    for (const kind of EPISODE_KINDS) {
      const { e, inside } = episodeOf(kind);
      for (const s of sessionsOf(e, inside))
        assert.ok(seconds(s.date) >= e.startSeconds && seconds(s.date) < e.endSeconds);
      for (const p of probesOf(e, inside))
        assert.ok(seconds(p.date) >= e.startSeconds && seconds(p.date) < e.endSeconds);
    }
  });

  test("scheduled tests of featured agents skip their networks' incidents", () => {
    const featured = new Set(group.featuredAgents().map((f) => f.agentId));
    for (const t of group.endpointTests().filter((x) => x.savedEvent === 0 && x.type === 'agent-to-server')) {
      for (const { record } of group.netMetrics(t.testId, { from: NOW - DAY, to: NOW })) {
        if (!featured.has(record.agentId) || record.errorDetails) continue;
        const inEpisode = group
          .episodes(record.roundId, record.roundId + 1)
          .some((x) => x.agentId === record.agentId && x.kind !== 'server' && x.kind !== 'cpu');
        // The seeded path loss episode (on one test) is the one loss they share with the test's other agents.
        const pathLoss = group
          .pathEpisodes(record.roundId, record.roundId + 1)
          .find((x) => x.kind === 'lossEpisode' && x.testId === t.testId && x.agentIds.includes(record.agentId));
        if (!inEpisode)
          assert.equal(record.loss, pathLoss ? pathLoss.detail['lossPercent'] : 0, 'no loss outside the episodes');
      }
    }
  });
});

describe('featured agents and the scheduled tests of their group', () => {
  for (const preset of ['demo', 'large'] as const) {
    test(`${preset}: featured agents visit only sites an enabled scheduled test measures, run those tests, and their episode sessions link to a round`, () => {
      const g = preset === 'demo' ? group : (createWorld({ seed: 42, preset }).group(1001) as GroupWorld);
      const tests = g.endpointTests();
      // The last test of a group is a saved event (enabled 0): not one that runs on schedule.
      const enabled = tests.filter((t) => t.enabled === 1 && t.savedEvent === 0);
      assert.ok(enabled.length > 0 && enabled.length < tests.length, `${preset}: enabled tests and a saved event`);
      const toward = (site: string): EndpointTest[] => enabled.filter((t) => testHost(t) === site);
      const metricsOf = (testId: number, range: TimeRange): NetMetric[] =>
        [...g.netMetrics(testId, range)].map((p) => p.record);
      // Every round of a test lists each of its agents once: the last hour shows who runs it.
      const runners = new Map(
        enabled.map((t) => [
          t.testId,
          new Set(metricsOf(t.testId, { from: NOW - HOUR, to: NOW }).map((m) => m.agentId)),
        ]),
      );
      const day = { from: NOW - DAY, to: NOW };
      for (const f of g.featuredAgents()) {
        const sessions = records(g.userSessions(day, undefined, byAgent(f.agentId)));
        assert.ok(sessions.length >= DAY / ROUND, `${preset} ${f.kind}: a day of sessions (${sessions.length})`);
        for (const site of new Set(sessions.map((s) => s.visitedSite))) {
          const measuring = toward(site);
          assert.ok(measuring.length > 0, `${preset} ${f.kind}: an enabled scheduled test measures ${site}`);
          for (const t of measuring)
            assert.ok(
              runners.get(t.testId)?.has(f.agentId),
              `${preset} ${f.kind}: runs test ${t.testId} toward ${site}`,
            );
        }
        const e = g
          .episodes(day.from, day.to)
          .filter((x) => x.agentId === f.agentId && x.endSeconds <= NOW)
          .pop();
        assert.ok(e, `${preset} ${f.kind}: an episode in the last day`);
        if (e.kind === 'server')
          assert.ok(toward(String(e.detail.visitedSite)).length > 0, `${preset}: a test measures the slow site`);
        const inside = sessions.filter((s) => s.roundId >= e.startSeconds && s.roundId < e.endSeconds);
        assert.ok(inside.length > 0, `${preset} ${f.kind}: sessions in the episode`);
        // Net metrics of the agent at the very round of an episode session (tests every 10 or
        // 15 minutes report in fewer rounds: some session of the episode falls on one).
        const atRound = inside.flatMap((s) =>
          toward(s.visitedSite).map((t) => ({
            s,
            t,
            m: metricsOf(t.testId, { from: s.roundId, to: s.roundId + 1 }).find((x) => x.agentId === f.agentId),
          })),
        );
        const hit = atRound.find((x) => x.m !== undefined);
        assert.ok(
          hit?.m,
          `${preset} ${f.kind}: a test toward an episode session's site has its net metrics at the session's round`,
        );
        assert.equal(hit.m.roundId, hit.s.roundId);
        // The scheduled test shows the episode's loss where the episode reaches the network path.
        if (['wifi', 'vpn', 'isp'].includes(f.kind) && !hit.m.errorDetails)
          assert.ok(hit.m.loss > 0, `${preset} ${f.kind}: loss ${hit.m.loss} in the episode's round`);
        // The product's own link (src/vscode/panels/session-panels.ts reads the scheduled list,
        // saved events left out): from the worst session of the episode to a round of a test it runs.
        const worst = [...inside].sort((a, b) => (a.experienceScore ?? 1) - (b.experienceScore ?? 1))[0] as UserSession;
        const timeS = seconds(worst.date);
        const ref = { agentId: f.agentId, visitedSite: worst.visitedSite, timeS };
        const near = { from: timeS - MAX_APART_S, to: timeS + MAX_APART_S + 1 };
        const roundsOf = (testId: number): number[] =>
          metricsOf(testId, near)
            .filter((m) => m.agentId === f.agentId)
            .map((m) => m.roundId);
        const { links, why } = sessionTestLinks(ref, testsTowardSession(ref, enabled), roundsOf);
        assert.ok(links.length > 0, `${preset} ${f.kind}: the worst episode session links to a test (${why ?? ''})`);
        for (const link of links)
          assert.ok(
            runners.get(link.testId)?.has(f.agentId),
            `${preset} ${f.kind}: linked test ${link.testId} is an enabled one it runs`,
          );
      }
    });
  }
});
