// The contract between the emulator's HTTP layer (routes, auth, paging, filters) and its
// deterministic synthetic world. The world knows nothing of HTTP; the routes know nothing
// of how records are generated.
import type {
  EndpointAgent,
  EndpointTest,
  EnterpriseTest,
  Har,
  HttpServerResult,
  NetMetric,
  NetworkProbe,
  NetworkProbeDetail,
  NetworkSession,
  PathRoute,
  PathTrace,
  PathVisSummary,
  PrivateNetwork,
  TestAgent,
  UserSession,
  UserSessionDetail,
  WebSession,
} from '../../api/types';
import type { Episode, FeaturedAgent } from './episodes';
import type { PathEpisode } from './path-episodes';
import type { EnterprisePlan } from './enterprise-results';

export type Preset = 'demo' | 'large';

export interface WorldOptions {
  seed: number;
  preset: Preset;
}

/** Epoch seconds, `from` inclusive, `to` exclusive. */
export interface TimeRange {
  from: number;
  to: number;
}

/** Where an endpoint agent works from: what v7 shows of an agent beyond v6's record. */
export interface AgentSite {
  locationName: string;
  latitude: number;
  longitude: number;
  publicIp: string;
  networkId: string;
  /** When the agent last checked in (epoch seconds). */
  lastSeenSeconds: number;
  /** The VPN it tunnels through, when it has one. */
  vpn?: { gatewayAddress: string; vpnType: string; interfaceName: string; clientAddress: string; clientRange: string };
}

export interface DemoUser {
  name: string;
  email: string;
  token: string;
  /** Organization whose rate-limit budget the user draws on. */
  organization: string;
  accountAdmin: boolean;
  editEndpointTests: boolean;
  /** Account groups the user is assigned to; the first is the default. */
  aids: number[];
}

/**
 * What a search filter matches against, kept beside each record rather than in it
 * (the API does not return most of these fields). Absent keys never match.
 */
export interface Facets {
  location: string;
  connection: 'Ethernet' | 'Loopback' | 'Wireless';
  trigger: 'auto' | 'user';
  platform: 'Mac' | 'Windows';
  gateway: string;
  agentId: string;
  networkId: string;
  proxyTarget?: string;
  vpnTarget?: string;
  ssid?: string;
  bssid?: string;
  domain?: string;
  visitedSite?: string;
  destinationIp?: string;
  type?: 'gateway' | 'proxy' | 'vpn';
}

export interface Faceted<T> {
  readonly record: T;
  readonly facets: Facets;
}

/**
 * Where a record sits in a time-ranged list: the round, the record's index within the round
 * and the part within that record (a web session is one page of a user session). Lists
 * resume from a position in constant time, which makes it a paging cursor.
 */
export interface ListPosition {
  round: number;
  index: number;
  part: number;
}

/** A list record and its position (the next page starts at an entry's position). */
export interface Positioned<T> extends ListPosition {
  readonly record: T;
}

/** Records of the endpoint-data lists, filterable by facets (computed only when read). */
export interface ListEntry<T> extends Positioned<T>, Faceted<T> {}

/** One search filter: it holds when the record's facet `key` is present and one of `values`. */
export interface FacetCondition {
  readonly key: string;
  readonly values: ReadonlySet<string>;
}

/** Search filters as the world applies them: every condition must hold (AND). */
export type FacetFilter = readonly FacetCondition[];

/** The time-ranged lists, by name. */
export type ListName =
  'user-sessions' | 'web-sessions' | 'network-sessions' | 'network-probes' | 'net-metrics' | 'path-vis' | 'http-server';

/** Which records a seek or an index preparation is about. */
export interface ListScope {
  /** The test of net-metrics, path-vis and http-server. */
  testId?: number;
  filter?: FacetFilter;
}

/** Where record number `skip` sits, or how many records there are when not more than `skip`. */
export type Seek = { found: ListPosition } | { total: number };

/**
 * One account group's data. Time-ranged lists are generated lazily, round by round,
 * in ascending time order, and are identical for the same seed, group and range.
 */
export interface GroupWorld {
  readonly aid: number;
  readonly name: string;

  /** Agents `offset`… (at most `limit` of them; all by default), so a page builds only its own. */
  endpointAgents(offset?: number, limit?: number): EndpointAgent[];
  endpointAgentCount(): number;
  /** Details add numberOfClients. */
  endpointAgent(agentId: string): EndpointAgent | undefined;
  /** The agent's network's city and its public address. */
  endpointAgentSite(agentId: string, nowSeconds: number): AgentSite | undefined;
  networks(): PrivateNetwork[];
  /** Enterprise agents that enterprise tests can run from (agents[] of test management). */
  enterpriseAgents(): TestAgent[];

  /** Scheduled tests, saved events included (savedEvent: 1) — the routes exclude them. */
  endpointTests(): EndpointTest[];
  endpointTest(testId: number): EndpointTest | undefined;
  /**
   * Registers an instant test: it runs once, so its data is the one round holding `readyAt`
   * (epoch s), on at most maxMachines agents, visible once a range reaches past readyAt.
   */
  addInstantTest(test: EndpointTest, readyAt: number, agentIds?: readonly string[]): void;
  /**
   * Registers a scheduled test written through v7 (created or patched; again after a patch):
   * a first round at `since` (its creation second, epoch s), then one on every multiple of its
   * interval after it, on `agentIds` (the agents it selects; undefined: chosen as for the
   * world's own tests). Not listed by endpointTests(); a generated test keeps its own plan.
   */
  addWrittenTest(test: EndpointTest, since: number, agentIds?: readonly string[]): void;
  /** Its results end with it (a deleted test). */
  removeWrittenTest(testId: number): void;

  // Time-ranged lists start at `start` (inclusive) when it lies inside the range.
  netMetrics(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<NetMetric>>;
  pathVis(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<PathVisSummary>>;
  /** The trace of one round; undefined for rounds that have not happened by `asOf` (epoch s). */
  pathTrace(testId: number, agentId: string, roundId: number, asOf: number): PathTrace | undefined;
  /** The round's traces to the agent's VPN concentrator (v7 `vpnPathTraces`); none for an agent without a VPN. */
  vpnPathTrace(testId: number, agentId: string, roundId: number, asOf: number): PathRoute[];
  httpServer(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<HttpServerResult>>;
  /** How a deployed enterprise test's results are drawn: its rounds, agents and the seeded transit it crosses. */
  enterprisePlan(test: EnterpriseTest): EnterprisePlan;

  // Filterable lists yield only the records `filter` keeps; skipping the others costs an
  // index lookup each, not the generation of the record.
  userSessions(range: TimeRange, start?: ListPosition, filter?: FacetFilter): Iterable<ListEntry<UserSession>>;
  userSession(userSessionId: string): UserSessionDetail | undefined;
  webSessions(range: TimeRange, start?: ListPosition, filter?: FacetFilter): Iterable<ListEntry<WebSession>>;
  pageHar(userSessionId: string, pageId: string): Har | undefined;
  networkSessions(range: TimeRange, start?: ListPosition, filter?: FacetFilter): Iterable<ListEntry<NetworkSession>>;
  networkProbes(range: TimeRange, start?: ListPosition, filter?: FacetFilter): Iterable<ListEntry<NetworkProbe>>;
  networkProbe(networkProbeId: string): NetworkProbeDetail | undefined;

  /** The agents with seeded daily episodes, one per kind (see episodes.ts and the README). */
  featuredAgents(): FeaturedAgent[];
  /** Seeded episodes overlapping [fromSeconds, toSeconds), sorted by start. */
  episodes(fromSeconds: number, toSeconds: number): Episode[];
  /**
   * Seeded path episodes on two of the group's scheduled tests (a daily route change, a daily
   * loss episode; see path-episodes.ts and the README) overlapping [fromSeconds, toSeconds),
   * sorted by start.
   */
  pathEpisodes(fromSeconds: number, toSeconds: number): PathEpisode[];

  /**
   * The position of record number `skip` (0-based, counting only the records the scope's
   * filter keeps) of a list over `range`. Costs about one step per round and per indexed
   * record, never the generation of the records skipped.
   */
  seek(list: ListName, range: TimeRange, skip: number, scope?: ListScope): Seek;
  /**
   * Builds at most `maxRounds` rounds of the indexes that the list's filter (or a seek, when
   * `seeking`) reads over `range`; true once none is missing. Lists build what is missing
   * themselves: this only lets a caller spread that work over turns of its event loop.
   */
  prepareIndex(list: ListName, range: TimeRange, maxRounds: number, scope: ListScope & { seeking: boolean }): boolean;
}

export interface World {
  readonly options: WorldOptions;
  /** Length of a testing round in seconds; roundId = round start in epoch seconds. */
  readonly roundSeconds: number;
  /** How far back data exists, in seconds (7 days for both presets). */
  readonly retentionSeconds: number;
  readonly users: DemoUser[];
  readonly accountGroups: { aid: number; accountGroupName: string }[];
  group(aid: number): GroupWorld | undefined;
}
