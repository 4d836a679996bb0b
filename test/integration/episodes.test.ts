// The seeded Wi-Fi episode over loopback HTTP: the four endpoint-data lists and the details,
// filtered to the featured agent and walked through pages.next, show the agent move to the
// weak access point exactly at the episode's start and roam away at its end, while its
// public address, gateway and SSID stay the same everywhere.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  NetworkProbe,
  NetworkProbeDetail,
  NetworkSession,
  PingStats,
  UserSession,
  UserSessionDetail,
  WebSession,
} from '../../src/api/types';
import type { Episode, RunningEmulator } from '../../src/emulator/index';
import { arrayOf, call, pagesOf, withEmulator } from './emulator/helpers';

/** 2026-11-18 12:02 UTC: "now" of this emulator. */
const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);
const NOW = NOW_MS / 1000;
const DAY = 86400;
const ROUND = 300;
const AID = 1001;

const dateParam = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 19);

describe('seeded Wi-Fi episode over HTTP', () => {
  let emulator: RunningEmulator;
  let episode: Episode;
  let range: { from: number; to: number };
  let dayEnd: number;

  before(async () => {
    // Small pages, so every list is walked through several next links.
    emulator = await withEmulator({ now: () => NOW_MS, pageSize: 15 });
    const found = emulator.world
      .group(AID)
      ?.episodes(NOW - 2 * DAY, NOW)
      .filter((e) => e.kind === 'wifi' && e.endSeconds <= NOW)
      .pop();
    assert.ok(found, 'a whole Wi-Fi episode in the last two days');
    episode = found;
    dayEnd = episode.startSeconds - (episode.startSeconds % DAY) + DAY;
    range = { from: episode.startSeconds - 3600, to: Math.min(dayEnd, episode.endSeconds + 3600) };
  });
  after(() => emulator.close());

  /** Every record of a filtered list over the range, following pages.next (re-POSTing the body). */
  async function walk<T>(path: string, key: string, extra: { key: string; values: string[] }[] = []): Promise<T[]> {
    const body = { searchFilters: [{ key: 'agentId', values: [episode.agentId] }, ...extra] };
    let next: string | undefined = `${path}?aid=${AID}&from=${dateParam(range.from)}&to=${dateParam(range.to)}`;
    const rows: T[] = [];
    let pages = 0;
    while (next) {
      const reply = await call(emulator.url, next, { json: body });
      assert.equal(reply.status, 200, reply.text);
      rows.push(...arrayOf<T>(reply, key));
      next = pagesOf(reply).next;
      pages += 1;
      assert.ok(pages < 100, 'the walk ends');
    }
    return rows;
  }

  async function detail<T>(path: string, key: string): Promise<T> {
    const reply = await call(emulator.url, `${path}?aid=${AID}`);
    assert.equal(reply.status, 200, reply.text);
    const [row] = arrayOf<T>(reply, key);
    assert.ok(row);
    return row;
  }

  const phaseOf = (roundId: number): 'before' | 'during' | 'after' =>
    roundId < episode.startSeconds ? 'before' : roundId < episode.endSeconds ? 'during' : 'after';
  const bssidOf = (roundId: number): unknown =>
    ({ before: episode.detail.goodBssid, during: episode.detail.weakBssid, after: episode.detail.roamedBssid })[
      phaseOf(roundId)
    ];

  test('user sessions and their details: BSSID, RSSI and score change at the episode start and end', async () => {
    const sessions = await walk<UserSession>('/v6/endpoint-data/user-sessions', 'userSessions');
    assert.ok(sessions.length > 15, 'more than one page');
    assert.ok(sessions.every((s) => s.agentId === episode.agentId));
    assert.equal(new Set(sessions.map((s) => s.userSessionId)).size, sessions.length, 'no session twice');
    const rounds = new Set(sessions.map((s) => s.roundId));
    for (let round = range.from; round < range.to; round += ROUND)
      assert.ok(rounds.has(round), `a session in round ${dateParam(round)}`);

    const details = await Promise.all(
      sessions.map((s) =>
        detail<UserSessionDetail>(`/v6/endpoint-data/user-sessions/${s.userSessionId}`, 'userSessions'),
      ),
    );
    const weakRounds = new Set<number>();
    for (const d of details) {
      const wireless = d.network.networkProfile.wirelessProfile;
      assert.ok(wireless);
      assert.equal(wireless.bssid, bssidOf(d.roundId), `BSSID at ${d.date}`);
      assert.equal(wireless.ssid, episode.detail.ssid);
      if (wireless.bssid === episode.detail.weakBssid) weakRounds.add(d.roundId);
      if (phaseOf(d.roundId) === 'during')
        assert.ok(wireless.rssi <= -76 && wireless.rssi >= -82, `weak signal ${wireless.rssi}`);
      else assert.ok(wireless.rssi >= -56 && wireless.rssi <= -44, `good signal ${wireless.rssi}`);
    }
    assert.equal(
      Math.min(...weakRounds),
      episode.startSeconds,
      'the weak access point from the first round of the episode',
    );
    assert.equal(Math.max(...weakRounds) + ROUND, episode.endSeconds, 'until its last round');

    const scores = (phase: string): number[] =>
      sessions.filter((s) => phaseOf(s.roundId) === phase).map((s) => s.experienceScore ?? NaN);
    const share = (values: number[], keep: (v: number) => boolean): number =>
      values.filter(keep).length / values.length;
    assert.ok(share(scores('before'), (v) => v >= 0.7) >= 0.9, 'good before');
    assert.ok(share(scores('during'), (v) => v < 0.4) >= 0.8, 'poor during');
    assert.ok(share(scores('after'), (v) => v >= 0.7) >= 0.9, 'good again after the roam');

    // The same public address, gateway and SSID in the list and every detail.
    const publicIps = new Set([
      ...sessions.map((s) => s.sourceAddr),
      ...details.map((d) => d.network.networkProfile.publicIpAddress),
    ]);
    assert.equal(publicIps.size, 1);
    assert.equal(new Set(details.map((d) => d.network.networkProfile.gateway)).size, 1);
    for (const d of details) {
      const listed = sessions.find((s) => s.userSessionId === d.userSessionId);
      assert.equal(d.experienceScore, listed?.experienceScore);
      assert.equal(d.sourceAddr, listed?.sourceAddr);
    }
  });

  test('web and network sessions belong to the same sessions; the episode shows in their loss and load', async () => {
    const sessions = await walk<UserSession>('/v6/endpoint-data/user-sessions', 'userSessions');
    const ids = new Set(sessions.map((s) => s.userSessionId));
    const web = await walk<WebSession>('/v6/endpoint-data/user-sessions/web', 'webSessions');
    const network = await walk<NetworkSession>('/v6/endpoint-data/user-sessions/network', 'networkSessions');
    assert.equal(
      web.length,
      sessions.reduce((sum, s) => sum + s.numberOfPages, 0),
      'one web session per page',
    );
    assert.ok(web.every((w) => ids.has(w.userSessionId)));
    assert.deepEqual(
      network.map((n) => n.userSessionId),
      sessions.map((s) => s.userSessionId),
    );
    for (const n of network) {
      if (phaseOf(n.roundId) === 'during')
        assert.ok(n.destination.loss >= 3 && n.destination.loss <= 10, `loss ${n.destination.loss}`);
      else assert.equal(n.destination.loss, 0);
    }
    const median = (values: number[]): number =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    const load = (phase: string): number =>
      median(web.filter((w) => phaseOf(w.roundId) === phase).map((w) => w.pageTimings.onLoad));
    assert.ok(load('during') >= 1.8 * load('before'), `pages load slower: ${load('during')} vs ${load('before')}`);
  });

  test('network-topology probes and their details: gateway round trips and the access point follow the episode', async () => {
    const probes = await walk<NetworkProbe>('/v6/endpoint-data/network-topology', 'networkProbes');
    const gateway = probes.filter((p) => p.type === 'gateway');
    for (let round = range.from; round < range.to; round += ROUND)
      assert.ok(
        gateway.some((p) => p.roundId === round),
        `a gateway probe in ${dateParam(round)}`,
      );
    for (const p of gateway) {
      const icmp = p.icmpPing as PingStats;
      if (phaseOf(p.roundId) === 'during')
        assert.ok(icmp.avgRtt >= 20 && icmp.avgRtt <= 80, `gateway ${icmp.avgRtt} ms in the episode`);
      else assert.ok(icmp.avgRtt < 10 && icmp.pktsReceived === icmp.pktsSent, `gateway ${icmp.avgRtt} ms outside it`);
    }
    const sample = [...new Map(probes.map((p) => [phaseOf(p.roundId), p])).values()];
    assert.equal(sample.length, 3, 'probes before, during and after');
    const sessions = await walk<UserSession>('/v6/endpoint-data/user-sessions', 'userSessions');
    const session = await detail<UserSessionDetail>(
      `/v6/endpoint-data/user-sessions/${sessions[0]?.userSessionId ?? ''}`,
      'userSessions',
    );
    for (const p of sample) {
      const d = await detail<NetworkProbeDetail>(
        `/v6/endpoint-data/network-topology/${p.networkProbeId}`,
        'networkProbes',
      );
      assert.equal(d.networkProfile.wirelessProfile?.bssid, bssidOf(p.roundId));
      assert.equal(d.networkProfile.wirelessProfile?.ssid, episode.detail.ssid);
      assert.equal(d.networkProfile.publicIpAddress, session.network.networkProfile.publicIpAddress);
      assert.equal(d.networkProfile.gateway, session.network.networkProfile.gateway);
      if (p.type === 'gateway') assert.equal(p.target, session.network.networkProfile.gateway);
    }
  });

  test("a bssid filter over HTTP keeps exactly the episode's sessions and probes of the agent", async () => {
    const weak = [{ key: 'bssid', values: [String(episode.detail.weakBssid)] }];
    const sessions = await walk<UserSession>('/v6/endpoint-data/user-sessions', 'userSessions', weak);
    const all = await walk<UserSession>('/v6/endpoint-data/user-sessions', 'userSessions');
    assert.deepEqual(
      sessions.map((s) => s.userSessionId),
      all.filter((s) => phaseOf(s.roundId) === 'during').map((s) => s.userSessionId),
    );
    const probes = await walk<NetworkProbe>('/v6/endpoint-data/network-topology', 'networkProbes', weak);
    assert.ok(probes.length > 0 && probes.every((p) => phaseOf(p.roundId) === 'during'));
  });
});
