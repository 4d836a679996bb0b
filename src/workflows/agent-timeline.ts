// One endpoint agent over a time range, as `netmon agent timeline`, evidence and the
// agent_timeline tool read it: the agent found by id or computer name, then the same walk and
// analysis as the Agent Timeline panel, with the alerts and events of the tests toward the sites it visited (v7).
import { AgentSearch } from '../analysis/agents/search';
import { agentTimeline, withAlertMarks, type AgentTimeline } from '../analysis/timeline';
import { TimelineWalk } from '../analysis/timeline/walk';
import type { Account } from './account';
import { markRangeOf, readMarkInputs } from './alert-marks';
import { inputError } from './input-error';
import type { AskedRange } from './time-range';

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

/**
 * The agent named by `query` (computer name or id; an ambiguous or unknown name is an input error), walked over the
 * range.
 */
export async function readAgentTimeline(
  account: Account,
  query: string,
  range: AskedRange,
): Promise<{ model: AgentTimeline; gaps: number }> {
  const { agent, candidates } = await findAgent(account, query);
  if (!agent) {
    const list = candidates.map((m) => `${m.name} (${String(m.agent.agentId)})`).join(', ');
    throw inputError(
      'agent',
      candidates.length
        ? `"${query}" matches ${candidates.length} agents: ${list}; name one`
        : `no endpoint agent in ${account.label} matches "${query}"`,
    );
  }
  const agentId = String(agent.agentId);
  const walk = new TimelineWalk(account.client, agentId, range.request, range.estimate);
  // Read beside the walk, not after it: the marks are bounded to the walk's range when drawn.
  const marks = readMarkInputs(account.client, markRangeOf(range.request));
  await walk.run();
  const timeline = agentTimeline(
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
  const model = withAlertMarks(timeline, await marks);
  return { model, gaps: walk.gaps.length };
}
