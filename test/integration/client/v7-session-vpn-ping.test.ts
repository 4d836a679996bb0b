// A session that went through the tunnel carries its own VPN ping in v7 (`vpnPing`), and its
// verdict grades the tunnel on it; v6 has no field for it. Through both dialects, one world.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bothDialects } from './helpers';
import { sessionVerdict } from '../../../src/analysis/session';
import { sessionNeighbourContext } from '../../../src/analysis/timeline/timeline';

/** Not today: the emulator's world is the same at any instant. */
const NOW_MS = Date.UTC(2026, 7, 20, 23, 50, 0);

describe("the session's own VPN ping, v7 only", () => {
  const { emulators, clients } = bothDialects(NOW_MS);

  test('a session of the VPN episode: v7 grades the tunnel on its own VPN ping; v6 cannot, and falls back to the probe', async () => {
    const now = NOW_MS / 1000;
    const episode = emulators[1]!.world
      .group(1001)
      ?.episodes(now - 86_400, now)
      .find((e) => e.kind === 'vpn' && e.endSeconds <= now);
    assert.ok(episode, 'the demo world plays a VPN episode in the last day');
    const middle = ((episode.startSeconds + episode.endSeconds) / 2) * 1000;
    const range = { from: new Date(middle - 20 * 60_000), to: new Date(middle + 20 * 60_000) };
    const filters = [{ key: 'agentId', values: [episode.agentId] }];
    const [listed] = (await clients[1]!.userSessions({ ...range, filters }).collect({ maxRecords: 1 })).records;
    assert.ok(listed);
    const [v6, v7] = await Promise.all(
      clients.map(async (client) => {
        const session = await client.getUserSession(listed.userSessionId);
        const context = await sessionNeighbourContext(client, session);
        return { session, verdict: sessionVerdict(session, context ?? {}) };
      }),
    );
    const v7Ping = v7!.session.network.vpnPing as { avgRtt?: number } | undefined;
    assert.ok(typeof v7Ping === 'object' && (v7Ping.avgRtt ?? 0) >= 150, `congested tunnel: ${JSON.stringify(v7Ping)}`);
    assert.equal(v6!.session.network.vpnPing, undefined, 'v6 has no field for it');
    const tunnel = (verdict: ReturnType<typeof sessionVerdict>) => verdict.segments.find((s) => s.segment === 'tunnel');
    assert.ok(
      tunnel(v7!.verdict)?.findings.some((f) => f.message.includes("(this session's VPN ping)")),
      JSON.stringify(tunnel(v7!.verdict)?.findings),
    );
    assert.equal(v7!.verdict.worst, 'tunnel', v7!.verdict.line);
    assert.ok(!tunnel(v6!.verdict)?.findings.some((f) => f.message.includes("this session's VPN ping")));
  });
});
