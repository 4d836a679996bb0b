// The seeded VPN episode through v7: the topology probes near a session of the episode carry a
// poor `vpnScore` (the emulator scores each probe from its own ping), the client keeps it, and
// the session's verdict names it on the tunnel. Through v6 the same session has no scores, and
// its verdict reads the tunnel from the probe's round trip alone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bothDialects } from './helpers';
import { sessionVerdict } from '../../../src/analysis/session';
import { sessionNeighbourContext } from '../../../src/analysis/timeline/timeline';

const NOW_MS = Date.UTC(2026, 10, 18, 23, 50, 0);

describe('topology scores in the session verdict through v7', () => {
  const { emulators, clients } = bothDialects(NOW_MS);

  test("a session inside the VPN episode: its probes' poor VPN score is on the tunnel in v7, absent in v6", async () => {
    const now = NOW_MS / 1000;
    const episode = emulators[1]!.world
      .group(1001)
      ?.episodes(now - 86_400, now)
      .find((e) => e.kind === 'vpn' && e.endSeconds <= now);
    assert.ok(episode, 'the demo world plays a VPN episode in the last day');
    const middle = new Date(((episode.startSeconds + episode.endSeconds) / 2) * 1000);
    const range = { from: new Date(middle.getTime() - 20 * 60_000), to: new Date(middle.getTime() + 20 * 60_000) };
    const filters = [{ key: 'agentId', values: [episode.agentId] }];
    const [listed] = (await clients[1]!.userSessions({ ...range, filters }).collect({ maxRecords: 1 })).records;
    assert.ok(listed, 'the VPN agent records sessions during its episode');
    const [v6, v7] = await Promise.all(
      clients.map(async (client) => {
        const session = await client.getUserSession(listed.userSessionId);
        const context = await sessionNeighbourContext(client, session);
        return { context, verdict: sessionVerdict(session, context ?? {}) };
      }),
    );
    assert.ok((v7!.context?.scores?.vpn ?? 100) < 50, `poor VPN score: ${JSON.stringify(v7!.context?.scores)}`);
    const tunnel = v7!.verdict.segments.find((s) => s.segment === 'tunnel');
    assert.equal(tunnel?.grade, 'bad');
    assert.ok(
      tunnel?.findings.some((f) => /the service scores the VPN \d+\/100/.test(f.message)),
      JSON.stringify(tunnel?.findings),
    );
    assert.equal(v7!.verdict.worst, 'tunnel');
    assert.equal(v6!.context?.scores, undefined);
    assert.ok(!v6!.verdict.segments.some((s) => s.findings.some((f) => /the service scores/.test(f.message))));
  });
});
