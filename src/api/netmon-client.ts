// The NetmonClient implementation: each method asks the dialect in use (src/api/v6 or
// src/api/v7, detected once per client: detect.ts) for its request and how its answer reads,
// then runs it. Transport, auth, rate limits, retries and paging live in their own modules.
import { AgentDirectory } from './agent-directory';
import { credentialFingerprint, redactPath, withoutAuthQuery } from './auth';
import type {
  ApiVersion, CallOptions, CollectOptions, EndpointTestListOptions, FilterableListOptions, Formatted,
  FormatOptions, InventoryOptions, ListOptions, NetmonClient, NetmonClientOptions, Paged, RequestListener, ResponseFormat,
  TestWriteOptions, TimeRangeOptions, XmlPage,
} from './client';
import { DETECTION_PATH, DETECTION_QUERY, dialectOf } from './detect';
import type { Dialect, EndpointTestsAsCodeRoutes, ListRoute, RecordRoute } from './dialect';
import { PagingLoopError, UnparseableResponseError } from './errors';
import { DeferredPaged, followNext, isRecord, nextOfXmlPage, outsideBase, PagedWalk } from './paging';
import { applyQuery, resolvePath, segment } from './query';
import { sharedRateLimiters, type OrganizationRateLimiter, type RateLimiterRegistry } from './rate-limiter';
import { RequestExecutor } from './request';
import { createDispatcher, Transport } from './transport';
import type {
  AccountGroupsResponse, EndpointAgent, EndpointAgentSearch, EndpointAgentsResponse, EndpointTest, EndpointTestResponse, EndpointTestType,
  EnterpriseAgent, EnterpriseAgentType, EnterpriseAgentsResponse, EnterpriseTest, EnterpriseTestCreate, EnterpriseTestType,
  EnterpriseTestUpdate, Har, HttpServerResponse, HttpServerResult, InstantTestBodies, NetMetric, NetMetricsResponse, NetworkProbe,
  NetworkProbeDetail, NetworkProbesResponse, NetworkSession, NetworkSessionsResponse, PathTrace, PathVisResponse, PathVisSummary,
  PrivateNetwork, PrivateNetworksResponse, RateLimitInfo, UserSession, UserSessionDetail, UserSessionsResponse, WebSession,
  WebSessionsResponse, BgpRoute, EnterprisePathTrace, PageLoadDetail, TestResultKind, TestResultRecords, TestResultsResponse, FilterTarget, SearchFilter,
  EndpointLabel, ManagedEndpointTest, ManagedEndpointTestType,
} from './types';
import { ENDPOINT_TESTS_AS_CODE_NEED_V7, MANAGED_ENDPOINT_TEST_TYPES } from './types';
import { v6 } from './v6';
import { checkV6AgentSearch, matchV6AgentSearch } from './v6/agent-search';
import { v7 } from './v7';
import { DEFAULT_USER_AGENT } from './version';

const DEFAULT_TIMEOUT_MS = 30_000;
/** Agents a search answers at most, unless the caller asks for more. */
const DEFAULT_FOUND_AGENTS = 1_000;
const DEFAULT_RETRY = { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 5_000, maxRateLimitRetries: 5 };
const DIALECTS: Record<ApiVersion, Dialect> = { v6, v7 };

/** Internal knobs for tests and embedders (a private limiter registry). */
export interface ClientInternals {
  rateLimiters?: RateLimiterRegistry;
}

export function createNetmonClient(options: NetmonClientOptions, internals: ClientInternals = {}): NetmonClient {
  return new HttpNetmonClient(options, internals);
}

type Query = TimeRangeOptions & { format?: ResponseFormat };

class HttpNetmonClient implements NetmonClient {
  readonly baseUrl: string;
  private readonly listeners = new Set<RequestListener>();
  private readonly transport: Transport;
  private readonly limiter: OrganizationRateLimiter;
  private readonly executor: RequestExecutor;
  private detected: Promise<Dialect> | undefined;
  /** v7 reads an endpoint test by type and id: the types learnt from the list. */
  private readonly endpointTestTypes = new Map<number, string>();
  private directory: AgentDirectory | undefined;

  constructor(private readonly options: NetmonClientOptions, internals: ClientInternals) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (options.onRequest) this.listeners.add(options.onRequest);
    this.transport = new Transport(createDispatcher({
      baseUrl: new URL(this.baseUrl), proxy: options.proxy, connections: options.connections ?? 8,
    }), options.maxResponseBytes);
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
    return (await this.dialect()).version;
  }

  // ---------- plumbing ----------

  private dialect(): Promise<Dialect> {
    const setting = this.options.apiVersion ?? 'auto';
    if (setting !== 'auto') return Promise.resolve(DIALECTS[setting]);
    // One detection per client, shared by concurrent callers; a failed one is tried again.
    this.detected ??= this.detect().catch((error: unknown) => {
      this.detected = undefined;
      throw error;
    });
    return this.detected;
  }

  private async detect(): Promise<Dialect> {
    const url = this.url(DETECTION_PATH, {}, v7);
    for (const [name, value] of Object.entries(DETECTION_QUERY)) url.searchParams.set(name, value);
    const version = await dialectOf(async () => (await this.executor.execute({ method: 'GET', url, expect: 'json', accept: v7.accept })).data);
    return DIALECTS[version];
  }

  private url(path: string, call: CallOptions & Query, dialect: Dialect): URL {
    const aid = call.aid ?? this.options.aid;
    // The suffix names v6's JSON form: an XML request (and v7) goes without it.
    const suffixed = this.options.jsonSuffix && dialect.version === 'v6' && call.format !== 'xml' ? `${path}.json` : path;
    const url = applyQuery(resolvePath(this.baseUrl, suffixed), { aid, format: call.format });
    for (const [name, value] of Object.entries(dialect.timeQuery(call))) url.searchParams.set(name, value);
    return url;
  }

  private async usable(format: ResponseFormat | undefined): Promise<Dialect> {
    const dialect = await this.dialect();
    const refusal = dialect.refuseFormat(format);
    if (refusal) throw new RangeError(refusal);
    return dialect;
  }

  /** One request answering one record: XML comes back as sent; JSON must hold the record. */
  private async record<F extends ResponseFormat, T>(make: (dialect: Dialect) => RecordRoute, call: FormatOptions<F>): Promise<Formatted<F, T>> {
    const dialect = await this.usable(call.format);
    const route = make(dialect);
    const url = this.url(route.path, { aid: call.aid, format: call.format }, dialect);
    for (const [name, value] of Object.entries(route.query ?? {})) url.searchParams.set(name, value);
    const expect = call.format === 'xml' ? 'text' : 'json';
    const response = await this.executor.execute({
      method: route.method, url, body: route.body, expect, accept: dialect.accept, signal: call.signal, timeoutMs: call.timeoutMs,
      operation: route.operation, requiredPermission: route.requiredPermission, instant: route.instant,
    });
    if (expect === 'text') return response.data as Formatted<F, T>;
    const record = route.read(response.data, `/${route.path}`);
    if (!record) {
      throw new UnparseableResponseError({ method: route.method, path: redactPath(url), status: response.status, errorMessage: `the answer of /${route.path} holds no record` });
    }
    return record as Formatted<F, T>;
  }

  private paged<TRecord, TResponse>(make: (dialect: Dialect) => ListRoute, options: ListOptions): Paged<TRecord, TResponse> {
    return new DeferredPaged(async () => {
      const dialect = await this.dialect();
      const route = make(dialect);
      const firstUrl = (): URL => {
        if (options.resumeFrom) return this.resumeUrl(options.resumeFrom);
        const url = this.url(route.path, route.timed ? options : { aid: options.aid }, dialect);
        for (const [name, value] of Object.entries(route.query ?? {})) url.searchParams.set(name, value);
        return url;
      };
      return new PagedWalk<TRecord, TResponse>({
        firstUrl, method: route.method, body: route.body, records: route.records, precheck: route.check, base: this.baseUrl,
        shape: route.shape, rules: dialect.pages, list: route.list, toDomain: route.toDomain,
        fetch: async (url, method, body) => (await this.executor.execute({
          method, url, body, expect: 'json', accept: dialect.accept, signal: options.signal, timeoutMs: options.timeoutMs,
        })).data,
      });
    });
  }

  /** The first page of a list as its domain envelope; on v6 the page as sent (or its XML). */
  private async firstPage<F extends ResponseFormat, TResponse>(make: (dialect: Dialect) => ListRoute, options: FormatOptions<F>): Promise<Formatted<F, TResponse>> {
    const dialect = await this.usable(options.format);
    if (dialect.version === 'v6') {
      const url = this.url(make(dialect).path, { aid: options.aid, format: options.format }, dialect);
      const expect = options.format === 'xml' ? 'text' : 'json';
      return (await this.executor.execute({ method: 'GET', url, expect, signal: options.signal, timeoutMs: options.timeoutMs })).data as Formatted<F, TResponse>;
    }
    const walk = this.paged<unknown, TResponse>(make, { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
    for await (const page of walk.pages()) return page.response as Formatted<F, TResponse>;
    throw new UnparseableResponseError({ method: 'GET', path: '/', errorMessage: 'the list answered no page' });
  }

  private resumeUrl(resumeFrom: string): URL {
    const url = new URL(resumeFrom, `${this.baseUrl}/`);
    if (outsideBase(url, this.baseUrl)) {
      throw new PagingLoopError({ method: 'GET', path: redactPath(url) }, `resumeFrom must be a URL of ${this.baseUrl}`);
    }
    return url;
  }

  private warn = (message: string): void => this.options.onWarning?.(message);

  // ---------- account groups ----------

  listAccountGroups<F extends ResponseFormat = 'json'>(options: FormatOptions<F> = {}): Promise<Formatted<F, AccountGroupsResponse>> {
    return this.record((d) => d.accountGroups(), options);
  }

  // ---------- test management ----------

  createTest<F extends ResponseFormat = 'json'>(type: EnterpriseTestType, body: EnterpriseTestCreate, options: TestWriteOptions<F> = {}): Promise<Formatted<F, EnterpriseTest>> {
    return this.record((d) => d.createTest(type, body, options.legacyPaths ?? false), options);
  }

  updateTest<F extends ResponseFormat = 'json'>(type: EnterpriseTestType, testId: number, body: EnterpriseTestUpdate, options: TestWriteOptions<F> = {}): Promise<Formatted<F, EnterpriseTest>> {
    return this.record((d) => d.updateTest(type, testId, body, options.legacyPaths ?? false), options);
  }

  async deleteTest(type: EnterpriseTestType, testId: number, options: TestWriteOptions<'json'> = {}): Promise<void> {
    const dialect = await this.dialect();
    const { method, path, body } = dialect.deleteTest(type, testId, options.legacyPaths ?? false);
    await this.executor.execute({
      method, url: this.url(path, { aid: options.aid }, dialect), body, expect: 'none', accept: dialect.accept, signal: options.signal,
      timeoutMs: options.timeoutMs, operation: 'deleting tests', requiredPermission: 'Account Admin',
    });
  }

  runInstantTest(type: EnterpriseTestType, body: EnterpriseTestCreate, options: CallOptions = {}): Promise<EnterpriseTest> {
    return this.record<'json', EnterpriseTest>((d) => d.enterpriseInstantTest(type, body), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  async runTest(testId: number | string, options: CallOptions = {}): Promise<void> {
    const dialect = await this.dialect();
    const { method, path } = dialect.runTest(testId);
    await this.executor.execute({
      method, url: this.url(path, { aid: options.aid }, dialect), expect: 'none', accept: dialect.accept, signal: options.signal,
      timeoutMs: options.timeoutMs, operation: 'running instant tests', instant: true,
    });
  }

  // ---------- endpoint tests as code (v7) ----------

  private static asCode(dialect: Dialect): EndpointTestsAsCodeRoutes {
    if (!dialect.endpointTestsAsCode) throw new RangeError(ENDPOINT_TESTS_AS_CODE_NEED_V7);
    return dialect.endpointTestsAsCode;
  }

  async listManagedEndpointTests(options: CallOptions = {}): Promise<ManagedEndpointTest[]> {
    const call = { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs };
    const lists = await Promise.all(MANAGED_ENDPOINT_TEST_TYPES.map((type) =>
      this.record<'json', { tests: ManagedEndpointTest[] }>((d) => HttpNetmonClient.asCode(d).list(type), call)));
    return lists.flatMap((list) => list.tests);
  }

  createEndpointTest(type: ManagedEndpointTestType, body: Record<string, unknown>, options: CallOptions = {}): Promise<ManagedEndpointTest> {
    return this.record<'json', ManagedEndpointTest>((d) => HttpNetmonClient.asCode(d).create(type, body), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  updateEndpointTest(type: ManagedEndpointTestType, testId: number, body: Record<string, unknown>, options: CallOptions = {}): Promise<ManagedEndpointTest> {
    return this.record<'json', ManagedEndpointTest>((d) => HttpNetmonClient.asCode(d).update(type, testId, body), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  async deleteEndpointTest(type: ManagedEndpointTestType, testId: number, options: CallOptions = {}): Promise<void> {
    const dialect = await this.dialect();
    const { method, path } = HttpNetmonClient.asCode(dialect).remove(type, testId);
    await this.executor.execute({
      method, url: this.url(path, { aid: options.aid }, dialect), expect: 'none', accept: dialect.accept, signal: options.signal,
      timeoutMs: options.timeoutMs, operation: 'deleting endpoint tests', requiredPermission: 'Edit endpoint tests',
    });
  }

  async listEndpointLabels(options: CallOptions = {}): Promise<EndpointLabel[]> {
    HttpNetmonClient.asCode(await this.dialect());
    const walk = this.paged<EndpointLabel, unknown>((d) => HttpNetmonClient.asCode(d).labels(), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
    const labels: EndpointLabel[] = [];
    for await (const label of walk) labels.push(label);
    return labels;
  }

  async listEnterpriseTests(options: CallOptions = {}): Promise<EnterpriseTest[]> {
    const { test } = await this.record<'json', { test: EnterpriseTest[] }>((d) => d.enterpriseTests(), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
    return test;
  }

  // ---------- endpoint tests and instant tests ----------

  listEndpointTests<F extends ResponseFormat = 'json'>(options: EndpointTestListOptions<F> = {}): Promise<Formatted<F, EndpointTestResponse>> {
    return this.firstPage((d) => this.learnTypes(d.endpointTests(options.type)), options);
  }

  endpointTests(options: InventoryOptions & { type?: EndpointTestType } = {}): Paged<EndpointTest, EndpointTestResponse> {
    return this.paged((d) => this.learnTypes(d.endpointTests(options.type)), inventoryOptions(options));
  }

  getEndpointTest<F extends ResponseFormat = 'json'>(testId: number, options: FormatOptions<F> = {}): Promise<Formatted<F, EndpointTest>> {
    segment(testId);
    return this.dialect().then(async (dialect) => {
      const type = dialect.endpointTestNeedsType ? await this.endpointTestType(testId, options) : undefined;
      return this.record((d) => d.endpointTest(testId, type), options);
    });
  }

  private learnTypes(route: ListRoute): ListRoute {
    const toDomain = route.toDomain;
    return {
      ...route,
      toDomain: (record) => {
        const test = toDomain ? toDomain(record) : record;
        if (typeof test['testId'] === 'number' && typeof test['type'] === 'string') this.endpointTestTypes.set(test['testId'], test['type']);
        return test;
      },
    };
  }

  /** The type of an endpoint test, from the list (read once more when the id is new to this client). */
  private async endpointTestType(testId: number, call: CallOptions): Promise<string | undefined> {
    if (!this.endpointTestTypes.has(testId)) {
      for await (const test of this.endpointTests({ aid: call.aid, signal: call.signal, timeoutMs: call.timeoutMs })) if (test.testId === testId) break;
    }
    return this.endpointTestTypes.get(testId);
  }

  createInstantTest<T extends EndpointTestType, F extends ResponseFormat = 'json'>(type: T, body: InstantTestBodies[T], options: FormatOptions<F> = {}): Promise<Formatted<F, EndpointTest>> {
    return this.record((d) => d.instantTest(type, body), options);
  }

  // ---------- scheduled-test data ----------

  netMetrics(testId: number, options: ListOptions = {}): Paged<NetMetric, NetMetricsResponse> {
    return this.paged((d) => d.netMetrics(testId), options);
  }

  pathVis(testId: number, options: ListOptions = {}): Paged<PathVisSummary, PathVisResponse> {
    return this.paged((d) => d.pathVis(testId), options);
  }

  httpServerResults(testId: number, options: ListOptions = {}): Paged<HttpServerResult, HttpServerResponse> {
    return this.paged((d) => d.httpServerResults(testId), options);
  }

  getPathTrace<F extends ResponseFormat = 'json'>(testId: number, agentId: string, roundId: number, options: FormatOptions<F> = {}): Promise<Formatted<F, PathTrace>> {
    segment(agentId);
    return this.record((d) => d.pathTrace(testId, agentId, roundId), options);
  }

  // ---------- enterprise test results ----------

  testResults<K extends TestResultKind>(kind: K, testId: number | string, options: ListOptions = {}): Paged<TestResultRecords[K], TestResultsResponse> {
    return this.paged((d) => d.testResults(kind, testId), options);
  }

  getTestPathTrace(testId: number | string, agentId: string, roundId: number, options: CallOptions = {}): Promise<EnterprisePathTrace> {
    return this.record<'json', EnterprisePathTrace>((d) => d.testPathTrace(testId, agentId, roundId), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  getPageLoadDetail(testId: number | string, agentId: string, roundId: number, options: CallOptions = {}): Promise<PageLoadDetail> {
    return this.record<'json', PageLoadDetail>((d) => d.pageLoadDetail(testId, agentId, roundId), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  async getBgpRoutes(testId: number | string, prefixId: string, roundId: number, options: CallOptions = {}): Promise<BgpRoute[]> {
    const read = await this.record<'json', { routes: BgpRoute[] }>((d) => d.bgpRoutes(testId, prefixId, roundId), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
    return read.routes;
  }

  // ---------- endpoint data ----------

  private filtersTaken(dialect: Dialect, target: FilterTarget, options: FilterableListOptions): readonly SearchFilter[] | undefined {
    if (!options.filters || !options.onlyFiltersTaken) return options.filters;
    const taken = dialect.filterKeys(target);
    const kept = options.filters.filter((filter) => taken.includes(filter.key));
    const left = options.filters.filter((filter) => !taken.includes(filter.key)).map((filter) => filter.key);
    if (left.length > 0) this.warn(`${target}: API ${dialect.version} does not filter it by ${[...new Set(left)].join(', ')}; listed without ${left.length === 1 ? 'that filter' : 'those filters'}`);
    return kept.length > 0 ? kept : undefined;
  }

  userSessions(options: FilterableListOptions = {}): Paged<UserSession, UserSessionsResponse> {
    return this.paged((d) => d.filtered('user-sessions', this.filtersTaken(d, 'user-sessions', options), this.warn), options);
  }

  webSessions(options: FilterableListOptions = {}): Paged<WebSession, WebSessionsResponse> {
    return this.paged((d) => d.filtered('web', this.filtersTaken(d, 'web', options), this.warn), options);
  }

  networkSessions(options: FilterableListOptions = {}): Paged<NetworkSession, NetworkSessionsResponse> {
    return this.paged((d) => d.filtered('network', this.filtersTaken(d, 'network', options), this.warn), options);
  }

  networkProbes(options: FilterableListOptions = {}): Paged<NetworkProbe, NetworkProbesResponse> {
    return this.paged((d) => d.filtered('network-topology', this.filtersTaken(d, 'network-topology', options), this.warn), options);
  }

  getUserSession<F extends ResponseFormat = 'json'>(userSessionId: string, options: FormatOptions<F> = {}): Promise<Formatted<F, UserSessionDetail>> {
    segment(userSessionId);
    return this.record((d) => d.userSession(userSessionId), options);
  }

  getPageDetails<F extends ResponseFormat = 'json'>(userSessionId: string, pageId: string, options: FormatOptions<F> = {}): Promise<Formatted<F, Har>> {
    segment(userSessionId);
    segment(pageId);
    return this.record((d) => d.pageDetails(userSessionId, pageId), options);
  }

  getNetworkProbe<F extends ResponseFormat = 'json'>(networkProbeId: string, options: FormatOptions<F> = {}): Promise<Formatted<F, NetworkProbeDetail>> {
    segment(networkProbeId);
    return this.record((d) => d.networkProbe(networkProbeId), options);
  }

  listNetworks(options: CallOptions = {}): Promise<PrivateNetworksResponse> {
    return this.firstPage<'json', PrivateNetworksResponse>((d) => d.networks(), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  networks(options: InventoryOptions = {}): Paged<PrivateNetwork, PrivateNetworksResponse> {
    return this.paged((d) => d.networks(), inventoryOptions(options));
  }

  listEndpointAgents<F extends ResponseFormat = 'json'>(options: FormatOptions<F> = {}): Promise<Formatted<F, EndpointAgentsResponse>> {
    return this.firstPage((d) => d.endpointAgents(), options);
  }

  agentDirectory(): AgentDirectory {
    return (this.directory ??= new AgentDirectory(this));
  }

  endpointAgents(options: InventoryOptions = {}): Paged<EndpointAgent, EndpointAgentsResponse> {
    return this.paged((d) => d.endpointAgents(), inventoryOptions(options));
  }

  getEndpointAgent<F extends ResponseFormat = 'json'>(agentId: string, options: FormatOptions<F> = {}): Promise<Formatted<F, EndpointAgent>> {
    segment(agentId);
    return this.record((d) => d.endpointAgent(agentId), options);
  }

  async findEndpointAgents(search: EndpointAgentSearch, options: InventoryOptions & CollectOptions = {}): Promise<EndpointAgent[]> {
    const dialect = await this.dialect();
    const collect = { maxRecords: options.maxRecords ?? DEFAULT_FOUND_AGENTS };
    if (dialect.endpointAgentSearch) {
      const route = dialect.endpointAgentSearch(search);
      return (await this.paged<EndpointAgent, EndpointAgentsResponse>(() => route, inventoryOptions(options)).collect(collect)).records;
    }
    checkV6AgentSearch(search);
    return matchV6AgentSearch(await this.agentDirectory().refresh(options.signal), search).slice(0, collect.maxRecords);
  }

  enterpriseAgents(options: InventoryOptions & { agentTypes?: readonly EnterpriseAgentType[] } = {}): Paged<EnterpriseAgent, EnterpriseAgentsResponse> {
    return this.paged((d) => d.enterpriseAgents(options.agentTypes), inventoryOptions(options));
  }

  getEnterpriseAgent(agentId: number, options: CallOptions = {}): Promise<EnterpriseAgent> {
    return this.record<'json', EnterpriseAgent>((d) => d.enterpriseAgent(agentId), { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  async getPage<F extends ResponseFormat = 'json'>(pathOrUrl: string, options: FormatOptions<F> & TimeRangeOptions = {}): Promise<Formatted<F, unknown>> {
    const dialect = await this.usable(options.format);
    const absolute = /^https?:\/\//i.test(pathOrUrl);
    const url = applyQuery(absolute ? this.resumeUrl(pathOrUrl) : resolvePath(this.baseUrl, pathOrUrl), { aid: options.aid ?? (absolute ? undefined : this.options.aid), format: options.format });
    for (const [name, value] of Object.entries(dialect.timeQuery(options))) url.searchParams.set(name, value);
    const response = await this.executor.execute({
      method: 'GET', url, expect: options.format === 'xml' ? 'text' : 'json', accept: dialect.accept, signal: options.signal, timeoutMs: options.timeoutMs,
    });
    return withoutEchoedToken(response.data) as Formatted<F, unknown>;
  }

  async *xmlPages(path: string, options: CallOptions & TimeRangeOptions = {}): AsyncIterableIterator<XmlPage> {
    const dialect = await this.usable('xml');
    const visited = new Set<string>();
    let url: URL | undefined = withoutAuthQuery(this.url(path, { ...options, format: 'xml' }, dialect));
    while (url) {
      const here: string = url.toString();
      if (visited.has(here)) throw new PagingLoopError({ method: 'GET', path: redactPath(url) }, 'pages.next repeats a page already read');
      visited.add(here);
      const response = await this.executor.execute({ method: 'GET', url, expect: 'text', signal: options.signal, timeoutMs: options.timeoutMs });
      const xml = withoutEchoedToken(response.data) as string;
      const next = nextOfXmlPage(xml);
      const nextUrl: URL | undefined = next === undefined ? undefined : followNext(next, url, this.baseUrl, 'GET');
      yield { url: here, xml, next: nextUrl?.toString() };
      url = nextUrl;
    }
  }
}

/** A server may echo `authToken` into a next link; like PagedWalk, callers never see it. */
function withoutEchoedToken(data: unknown): unknown {
  if (typeof data === 'string') return data.replace(/([?&])authToken=[^&#<"\s]*(&amp;|&)?/gi, (_match, lead: string, tail?: string) => (tail ? lead : ''));
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
