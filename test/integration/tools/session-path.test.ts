// session_path on seeded sessions of the emulator (v7): a session on the agent's backup line answers
// its own hops, pings and the test's round beside it, the ISP change and the calls to follow; a
// session whose target blocks ICMP says its target ping was not measured, never 0 ms; and every id
// input takes a number or a string, as the answers give them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Episode } from '../../../src/emulator';
import { callTool, toolNamed, TOOLS } from '../../../src/tools/catalogue';
import { FENCE_CLOSE, FENCE_OPEN } from '../../../src/tools/fence';
import { NOW_MS, toolWorld, type ToolWorld } from './context';

const AID = 1001;
/** Sessions looked through at most for one whose target blocks ICMP (about 7 in 100 do). */
const MAX_LOOKED = 300;

interface Hop {
  hop: number;
  address: string;
  name?: string;
  network?: string;
  delayMs?: number;
}
interface Ping {
  ping: string;
  measured: boolean;
  outcome: string;
  rttMs?: number;
}

describe('session_path against the emulator (v7)', () => {
  let world: ToolWorld;
  let episode: Episode;

  before(async () => {
    world = await toolWorld({ api: 'v7' });
    const nowS = NOW_MS / 1000;
    episode = world.emulator.world
      .group(AID)!
      .episodes(nowS - 86_400, nowS)
      .filter((e) => e.kind === 'isp' && e.endSeconds <= nowS)
      .at(-1)!;
    assert.ok(episode, 'a whole ISP episode in the last 24 h');
  });
  after(async () => {
    await world.close();
  });

  async function sessionIn(from: number, to: number, agentId?: string): Promise<string[]> {
    const { records } = await world.ctx.account.client
      .userSessions({
        from: new Date(from * 1000),
        to: new Date(to * 1000),
        ...(agentId ? { filters: [{ key: 'agentId', values: [agentId] }] } : {}),
      })
      .collect({ maxRecords: MAX_LOOKED });
    return records.map((r) => String(r.userSessionId));
  }

  test('a session on the backup line: its hops, pings, the round beside it and the ISP change', async () => {
    const [id] = await sessionIn(episode.startSeconds + 300, episode.endSeconds, episode.agentId);
    assert.ok(id, 'the agent records sessions on its backup line');
    const answer = await callTool('session_path', { userSessionId: id }, world.ctx);
    assert.equal(answer.isError, false, answer.text);
    const hops = (answer.data['traceroute'] as { hops: Hop[] }).hops;
    assert.ok(hops.length >= 2, answer.text);
    assert.equal(hops[0]!.hop, 1);
    assert.ok(
      hops.some((h) => h.network?.startsWith('AS') && typeof h.delayMs === 'number'),
      JSON.stringify(hops),
    );
    const pings = answer.data['pings'] as Ping[];
    assert.deepEqual(
      pings.map((p) => p.ping),
      ['gateway', 'target', 'vpn'],
    );
    assert.ok(pings[0]!.measured && typeof pings[0]!.rttMs === 'number', JSON.stringify(pings));
    const round = answer.data['testRound'] as { testId: number; roundId: number; whyTheyCanDiffer?: string[] };
    assert.ok(round && Number.isInteger(round.testId) && Number.isInteger(round.roundId), answer.text);
    assert.ok((answer.data['networkChanges'] as { kind: string }[]).some((c) => c.kind === 'isp'));
    const next = answer.data['next'] as { tool: string; args: Record<string, unknown> };
    assert.equal(next.tool, 'agent_timeline');
    assert.equal(next.args['agent'], episode.agentId);
    assert.deepEqual(answer.data['alsoNext'], [
      { tool: 'localize_path', args: { testId: round.testId, round: round.roundId } },
    ]);
    // The hops' names come from the API: only inside the fence.
    const lines = answer.text.split('\n');
    const open = lines.findIndex((l) => l.startsWith(FENCE_OPEN));
    const close = lines.lastIndexOf(FENCE_CLOSE);
    assert.ok(open > 0 && close > open, answer.text);
    const named = hops.find((h) => h.name)?.name;
    if (named) assert.ok(!lines.slice(0, open).join('\n').includes(named), 'a hop name outside the fence');
  });

  test('explain_session names session_path for the session next', async () => {
    const [id] = await sessionIn(episode.startSeconds + 300, episode.endSeconds, episode.agentId);
    const explained = await callTool('explain_session', { userSessionId: id }, world.ctx);
    assert.deepEqual(explained.data['next'], { tool: 'session_path', args: { userSessionId: id } });
    assert.match(explained.text, /session_path with this userSessionId/);
  });

  test('a target that blocks ICMP: its ping is "not measured", never 0 ms', async () => {
    const nowS = NOW_MS / 1000;
    const ids = await sessionIn(nowS - 3 * 3600, nowS);
    let blocked: string | undefined;
    for (const id of ids) {
      const session = await world.ctx.account.client.getUserSession(id);
      if ((session.network as { icmpBlocked?: boolean } | undefined)?.icmpBlocked === true) {
        blocked = id;
        break;
      }
    }
    assert.ok(blocked, `a session whose target blocks ICMP among ${ids.length}`);
    const answer = await callTool('session_path', { userSessionId: blocked }, world.ctx);
    assert.equal(answer.isError, false, answer.text);
    const target = (answer.data['pings'] as Ping[]).find((p) => p.ping === 'target')!;
    assert.equal(target.measured, false);
    assert.equal(target.rttMs, undefined);
    assert.match(target.outcome, /ICMP blocked by the target, not measured/);
    assert.doesNotMatch(answer.text, /Target ping: 0 ms/);
  });

  test('every id input takes a number or a string, and the readers take both', async () => {
    const ids = ['testId', 'round', 'against', 'userSessionId', 'first', 'second', 'agent', 'alertId', 'network'];
    for (const tool of TOOLS)
      for (const [key, schema] of Object.entries(tool.inputSchema.properties))
        if (ids.includes(key))
          assert.deepEqual((schema as { type: unknown }).type, ['string', 'integer'], `${tool.name}.${key}`);
    const rounds = await callTool('localize_path', { testId: 100102, window: '1h' }, world.ctx);
    const [roundId] = rounds.data['rounds'] as number[];
    for (const args of [
      { testId: 100102, round: roundId },
      { testId: '100102', round: String(roundId) },
    ]) {
      const path = await callTool('localize_path', args, world.ctx);
      assert.equal(path.isError, false, `${JSON.stringify(args)}: ${path.text}`);
      assert.deepEqual(path.data['rounds'], [roundId]);
    }
    const refused = await callTool('localize_path', { testId: 'one' }, world.ctx);
    assert.equal(refused.isError, true);
    assert.match(refused.text, /testId must match pattern/);
    assert.ok(toolNamed('session_path'));
  });
});
