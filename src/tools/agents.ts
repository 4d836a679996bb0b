// Endpoint agents: found by name as the quick pick finds them, and one agent over time (the
// Agent Timeline panel's and `netmon agent timeline`'s walk and verdict).
import { AgentSearch } from '../analysis/agents/search';
import { agentStatus } from '../analysis/agents/card';
import { TIMELINE_SEGMENT_LABELS } from '../analysis/timeline';
import { readAgentTimeline } from '../workflows/agent-timeline';
import { ID_TYPES, idString, integer, RANGE_PROPERTIES, rangeOf, text } from './args';
import { capList, omittedNote } from './bound';
import { fenced, idText, outside } from './fence';
import type { ToolDefinition } from './types';

const clock = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const findAgent: ToolDefinition = {
  name: 'find_agent',
  title: 'Find an endpoint agent',
  description:
    'Endpoint agents (user laptops) matching a name, fuzzily: every word must appear in the computer name, id, OS, ' +
    'model or status; best matches first. Answers the agent ids for agent_timeline and find_worst_sessions.',
  inputSchema: {
    type: 'object',
    properties: {
      name: {
        type: 'string',
        maxLength: 100,
        description: 'Words of the computer name (or an id); empty lists agents by name.',
      },
      limit: { type: 'integer', minimum: 1, maximum: 50, description: 'How many (default 10).' },
    },
    required: ['name'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const directory = await ctx.account.client.agentDirectory().ready(ctx.signal);
    const search = new AgentSearch(directory.agents());
    const limit = integer(args, 'limit') ?? 10;
    const matches = search.search(text(args, 'name') ?? '', limit + 1);
    const shown = matches.slice(0, limit);
    const agents = shown.map((m) => ({
      agentId: String(m.agent.agentId),
      name: outside(m.name, 100),
      status: agentStatus(m.agent),
      os: outside(m.agent.osVersion ?? '', 100),
      exact: m.rank === 0,
    }));
    const atLeast = matches.length > limit ? '+' : '';
    const matchCount = `${agents.length}${atLeast} agent${agents.length === 1 ? '' : 's'} match`;
    const howMany = agents.length === 0 ? 'No endpoint agent matches' : matchCount;
    const hint = agents.length ? ' Use the agentId with agent_timeline.' : ' Try fewer words.';
    return {
      text: [
        `${howMany} among ${search.size}.${hint}`,
        fenced(
          'agents: names and OS come from the API',
          agents.map((a) => `${a.agentId} · ${a.name} · ${a.status} · ${a.os}`),
        ),
        ...omittedNote(matches.length > limit ? 1 : 0, 'matches (at least)', 'raise limit or add words'),
      ]
        .filter(Boolean)
        .join('\n'),
      data: { agents, more: matches.length > limit },
    };
  },
};

export const agentTimelineTool: ToolDefinition = {
  name: 'agent_timeline',
  title: 'An endpoint agent over time',
  description:
    'One endpoint agent over a time range (default the last 24h): the periods of poor experience, the segment most ' +
    'likely responsible for each with its numbers, what changed in its network (roaming, public IP, VPN, ' +
    'gateway, proxy), and its worst sessions for explain_session.',
  inputSchema: {
    type: 'object',
    properties: {
      agent: {
        type: ID_TYPES,
        minLength: 1,
        maxLength: 100,
        minimum: 0,
        description: "The agent's computer name or id (find_agent finds it).",
      },
      ...RANGE_PROPERTIES,
    },
    required: ['agent'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const range = rangeOf(args, ctx);
    const { model, gaps } = await readAgentTimeline(ctx.account, idString(args, 'agent') as string, range);
    const { verdict } = model;
    const periods = capList(verdict.periods, 10);
    const events = capList(model.events, 20);
    const worst = model.lanes.sessions
      .filter((s) => typeof s.score === 'number')
      .sort((a, b) => (a.score as number) - (b.score as number) || a.t - b.t)
      .slice(0, 5);
    return {
      text: [
        `Agent ${idText(model.agent.agentId)}: ${verdict.periods.length} period` +
          `${verdict.periods.length === 1 ? '' : 's'} of poor experience, ${verdict.isolatedPoor} isolated poor ` +
          `sessions, ${verdict.scoredSessions} scored sessions, ${model.events.length} network changes.` +
          `${gaps ? ` ${gaps} list${gaps === 1 ? '' : 's'} could not be read completely.` : ''}`,
        ...periods.items.map(
          (p) =>
            `- ${clock(p.fromMs)} to ${clock(p.toMs)}: ` +
            `${p.segment ? TIMELINE_SEGMENT_LABELS[p.segment] : 'no single segment'}`,
        ),
        ...omittedNote(periods.omitted, 'periods'),
        worst.length
          ? `Worst sessions (for explain_session): ${worst.map((s) => idText(s.userSessionId)).join(', ')}.`
          : '',
        fenced('the timeline: the agent name, SSIDs, addresses and sites come from the API', [
          `agent ${outside(model.agent.name ?? model.agent.agentId, 100)} (${model.agent.agentId})`,
          verdict.summary,
          ...periods.items.map((p) => p.line),
          ...events.items.map((e) => `${clock(e.t)} ${e.text}`),
          ...omittedNote(events.omitted, 'network changes'),
        ]),
      ]
        .filter(Boolean)
        .join('\n'),
      data: {
        agentId: model.agent.agentId,
        agent: outside(model.agent.name ?? model.agent.agentId, 100),
        summary: outside(verdict.summary, 400),
        gaps,
        periods: periods.items.map((p) => ({
          fromMs: p.fromMs,
          toMs: p.toMs,
          segment: p.segment,
          line: outside(p.line, 400),
          sessionVerdicts: p.sessionVerdicts,
        })),
        periodsLeftOut: periods.omitted,
        events: events.items.map((e) => ({ t: e.t, kind: e.kind, text: outside(e.text, 300) })),
        eventsLeftOut: events.omitted,
        worstSessions: worst.map((s) => ({
          userSessionId: s.userSessionId,
          t: s.t,
          score: s.score,
          site: outside(s.site, 200),
        })),
      },
      opens: [
        {
          command: 'netmon.troubleshootAgent',
          title: 'Netmon: Troubleshoot Endpoint Agent',
          args: [model.agent.agentId],
        },
      ],
    };
  },
};
