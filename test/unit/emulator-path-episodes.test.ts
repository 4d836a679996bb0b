// The world's seeded path episodes (src/emulator/world/path-episodes.ts): on two scheduled
// tests per account group a daily route change and a daily loss episode (with a permanently
// rate-limiting router on the loss test), read through the group's own path-vis, path-trace
// and net-metric functions, against the README's "Seeded path episodes" and against a world
// without the episode (the same test plan without it) for the net metrics.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointTest, NetMetric, PathHop, PathTrace, PathVisSummary } from '../../src/api/types';
import {
  createWorld,
  GeneratedGroup,
  PATH_EPISODE_KINDS,
  type GroupWorld,
  type PathEpisode,
  type PathEpisodeKind,
  type Preset,
} from '../../src/emulator/world/index';
import { netMetric, planTest } from '../../src/emulator/world/scheduled';
import { mergePathTraces } from '../../src/analysis/path/merge';
import { lossPct, type HopGraph, type HopNode } from '../../src/analysis/path/model';
import { diffPathTraces } from '../../src/analysis/path/diff';

/** 2026-11-18 12:00:00 UTC, a round boundary (as the world tests use). */
const NOW = Date.UTC(2026, 10, 18, 12, 0, 0) / 1000;
const DAY = 86400;
const HOUR = 3600;

const demo = createWorld({ seed: 42, preset: 'demo' });
const DEMO_AIDS = demo.accountGroups.map((g) => g.aid);
const groupOf = (aid: number): GeneratedGroup => {
  const group = demo.group(aid);
  assert.ok(group instanceof GeneratedGroup);
  return group;
};

interface Round {
  summary: PathVisSummary;
  trace: PathTrace;
  hops: PathHop[];
}

/** Every agent's summary and trace of one round of a test, by agent id. */
function roundOf(g: GroupWorld, testId: number, roundId: number): Map<string, Round> {
  const out = new Map<string, Round>();
  for (const { record: summary } of g.pathVis(testId, { from: roundId, to: roundId + 1 })) {
    const trace = g.pathTrace(testId, summary.agentId, roundId, NOW);
    assert.ok(trace, `a trace of ${summary.agentId} in ${roundId}`);
    out.set(summary.agentId, { summary, trace, hops: trace.routes[0]?.hops ?? [] });
  }
  return out;
}

const ipsOf = (r: Round | undefined): string[][] =>
  r?.trace.routes.map((route) => route.hops.map((h) => `${h.hop}:${h.ipAddress}`)) ?? [];
const hopAt = (hops: readonly PathHop[], n: number): PathHop | undefined => hops.find((h) => h.hop === n);
const num = (value: string | number | undefined): number => Number(value);
const text = (value: string | number | undefined): string => String(value);

function testOf(g: GroupWorld, testId: number): EndpointTest {
  const t = g.endpointTest(testId);
  assert.ok(t);
  return t;
}

/** The last episode of a kind that ended by NOW. */
function lastWhole(g: GroupWorld, kind: PathEpisodeKind): PathEpisode {
  const e = g
    .pathEpisodes(NOW - 2 * DAY, NOW)
    .filter((x) => x.kind === kind && x.endSeconds <= NOW)
    .pop();
  assert.ok(e, `a whole ${kind} in the last two days`);
  return e;
}

/** Round starts of a test in [from, to). */
function rounds(interval: number, from: number, to: number): number[] {
  const out: number[] = [];
  for (let r = Math.ceil(from / interval) * interval; r < to; r += interval) out.push(r);
  return out;
}

/** The net metrics the same test plan gives without its seeded path episode. */
function withoutEpisode(g: GeneratedGroup, t: EndpointTest, agentId: string, roundId: number): NetMetric {
  const plan = planTest(g.ctx, t);
  const agent = plan.agents.find((a) => a.record.agentId === agentId);
  assert.ok(agent);
  return netMetric(g.ctx, plan, agent, roundId);
}

function metricsAt(g: GroupWorld, testId: number, roundId: number): Map<string, NetMetric> {
  return new Map(
    [...g.netMetrics(testId, { from: roundId, to: roundId + 1 })].map(({ record }) => [record.agentId, record]),
  );
}

describe('which tests, agents and times', () => {
  for (const preset of ['demo', 'large'] as const satisfies readonly Preset[]) {
    test(`${preset}: every account group has one route change and one loss episode a day, on two enabled scheduled tests, agent-to-server first`, () => {
      const world = preset === 'demo' ? demo : createWorld({ seed: 42, preset });
      for (const { aid } of world.accountGroups) {
        const g = world.group(aid) as GroupWorld;
        const episodes = g.pathEpisodes(NOW - 3 * DAY, NOW);
        const enabled = g.endpointTests().filter((t) => t.enabled === 1 && t.savedEvent === 0);
        const agentToServer = enabled.filter((t) => t.type === 'agent-to-server');
        const testIds = new Map<PathEpisodeKind, number>();
        for (const kind of PATH_EPISODE_KINDS) {
          const ofKind = episodes.filter((e) => e.kind === kind);
          assert.ok(ofKind.length >= 3, `${preset} ${aid} ${kind}: one a day`);
          assert.equal(new Set(ofKind.map((e) => e.testId)).size, 1, `${kind}: always the same test`);
          assert.equal(new Set(ofKind.map((e) => e.startSeconds % DAY)).size, 1, `${kind}: the same time every day`);
          assert.equal(new Set(ofKind.map((e) => e.agentIds.join())).size, 1, `${kind}: the same agents every day`);
          testIds.set(kind, ofKind[0]!.testId);
          const t = testOf(g, ofKind[0]!.testId);
          assert.ok(enabled.includes(t), `${kind}: an enabled scheduled test, not the saved event`);
          // The agents that run the test (every round lists each once): most of them share the route.
          const runners = [...metricsAt(g, t.testId, Math.floor(NOW / t.interval) * t.interval - t.interval).keys()];
          const agents = ofKind[0]!.agentIds;
          assert.deepEqual(
            agents,
            runners.filter((id) => agents.includes(id)),
            `${kind}: agents in the test's order`,
          );
          assert.equal(
            agents.length,
            runners.length - Math.floor(runners.length / 5),
            `${kind}: all but one in five share the route`,
          );
          for (const e of ofKind) {
            const startOfDay = e.startSeconds % DAY;
            assert.equal(e.startSeconds % t.interval, 0, `${kind}: starts on a round of the test`);
            if (kind === 'routeChange') {
              assert.ok(startOfDay >= 3 * HOUR && startOfDay <= 20 * HOUR, `change at ${startOfDay}`);
              assert.equal(e.endSeconds % DAY, 0, 'until midnight');
              assert.ok(e.endSeconds - e.startSeconds < DAY);
              assert.ok(num(e.detail.addedMs) >= 10 && num(e.detail.addedMs) <= 30);
              assert.notEqual(e.detail.oldAsn, e.detail.newAsn);
              assert.notEqual(e.detail.oldPrefix, e.detail.newPrefix);
            } else {
              assert.ok(startOfDay >= HOUR && startOfDay <= 22 * HOUR, `loss at ${startOfDay}`);
              assert.ok([40, 45, 50, 55, 60].includes((e.endSeconds - e.startSeconds) / 60), 'for 40–60 minutes');
              assert.ok(num(e.detail.lossPercent) >= 5 && num(e.detail.lossPercent) <= 25);
              assert.ok(num(e.detail.addedMs) >= 5 && num(e.detail.addedMs) <= 15);
              assert.ok(
                num(e.detail.rateLimitedHopPosition) < num(e.detail.hop),
                'the rate-limiting router comes before the lossy one',
              );
              assert.equal(
                e.detail.lostPerRound,
                Math.max(1, Math.round((num(e.detail.lossPercent) / 100) * agents.length)),
              );
            }
          }
        }
        // The loss hour is clear of other trouble: the test's loss is the episode's alone.
        const loss = lastWhole(g, 'lossEpisode');
        const lossTest = testOf(g, loss.testId);
        const atStart = metricsAt(g, loss.testId, Math.ceil(loss.startSeconds / lossTest.interval) * lossTest.interval);
        for (const agentId of loss.agentIds)
          assert.equal(
            atStart.get(agentId)?.loss,
            loss.detail.lossPercent,
            `${preset} ${aid} ${agentId}: loss ${loss.detail.lossPercent} %`,
          );
        assert.notEqual(testIds.get('routeChange'), testIds.get('lossEpisode'), 'two different tests');
        const chosen = [...testIds.values()].map((id) => testOf(g, id));
        const a2s = chosen.filter((t) => t.type === 'agent-to-server').length;
        assert.equal(a2s, Math.min(2, agentToServer.length), `${preset} ${aid}: agent-to-server tests are preferred`);
      }
    });
  }

  test('a pure function of the seed: two worlds agree on episodes and traces, another seed differs', () => {
    const twin = createWorld({ seed: 42, preset: 'demo' });
    const other = createWorld({ seed: 43, preset: 'demo' });
    for (const aid of DEMO_AIDS) {
      const a = groupOf(aid);
      const b = twin.group(aid) as GroupWorld;
      const episodes = a.pathEpisodes(NOW - 2 * DAY, NOW);
      assert.deepEqual(b.pathEpisodes(NOW - 2 * DAY, NOW), episodes);
      for (const e of episodes) {
        const first = Math.ceil(e.startSeconds / 300) * 300;
        for (const r of [first - 3600, first, e.endSeconds - 3600]) {
          if (r > NOW) continue;
          assert.deepEqual(
            [...b.pathVis(e.testId, { from: r, to: r + 1 })],
            [...a.pathVis(e.testId, { from: r, to: r + 1 })],
          );
          for (const id of e.agentIds)
            assert.deepEqual(b.pathTrace(e.testId, id, r, NOW), a.pathTrace(e.testId, id, r, NOW));
        }
      }
      // Asking twice (and for a sub-range) gives the same answer: nothing depends on the call.
      assert.deepEqual(a.pathEpisodes(NOW - 2 * DAY, NOW), episodes);
      assert.deepEqual(
        a.pathEpisodes(NOW - DAY, NOW),
        episodes.filter((e) => e.endSeconds > NOW - DAY),
      );
    }
    const times = (w: typeof demo): string =>
      JSON.stringify(DEMO_AIDS.map((aid) => w.group(aid)?.pathEpisodes(NOW - DAY, NOW)));
    assert.notEqual(times(other), times(demo));
  });

  test('an empty or reversed range holds no episode; a range inside one finds it', () => {
    const g = groupOf(1001);
    assert.deepEqual(g.pathEpisodes(NOW, NOW), []);
    assert.deepEqual(g.pathEpisodes(NOW, NOW - 10), []);
    const e = lastWhole(g, 'lossEpisode');
    const inside = g.pathEpisodes(e.startSeconds + 60, e.startSeconds + 120);
    assert.ok(inside.some((x) => x.kind === 'lossEpisode' && x.startSeconds === e.startSeconds));
    assert.ok(
      !g
        .pathEpisodes(e.endSeconds, e.endSeconds + 60)
        .some((x) => x.kind === 'lossEpisode' && x.startSeconds === e.startSeconds),
      'the end is exclusive',
    );
  });
});

describe('routeChange: another transit carrier from hop N until midnight', () => {
  for (const aid of DEMO_AIDS) {
    test(`group ${aid}: hops N … N+3 change AS, prefix and address; the rest keeps its addresses; the ms agree`, () => {
      const g = groupOf(aid);
      const e = lastWhole(g, 'routeChange');
      const t = testOf(g, e.testId);
      const n = num(e.detail.hop);
      const changed = num(e.detail.changedHops);
      const added = num(e.detail.addedMs);
      const dayStart = e.endSeconds - DAY;
      const before = roundOf(g, t.testId, e.startSeconds - t.interval);
      const first = roundOf(g, t.testId, e.startSeconds);
      const last = roundOf(g, t.testId, e.endSeconds - t.interval);
      const nextDay = roundOf(g, t.testId, e.endSeconds);
      const midnight = roundOf(g, t.testId, dayStart);
      assert.ok(e.agentIds.length >= 2);
      for (const [agentId, old] of before) {
        const sharing = e.agentIds.includes(agentId);
        const now = first.get(agentId);
        assert.ok(now);
        if (!sharing) {
          // An agent with a route of its own keeps it all day, ECMP and stars included.
          for (const other of [first, last, nextDay, midnight])
            assert.deepEqual(ipsOf(other.get(agentId)), ipsOf(old), `${agentId} keeps its route`);
          continue;
        }
        for (const r of [old, now]) {
          assert.equal(r.trace.routes.length, 1, 'one shared route');
          assert.deepEqual(
            r.hops.map((h) => h.hop),
            r.hops.map((_, i) => i + 1),
            'no stars',
          );
          assert.equal(r.hops.at(-1)?.ipAddress, r.trace.serverIp);
          assert.ok(r.hops.every((h) => typeof h.responseTime === 'number'));
        }
        assert.equal(now.hops.length, old.hops.length, 'as many hops as before');
        for (const h of old.hops) {
          const after = hopAt(now.hops, h.hop);
          assert.ok(after);
          const inChange = h.hop >= n && h.hop < n + changed;
          if (!inChange) {
            assert.equal(after.ipAddress, h.ipAddress, `hop ${h.hop} keeps its address`);
            assert.equal(after.network, h.network);
            continue;
          }
          assert.equal(h.network, e.detail.oldNetwork);
          assert.equal(after.network, e.detail.newNetwork);
          assert.match(text(h.network), new RegExp(`\\(AS ${e.detail.oldAsn}\\)$`));
          assert.match(text(after.network), new RegExp(`^${e.detail.newAsName} \\(AS ${e.detail.newAsn}\\)$`));
          assert.equal(h.prefix, e.detail.oldPrefix);
          assert.equal(after.prefix, e.detail.newPrefix);
          assert.notEqual(after.ipAddress, h.ipAddress);
        }
        assert.equal(hopAt(old.hops, n)?.ipAddress, e.detail.oldHopAddress);
        assert.equal(hopAt(now.hops, n)?.ipAddress, e.detail.newHopAddress);
        assert.equal(hopAt(now.hops, n - 1)?.network, hopAt(old.hops, n - 1)?.network, 'hop N−1 is not the transit');
        // From hop N on every hop answers addedMs later (the healthy times only grow).
        const jump = (hopAt(now.hops, n)?.responseTime ?? 0) - (hopAt(now.hops, n - 1)?.responseTime ?? 0);
        assert.ok(jump >= added, `hop N is ${jump} ms after N−1, ≥ ${added}`);
        // The whole day after the change: the new route; from midnight: the old one again.
        assert.deepEqual(ipsOf(last.get(agentId)), ipsOf(now));
        assert.deepEqual(ipsOf(nextDay.get(agentId)), ipsOf(old));
        assert.deepEqual(ipsOf(midnight.get(agentId)), ipsOf(old));
        // The summary says what the trace says.
        for (const r of [old, now]) {
          assert.deepEqual(r.summary.endpoints, [
            {
              ipAddress: r.trace.serverIp,
              numberOfHops: r.hops.length,
              pathId: r.trace.routes[0]?.pathId,
              responseTime: r.hops.at(-1)?.responseTime,
            },
          ]);
        }
      }
      // Net metrics: addedMs more for the sharing agents while the change is in force, nothing else changes.
      for (const roundId of [e.startSeconds - t.interval, e.startSeconds, e.endSeconds - t.interval, e.endSeconds]) {
        for (const [agentId, m] of metricsAt(g, t.testId, roundId)) {
          const plain = withoutEpisode(g, t, agentId, roundId);
          const inForce = e.agentIds.includes(agentId) && roundId >= e.startSeconds && roundId < e.endSeconds;
          if (!inForce || plain.errorDetails) {
            assert.deepEqual(m, plain, `${agentId} ${roundId}: unchanged`);
            continue;
          }
          assert.ok(
            Math.abs(m.avgLatency - plain.avgLatency - added) < 0.0011,
            `avgLatency +${added}: ${plain.avgLatency} → ${m.avgLatency}`,
          );
          assert.equal(m.loss, plain.loss);
        }
      }
    });
  }

  test("the product's path diff of a round before and one after the change names the hop and both AS numbers", () => {
    for (const aid of DEMO_AIDS) {
      const g = groupOf(aid);
      const e = lastWhole(g, 'routeChange');
      const t = testOf(g, e.testId);
      const traces = (roundId: number): PathTrace[] => [...roundOf(g, t.testId, roundId).values()].map((r) => r.trace);
      const diff = diffPathTraces(traces(e.startSeconds - t.interval), traces(e.startSeconds));
      for (const agent of diff.agents) {
        if (!e.agentIds.includes(agent.agentId)) {
          assert.equal(agent.kind, 'same', `${aid} ${agent.agentId}: not on the shared route`);
          continue;
        }
        assert.equal(agent.kind, 'changed');
        assert.equal(agent.hop, e.detail.hop);
        assert.equal(agent.from, `AS${e.detail.oldAsn}`);
        assert.equal(agent.to, `AS${e.detail.newAsn}`);
        assert.ok((agent.endDeltaMs ?? 0) > 0);
      }
      const removed = diff.nodes.filter((x) => x.status === 'removed').map((x) => x.id);
      const addedNodes = diff.nodes.filter((x) => x.status === 'added').map((x) => x.id);
      assert.ok(removed.includes(text(e.detail.oldHopAddress)) && addedNodes.includes(text(e.detail.newHopAddress)));
    }
  });
});

describe('lossEpisode: forwarding loss after one transit router, and a rate-limiting router before it', () => {
  for (const aid of DEMO_AIDS) {
    test(`group ${aid}: traversals stop after the lossy hop only in the episode; net metrics carry its loss and ms`, () => {
      const g = groupOf(aid);
      const e = lastWhole(g, 'lossEpisode');
      const t = testOf(g, e.testId);
      const x = num(e.detail.hop);
      const limitedAt = num(e.detail.rateLimitedHopPosition);
      const added = num(e.detail.addedMs);
      const dayStart = e.startSeconds - (e.startSeconds % DAY);
      const inside = rounds(t.interval, e.startSeconds, e.endSeconds);
      const outside = [
        ...rounds(t.interval, Math.max(dayStart, e.startSeconds - 2 * HOUR), e.startSeconds),
        ...rounds(t.interval, e.endSeconds, Math.min(dayStart + DAY, e.endSeconds + 2 * HOUR, NOW)),
      ];
      assert.ok(inside.length >= 3 && outside.length >= 4);
      for (const roundId of [...inside, ...outside]) {
        const during = inside.includes(roundId);
        const round = roundOf(g, t.testId, roundId);
        let stopped = 0;
        for (const agentId of e.agentIds) {
          const r = round.get(agentId);
          assert.ok(r, `${agentId} runs the test in ${roundId}`);
          assert.equal(r.trace.routes.length, 1);
          const lossy = hopAt(r.hops, x);
          assert.ok(lossy, 'every sharing traversal reaches the lossy hop');
          assert.equal(lossy.ipAddress, e.detail.hopAddress);
          assert.equal(lossy.prefix, e.detail.prefix);
          assert.equal(lossy.network, e.detail.network);
          assert.equal(lossy.location, e.detail.location);
          if (e.detail.rdns !== undefined) assert.equal(lossy.rdns, e.detail.rdns);
          assert.match(text(lossy.network), new RegExp(`^${e.detail.asName} \\(AS ${e.detail.asn}\\)$`));
          assert.ok(typeof lossy.responseTime === 'number', 'the lossy hop itself answers');
          const ends = r.hops.at(-1)?.ipAddress === e.detail.hopAddress;
          if (ends) {
            stopped++;
            assert.ok(during, `${agentId}: no traversal stops there outside the episode (${roundId})`);
            assert.equal(r.hops.at(-1)?.hop, x, 'nothing answers after the lossy hop');
            assert.deepEqual(
              r.summary.endpoints.map((p) => [p.ipAddress, p.numberOfHops, p.responseTime]),
              [[e.detail.hopAddress, x, lossy.responseTime]],
            );
          } else {
            assert.equal(r.hops.at(-1)?.ipAddress, r.trace.serverIp, 'the others reach the server');
            assert.equal(r.summary.endpoints[0]?.ipAddress, r.trace.serverIp);
          }
          // Every hop after the rate-limiting one answers (when it is on the traversal).
          assert.ok(r.hops.filter((h) => h.hop > limitedAt).every((h) => typeof h.responseTime === 'number'));
          // From the lossy hop on every hop is addedMs later in the episode.
          const jump = (lossy.responseTime ?? 0) - (hopAt(r.hops, limitedAt - 1)?.responseTime ?? 0);
          if (during) assert.ok(jump >= added, `the lossy hop answers ${jump} ms after the access, ≥ ${added}`);
        }
        assert.equal(
          stopped,
          during ? num(e.detail.lostPerRound) : 0,
          `${roundId}: traversals stopped after the lossy hop`,
        );
        // Agents off the shared route never cross it.
        for (const [agentId, r] of round) {
          if (!e.agentIds.includes(agentId))
            assert.ok(
              r.trace.routes.every((route) =>
                route.hops.every((h) => h.ipAddress !== e.detail.hopAddress && h.ipAddress !== e.detail.rateLimitedHop),
              ),
            );
        }
        // Net metrics of the round against the same plan without the episode.
        for (const [agentId, m] of metricsAt(g, t.testId, roundId)) {
          const plain = withoutEpisode(g, t, agentId, roundId);
          if (!during || !e.agentIds.includes(agentId)) {
            assert.deepEqual(m, plain, `${agentId} ${roundId}: unchanged`);
            continue;
          }
          assert.equal(m.loss, e.detail.lossPercent, `${agentId}: the episode's loss exactly`);
          assert.equal(m.errorDetails, undefined, 'no failed measurement in the episode');
          if (!plain.errorDetails)
            assert.ok(Math.abs(m.avgLatency - plain.avgLatency - added) < 0.0011, `avgLatency +${added}`);
        }
      }
    });
  }

  test('the rate-limiting router is silent or slow all day, and the hops after it are not', () => {
    for (const aid of DEMO_AIDS) {
      const g = groupOf(aid);
      const e = lastWhole(g, 'lossEpisode');
      const t = testOf(g, e.testId);
      const at = num(e.detail.rateLimitedHopPosition);
      const dayStart = e.startSeconds - (e.startSeconds % DAY);
      let silent = 0;
      let slow = 0;
      let normal = 0;
      let crossing = 0;
      for (const roundId of rounds(t.interval, dayStart, Math.min(dayStart + DAY, NOW + 1))) {
        const round = roundOf(g, t.testId, roundId);
        for (const agentId of e.agentIds) {
          const hops = round.get(agentId)?.hops ?? [];
          const limited = hopAt(hops, at);
          const later = hops.filter((h) => h.hop > at);
          assert.ok(
            later.length > 0 && later.every((h) => typeof h.responseTime === 'number'),
            'the hops after it answer',
          );
          crossing++;
          // Silent: left out, a star, as the API lists a hop that did not answer.
          if (!limited) {
            silent++;
            continue;
          }
          assert.equal(limited.ipAddress, e.detail.rateLimitedHop);
          assert.ok(limited.prefix && limited.network && limited.location, 'listed with its details');
          if (limited.responseTime === undefined) assert.fail('a listed hop carries its response time');
          else if (later.every((h) => (limited.responseTime ?? 0) >= (h.responseTime ?? 0) + 30)) slow++;
          else normal++;
        }
      }
      assert.ok(silent / crossing > 0.15 && silent / crossing < 0.35, `${aid}: silent in ${silent} of ${crossing}`);
      assert.ok(slow / crossing > 0.35 && slow / crossing < 0.55, `${aid}: slow in ${slow} of ${crossing}`);
      assert.ok(normal > 0);
    }
  });

  test("the product's merged graph: loss at the lossy hop in the episode only; the rate-limiting hop loses, the next one does not", () => {
    for (const aid of DEMO_AIDS) {
      const g = groupOf(aid);
      const e = lastWhole(g, 'lossEpisode');
      const t = testOf(g, e.testId);
      const traces = (from: number, to: number): PathTrace[] =>
        rounds(t.interval, from, to).flatMap((r) => [...roundOf(g, t.testId, r).values()].map((x) => x.trace));
      const inside = mergePathTraces(traces(e.startSeconds, e.endSeconds));
      const before = mergePathTraces(traces(e.startSeconds - 2 * HOUR, e.startSeconds));
      const node = (graph: HopGraph, ip: string | number | undefined): HopNode | undefined =>
        graph.nodes.find((n) => n.id === String(ip));
      const lossy = node(inside, e.detail.hopAddress);
      assert.ok(lossy && lossPct(lossy.stats) > 0, `${aid}: the lossy hop loses in the episode`);
      assert.equal(
        lossy.stats.endedHere,
        num(e.detail.lostPerRound) * rounds(t.interval, e.startSeconds, e.endSeconds).length,
      );
      const quiet = node(before, e.detail.hopAddress);
      assert.ok(quiet && lossPct(quiet.stats) === 0, 'and not before it');
      const limited = node(before, e.detail.rateLimitedHop);
      assert.ok(limited && lossPct(limited.stats) === 0, 'the rate-limiting hop, when listed, answered');
      const next = before.links.filter((l) => l.from === limited.id).map((l) => node(before, l.to));
      assert.ok(
        next.length > 0 && next.every((n) => n !== undefined && lossPct(n.stats) === 0),
        'the hop after it loses nothing',
      );
      // When it stays silent the traversal shows a star in its place: outside the episode
      // only such stars lose among the sharing traversals' nodes, no listed hop does.
      const losing = before.nodes.filter((n) => lossPct(n.stats) > 0 && n.agents.some((a) => e.agentIds.includes(a)));
      assert.ok(
        losing.length > 0 &&
          losing.every((n) => n.kind === 'star' && n.minHop === num(e.detail.rateLimitedHopPosition)),
        losing.map((n) => n.id).join(', '),
      );
    }
  });
});
