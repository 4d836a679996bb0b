// The seeded path episodes over loopback HTTP (src/emulator/README.md, "Seeded path episodes"):
// the path-vis list, the per-agent/round path traces and the net metrics of the two chosen
// tests, read as a client reads them, show the route change at hop N from its time on and the
// forwarding loss after the lossy hop only in its episode, the rate-limiting router before it,
// exactly as the group's pathEpisodes() names them; net metrics agree (compared with the same
// test plan without its episode).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { NetMetric, PathHop, PathTrace, PathVisSummary } from '../../src/api/types';
import type { PathEpisode, PathEpisodeKind, RunningEmulator } from '../../src/emulator/index';
import { GeneratedGroup } from '../../src/emulator/world/index';
import { netMetric, planTest } from '../../src/emulator/world/scheduled';
import { call, withEmulator } from './emulator/helpers';

/** 2026-11-18 12:02 UTC: "now" of this emulator. */
const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);
const NOW = NOW_MS / 1000;
const DAY = 86400;
const HOUR = 3600;

const dateParam = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 19);
const num = (value: string | number | undefined): number => Number(value);
const hopAt = (hops: readonly PathHop[], n: number): PathHop | undefined => hops.find((h) => h.hop === n);

// The admin's two account groups: in 1002 one of the two tests is an HTTP server test.
for (const AID of [1001, 1002]) {
  describe(`seeded path episodes over HTTP, account group ${AID}`, () => {
    let emulator: RunningEmulator;
    let group: GeneratedGroup;

    before(async () => {
      emulator = await withEmulator({ now: () => NOW_MS, pageSize: 1000 });
      const g = emulator.world.group(AID);
      assert.ok(g instanceof GeneratedGroup);
      group = g;
    });
    after(() => emulator.close());

    const episode = (kind: PathEpisodeKind): PathEpisode => {
      const e = emulator.world
        .group(AID)
        ?.pathEpisodes(NOW - 2 * DAY, NOW)
        .filter((x) => x.kind === kind && x.endSeconds <= NOW)
        .pop();
      assert.ok(e, `a whole ${kind} in the last two days`);
      return e;
    };
    const intervalOf = (testId: number): number => group.endpointTest(testId)?.interval ?? 300;
    const range = (from: number, to: number): string => `aid=${AID}&from=${dateParam(from)}&to=${dateParam(to)}`;

    async function summaries(testId: number, from: number, to: number): Promise<PathVisSummary[]> {
      const reply = await call(emulator.url, `/v7/endpoint-data/tests/net/path-vis/${testId}?${range(from, to)}`);
      assert.equal(reply.status, 200, reply.text);
      return (reply.json.endpointNet as { pathVis: PathVisSummary[] }).pathVis;
    }

    async function trace(testId: number, agentId: string, roundId: number): Promise<PathTrace> {
      const reply = await call(
        emulator.url,
        `/v7/endpoint-data/tests/net/path-vis/${testId}/${agentId}/${roundId}?aid=${AID}`,
      );
      assert.equal(reply.status, 200, reply.text);
      const [one] = (reply.json.endpointNet as { pathVis: PathTrace[] }).pathVis;
      assert.ok(one && one.routes.length > 0);
      return one;
    }

    async function metrics(testId: number, from: number, to: number): Promise<NetMetric[]> {
      const reply = await call(emulator.url, `/v7/endpoint-data/tests/net/metrics/${testId}?${range(from, to)}`);
      assert.equal(reply.status, 200, reply.text);
      return (reply.json.endpointNet as { metrics: NetMetric[] }).metrics;
    }

    /** The net metric the same test plan gives without its path episode. */
    function plain(testId: number, agentId: string, roundId: number): NetMetric {
      const t = group.endpointTest(testId);
      assert.ok(t);
      const plan = planTest(group.ctx, t);
      const agent = plan.agents.find((a) => a.record.agentId === agentId);
      assert.ok(agent);
      return netMetric(group.ctx, plan, agent, roundId);
    }

    test('routeChange: hop N and the next hops answer from the new carrier from the change on, the other hops keep their addresses; +addedMs in traces and net metrics', async () => {
      const e = episode('routeChange');
      const interval = intervalOf(e.testId);
      const n = num(e.detail.hop);
      const added = num(e.detail.addedMs);
      const lastBefore = e.startSeconds - interval;
      const listed = await summaries(e.testId, lastBefore, e.startSeconds + interval);
      const agents = [...new Set(listed.map((s) => s.agentId))];
      assert.ok(
        e.agentIds.length >= 2 && e.agentIds.every((id) => agents.includes(id)),
        'the sharing agents run the test',
      );
      for (const agentId of agents) {
        const [was, now] = await Promise.all([
          trace(e.testId, agentId, lastBefore),
          trace(e.testId, agentId, e.startSeconds),
        ]);
        const wasHops = was.routes[0]?.hops ?? [];
        const nowHops = now.routes[0]?.hops ?? [];
        const summaryNow = listed.find((s) => s.agentId === agentId && s.roundId === e.startSeconds);
        assert.deepEqual(
          summaryNow?.endpoints.map((p) => [p.ipAddress, p.numberOfHops, p.responseTime]),
          now.routes.map((r) => [r.hops.at(-1)?.ipAddress, r.hops.at(-1)?.hop, r.hops.at(-1)?.responseTime]),
          'the list agrees with the trace',
        );
        if (!e.agentIds.includes(agentId)) {
          assert.deepEqual(
            now.routes.map((r) => r.hops.map((h) => h.ipAddress)),
            was.routes.map((r) => r.hops.map((h) => h.ipAddress)),
            `${agentId} keeps its own route`,
          );
          continue;
        }
        const oldHop = hopAt(wasHops, n);
        const newHop = hopAt(nowHops, n);
        assert.deepEqual(
          [oldHop?.ipAddress, oldHop?.prefix, oldHop?.network],
          [e.detail.oldHopAddress, e.detail.oldPrefix, e.detail.oldNetwork],
        );
        assert.deepEqual(
          [newHop?.ipAddress, newHop?.prefix, newHop?.network],
          [e.detail.newHopAddress, e.detail.newPrefix, e.detail.newNetwork],
        );
        assert.equal(newHop?.network, `${e.detail.newAsName} (AS ${e.detail.newAsn})`);
        assert.equal(nowHops.length, wasHops.length);
        for (const h of wasHops) {
          const other = hopAt(nowHops, h.hop);
          const changed = h.hop >= n && h.hop < n + num(e.detail.changedHops);
          assert.equal(other?.network, changed ? e.detail.newNetwork : h.network, `hop ${h.hop} network`);
          if (!changed) assert.equal(other?.ipAddress, h.ipAddress, `hop ${h.hop} keeps its address`);
        }
        assert.ok(
          (newHop?.responseTime ?? 0) - (hopAt(nowHops, n - 1)?.responseTime ?? 0) >= added,
          'hop N answers addedMs later than N−1, at least',
        );
      }
      // Net metrics of both rounds: addedMs more for the sharing agents after the change, the rest as without the episode.
      for (const m of await metrics(e.testId, lastBefore, e.startSeconds + interval)) {
        const without = plain(e.testId, m.agentId, m.roundId);
        if (m.roundId < e.startSeconds || !e.agentIds.includes(m.agentId) || without.errorDetails)
          assert.deepEqual(m, without);
        else {
          assert.ok(
            Math.abs(m.avgLatency - without.avgLatency - added) < 0.0011,
            `${m.agentId}: avgLatency ${without.avgLatency} + ${added} = ${m.avgLatency}`,
          );
          assert.equal(m.loss, without.loss);
        }
      }
    });

    test('lossEpisode: sharing traversals stop after the lossy hop only in the episode, lostPerRound a round; net loss = lossPercent; the rate-limiting hop is not followed by loss', async () => {
      const e = episode('lossEpisode');
      const x = num(e.detail.hop);
      const limitedAt = num(e.detail.rateLimitedHopPosition);
      const from = e.startSeconds - HOUR;
      const to = e.endSeconds + HOUR;
      const listed = await summaries(e.testId, from, to);
      const rounds = [...new Set(listed.map((s) => s.roundId))].sort((a, b) => a - b);
      assert.ok(
        rounds.some((r) => r < e.startSeconds) &&
          rounds.some((r) => r >= e.endSeconds) &&
          rounds.filter((r) => r >= e.startSeconds && r < e.endSeconds).length >= 3,
      );
      let silent = 0;
      for (const roundId of rounds) {
        const during = roundId >= e.startSeconds && roundId < e.endSeconds;
        const inRound = listed.filter((s) => s.roundId === roundId && e.agentIds.includes(s.agentId));
        assert.equal(inRound.length, e.agentIds.length, 'every sharing agent in every round');
        const stopped = inRound.filter((s) => s.endpoints[0]?.ipAddress === e.detail.hopAddress);
        assert.equal(
          stopped.length,
          during ? num(e.detail.lostPerRound) : 0,
          `${dateParam(roundId)}: traversals ending at the lossy hop`,
        );
        for (const s of stopped) assert.equal(s.endpoints[0]?.numberOfHops, x);
        for (const s of inRound) {
          const hops = (await trace(e.testId, s.agentId, roundId)).routes[0]?.hops ?? [];
          const lossy = hopAt(hops, x);
          assert.deepEqual(
            [lossy?.ipAddress, lossy?.prefix, lossy?.network, lossy?.location],
            [e.detail.hopAddress, e.detail.prefix, e.detail.network, e.detail.location],
          );
          assert.equal(lossy?.network, `${e.detail.asName} (AS ${e.detail.asn})`);
          assert.equal(typeof lossy?.responseTime, 'number', 'the lossy hop answers');
          const ends = stopped.includes(s);
          assert.equal(hops.at(-1)?.hop, ends ? x : s.endpoints[0]?.numberOfHops, 'the trace ends where the list says');
          if (!ends) assert.equal(hops.at(-1)?.ipAddress, s.serverIp);
          if (during)
            assert.ok(
              (lossy?.responseTime ?? 0) - (hopAt(hops, limitedAt - 1)?.responseTime ?? 0) >= num(e.detail.addedMs),
            );
          // Silent, it is left out of the route (a star), as the API lists a hop that did not answer.
          const limited = hopAt(hops, limitedAt);
          if (!limited) silent++;
          else assert.deepEqual([limited.ipAddress, typeof limited.responseTime], [e.detail.rateLimitedHop, 'number']);
          assert.ok(
            hops.filter((h) => h.hop > limitedAt).every((h) => typeof h.responseTime === 'number'),
            'the hops after the rate-limiting one answer',
          );
        }
      }
      assert.ok(silent > 0, 'the rate-limiting hop is silent now and then');
      for (const m of await metrics(e.testId, from, to)) {
        const during = m.roundId >= e.startSeconds && m.roundId < e.endSeconds;
        if (during && e.agentIds.includes(m.agentId)) {
          assert.equal(m.loss, e.detail.lossPercent, `${m.agentId} ${dateParam(m.roundId)}: the episode's loss`);
          assert.equal(m.errorDetails, undefined);
        } else
          assert.deepEqual(
            m,
            plain(e.testId, m.agentId, m.roundId),
            `${m.agentId} ${dateParam(m.roundId)}: as without the episode`,
          );
      }
    });
  });
}
