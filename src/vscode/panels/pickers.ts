// Quick picks for the command palette, when a command runs without a tree item or an id.
import { pick } from '../ui/quick-pick';
import type { NetmonClient } from '../../api';
import type { TimeOptions } from './data';
import { withCancellableProgress } from '../progress';
import type { Prompts } from '../ui/prompts';
import { AgentSearch } from '../../analysis/agents/search';
import { agentStatus } from '../../analysis/agents/card';

/** Sessions offered: the first ones of the view's time range. */
const SESSIONS_OFFERED = 50;

export async function pickUserSession(client: NetmonClient, timeOptions: TimeOptions): Promise<string | undefined> {
  const { records } = await withCancellableProgress('Loading user sessions', (signal) =>
    client.userSessions({ ...timeOptions, signal }).collect({ maxRecords: SESSIONS_OFFERED }),
  );
  if (records.length === 0)
    throw new Error(
      'there are no user sessions in the Netmon view\'s time range (widen it with "Netmon: Set Time Range")',
    );
  const picked = await pick(
    records.map((session) => ({
      label: session.visitedSite,
      description: `${session.date} · ${session.numberOfPages} page${session.numberOfPages === 1 ? '' : 's'}`,
      detail: session.userSessionId,
      id: session.userSessionId,
    })),
    { title: 'Open Session Overview', placeHolder: 'User session', matchOnDescription: true, matchOnDetail: true },
  );
  return picked?.id;
}

export async function pickEndpointTest(client: NetmonClient): Promise<number | undefined> {
  const { records: endpointTest } = await withCancellableProgress('Loading endpoint tests', (signal) =>
    client.endpointTests({ signal }).collect({ maxRecords: 5_000 }),
  );
  if (endpointTest.length === 0) throw new Error('there are no endpoint tests in this account group');
  const picked = await pick(
    endpointTest.map((test) => ({
      label: test.testName,
      description: `${test.type} · #${test.testId}`,
      detail: test.url ?? test.server,
      testId: test.testId,
    })),
    { title: 'Endpoint test', placeHolder: 'Endpoint test', matchOnDescription: true },
  );
  return picked?.testId;
}

/** Agents offered per keystroke: the best matches of what was typed. */
const AGENTS_OFFERED = 50;

/** An endpoint agent searched by name, id, OS, model or status as one types; stays quick on 10,000 agents. */
export async function pickEndpointAgent(
  client: NetmonClient,
  prompts: Prompts,
  title: string,
): Promise<string | undefined> {
  const directory = await withCancellableProgress('Loading endpoint agents', (signal) =>
    client.agentDirectory().ready(signal),
  );
  const agents = directory.agents();
  if (agents.length === 0) throw new Error('there are no endpoint agents in this account group');
  const index = new AgentSearch(agents);
  const picked = await prompts.search({
    title,
    placeHolder: `Computer name, agent id, OS, model or status (${agents.length.toLocaleString('en-US')} agents)`,
    search: (query) =>
      index.search(query, AGENTS_OFFERED).map(({ agent, name }) => ({
        label: name,
        description: [agentStatus(agent), agent.osVersion].filter(Boolean).join(' · '),
        detail: [agent.agentId, [agent.manufacturer, agent.model].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(' · '),
        agentId: String(agent.agentId),
      })),
  });
  return picked?.agentId;
}
