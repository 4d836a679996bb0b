// v7 endpoint path traces carry `vpnPathTraces`: for the VPN episode's agent the emulator traces
// the route to the VPN concentrator its episode is about, slow while the tunnel is congested;
// the client decodes them as the trace's `vpnRoutes` (with the trace's agentId) and the path
// graph draws them beside the routes, ending at the concentrator. v6 has no such traces.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import type { PathTrace } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { mergePathTraces } from '../../../src/analysis/path/merge';

const NOW_MS = Date.UTC(2026, 10, 18, 23, 50, 0);
const APIS = ['v6', 'v7'] as const;

describe('VPN path traces through v7', () => {
  const emulators: RunningEmulator[] = [];
  const clients: NetmonClient[] = [];
  let episode: { agentId: string; vpnTarget: string; startSeconds: number; endSeconds: number };
  before(async () => {
    for (const api of APIS) {
      const emulator = await startEmulator({ port: 0, api, now: () => NOW_MS });
      emulators.push(emulator);
      clients.push(
        createNetmonClient({
          baseUrl: emulator.url,
          credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
          aid: 1001,
          apiVersion: api,
        }),
      );
    }
    const now = NOW_MS / 1000;
    const found = emulators[1]!.world
      .group(1001)
      ?.episodes(now - 86_400, now)
      .find((e) => e.kind === 'vpn' && e.endSeconds <= now);
    assert.ok(found, 'the demo world plays a VPN episode in the last day');
    episode = {
      agentId: found.agentId,
      vpnTarget: String(found.detail.vpnTarget),
      startSeconds: found.startSeconds,
      endSeconds: found.endSeconds,
    };
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(emulators.map((e) => e.close()));
  });

  /** A round of a test the agent runs, inside the episode (or an hour before it), and its trace in both dialects. */
  async function tracesAt(inside: boolean): Promise<[PathTrace, PathTrace]> {
    const from = inside ? episode.startSeconds : episode.startSeconds - 3_600;
    const to = inside ? episode.endSeconds : episode.startSeconds - 600;
    for (const test of (await clients[1]!.endpointTests().collect()).records) {
      const { records } = await clients[1]!
        .pathVis(test.testId, { from: new Date(from * 1000), to: new Date(to * 1000) })
        .collect();
      const round = records.find((r) => r.agentId === episode.agentId);
      if (round) {
        const [v6, v7] = await Promise.all(
          clients.map((c) => c.getPathTrace(test.testId, episode.agentId, round.roundId)),
        );
        return [v6!, v7!];
      }
    }
    throw new Error('the VPN agent runs no endpoint test in that period');
  }

  const concentratorMs = (trace: PathTrace): number => {
    const hops = trace.vpnRoutes?.[0]?.hops ?? [];
    const last = hops[hops.length - 1];
    assert.equal(last?.ipAddress, episode.vpnTarget, 'the VPN trace ends at the concentrator of the episode');
    return Number(last?.responseTime);
  };

  test('the VPN trace reaches the concentrator, slow while the episode lasts, and v6 has none', async () => {
    const [v6Inside, v7Inside] = await tracesAt(true);
    const [, v7Before] = await tracesAt(false);
    assert.equal(v7Inside.agentId, episode.agentId);
    assert.ok(concentratorMs(v7Inside) >= 100, `congested tunnel: ${concentratorMs(v7Inside)} ms`);
    assert.ok(concentratorMs(v7Before) < 100, `healthy tunnel: ${concentratorMs(v7Before)} ms`);
    assert.equal(v6Inside.vpnRoutes, undefined);
    assert.deepEqual(
      v6Inside.routes.map((r) => r.hops.map((h) => h.ipAddress)),
      v7Inside.routes.map((r) => r.hops.map((h) => h.ipAddress)),
      'the same routes to the target',
    );
  });

  test('the path graph draws the VPN trace beside the routes, ending at the concentrator as a target', async () => {
    const [v6, v7] = await tracesAt(true);
    const concentrator = (graph: ReturnType<typeof mergePathTraces>): unknown =>
      graph.nodes.find((n) => n.ip === episode.vpnTarget);
    const v7Graph = mergePathTraces([v7]);
    assert.deepEqual(concentrator(v7Graph) && { isTarget: (concentrator(v7Graph) as { isTarget: boolean }).isTarget }, {
      isTarget: true,
    });
    assert.ok(v7Graph.targets.includes(episode.vpnTarget) && v7Graph.targets.includes(v7.serverIp));
    assert.equal(concentrator(mergePathTraces([v6])), undefined, 'v6 shows the routes only');
  });
});
