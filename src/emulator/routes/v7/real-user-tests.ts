// v7 endpoint test results of real users (v6: user sessions) and local networks (v6: network
// topology probes and private networks), read from the same world lists as v6: the same
// records, ids, cursors and filters, in v7's paths and shapes.
import { notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import type { FacetFilter, GroupWorld, ListEntry, ListName, ListPosition, TimeRange } from '../../world/model';
import type { EmulatorState } from '../state';
import { v7Har, v7NetworkSession, v7Page, v7RealUserTest, v7RealUserTestDetail } from './encode-sessions';
import { v7Topology, v7TopologyDetail } from './encode-topology';
import { REAL_USER_KEYS, TOPOLOGY_KEYS, readV7Filters, type FilterShape } from './filters';
import { selfLink, v7TimePage } from './paging';

type Source<T> = (
  group: GroupWorld,
  range: TimeRange,
  start: ListPosition | undefined,
  filter: FacetFilter | undefined,
) => Iterable<ListEntry<T>>;

interface FilteredList<T> {
  name: ListName;
  shape: FilterShape;
  source: Source<T>;
  encode: (record: T) => Record<string, unknown>;
}

const RESULTS = '/v7/endpoint/test-results';
const WRAPPED: FilterShape = { keys: REAL_USER_KEYS, wrapped: true };

export function v7RealUserRoutes(state: EmulatorState): Route[] {
  const post = <T>(list: FilteredList<T>): Route['methods'] => ({ POST: (ctx) => filtered(state, ctx, list) });
  return [
    {
      pattern: `${RESULTS}/real-user-tests/filter`,
      methods: post({
        name: 'user-sessions',
        shape: WRAPPED,
        source: (g, r, s, f) => g.userSessions(r, s, f),
        encode: v7RealUserTest,
      }),
    },
    // pages/filter's body is the filter map itself, as its schema says (no searchFilters wrapper).
    {
      pattern: `${RESULTS}/real-user-tests/pages/filter`,
      methods: post({
        name: 'web-sessions',
        shape: { keys: REAL_USER_KEYS, wrapped: false },
        source: (g, r, s, f) => g.webSessions(r, s, f),
        encode: v7Page,
      }),
    },
    {
      pattern: `${RESULTS}/real-user-tests/networks/filter`,
      methods: post({
        name: 'network-sessions',
        shape: WRAPPED,
        source: (g, r, s, f) => g.networkSessions(r, s, f),
        encode: v7NetworkSession,
      }),
    },
    { pattern: `${RESULTS}/real-user-tests/:id`, methods: { GET: sessionDetail } },
    { pattern: `${RESULTS}/real-user-tests/:id/pages/:pageId`, methods: { GET: pageHar } },
    {
      pattern: `${RESULTS}/local-networks/topologies/filter`,
      methods: post({
        name: 'network-probes',
        shape: { keys: TOPOLOGY_KEYS, wrapped: true, otherFields: ['thresholdFilter'] },
        source: (g, r, s, f) => g.networkProbes(r, s, f),
        encode: v7Topology,
      }),
    },
    { pattern: `${RESULTS}/local-networks/topologies/:networkTopologyId`, methods: { GET: topologyDetail } },
    { pattern: `${RESULTS}/local-networks`, methods: { GET: localNetworks } },
  ];
}

async function filtered<T>(state: EmulatorState, ctx: RequestContext, list: FilteredList<T>): Promise<RouteResult> {
  const filter = readV7Filters(ctx, list.shape);
  const body = await v7TimePage(
    state,
    ctx,
    {
      name: list.name,
      scope: filter ? { filter } : {},
      entries: (range, start) => list.source(ctx.group, range, start, filter),
    },
    list.encode,
  );
  return { body };
}

function sessionDetail(ctx: RequestContext): RouteResult {
  const id = ctx.params.id ?? '';
  const session = ctx.group.userSession(id);
  if (!session) throw notFound(`Real user test '${id.slice(0, 100)}' not found in account group ${ctx.aid}`);
  return { body: { results: [v7RealUserTestDetail(session)], _links: selfLink(ctx) } };
}

function pageHar(ctx: RequestContext): RouteResult {
  const id = ctx.params.id ?? '';
  const pageId = ctx.params.pageId ?? '';
  if (!ctx.group.userSession(id))
    throw notFound(`Real user test '${id.slice(0, 100)}' not found in account group ${ctx.aid}`);
  const har = ctx.group.pageHar(id, pageId);
  if (!har) throw notFound(`Page '${pageId.slice(0, 100)}' not found in real user test '${id.slice(0, 100)}'`);
  return { body: { har: v7Har(har), _links: selfLink(ctx) } };
}

function topologyDetail(ctx: RequestContext): RouteResult {
  const id = ctx.params.networkTopologyId ?? '';
  const probe = ctx.group.networkProbe(id);
  if (!probe) throw notFound(`Network topology '${id.slice(0, 100)}' not found in account group ${ctx.aid}`);
  return { body: { results: [v7TopologyDetail(probe)], _links: selfLink(ctx) } };
}

function localNetworks(ctx: RequestContext): RouteResult {
  const localNetworks = ctx.group.networks().map((n) => ({
    networkId: n.networkId,
    networkName: n.networkName,
    localPrefix: n.localPrefix,
    publicIpRange: n.publicIpRange,
  }));
  return { body: { localNetworks, _links: selfLink(ctx) } };
}
