// Endpoint data (v6): the four filterable lists (GET unfiltered, POST with searchFilters),
// session/probe details, page HAR, networks and agents (paged by pageId) and the user's
// account groups.
import type { FilterTarget } from '../../api/types';
import { parseJsonObject } from '../http/body';
import { notFound } from '../http/errors';
import { parseSearchFilters } from '../http/filters';
import type { Handler, RequestContext, Route, RouteResult } from '../http/router';
import { formatDateTime } from '../http/time';
import type { FacetFilter, GroupWorld, ListEntry, ListName, ListPosition, TimeRange } from '../world/model';
import { inventoryPage, inventoryPageOf } from './inventory';
import { pagedList } from './list-response';
import type { EmulatorState } from './state';

type EntrySource = (
  group: GroupWorld,
  range: TimeRange,
  start: ListPosition | undefined,
  filter: FacetFilter | undefined,
) => Iterable<ListEntry<unknown>>;

interface FilterableList {
  target: FilterTarget;
  name: ListName;
  arrayName: string;
  source: EntrySource;
}

export function endpointDataRoutes(state: EmulatorState): Route[] {
  const list = (target: FilterTarget, name: ListName, arrayName: string, source: EntrySource): Route['methods'] => {
    const handler: Handler = (ctx) => filteredList(state, ctx, { target, name, arrayName, source });
    return { GET: handler, POST: handler };
  };
  return [
    {
      pattern: '/v6/endpoint-data/user-sessions',
      methods: list('user-sessions', 'user-sessions', 'userSessions', (g, r, s, f) => g.userSessions(r, s, f)),
    },
    {
      pattern: '/v6/endpoint-data/user-sessions/web',
      methods: list('web', 'web-sessions', 'webSessions', (g, r, s, f) => g.webSessions(r, s, f)),
    },
    {
      pattern: '/v6/endpoint-data/user-sessions/network',
      methods: list('network', 'network-sessions', 'networkSessions', (g, r, s, f) => g.networkSessions(r, s, f)),
    },
    { pattern: '/v6/endpoint-data/user-sessions/:sessionId', methods: { GET: sessionDetail } },
    { pattern: '/v6/endpoint-data/user-sessions/:sessionId/page/:pageId', methods: { GET: pageHar } },
    {
      pattern: '/v6/endpoint-data/network-topology',
      methods: list('network-topology', 'network-probes', 'networkProbes', (g, r, s, f) => g.networkProbes(r, s, f)),
    },
    { pattern: '/v6/endpoint-data/network-topology/:networkProbeId', methods: { GET: probeDetail } },
    { pattern: '/v6/endpoint-data/networks', methods: { GET: (ctx) => networks(state, ctx) } },
    { pattern: '/v6/endpoint-agents', methods: { GET: (ctx) => agents(state, ctx) } },
    { pattern: '/v6/endpoint-agents/:agentId', methods: { GET: agentDetail } },
    { pattern: '/v6/account-groups', methods: { GET: (ctx) => accountGroups(state, ctx) } },
  ];
}

async function filteredList(state: EmulatorState, ctx: RequestContext, list: FilterableList): Promise<RouteResult> {
  const filter = ctx.method === 'POST' ? readFilters(ctx, list.target) : undefined;
  const paged = await pagedList(state, ctx, {
    name: list.name,
    scope: filter ? { filter } : {},
    entries: (range, start) => list.source(ctx.group, range, start, filter),
  });
  const body: Record<string, unknown> = { [list.arrayName]: paged.records, pages: paged.pages };
  if (filter) {
    body.from = formatDateTime(paged.range.from);
    body.to = formatDateTime(paged.range.to);
  }
  return { body };
}

function readFilters(ctx: RequestContext, target: FilterTarget): FacetFilter | undefined {
  // A POST without a body is read like the GET; a body must be {searchFilters: [...]}.
  // An empty POST means no filters (the content type is checked for every POST upstream).
  if (ctx.rawBody.trim() === '') return undefined;
  return parseSearchFilters(parseJsonObject(ctx.rawBody, ctx.contentType, 'Filtering'), target);
}

function agents(state: EmulatorState, ctx: RequestContext): RouteResult {
  const { group } = ctx;
  const page = inventoryPage(state, ctx, 'endpoint-agents', group.endpointAgentCount(), (offset, limit) =>
    group.endpointAgents(offset, limit),
  );
  return { body: { endpointAgents: page.records, pages: page.pages } };
}

function networks(state: EmulatorState, ctx: RequestContext): RouteResult {
  const page = inventoryPageOf(state, ctx, 'networks', ctx.group.networks());
  return { body: { privateNetworks: page.records, pages: page.pages } };
}

function sessionDetail(ctx: RequestContext): RouteResult {
  const id = ctx.params.sessionId ?? '';
  const session = ctx.group.userSession(id);
  if (!session) throw notFound(`User session '${id}' not found in account group ${ctx.aid}`);
  // v6 has no field for the session's VPN ping (v7's vpnPing).
  const { vpnPing: _v7Only, ...network } = session.network;
  return { body: { userSessions: [{ ...session, network }] } };
}

function pageHar(ctx: RequestContext): RouteResult {
  const sessionId = ctx.params.sessionId ?? '';
  const pageId = ctx.params.pageId ?? '';
  if (!ctx.group.userSession(sessionId))
    throw notFound(`User session '${sessionId}' not found in account group ${ctx.aid}`);
  const har = ctx.group.pageHar(sessionId, pageId);
  if (!har) throw notFound(`Page '${pageId}' not found in user session '${sessionId}'`);
  return { body: { har } };
}

function probeDetail(ctx: RequestContext): RouteResult {
  const id = ctx.params.networkProbeId ?? '';
  const probe = ctx.group.networkProbe(id);
  if (!probe) throw notFound(`Network probe '${id}' not found in account group ${ctx.aid}`);
  return { body: { networkProbes: [probe] } };
}

function agentDetail(ctx: RequestContext): RouteResult {
  const id = ctx.params.agentId ?? '';
  const agent = ctx.group.endpointAgent(id);
  if (!agent) throw notFound(`Endpoint agent '${id}' not found in account group ${ctx.aid}`);
  return { body: { endpointAgents: [agent] } };
}

function accountGroups(state: EmulatorState, ctx: RequestContext): RouteResult {
  const names = new Map(state.world.accountGroups.map((g) => [g.aid, g.accountGroupName]));
  const accountGroups = ctx.user.aids.map((aid, index) => ({
    aid,
    accountGroupName: names.get(aid) ?? `Account group ${aid}`,
    current: aid === ctx.aid,
    default: index === 0,
  }));
  return { body: { accountGroups } };
}
