// Enterprise agents (v6): GET /v6/agents lists the agents tests may run from, optionally
// narrowed by `agentTypes` (ENTERPRISE, CLOUD, ENTERPRISE_CLUSTER; repeated or
// comma-separated); GET /v6/agents/{agentId} reads one. The same agents, with the same ids,
// as test creation accepts and test responses embed.
import { ENTERPRISE_AGENT_TYPES, type EnterpriseAgentType, type TestAgent } from '../../api/types';
import { badRequest, notFound } from '../http/errors';
import type { RequestContext, Route, RouteResult } from '../http/router';

type AgentType = EnterpriseAgentType;

export function enterpriseAgentRoutes(): Route[] {
  return [
    { pattern: '/v6/agents', methods: { GET: list } },
    { pattern: '/v6/agents/:agentId', methods: { GET: detail } },
  ];
}

function list(ctx: RequestContext): RouteResult {
  const wanted = agentTypes(ctx.query);
  const agents = ctx.group
    .enterpriseAgents()
    .map(toAgent)
    .filter((agent) => wanted === undefined || wanted.has(agent.agentType.toUpperCase() as AgentType));
  return { body: { agents } };
}

function detail(ctx: RequestContext): RouteResult {
  const id = ctx.params.agentId ?? '';
  const agent = /^[0-9]+$/.test(id) ? ctx.group.enterpriseAgents().find((a) => a.agentId === Number(id)) : undefined;
  if (!agent) throw notFound(`Agent '${id}' not found in account group ${ctx.aid}`);
  return { body: { agents: [toAgent(agent)] } };
}

function agentTypes(query: URLSearchParams): Set<AgentType> | undefined {
  const values = query
    .getAll('agentTypes')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toUpperCase())
    .filter(Boolean);
  if (values.length === 0) return undefined;
  for (const value of values) {
    if (!(ENTERPRISE_AGENT_TYPES as readonly string[]).includes(value))
      throw badRequest(`agentTypes '${value}' must be one of ${ENTERPRISE_AGENT_TYPES.join(', ')}`);
  }
  return new Set(values as AgentType[]);
}

/** The v6 agent object: the test response's agent fields, with agentType and enabled. */
function toAgent(
  agent: TestAgent,
): TestAgent & { agentType: 'Cloud' | 'Enterprise'; ipAddresses: string[]; enabled: true } {
  return {
    ...agent,
    agentType: agent.public === 1 ? 'Cloud' : 'Enterprise',
    ipAddresses: [agent.ipAddress],
    enabled: true,
  };
}
