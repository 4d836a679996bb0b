// The typed client's public contract. Views, commands and user scripts depend on this
// interface, never on the implementation (src/api/netmon-client.ts), and receive it from
// `createNetmonClient` (src/api/index.ts). It speaks our domain, never one API dialect's
// envelopes: v6 and v7 (src/api/v6, src/api/v7) both map onto it. Changes here are additive
// only (the rule was lifted once, for v7: detail reads then began to return the record).
import type { AgentDirectory } from './agent-directory';
import type {
  AccountGroupsResponse,
  EndpointAgent,
  EndpointAgentSearch,
  EndpointAgentsResponse,
  EnterpriseAgent,
  EnterpriseAgentType,
  EnterpriseAgentsResponse,
  EndpointTest,
  EndpointTestResponse,
  EndpointTestType,
  EnterpriseTest,
  EnterpriseTestCreate,
  EnterpriseTestType,
  EnterpriseTestUpdate,
  Har,
  HttpServerResponse,
  HttpServerResult,
  InstantTestBodies,
  NetMetric,
  NetMetricsResponse,
  NetworkProbe,
  NetworkProbeDetail,
  NetworkProbesResponse,
  NetworkSession,
  NetworkSessionsResponse,
  PathTrace,
  PathVisResponse,
  PathVisSummary,
  PrivateNetwork,
  PrivateNetworksResponse,
  RateLimitInfo,
  SearchFilter,
  UserSession,
  UserSessionDetail,
  UserSessionsResponse,
  WebSession,
  WebSessionsResponse,
  ApiTestDetail,
  BgpRoute,
  EnterprisePathTrace,
  PageLoadDetail,
  TestResultKind,
  TestResultRecords,
  TestResultsResponse,
  WebTransactionDetail,
  WebTransactionPageDetail,
  EndpointLabel,
  ManagedEndpointTest,
  ManagedEndpointTestType,
  Alert,
  AlertDetail,
  AlertRule,
  AlertRuleFields,
  AlertStateFilter,
  AlertsResponse,
  DetectedEvent,
  EventsResponse,
  SuppressionWindow,
  SuppressionWindowFields,
} from './types';
import type { RecordProblem } from './decode/records';
import type { NetmonError } from './errors';

export * from './errors';

// ---------- construction ----------

export type Credentials =
  /** `Authorization: Bearer <token>` */
  | { kind: 'bearer'; token: string }
  /** `Authorization: Basic base64(email:token)` (older examples). */
  | { kind: 'basic'; email: string; token: string }
  /** `?authToken=<token>` (oldest examples); redacted wherever a URL is shown. */
  | { kind: 'query'; token: string };

export interface RetryPolicy {
  /** Retries of a GET after a 5xx, reset connection, truncated body or timeout (default 4). */
  maxRetries?: number;
  /** First backoff delay, doubled per retry (default 250 ms). */
  baseDelayMs?: number;
  /** Cap of one backoff delay (default 5,000 ms). */
  maxDelayMs?: number;
  /** Retries of a 429'd request (any method) after the budget resets (default 5). */
  maxRateLimitRetries?: number;
}

/**
 * How far one paged walk may go before it stops with a PageBudgetError naming the list
 * (defaults: DEFAULT_PAGING in paging.ts). A walk sends one request per page, plus the retries
 * the RetryPolicy allows for that page.
 */
export interface PagingPolicy {
  /** Pages one walk reads at most (default 10,000: a million records at 100 a page). */
  maxPages?: number;
  /** Empty pages in a row that still link a next page, at most (default 100): more looks like a broken server. */
  maxEmptyPagesInRow?: number;
}

export interface NetmonClientOptions {
  /** e.g. https://api.example.com or http://127.0.0.1:8787 (no trailing slash needed). */
  baseUrl: string;
  credentials: Credentials;
  /** Account group used when a call gives no `aid`. */
  aid?: number | string;
  /** Whole-request timeout (headers and body), default 30,000 ms; per call overridable. */
  timeoutMs?: number;
  /**
   * Proxy URL. Absent: `HTTPS_PROXY` / `HTTP_PROXY` from the environment, honouring
   * `NO_PROXY` and never for loopback hosts (the embedded emulator). `false`: no proxy.
   */
  proxy?: string | false;
  /** Default `netmon-workbench/<version of package.json>`. */
  userAgent?: string;
  retry?: RetryPolicy;
  paging?: PagingPolicy;
  /** Called after every HTTP attempt (the extension's log, tests counting 429s). */
  onRequest?: RequestListener;
  /** Requests that are valid but almost certainly not meant (a repeated filter key); sent anyway. */
  onWarning?: (message: string) => void;
  /** Keep-alive connections per origin (default 8). */
  connections?: number;
  /** Largest response body accepted, in bytes (default 64 MB); bigger ones fail with ResponseTooLargeError. */
  maxResponseBytes?: number;
  /** Send paths with the `.json` suffix (`/v6/endpoint-agents.json`), the spec's other form (v6 only). */
  jsonSuffix?: boolean;
  /**
   * Which API dialect to speak. `auto` (default): one cheap v7 read decides, once per client
   * (see src/api/README.md); `v7`/`v6` skip the detection (the emulator states its own).
   */
  apiVersion?: ApiVersionSetting;
}

export type ApiVersion = 'v6' | 'v7';
export type ApiVersionSetting = 'auto' | ApiVersion;

export type { RecordProblem } from './decode/records';

// ---------- per-call options ----------

export type ResponseFormat = 'json' | 'xml';
/** JSON is parsed into the typed response; XML comes back as the raw text (v6 only: v7 is JSON only). */
export type Formatted<F extends ResponseFormat, T> = F extends 'xml' ? string : T;

export interface CallOptions {
  /** Account group context; overrides the client's default `aid`. */
  aid?: number | string;
  /** Cancels the call, including the HTTP request in flight and any wait for the rate limit. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for each HTTP attempt of this call. */
  timeoutMs?: number;
}

export interface FormatOptions<F extends ResponseFormat> extends CallOptions {
  format?: F;
}

/**
 * `window` (`[0-9]+[smhdw]?`) or `from`/`to`; dates are sent as UTC `YYYY-mm-ddTHH:MM:SS`
 * (v6 `from`/`to`) or ISO 8601 (v7 `startDate`/`endDate`).
 */
export interface TimeRangeOptions {
  window?: string;
  from?: Date;
  to?: Date;
}

/** Agents, networks and endpoint tests: paged, but with no time range. */
export interface InventoryOptions extends CallOptions {
  /** Continue at this `pages.next` URL instead of the first page. */
  resumeFrom?: string;
}

export interface ListOptions extends CallOptions, TimeRangeOptions {
  /**
   * Resume a walk at this `pages.next` URL (from `Paged.resumeUrl` or `Page.next`) instead
   * of the first page. Filters must be given again: the body is re-POSTed.
   */
  resumeFrom?: string;
}

/** The four endpoint-data lists also take search filters (sent as a POST body). */
export interface FilterableListOptions extends ListOptions {
  /** AND across filters, OR across one filter's values; keys validated before sending. */
  filters?: SearchFilter[];
  /**
   * Leave out the filters whose key this list does not take in the account's API version (said
   * in the log) instead of refusing them: the explorer applies one set of filters to every list.
   */
  onlyFiltersTaken?: boolean;
}

/** Test management: the v7 form by default, or the older unversioned form (v6 accounts only). */
export interface TestWriteOptions<F extends ResponseFormat> extends FormatOptions<F> {
  legacyPaths?: boolean;
}

// ---------- paging ----------

export interface Page<TRecord, TResponse> {
  records: TRecord[];
  /**
   * The page in the domain's list envelope (`{ userSessions, pages, from, to }`): as returned on
   * v6 (unknown fields kept); built from the records and the stated range on v7.
   */
  response: TResponse;
  /** URL this page was read from (credentials never included). */
  url: string;
  current: number;
  /** The next page's URL (v6 `pages.next`, v7 `_links.next.href`), when more pages exist. */
  next: string | undefined;
  /** Records left out because they cannot be read (no id of their own, not an object). */
  problems: RecordProblem[];
}

export interface CollectOptions {
  /** Stop once this many records are collected (the result says whether more exist). */
  maxRecords?: number;
}

export interface CollectResult<TRecord> {
  records: TRecord[];
  /** True when the list ended; false when `maxRecords` stopped the walk. */
  complete: boolean;
  /** Where to resume (`resumeFrom`) for the rest, when not complete. */
  next: string | undefined;
  /** Records of the `next` page already in `records` (the cap fell mid-page); skip them on resume. */
  resumeSkip: number;
}

/**
 * A lazy walk over a paged list that follows `pages.next` exactly. Iterating yields
 * records; `pages()` yields whole pages. Each walk starts when iterated; a walk that
 * failed can be continued with `resumeFrom: paged.resumeUrl`.
 */
/** One page of a list read as XML: the raw document and its `pages/next` link. */
export interface XmlPage {
  url: string;
  xml: string;
  next: string | undefined;
}

export interface Paged<TRecord, TResponse> extends AsyncIterable<TRecord> {
  pages(): AsyncIterableIterator<Page<TRecord, TResponse>>;
  collect(options?: CollectOptions): Promise<CollectResult<TRecord>>;
  /** URL of the page the latest walk would read next; undefined before start and after the end. */
  readonly resumeUrl: string | undefined;
}

// ---------- observability ----------

export interface RequestEvent {
  method: string;
  /** Path and query, `authToken` redacted. */
  path: string;
  /** Undefined when no response arrived (network error, timeout, cancel). */
  status: number | undefined;
  durationMs: number;
  /** How many times this call had been retried before this attempt (0 on the first). */
  retries: number;
  /** True for the call's last attempt (its result or error goes to the caller). */
  final: boolean;
  /** X-Organization-Rate-Limit-Remaining of this response, when present. */
  rateLimitRemaining: number | undefined;
  rateLimit: RateLimitInfo | undefined;
  /** Milliseconds this attempt waited for the organization's rate-limit budget. */
  rateLimitWaitMs: number;
  error: NetmonError | undefined;
}

export type RequestListener = (event: RequestEvent) => void;

// ---------- the client ----------

export interface EndpointTestListOptions<F extends ResponseFormat> extends FormatOptions<F> {
  /** Only tests of this type (GET /v7/endpoint-tests/{testType}). */
  type?: EndpointTestType;
}

export interface NetmonClient {
  readonly baseUrl: string;
  /** Latest rate-limit state of this client's organization (status bar). */
  readonly rateLimit: RateLimitInfo | undefined;
  /** Adds a listener; returns a function that removes it. */
  addRequestListener(listener: RequestListener): () => void;
  /** Closes keep-alive connections; the client is unusable afterwards. */
  close(): Promise<void>;
  /**
   * The dialect this client speaks: as configured, or detected once (shared by concurrent
   * callers) by one cheap v7 read. Rejects with the typed error of that read (401, 403, network).
   */
  apiVersion(): Promise<ApiVersion>;

  // account groups — GET /v6/account-groups
  listAccountGroups<F extends ResponseFormat = 'json'>(
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, AccountGroupsResponse>>;

  // test management (Account Admin): /v7/tests/… or the older /tests/…/new|update|delete
  /** The created test (v6 answers `{ test: [it] }`, v7 the test itself). */
  createTest<F extends ResponseFormat = 'json'>(
    type: EnterpriseTestType,
    body: EnterpriseTestCreate,
    options?: TestWriteOptions<F>,
  ): Promise<Formatted<F, EnterpriseTest>>;
  updateTest<F extends ResponseFormat = 'json'>(
    type: EnterpriseTestType,
    testId: number,
    body: EnterpriseTestUpdate,
    options?: TestWriteOptions<F>,
  ): Promise<Formatted<F, EnterpriseTest>>;
  deleteTest(type: EnterpriseTestType, testId: number, options?: TestWriteOptions<'json'>): Promise<void>;
  /**
   * Runs the whole test once, now, without deploying it (v7 POST /v7/tests/{type}/instant; on v6 a RangeError saying it
   * needs v7).
   */
  runInstantTest(type: EnterpriseTestType, body: EnterpriseTestCreate, options?: CallOptions): Promise<EnterpriseTest>;
  /** Runs an instant or deployed test again now (v7 POST /v7/tests/{testId}/run). */
  runTest(testId: number | string, options?: CallOptions): Promise<void>;
  /**
   * The account group's scheduled and dynamic endpoint tests, saved events left out (v7; on v6 a RangeError saying it
   * needs v7).
   */
  listManagedEndpointTests(options?: CallOptions): Promise<ManagedEndpointTest[]>;
  /** POST the test (v7 `…/scheduled-tests/{type}` or `…/dynamic-tests/agent-to-server`), answered as created. */
  createEndpointTest(
    type: ManagedEndpointTestType,
    body: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<ManagedEndpointTest>;
  /** PATCH the fields v7 lets change in place. */
  updateEndpointTest(
    type: ManagedEndpointTestType,
    testId: number,
    body: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<ManagedEndpointTest>;
  deleteEndpointTest(type: ManagedEndpointTestType, testId: number, options?: CallOptions): Promise<void>;
  /** Every endpoint agent label (v7 GET /v7/endpoint/labels, all pages). */
  listEndpointLabels(options?: CallOptions): Promise<EndpointLabel[]>;
  /** The account group's enterprise tests (GET /v7/tests: v6 `{ test }`, v7 `{ tests }`). */
  listEnterpriseTests(options?: CallOptions): Promise<EnterpriseTest[]>;

  // endpoint scheduled tests
  /** The first page only; `endpointTests()` walks them all. */
  listEndpointTests<F extends ResponseFormat = 'json'>(
    options?: EndpointTestListOptions<F>,
  ): Promise<Formatted<F, EndpointTestResponse>>;
  /** Every endpoint test, page by page along `pages.next`. */
  endpointTests(options?: InventoryOptions & { type?: EndpointTestType }): Paged<EndpointTest, EndpointTestResponse>;
  /** One endpoint test (on v7 its type is learnt from the list first: v7 reads a test by type and id). */
  getEndpointTest<F extends ResponseFormat = 'json'>(
    testId: number,
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, EndpointTest>>;

  // endpoint instant tests (Edit endpoint tests) — v6 POST /v6/endpoint-instant/{type}, v7
  // …/scheduled-tests/{type}/instant
  createInstantTest<T extends EndpointTestType, F extends ResponseFormat = 'json'>(
    type: T,
    body: InstantTestBodies[T],
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, EndpointTest>>;

  // scheduled-test data (v7), paged
  netMetrics(testId: number, options?: ListOptions): Paged<NetMetric, NetMetricsResponse>;
  pathVis(testId: number, options?: ListOptions): Paged<PathVisSummary, PathVisResponse>;
  httpServerResults(testId: number, options?: ListOptions): Paged<HttpServerResult, HttpServerResponse>;
  /** The traces of one agent's round (v6 `routes`; v7 `pathTraces` become `routes`, `vpnPathTraces` kept). */
  getPathTrace<F extends ResponseFormat = 'json'>(
    testId: number,
    agentId: string,
    roundId: number,
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, PathTrace>>;

  // enterprise test results (v7 /test-results/{testId}/…), paged; on v6 they throw a RangeError saying they need v7
  testResults<K extends TestResultKind>(
    kind: K,
    testId: number | string,
    options?: ListOptions,
  ): Paged<TestResultRecords[K], TestResultsResponse>;
  /** One agent's path trace of a round of an enterprise test: a path trace like an endpoint test's. */
  getTestPathTrace(
    testId: number | string,
    agentId: string,
    roundId: number,
    options?: CallOptions,
  ): Promise<EnterprisePathTrace>;
  /** One agent's page load of a round, with its HAR. */
  getPageLoadDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options?: CallOptions,
  ): Promise<PageLoadDetail>;
  /**
   * One agent's web transaction of a round: its time and the pages its script visited (no HAR: each page's is read
   * apart).
   */
  getWebTransactionDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options?: CallOptions,
  ): Promise<WebTransactionDetail>;
  /** One page of an agent's web transaction of a round, with its HAR; `pageId` as the round's detail names the page. */
  getWebTransactionPage(
    testId: number | string,
    agentId: string,
    roundId: number,
    pageId: string,
    options?: CallOptions,
  ): Promise<WebTransactionPageDetail>;
  /** Each BGP monitor's route (AS path) to a BGP test's prefix in one round; the monitor stands where an agent does. */
  getBgpRoutes(testId: number | string, prefixId: string, roundId: number, options?: CallOptions): Promise<BgpRoute[]>;
  /** One agent's round of an API test with each request (step) it made, in order. */
  getApiTestDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options?: CallOptions,
  ): Promise<ApiTestDetail>;

  // alerts, alert rules, suppression windows and events (v7 only: on v6 each throws a RangeError saying so)
  /** Alerts by time range (cursor-paged): `state` trigger (started in the range), clear (cleared in it), or both. */
  alerts(options?: ListOptions & AlertStateFilter): Paged<Alert, AlertsResponse>;
  /** One alert with its sources (the agents or monitors that met the rule). */
  getAlert(alertId: string, options?: CallOptions): Promise<AlertDetail>;
  listAlertRules(options?: CallOptions): Promise<AlertRule[]>;
  getAlertRule(ruleId: string, options?: CallOptions): Promise<AlertRule>;
  createAlertRule(rule: AlertRuleFields, options?: CallOptions): Promise<AlertRule>;
  /** Replaces the rule (v7 PUT): send it whole. */
  updateAlertRule(ruleId: string, rule: AlertRuleFields, options?: CallOptions): Promise<AlertRule>;
  deleteAlertRule(ruleId: string, options?: CallOptions): Promise<void>;
  listSuppressionWindows(options?: CallOptions): Promise<SuppressionWindow[]>;
  getSuppressionWindow(windowId: string, options?: CallOptions): Promise<SuppressionWindow>;
  createSuppressionWindow(window: SuppressionWindowFields, options?: CallOptions): Promise<SuppressionWindow>;
  updateSuppressionWindow(
    windowId: string,
    window: SuppressionWindowFields,
    options?: CallOptions,
  ): Promise<SuppressionWindow>;
  deleteSuppressionWindow(windowId: string, options?: CallOptions): Promise<void>;
  /** Events the service detected across tests, by time range (cursor-paged). */
  events(options?: ListOptions): Paged<DetectedEvent, EventsResponse>;
  getEvent(eventId: string, options?: CallOptions): Promise<DetectedEvent>;

  // endpoint data (v6 user sessions, v7 real-user tests), paged; filters are POSTed
  userSessions(options?: FilterableListOptions): Paged<UserSession, UserSessionsResponse>;
  webSessions(options?: FilterableListOptions): Paged<WebSession, WebSessionsResponse>;
  networkSessions(options?: FilterableListOptions): Paged<NetworkSession, NetworkSessionsResponse>;
  networkProbes(options?: FilterableListOptions): Paged<NetworkProbe, NetworkProbesResponse>;
  /** The session; a body without it fails as UnparseableResponseError naming the path. */
  getUserSession<F extends ResponseFormat = 'json'>(
    userSessionId: string,
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, UserSessionDetail>>;
  /** The page's HAR. */
  getPageDetails<F extends ResponseFormat = 'json'>(
    userSessionId: string,
    pageId: string,
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, Har>>;
  getNetworkProbe<F extends ResponseFormat = 'json'>(
    networkProbeId: string,
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, NetworkProbeDetail>>;
  /** The first page only; `networks()` walks them all. */
  listNetworks(options?: CallOptions): Promise<PrivateNetworksResponse>;
  networks(options?: InventoryOptions): Paged<PrivateNetwork, PrivateNetworksResponse>;
  /** The first page only; `endpointAgents()` walks them all (real accounts page this list). */
  listEndpointAgents<F extends ResponseFormat = 'json'>(
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, EndpointAgentsResponse>>;
  endpointAgents(options?: InventoryOptions): Paged<EndpointAgent, EndpointAgentsResponse>;
  /** Endpoint agents by id, read once and shared by every view of this connection (names instead of ids). */
  agentDirectory(): AgentDirectory;
  /** The agent with details such as numberOfClients (v7: also lastSeen, location, publicIP, VPN profiles). */
  getEndpointAgent<F extends ResponseFormat = 'json'>(
    agentId: string,
    options?: FormatOptions<F>,
  ): Promise<Formatted<F, EndpointAgent>>;
  /**
   * Endpoint agents by what they are (exact ids and names, platform, OS prefix, last check-in,
   * order): v7 POST /v7/endpoint/agents/filter; v6 (no such operation) matches its agent
   * list, and refuses in one sentence what its records cannot answer. At most `maxRecords` (1,000).
   */
  findEndpointAgents(
    search: EndpointAgentSearch,
    options?: InventoryOptions & CollectOptions,
  ): Promise<EndpointAgent[]>;
  /**
   * GET /v6/agents or /v7/agents: the enterprise (and cloud) agents tests run from, narrowed
   * by `agentTypes`.
   */
  enterpriseAgents(
    options?: InventoryOptions & { agentTypes?: readonly EnterpriseAgentType[] },
  ): Paged<EnterpriseAgent, EnterpriseAgentsResponse>;
  getEnterpriseAgent(agentId: number, options?: CallOptions): Promise<EnterpriseAgent>;

  /**
   * One page of any paged list in any format (XML of a list, a `next` URL by hand).
   * `pathOrUrl` is a path below the base URL or an absolute `pages.next` URL.
   */
  getPage<F extends ResponseFormat = 'json'>(
    pathOrUrl: string,
    options?: FormatOptions<F> & TimeRangeOptions,
  ): Promise<Formatted<F, unknown>>;
  /**
   * Walks a list as XML (`format=xml`), page by page along `<pages><next>`, with the same
   * rules as the JSON walks: below the base URL only, no page twice, no token in links.
   * v6 only: on a v7 account it throws (v7 answers JSON only).
   */
  xmlPages(path: string, options?: CallOptions & TimeRangeOptions): AsyncIterableIterator<XmlPage>;
}
