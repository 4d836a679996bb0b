// The contract between the emulator's HTTP layer (routes, auth, paging, filters) and its
// deterministic synthetic world. The world knows nothing of HTTP; the routes know nothing
// of how records are generated.
import type {
  EndpointAgent, EndpointTest, Har, HttpServerResult, NetMetric, NetworkProbe, NetworkProbeDetail,
  NetworkSession, PathTrace, PathVisSummary, PrivateNetwork, TestAgent, UserSession, UserSessionDetail,
  WebSession,
} from '../../api/types';

export type Preset = 'demo' | 'large';

export interface WorldOptions {
  seed: number;
  preset: Preset;
}

/** Epoch seconds, `from` inclusive, `to` exclusive. */
export interface TimeRange { from: number; to: number }

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

export interface Faceted<T> { readonly record: T; readonly facets: Facets }

/**
 * Where a record sits in a time-ranged list: the round, the record's index within the round
 * and the part within that record (a web session is one page of a user session). Lists
 * resume from a position in constant time, which makes it a paging cursor.
 */
export interface ListPosition { round: number; index: number; part: number }

/** A list record and its position (the next page starts at an entry's position). */
export interface Positioned<T> extends ListPosition { readonly record: T }

/** Records of the endpoint-data lists, filterable by facets (computed only when read). */
export interface ListEntry<T> extends Positioned<T>, Faceted<T> {}

/**
 * One account group's data. Time-ranged lists are generated lazily, round by round,
 * in ascending time order, and are identical for the same seed, group and range.
 */
export interface GroupWorld {
  readonly aid: number;
  readonly name: string;

  endpointAgents(): EndpointAgent[];
  /** Details add numberOfClients. */
  endpointAgent(agentId: string): EndpointAgent | undefined;
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
  addInstantTest(test: EndpointTest, readyAt: number): void;

  // Time-ranged lists start at `start` (inclusive) when it lies inside the range.
  netMetrics(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<NetMetric>>;
  pathVis(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<PathVisSummary>>;
  /** The trace of one round; undefined for rounds that have not happened by `asOf` (epoch s). */
  pathTrace(testId: number, agentId: string, roundId: number, asOf: number): PathTrace | undefined;
  httpServer(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<HttpServerResult>>;

  userSessions(range: TimeRange, start?: ListPosition): Iterable<ListEntry<UserSession>>;
  userSession(userSessionId: string): UserSessionDetail | undefined;
  webSessions(range: TimeRange, start?: ListPosition): Iterable<ListEntry<WebSession>>;
  pageHar(userSessionId: string, pageId: string): Har | undefined;
  networkSessions(range: TimeRange, start?: ListPosition): Iterable<ListEntry<NetworkSession>>;
  networkProbes(range: TimeRange, start?: ListPosition): Iterable<ListEntry<NetworkProbe>>;
  networkProbe(networkProbeId: string): NetworkProbeDetail | undefined;
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
