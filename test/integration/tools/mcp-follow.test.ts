// An agent that only follows the answers: `netmon mcp --emulator` (v7, the real clock) driven by the
// MCP SDK's client, from find_worst_sessions on, calling nothing but what each answer's data.next
// names, with its arguments exactly as given (ids not re-typed), each checked first against the
// tool's listed JSON Schema as a strict client would. It reaches the session's own route
// (session_path) and the agent's ISP change (agent_timeline) of the seeded backup-line episode.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startEmulator, type Episode } from '../../../src/emulator';
import { FENCE_OPEN } from '../../../src/tools/fence';

const REPO = join(__dirname, '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = join(REPO, 'src', 'cli', 'netmon.ts');
const AID = 1001;
/** Episodes are daily: the last three days hold a whole one that ended before the server's now. */
const LOOK_BACK_S = 3 * 86_400;
/** The episode ended at least this long ago, so the server (started a moment later) sees all of it. */
const SETTLED_S = 600;

interface Next {
  tool: string;
  args: Record<string, unknown>;
}
interface CallResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * The newest whole ISP episode (the agent on its backup line) of the world `netmon mcp --emulator`
 * serves: the world is a pure function of its seed and the time asked, so this one, asked at the
 * same now, names the same episode.
 */
async function newestIspEpisode(): Promise<Episode> {
  const emulator = await startEmulator({ port: 0 });
  try {
    const nowS = Math.floor(Date.now() / 1000);
    const episode = emulator.world
      .group(AID)!
      .episodes(nowS - LOOK_BACK_S, nowS)
      .filter((e) => e.kind === 'isp' && e.endSeconds <= nowS - SETTLED_S)
      .at(-1);
    assert.ok(episode, 'the demo world plays an ISP episode every day');
    return episode;
  } finally {
    await emulator.close();
  }
}

describe('netmon mcp --emulator: an agent following only data.next', () => {
  let workspace: string;
  let client: Client;
  let episode: Episode;
  const schemas = new Map<string, object>();
  const ajv = new Ajv({ strict: false, allErrors: true });
  let stderr = '';
  /** session_path's other next call: the test's round beside the session. */
  let pathCall: Next | undefined;

  before(async () => {
    episode = await newestIspEpisode();
    workspace = mkdtempSync(join(tmpdir(), 'netmon-mcp-follow-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', TSX, ENTRY, 'mcp', '--emulator', '--aid', String(AID)],
      cwd: workspace,
      env: { ...(process.env as Record<string, string>) },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    client = new Client({ name: 'netmon-follow', version: '1.0.0' });
    await client.connect(transport);
    for (const tool of (await client.listTools()).tools) schemas.set(tool.name, tool.inputSchema);
  });
  after(async () => {
    await client?.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  /** A call as a strict client makes it: its arguments valid for the tool's listed schema first. */
  async function call(next: Next): Promise<CallResult> {
    const schema = schemas.get(next.tool);
    assert.ok(schema, `${next.tool} is listed`);
    const validate = ajv.compile(schema);
    assert.ok(validate(next.args), `${next.tool} ${JSON.stringify(next.args)}: ${ajv.errorsText(validate.errors)}`);
    const result = (await client.callTool({ name: next.tool, arguments: next.args })) as CallResult;
    assert.equal(result.isError, false, `${next.tool}: ${textOf(result)}\n${stderr}`);
    return result;
  }
  const textOf = (result: CallResult): string => result.content.map((c) => c.text ?? '').join('\n');
  const nextOf = (result: CallResult): Next | undefined => result.structuredContent?.['next'] as Next | undefined;

  test("worst sessions of the episode → explain → the session's route → the agent's ISP change", async () => {
    // The episode's window: the worst sessions of its agent, from its second round on.
    const from = new Date((episode.startSeconds + 300) * 1000).toISOString();
    const to = new Date(episode.endSeconds * 1000).toISOString();
    let result = await call({ tool: 'find_worst_sessions', args: { from, to, agent: episode.agentId, limit: 3 } });
    const visited: Next[] = [];
    let next = nextOf(result);
    while (next && visited.length < 6 && !visited.some((v) => v.tool === 'agent_timeline')) {
      visited.push(next);
      result = await call(next);
      if (next.tool === 'session_path') checkRoute(result);
      next = nextOf(result);
    }
    assert.deepEqual(
      visited.map((v) => v.tool),
      ['explain_session', 'session_path', 'agent_timeline'],
      JSON.stringify(visited),
    );
    const [explain, route, timeline] = visited;
    assert.equal(route!.args['userSessionId'], explain!.args['userSessionId'], 'the same session, its id as given');
    assert.equal(timeline!.args['agent'], episode.agentId);
    assert.match(textOf(result), /ISP changed from .+ to /, 'the timeline shows the change of line');
    const events = result.structuredContent!['events'] as { kind: string }[];
    assert.ok(events.length > 0, textOf(result));
  });

  /** session_path's answer: hops, pings, the test's round beside it, and its other next call usable as given. */
  function checkRoute(result: CallResult): void {
    const data = result.structuredContent!;
    const hops = (data['traceroute'] as { hops: { hop: number; address: string }[] }).hops;
    assert.ok(hops.length >= 2 && hops.every((h) => h.hop > 0 && h.address !== ''), JSON.stringify(hops));
    const pings = data['pings'] as { ping: string }[];
    assert.deepEqual(
      pings.slice(0, 2).map((p) => p.ping),
      ['gateway', 'target'],
    );
    const changes = data['networkChanges'] as { kind: string }[];
    assert.ok(
      changes.some((c) => c.kind === 'isp'),
      JSON.stringify(changes),
    );
    assert.ok(textOf(result).includes(FENCE_OPEN), 'the hops are quoted inside the fence');
    pathCall = (data['alsoNext'] as Next[] | undefined)?.find((n) => n.tool === 'localize_path');
  }

  test("the test's round beside the session: localize_path takes testId and round as session_path gives them", async () => {
    assert.ok(pathCall, 'the featured site has a scheduled test: session_path names its round');
    assert.equal(typeof pathCall.args['round'], 'number', 'the round as the answer gives it: a number');
    const path = await call(pathCall);
    assert.match(textOf(path), /^Test \d+, round /);
  });
});
