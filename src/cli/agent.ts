// `netmon agent timeline <name|id>`: one endpoint agent over a time range — every record on
// one axis, what changed in its network, and the periods of poor experience with the
// segment to blame — as text for a ticket or, with --json, the whole timeline model.
// The same walk and analysis as the Agent Timeline panel.
import { AgentSearch } from '../analysis/agents/search';
import { agentTimeline, timelineText, type AgentTimeline } from '../analysis/timeline';
import { TimelineWalk } from '../analysis/timeline/walk';
import { terminalSafe } from '../analysis/text/untrusted';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import type { CliIo } from './deploy-run';
import { processIo, reportFailure } from './io';
import { readTimeRange, TIME_RANGE_USAGE, type AskedRange } from './time-range';
import { ciJson } from './ci-safe';

export const AGENT_USAGE = `usage: netmon agent timeline <computer name | agent id> [--window 24h | --from T --to T] [--json] [account]
  One endpoint agent over time: its sessions, page loads, network sessions and topology
  probes read with a server-side agent filter, what changed in its network (roaming,
  public IP, VPN, gateway, proxy), and the periods of poor experience with the segment
  most likely responsible and its numbers.
${TIME_RANGE_USAGE}
  --json           the whole timeline model as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 0 read completely, 1 some records could not be read (the gaps are listed),
  2 could not run (usage, unknown agent, connection).`;

export async function runAgent(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || rest.includes('--help') || rest.includes('-h')) {
    io.stdout(AGENT_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'timeline') return reportFailure('agent', new UsageError(`unknown subcommand ${sub}`), AGENT_USAGE, io);
  let account: Account | undefined;
  try {
    const { flags, rest: options } = takeAccountFlags(rest);
    const json = options.includes('--json');
    const { range, rest: words } = readTimeRange(
      options.filter((o) => o !== '--json'),
      Date.now(),
    );
    if (range.note) io.stderr(`netmon agent timeline: ${range.note}`);
    const unknown = words.find((w) => w.startsWith('-'));
    if (unknown) throw new UsageError(`unknown option ${unknown}`);
    if (words.length !== 1) throw new UsageError('name one agent (its computer name or id)');
    account = await openAccount(flags, io.env);
    return await timeline(account, words[0] as string, range, json, io);
  } catch (error) {
    return reportFailure('agent timeline', error, AGENT_USAGE, io);
  } finally {
    await account?.close();
  }
}

async function timeline(account: Account, query: string, range: AskedRange, json: boolean, io: CliIo): Promise<number> {
  const { model, gaps } = await readAgentTimeline(account, query, range);
  io.stdout(json ? ciJson(model) : terminalSafe(timelineText(model)));
  if (gaps)
    io.stderr(
      `netmon agent timeline: ${gaps} list${gaps === 1 ? '' : 's'} could not be read completely; run it again to retry`,
    );
  return gaps ? 1 : 0;
}

const AGENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The agent an exact id or computer name names, asked of the service's agent search (one small
 * read on v7, not the whole agent list); else the best matches of the agent list.
 */
async function findAgent(account: Account, query: string): Promise<ReturnType<AgentSearch['resolve']>> {
  const key = AGENT_ID.test(query) ? 'id' : 'computerName';
  const exact = await account.client.findEndpointAgents({ filters: { [key]: [query] } }, { maxRecords: 2 });
  if (exact.length === 1 && exact[0]) return { agent: exact[0], candidates: [] };
  const directory = await account.client.agentDirectory().ready();
  return new AgentSearch(directory.agents()).resolve(query);
}

/** The agent named by `query` (computer name or id; an ambiguous name is a usage error), walked over the range. */
export async function readAgentTimeline(
  account: Account,
  query: string,
  range: AskedRange,
): Promise<{ model: AgentTimeline; gaps: number }> {
  const { agent, candidates } = await findAgent(account, query);
  if (!agent) {
    const list = candidates.map((m) => `${m.name} (${String(m.agent.agentId)})`).join(', ');
    throw new UsageError(
      candidates.length
        ? `"${query}" matches ${candidates.length} agents: ${list}; name one`
        : `no endpoint agent in ${account.label} matches "${query}"`,
    );
  }
  const agentId = String(agent.agentId);
  const walk = new TimelineWalk(account.client, agentId, range.request, range.estimate);
  await walk.run();
  const model = agentTimeline(
    {
      agentId,
      name: String(agent.computerName ?? agentId),
      status: String(agent.status ?? ''),
      deleted: agent.deleted === true,
    },
    walk.range,
    walk.builder,
    walk.gaps,
    true,
  );
  return { model, gaps: walk.gaps.length };
}
