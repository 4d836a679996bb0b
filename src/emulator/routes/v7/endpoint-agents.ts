// v7 endpoint agents: GET /v7/endpoint/agents (cursor-paged `agents`, `max` per page),
// POST /v7/endpoint/agents/filter (the same, narrowed, thresholded and sorted by its body:
// ./endpoint-agent-filter.ts) and GET /v7/endpoint/agents/{agentId} (the agent itself).
// Deleted agents only with `includeDeleted=true`; VPN profiles only with
// `expand=vpnProfiles`, as the service lists them.
import type { EndpointAgent } from '../../../api/types';
import { invalidField, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import { formatIsoDateTime } from '../../http/time';
import type { AgentSite } from '../../world/model';
import type { EmulatorState } from '../state';
import { matchesSearch, platformOf, readAgentSearch, sortedBySearch, type AgentSearch } from './endpoint-agent-filter';
import { selfLink, v7InventoryPage } from './paging';

export { platformOf } from './endpoint-agent-filter';

export function v7EndpointAgentRoutes(state: EmulatorState): Route[] {
  return [
    { pattern: '/v7/endpoint/agents', methods: { GET: (ctx) => list(state, ctx, undefined) } },
    { pattern: '/v7/endpoint/agents/filter', methods: { POST: (ctx) => list(state, ctx, readAgentSearch(ctx)) } },
    { pattern: '/v7/endpoint/agents/:agentId', methods: { GET: detail } },
  ];
}

const EXPANSIONS = ['clients', 'vpnProfiles', 'networkInterfaceProfiles'];

/** The `expand` values asked (comma-separated, or the parameter repeated). */
function expansions(query: URLSearchParams): Set<string> {
  const asked = query
    .getAll('expand')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  const unknown = asked.find((value) => !EXPANSIONS.includes(value));
  if (unknown !== undefined)
    throw invalidField('expand', `expand '${unknown.slice(0, 40)}' is not one of ${EXPANSIONS.join(', ')}`);
  return new Set(asked);
}

export function v7EndpointAgent(
  agent: EndpointAgent,
  site: AgentSite | undefined,
  ctx: RequestContext,
  expand: ReadonlySet<string>,
): Record<string, unknown> {
  return {
    id: agent.agentId,
    aid: String(ctx.aid),
    name: agent.computerName,
    computerName: agent.computerName,
    osVersion: agent.osVersion,
    platform: platformOf(agent),
    kernelVersion: agent.kernelVersion,
    manufacturer: agent.manufacturer,
    model: agent.model,
    status: agent.status,
    deleted: agent.deleted,
    ...(agent.numberOfClients !== undefined ? { numberOfClients: agent.numberOfClients } : {}),
    ...(site ? siteFields(site, expand) : {}),
    _links: selfLink(ctx, `/v7/endpoint/agents/${encodeURIComponent(agent.agentId)}`),
  };
}

/** Where the agent works from, when it last checked in, and (expanded) the VPN it uses. */
function siteFields(site: AgentSite, expand: ReadonlySet<string>): Record<string, unknown> {
  const { vpn } = site;
  return {
    lastSeen: formatIsoDateTime(site.lastSeenSeconds),
    publicIP: site.publicIp,
    location: { latitude: site.latitude, longitude: site.longitude, locationName: site.locationName },
    ...(expand.has('vpnProfiles')
      ? {
          vpnProfiles: vpn
            ? [
                {
                  interfaceName: vpn.interfaceName,
                  vpnType: vpn.vpnType,
                  vpnGatewayAddress: vpn.gatewayAddress,
                  vpnClientAddresses: [vpn.clientAddress],
                  vpnClientNetworkRange: [vpn.clientRange],
                },
              ]
            : [],
        }
      : {}),
  };
}

function list(state: EmulatorState, ctx: RequestContext, search: AgentSearch | undefined): RouteResult {
  const includeDeleted = booleanParam(ctx.query, 'includeDeleted');
  const max = maxParam(ctx.query);
  const expand = expansions(ctx.query);
  const siteOf = (agent: EndpointAgent): AgentSite | undefined =>
    ctx.group.endpointAgentSite(agent.agentId, ctx.nowSeconds);
  const kept = ctx.group
    .endpointAgents()
    .filter((a) => (includeDeleted || !a.deleted) && (!search || matchesSearch(a, siteOf(a), search)));
  const agents = search ? sortedBySearch(kept, siteOf, search) : kept;
  const name = `v7/endpoint-agents${includeDeleted ? '+deleted' : ''}${search ? `/filter:${search.key}` : ''}`;
  const sized = max === undefined ? state : { ...state, inventoryPageSize: max };
  const page = v7InventoryPage(sized, ctx, name, agents.length, (offset, limit) =>
    agents.slice(offset, offset + limit),
  );
  return {
    body: {
      totalAgents: agents.length,
      agents: page.records.map((a) => v7EndpointAgent(a, siteOf(a), ctx, expand)),
      _links: { ...selfLink(ctx), ...page.links },
    },
  };
}

function detail(ctx: RequestContext): RouteResult {
  const id = ctx.params.agentId ?? '';
  const agent = ctx.group.endpointAgent(id);
  if (!agent) throw notFound(`Endpoint agent '${id.slice(0, 100)}' not found in account group ${ctx.aid}`);
  return { body: v7EndpointAgent(agent, ctx.group.endpointAgentSite(id, ctx.nowSeconds), ctx, expansions(ctx.query)) };
}

function booleanParam(query: URLSearchParams, name: string): boolean {
  const text = query.get(name);
  if (text === null || text === 'false') return false;
  if (text === 'true') return true;
  throw invalidField(name, `${name} '${text.slice(0, 20)}' must be true or false`);
}

function maxParam(query: URLSearchParams): number | undefined {
  const text = query.get('max');
  if (text === null) return undefined;
  if (!/^[0-9]{1,6}$/.test(text) || Number(text) < 1)
    throw invalidField('max', `max '${text.slice(0, 20)}' must be a positive integer`);
  return Number(text);
}
