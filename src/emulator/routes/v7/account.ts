// v7 enterprise agents (GET /v7/agents with `agentTypes`, GET /v7/agents/{agentId}), the
// caller's account groups (GET /v7/account-groups) and the caller (GET /v7/users/current).
import { invalidField, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import type { DemoUser } from '../../world/model';
import type { EmulatorState } from '../state';
import { v7ListedAgent } from './encode-enterprise';
import { selfLink } from './paging';

const AGENT_TYPES = ['cloud', 'enterprise-cluster', 'enterprise'];

export function v7AccountRoutes(state: EmulatorState): Route[] {
  return [
    { pattern: '/v7/agents', methods: { GET: agents } },
    { pattern: '/v7/agents/:agentId', methods: { GET: agent } },
    { pattern: '/v7/account-groups', methods: { GET: (ctx) => accountGroups(state, ctx) } },
    { pattern: '/v7/users/current', methods: { GET: (ctx) => currentUser(state, ctx) } },
  ];
}

function agents(ctx: RequestContext): RouteResult {
  const wanted = agentTypes(ctx.query);
  const list = ctx.group
    .enterpriseAgents()
    .map(v7ListedAgent)
    .filter((a) => !wanted || wanted.has(String(a.agentType)));
  return { body: { agents: list, _links: selfLink(ctx) } };
}

function agent(ctx: RequestContext): RouteResult {
  const id = ctx.params.agentId ?? '';
  const found = ctx.group.enterpriseAgents().find((a) => String(a.agentId) === id);
  if (!found) throw notFound(`Agent '${id.slice(0, 100)}' not found in account group ${ctx.aid}`);
  return { body: { ...v7ListedAgent(found), _links: selfLink(ctx) } };
}

/** `agentTypes`, repeated or comma-separated, in v7's spelling. */
function agentTypes(query: URLSearchParams): Set<string> | undefined {
  const values = query
    .getAll('agentTypes')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length === 0) return undefined;
  for (const value of values) {
    if (!AGENT_TYPES.includes(value))
      throw invalidField('agentTypes', `agentTypes '${value.slice(0, 40)}' must be one of ${AGENT_TYPES.join(', ')}`);
  }
  return new Set(values);
}

function groupName(state: EmulatorState, aid: number): string {
  return state.world.accountGroups.find((g) => g.aid === aid)?.accountGroupName ?? `Account group ${aid}`;
}

function accountGroups(state: EmulatorState, ctx: RequestContext): RouteResult {
  const list = ctx.user.aids.map((aid, index) => ({
    aid: String(aid),
    accountGroupName: groupName(state, aid),
    isCurrentAccountGroup: aid === ctx.aid,
    isDefaultAccountGroup: index === 0,
    organizationName: ctx.user.organization,
  }));
  return { body: { accountGroups: list, _links: selfLink(ctx) } };
}

function rolesOf(
  user: DemoUser,
): { name: string; roleId: string; isBuiltin: boolean; hasManagementPermissions: boolean }[] {
  const roles = [
    {
      name: user.accountAdmin ? 'Account Admin' : 'Regular User',
      roleId: user.accountAdmin ? '1' : '2',
      isBuiltin: true,
      hasManagementPermissions: user.accountAdmin,
    },
  ];
  if (user.editEndpointTests && !user.accountAdmin)
    roles.push({ name: 'Endpoint Test Editor', roleId: '3', isBuiltin: false, hasManagementPermissions: false });
  return roles;
}

function currentUser(state: EmulatorState, ctx: RequestContext): RouteResult {
  const { user } = ctx;
  const group = (aid: number): { aid: string; accountGroupName: string } => ({
    aid: String(aid),
    accountGroupName: groupName(state, aid),
  });
  return {
    body: {
      name: user.name,
      email: user.email,
      loginAccountGroup: group(user.aids[0] ?? ctx.aid),
      accountGroupRoles: user.aids.map((aid) => ({ accountGroup: group(aid), roles: rolesOf(user) })),
      allAccountGroupRoles: rolesOf(user),
      _links: selfLink(ctx),
    },
  };
}
