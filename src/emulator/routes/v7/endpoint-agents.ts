// v7 endpoint agents: GET /v7/endpoint/agents (cursor-paged `agents`, `max` per page),
// POST /v7/endpoint/agents/filter (the same, narrowed by `searchFilters`) and
// GET /v7/endpoint/agents/{agentId} (the agent itself). Deleted agents only with
// `includeDeleted=true`, as the service lists them.
import type { EndpointAgent } from '../../../api/types';
import { parseJsonObject } from '../../http/body';
import { invalidField, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import type { EmulatorState } from '../state';
import { selfLink, v7InventoryPage } from './paging';

export function v7EndpointAgentRoutes(state: EmulatorState): Route[] {
  return [
    { pattern: '/v7/endpoint/agents', methods: { GET: (ctx) => list(state, ctx, undefined) } },
    { pattern: '/v7/endpoint/agents/filter', methods: { POST: (ctx) => list(state, ctx, readAgentFilter(ctx)) } },
    { pattern: '/v7/endpoint/agents/:agentId', methods: { GET: detail } },
  ];
}

/** v7's platform enum, from what the world's agent runs. */
export function platformOf(agent: EndpointAgent): string {
  if (agent.osVersion.startsWith('macOS') || agent.osVersion.startsWith('Mac OS')) return 'mac';
  if (agent.osVersion.startsWith('Microsoft Windows')) return 'windows';
  return 'unknown';
}

export function v7EndpointAgent(agent: EndpointAgent, ctx: RequestContext): Record<string, unknown> {
  return {
    id: agent.agentId, aid: String(ctx.aid), name: agent.computerName, computerName: agent.computerName,
    osVersion: agent.osVersion, platform: platformOf(agent), kernelVersion: agent.kernelVersion,
    manufacturer: agent.manufacturer, model: agent.model, status: agent.status, deleted: agent.deleted,
    ...(agent.numberOfClients !== undefined ? { numberOfClients: agent.numberOfClients } : {}),
    ...siteOf(ctx, agent.agentId),
    _links: selfLink(ctx, `/v7/endpoint/agents/${encodeURIComponent(agent.agentId)}`),
  };
}

/** The agent's location and public address (the world keeps no last-seen time per agent). */
function siteOf(ctx: RequestContext, agentId: string): Record<string, unknown> {
  const site = ctx.group.endpointAgentSite(agentId);
  if (!site) return {};
  return { publicIP: site.publicIp, location: { latitude: site.latitude, longitude: site.longitude, locationName: site.locationName } };
}

type AgentFilter = ReadonlyMap<string, ReadonlySet<string>>;

/** Filter keys the world can answer, with the agent field each one reads. */
const FILTERABLE: Readonly<Record<string, (agent: EndpointAgent) => string>> = {
  id: (a) => a.agentId, agentName: (a) => a.computerName, computerName: (a) => a.computerName,
  platform: platformOf, osVersion: (a) => a.osVersion,
};
/** Keys of the operation's schema the world holds no data for: valid, and matching no agent. */
const NO_DATA_KEYS = ['username', 'userPrincipalName', 'serialNumber', 'locationCountryISO', 'locationSubdivision1Code', 'locationCity', 'licenseType', 'anyConnectDeviceId'];

function readAgentFilter(ctx: RequestContext): AgentFilter | undefined {
  if (ctx.rawBody.trim() === '') return undefined;
  const body = parseJsonObject(ctx.rawBody, ctx.contentType, 'Filtering');
  for (const key of Object.keys(body)) {
    if (key === 'thresholdFilter' || key === 'searchSort') throw invalidField(key, `${key} is not supported by the emulator; filter with searchFilters`);
    if (key !== 'searchFilters') throw invalidField(key.slice(0, 100), `Unknown body field '${key.slice(0, 100)}': the body holds searchFilters`);
  }
  const map = body.searchFilters;
  if (map === undefined) return undefined;
  if (map === null || typeof map !== 'object' || Array.isArray(map)) throw invalidField('searchFilters', 'searchFilters must be an object mapping each filter key to an array of values');
  const filter = new Map<string, Set<string>>();
  for (const [key, values] of Object.entries(map as Record<string, unknown>)) {
    const field = `searchFilters.${key.slice(0, 100)}`;
    if (!(key in FILTERABLE) && !NO_DATA_KEYS.includes(key)) {
      throw invalidField(field, `'${key.slice(0, 100)}' is not an agent filter; allowed keys: ${[...Object.keys(FILTERABLE), ...NO_DATA_KEYS].join(', ')}`);
    }
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) {
      throw invalidField(field, `${field} must be a non-empty array of strings`);
    }
    filter.set(key, new Set(values as string[]));
  }
  return filter;
}

function matches(agent: EndpointAgent, filter: AgentFilter): boolean {
  for (const [key, values] of filter) {
    const read = FILTERABLE[key];
    if (!read || !values.has(read(agent))) return false;
  }
  return true;
}

function list(state: EmulatorState, ctx: RequestContext, filter: AgentFilter | undefined): RouteResult {
  const includeDeleted = booleanParam(ctx.query, 'includeDeleted');
  const max = maxParam(ctx.query);
  const agents = ctx.group.endpointAgents().filter((a) => (includeDeleted || !a.deleted) && (!filter || matches(a, filter)));
  const name = `v7/endpoint-agents${includeDeleted ? '+deleted' : ''}${filter ? `/filter:${JSON.stringify([...filter].map(([k, v]) => [k, [...v]]))}` : ''}`;
  const sized = max === undefined ? state : { ...state, inventoryPageSize: max };
  const page = v7InventoryPage(sized, ctx, name, agents.length, (offset, limit) => agents.slice(offset, offset + limit));
  return { body: { totalAgents: agents.length, agents: page.records.map((a) => v7EndpointAgent(a, ctx)), _links: { ...selfLink(ctx), ...page.links } } };
}

function detail(ctx: RequestContext): RouteResult {
  const id = ctx.params.agentId ?? '';
  const agent = ctx.group.endpointAgent(id);
  if (!agent) throw notFound(`Endpoint agent '${id.slice(0, 100)}' not found in account group ${ctx.aid}`);
  return { body: v7EndpointAgent(agent, ctx) };
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
  if (!/^[0-9]{1,6}$/.test(text) || Number(text) < 1) throw invalidField('max', `max '${text.slice(0, 20)}' must be a positive integer`);
  return Number(text);
}
