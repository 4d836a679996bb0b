// The NetmonClient implementation: each method asks the dialect in use (src/api/v6 or
// src/api/v7, detected once per client: detect.ts) for its request and how its answer reads,
// then runs it through client-calls.ts. Transport, auth, rate limits, retries and paging live
// in their own modules, and so do endpoint tests as code and enterprise test results.
import { AgentDirectory } from './agent-directory';
import { AlertsApi } from './alerts';
import { credentialFingerprint, withoutAuthQuery } from './auth';
import { callOnly, DialectCalls } from './client-calls';
import type {
  ApiVersion,
  CallOptions,
  CollectOptions,
  EndpointTestListOptions,
  FilterableListOptions,
  Formatted,
  FormatOptions,
  InventoryOptions,
  ListOptions,
  NetmonClient,
  NetmonClientOptions,
  Paged,
  RequestListener,
  ResponseFormat,
  TestWriteOptions,
  TimeRangeOptions,
  XmlPage,
} from './client';
import type { Dialect, ListRoute } from './dialect';
import { EndpointTestsAsCode } from './endpoint-tests-as-code';
import { followNext, isRecord, nextOfXmlPage, WalkGuard } from './paging';
import { applyQuery, resolvePath, segment } from './query';
import { sharedRateLimiters, type OrganizationRateLimiter, type RateLimiterRegistry } from './rate-limiter';
import { RequestExecutor } from './request';
import { TestResultsReads } from './test-results-reads';
import { createDispatcher, Transport } from './transport';
import type {
  AccountGroupsResponse,
  EndpointAgent,
  EndpointAgentSearch,
  EndpointAgentsResponse,
  EndpointTest,
  EndpointTestResponse,
  EndpointTestType,
  EnterpriseAgent,
  EnterpriseAgentType,
  EnterpriseAgentsResponse,
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
  UserSession,
  UserSessionDetail,
  UserSessionsResponse,
  WebSession,
  WebSessionsResponse,
  ApiTestDetail,
  BgpRoute,
  EnterprisePathTrace,
  PageLoadDetail,
  WebTransactionDetail,
  WebTransactionPageDetail,
  TestResultKind,
  TestResultRecords,
  TestResultsResponse,
  FilterTarget,
  SearchFilter,
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
import { checkV6AgentSearch, matchV6AgentSearch } from './v6/agent-search';
import { DEFAULT_USER_AGENT } from './version';

const DEFAULT_TIMEOUT_MS = 30_000;
/** Agents a search answers at most, unless the caller asks for more. */
const DEFAULT_FOUND_AGENTS = 1_000;
const DEFAULT_RETRY = { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 5_000, maxRateLimitRetries: 5 };

/** Internal knobs for tests and embedders (a private limiter registry). */
export interface ClientInternals {
  rateLimiters?: RateLimiterRegistry;
}

export function createNetmonClient(options: NetmonClientOptions, internals: ClientInternals = {}): NetmonClient {
  return new HttpNetmonClient(options, internals);
}

class HttpNetmonClient implements NetmonClient {
  readonly baseUrl: string;
  private readonly listeners = new Set<RequestListener>();
  private readonly transport: Transport;
  private readonly limiter: OrganizationRateLimiter;
  private readonly executor: RequestExecutor;
  /** v7 reads an endpoint test by type and id: the types learnt from the list. */
  private readonly endpointTestTypes = new Map<number, string>();
  private directory: AgentDirectory | undefined;
  private readonly calls: DialectCalls;
  private readonly asCode: EndpointTestsAsCode;
  private readonly results: TestResultsReads;
  private readonly alertsApi: AlertsApi;

  constructor(
    private readonly options: NetmonClientOptions,
    internals: ClientInternals,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (options.onRequest) this.listeners.add(options.onRequest);
    this.transport = new Transport(
      createDispatcher({
        baseUrl: new URL(this.baseUrl),
        proxy: options.proxy,
        connections: options.connections ?? 8,
      }),
      options.maxResponseBytes,
    );
    const registry = internals.rateLimiters ?? sharedRateLimiters;
    const organization = `${this.baseUrl}|${credentialFingerprint(options.credentials)}`;
    this.limiter = registry.limiterFor(organization);
    this.executor = new RequestExecutor({
      transport: this.transport,
      credentials: options.credentials,
      limiter: this.limiter,
      instantLimiter: registry.limiterFor(`${organization}|instant-tests`),
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      listeners: this.listeners,
    });
    this.calls = new DialectCalls(this.baseUrl, this.executor, options);
    this.asCode = new EndpointTestsAsCode(this.calls);
    this.results = new TestResultsReads(this.calls);
    this.alertsApi = new AlertsApi(this.calls);
  }

  get rateLimit(): RateLimitInfo | undefined {
    return this.limiter.info;
  }

  addRequestListener(listener: RequestListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  async apiVersion(): Promise<ApiVersion> {
    return (await this.calls.dialect()).version;
  }

  private warn = (message: string): void => this.options.onWarning?.(message);

  // ---------- account groups ----------

  listAccountGroups<F extends ResponseFormat = 'json'>(
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, AccountGroupsResponse>> {
    return this.calls.record((d) => d.accountGroups(), options);
  }

  // ---------- test management ----------

  createTest<F extends ResponseFormat = 'json'>(
    type: EnterpriseTestType,
    body: EnterpriseTestCreate,
    options: TestWriteOptions<F> = {},
  ): Promise<Formatted<F, EnterpriseTest>> {
    return this.calls.record((d) => d.createTest(type, body, options.legacyPaths ?? false), options);
  }

  updateTest<F extends ResponseFormat = 'json'>(
    type: EnterpriseTestType,
    testId: number,
    body: EnterpriseTestUpdate,
    options: TestWriteOptions<F> = {},
  ): Promise<Formatted<F, EnterpriseTest>> {
    return this.calls.record((d) => d.updateTest(type, testId, body, options.legacyPaths ?? false), options);
  }

  deleteTest(type: EnterpriseTestType, testId: number, options: TestWriteOptions<'json'> = {}): Promise<void> {
    return this.calls.noAnswer((d) => d.deleteTest(type, testId, options.legacyPaths ?? false), options, {
      operation: 'deleting tests',
      requiredPermission: 'Account Admin',
    });
  }

  runInstantTest(
    type: EnterpriseTestType,
    body: EnterpriseTestCreate,
    options: CallOptions = {},
  ): Promise<EnterpriseTest> {
    return this.calls.record<'json', EnterpriseTest>((d) => d.enterpriseInstantTest(type, body), callOnly(options));
  }

  runTest(testId: number | string, options: CallOptions = {}): Promise<void> {
    return this.calls.noAnswer((d) => d.runTest(testId), options, {
      operation: 'running instant tests',
      instant: true,
    });
  }

  async listEnterpriseTests(options: CallOptions = {}): Promise<EnterpriseTest[]> {
    const { test } = await this.calls.record<'json', { test: EnterpriseTest[] }>(
      (d) => d.enterpriseTests(),
      callOnly(options),
    );
    return test;
  }

  // ---------- endpoint tests as code (v7): endpoint-tests-as-code.ts ----------

  listManagedEndpointTests(options: CallOptions = {}): Promise<ManagedEndpointTest[]> {
    return this.asCode.list(options);
  }

  createEndpointTest(
    type: ManagedEndpointTestType,
    body: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<ManagedEndpointTest> {
    return this.asCode.create(type, body, options);
  }

  updateEndpointTest(
    type: ManagedEndpointTestType,
    testId: number,
    body: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<ManagedEndpointTest> {
    return this.asCode.update(type, testId, body, options);
  }

  deleteEndpointTest(type: ManagedEndpointTestType, testId: number, options: CallOptions = {}): Promise<void> {
    return this.asCode.remove(type, testId, options);
  }

  listEndpointLabels(options: CallOptions = {}): Promise<EndpointLabel[]> {
    return this.asCode.labels(options);
  }

  // ---------- endpoint tests and instant tests ----------

  listEndpointTests<F extends ResponseFormat = 'json'>(
    options: EndpointTestListOptions<F> = {},
  ): Promise<Formatted<F, EndpointTestResponse>> {
    return this.calls.firstPage((d) => this.learnTypes(d.endpointTests(options.type)), options);
  }

  endpointTests(
    options: InventoryOptions & { type?: EndpointTestType } = {},
  ): Paged<EndpointTest, EndpointTestResponse> {
    return this.calls.paged((d) => this.learnTypes(d.endpointTests(options.type)), inventoryOptions(options));
  }

  getEndpointTest<F extends ResponseFormat = 'json'>(
    testId: number,
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, EndpointTest>> {
    segment(testId);
    return this.calls.dialect().then(async (dialect) => {
      const type = dialect.endpointTestNeedsType ? await this.endpointTestType(testId, options) : undefined;
      return this.calls.record((d) => d.endpointTest(testId, type), options);
    });
  }

  private learnTypes(route: ListRoute): ListRoute {
    const toDomain = route.toDomain;
    return {
      ...route,
      toDomain: (record) => {
        const test = toDomain ? toDomain(record) : record;
        if (typeof test['testId'] === 'number' && typeof test['type'] === 'string')
          this.endpointTestTypes.set(test['testId'], test['type']);
        return test;
      },
    };
  }

  /** The type of an endpoint test, from the list (read once more when the id is new to this client). */
  private async endpointTestType(testId: number, call: CallOptions): Promise<string | undefined> {
    if (!this.endpointTestTypes.has(testId)) {
      for await (const test of this.endpointTests({ aid: call.aid, signal: call.signal, timeoutMs: call.timeoutMs }))
        if (test.testId === testId) break;
    }
    return this.endpointTestTypes.get(testId);
  }

  createInstantTest<T extends EndpointTestType, F extends ResponseFormat = 'json'>(
    type: T,
    body: InstantTestBodies[T],
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, EndpointTest>> {
    return this.calls.record((d) => d.instantTest(type, body), options);
  }

  // ---------- scheduled-test data ----------

  netMetrics(testId: number, options: ListOptions = {}): Paged<NetMetric, NetMetricsResponse> {
    return this.calls.paged((d) => d.netMetrics(testId), options);
  }

  pathVis(testId: number, options: ListOptions = {}): Paged<PathVisSummary, PathVisResponse> {
    return this.calls.paged((d) => d.pathVis(testId), options);
  }

  httpServerResults(testId: number, options: ListOptions = {}): Paged<HttpServerResult, HttpServerResponse> {
    return this.calls.paged((d) => d.httpServerResults(testId), options);
  }

  getPathTrace<F extends ResponseFormat = 'json'>(
    testId: number,
    agentId: string,
    roundId: number,
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, PathTrace>> {
    segment(agentId);
    return this.calls.record((d) => d.pathTrace(testId, agentId, roundId), options);
  }

  // ---------- enterprise test results: test-results-reads.ts ----------

  testResults<K extends TestResultKind>(
    kind: K,
    testId: number | string,
    options: ListOptions = {},
  ): Paged<TestResultRecords[K], TestResultsResponse> {
    return this.results.results(kind, testId, options);
  }

  getTestPathTrace(
    testId: number | string,
    agentId: string,
    roundId: number,
    options: CallOptions = {},
  ): Promise<EnterprisePathTrace> {
    return this.results.pathTrace(testId, agentId, roundId, options);
  }

  getPageLoadDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options: CallOptions = {},
  ): Promise<PageLoadDetail> {
    return this.results.pageLoadDetail(testId, agentId, roundId, options);
  }

  getWebTransactionDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options: CallOptions = {},
  ): Promise<WebTransactionDetail> {
    return this.results.webTransactionDetail(testId, agentId, roundId, options);
  }

  getWebTransactionPage(
    testId: number | string,
    agentId: string,
    roundId: number,
    pageId: string,
    options: CallOptions = {},
  ): Promise<WebTransactionPageDetail> {
    return this.results.webTransactionPage(testId, agentId, roundId, pageId, options);
  }

  getBgpRoutes(
    testId: number | string,
    prefixId: string,
    roundId: number,
    options: CallOptions = {},
  ): Promise<BgpRoute[]> {
    return this.results.bgpRoutes(testId, prefixId, roundId, options);
  }

  getApiTestDetail(
    testId: number | string,
    agentId: string,
    roundId: number,
    options: CallOptions = {},
  ): Promise<ApiTestDetail> {
    return this.results.apiTestDetail(testId, agentId, roundId, options);
  }

  // ---------- alerts, alert rules, suppression windows and events (v7): alerts.ts ----------

  alerts(options: ListOptions & AlertStateFilter = {}): Paged<Alert, AlertsResponse> {
    return this.alertsApi.alerts(options);
  }
  getAlert(alertId: string, options: CallOptions = {}): Promise<AlertDetail> {
    return this.alertsApi.alert(alertId, options);
  }
  listAlertRules(options: CallOptions = {}): Promise<AlertRule[]> {
    return this.alertsApi.rules(options);
  }
  getAlertRule(ruleId: string, options: CallOptions = {}): Promise<AlertRule> {
    return this.alertsApi.rule(ruleId, options);
  }
  createAlertRule(rule: AlertRuleFields, options: CallOptions = {}): Promise<AlertRule> {
    return this.alertsApi.createRule(rule, options);
  }
  updateAlertRule(ruleId: string, rule: AlertRuleFields, options: CallOptions = {}): Promise<AlertRule> {
    return this.alertsApi.updateRule(ruleId, rule, options);
  }
  deleteAlertRule(ruleId: string, options: CallOptions = {}): Promise<void> {
    return this.alertsApi.deleteRule(ruleId, options);
  }
  listSuppressionWindows(options: CallOptions = {}): Promise<SuppressionWindow[]> {
    return this.alertsApi.windows(options);
  }
  getSuppressionWindow(windowId: string, options: CallOptions = {}): Promise<SuppressionWindow> {
    return this.alertsApi.window(windowId, options);
  }
  createSuppressionWindow(window: SuppressionWindowFields, options: CallOptions = {}): Promise<SuppressionWindow> {
    return this.alertsApi.createWindow(window, options);
  }
  updateSuppressionWindow(
    windowId: string,
    window: SuppressionWindowFields,
    options: CallOptions = {},
  ): Promise<SuppressionWindow> {
    return this.alertsApi.updateWindow(windowId, window, options);
  }
  deleteSuppressionWindow(windowId: string, options: CallOptions = {}): Promise<void> {
    return this.alertsApi.deleteWindow(windowId, options);
  }
  events(options: ListOptions = {}): Paged<DetectedEvent, EventsResponse> {
    return this.alertsApi.events(options);
  }
  getEvent(eventId: string, options: CallOptions = {}): Promise<DetectedEvent> {
    return this.alertsApi.event(eventId, options);
  }

  // ---------- endpoint data ----------

  private filtersTaken(
    dialect: Dialect,
    target: FilterTarget,
    options: FilterableListOptions,
  ): readonly SearchFilter[] | undefined {
    if (!options.filters || !options.onlyFiltersTaken) return options.filters;
    const taken = dialect.filterKeys(target);
    const kept = options.filters.filter((filter) => taken.includes(filter.key));
    const left = options.filters.filter((filter) => !taken.includes(filter.key)).map((filter) => filter.key);
    if (left.length > 0)
      this.warn(
        `${target}: API ${dialect.version} does not filter it by ${[...new Set(left)].join(', ')}; listed without ${left.length === 1 ? 'that filter' : 'those filters'}`,
      );
    return kept.length > 0 ? kept : undefined;
  }

  userSessions(options: FilterableListOptions = {}): Paged<UserSession, UserSessionsResponse> {
    return this.calls.paged(
      (d) => d.filtered('user-sessions', this.filtersTaken(d, 'user-sessions', options), this.warn),
      options,
    );
  }

  webSessions(options: FilterableListOptions = {}): Paged<WebSession, WebSessionsResponse> {
    return this.calls.paged((d) => d.filtered('web', this.filtersTaken(d, 'web', options), this.warn), options);
  }

  networkSessions(options: FilterableListOptions = {}): Paged<NetworkSession, NetworkSessionsResponse> {
    return this.calls.paged((d) => d.filtered('network', this.filtersTaken(d, 'network', options), this.warn), options);
  }

  networkProbes(options: FilterableListOptions = {}): Paged<NetworkProbe, NetworkProbesResponse> {
    return this.calls.paged(
      (d) => d.filtered('network-topology', this.filtersTaken(d, 'network-topology', options), this.warn),
      options,
    );
  }

  getUserSession<F extends ResponseFormat = 'json'>(
    userSessionId: string,
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, UserSessionDetail>> {
    segment(userSessionId);
    return this.calls.record((d) => d.userSession(userSessionId), options);
  }

  getPageDetails<F extends ResponseFormat = 'json'>(
    userSessionId: string,
    pageId: string,
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, Har>> {
    segment(userSessionId);
    segment(pageId);
    return this.calls.record((d) => d.pageDetails(userSessionId, pageId), options);
  }

  getNetworkProbe<F extends ResponseFormat = 'json'>(
    networkProbeId: string,
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, NetworkProbeDetail>> {
    segment(networkProbeId);
    return this.calls.record((d) => d.networkProbe(networkProbeId), options);
  }

  listNetworks(options: CallOptions = {}): Promise<PrivateNetworksResponse> {
    return this.calls.firstPage<'json', PrivateNetworksResponse>((d) => d.networks(), callOnly(options));
  }

  networks(options: InventoryOptions = {}): Paged<PrivateNetwork, PrivateNetworksResponse> {
    return this.calls.paged((d) => d.networks(), inventoryOptions(options));
  }

  listEndpointAgents<F extends ResponseFormat = 'json'>(
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, EndpointAgentsResponse>> {
    return this.calls.firstPage((d) => d.endpointAgents(), options);
  }

  agentDirectory(): AgentDirectory {
    return (this.directory ??= new AgentDirectory(this));
  }

  endpointAgents(options: InventoryOptions = {}): Paged<EndpointAgent, EndpointAgentsResponse> {
    return this.calls.paged((d) => d.endpointAgents(), inventoryOptions(options));
  }

  getEndpointAgent<F extends ResponseFormat = 'json'>(
    agentId: string,
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, EndpointAgent>> {
    segment(agentId);
    return this.calls.record((d) => d.endpointAgent(agentId), options);
  }

  async findEndpointAgents(
    search: EndpointAgentSearch,
    options: InventoryOptions & CollectOptions = {},
  ): Promise<EndpointAgent[]> {
    const dialect = await this.calls.dialect();
    const collect = { maxRecords: options.maxRecords ?? DEFAULT_FOUND_AGENTS };
    if (dialect.endpointAgentSearch) {
      const route = dialect.endpointAgentSearch(search);
      return (
        await this.calls
          .paged<EndpointAgent, EndpointAgentsResponse>(() => route, inventoryOptions(options))
          .collect(collect)
      ).records;
    }
    checkV6AgentSearch(search);
    return matchV6AgentSearch(await this.agentDirectory().refresh(options.signal), search).slice(0, collect.maxRecords);
  }

  enterpriseAgents(
    options: InventoryOptions & { agentTypes?: readonly EnterpriseAgentType[] } = {},
  ): Paged<EnterpriseAgent, EnterpriseAgentsResponse> {
    return this.calls.paged((d) => d.enterpriseAgents(options.agentTypes), inventoryOptions(options));
  }

  getEnterpriseAgent(agentId: number, options: CallOptions = {}): Promise<EnterpriseAgent> {
    return this.calls.record<'json', EnterpriseAgent>((d) => d.enterpriseAgent(agentId), callOnly(options));
  }

  async getPage<F extends ResponseFormat = 'json'>(
    pathOrUrl: string,
    options: FormatOptions<F> & TimeRangeOptions = {},
  ): Promise<Formatted<F, unknown>> {
    const dialect = await this.calls.usable(options.format);
    const absolute = /^https?:\/\//i.test(pathOrUrl);
    const url = applyQuery(absolute ? this.calls.resumeUrl(pathOrUrl) : resolvePath(this.baseUrl, pathOrUrl), {
      aid: options.aid ?? (absolute ? undefined : this.options.aid),
      format: options.format,
    });
    for (const [name, value] of Object.entries(dialect.timeQuery(options))) url.searchParams.set(name, value);
    const response = await this.executor.execute({
      method: 'GET',
      url,
      expect: options.format === 'xml' ? 'text' : 'json',
      accept: dialect.accept,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    return withoutEchoedToken(response.data) as Formatted<F, unknown>;
  }

  async *xmlPages(path: string, options: CallOptions & TimeRangeOptions = {}): AsyncIterableIterator<XmlPage> {
    const dialect = await this.calls.usable('xml');
    const guard = new WalkGuard(this.calls.paging, path, 'GET');
    let url: URL | undefined = withoutAuthQuery(this.calls.url(path, { ...options, format: 'xml' }, dialect));
    while (url) {
      const here: string = url.toString();
      guard.admit(url);
      const response = await this.executor.execute({
        method: 'GET',
        url,
        expect: 'text',
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      });
      const xml = withoutEchoedToken(response.data) as string;
      const next = nextOfXmlPage(xml);
      const nextUrl: URL | undefined = next === undefined ? undefined : followNext(next, url, this.baseUrl, 'GET');
      // XML records are not counted here: the budget alone bounds an XML walk.
      guard.read(undefined, next);
      yield { url: here, xml, next: nextUrl?.toString() };
      url = nextUrl;
    }
  }
}

/** A server may echo `authToken` into a next link; like PagedWalk, callers never see it. */
function withoutEchoedToken(data: unknown): unknown {
  if (typeof data === 'string')
    return data.replace(/([?&])authToken=[^&#<"\s]*(&amp;|&)?/gi, (_match, lead: string, tail?: string) =>
      tail ? lead : '',
    );
  if (!isRecord(data) || !isRecord(data['pages']) || typeof data['pages']['next'] !== 'string') return data;
  let next: URL;
  try {
    next = new URL(data['pages']['next']);
  } catch {
    return data;
  }
  return { ...data, pages: { ...data['pages'], next: withoutAuthQuery(next).toString() } };
}

/** Inventory lists take no time range or format (the spec lists only `aid`). */
function inventoryOptions(options: InventoryOptions): ListOptions {
  return { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs, resumeFrom: options.resumeFrom };
}
