// The NetmonClient implementation: one method per endpoint of the spec, each a thin
// mapping from typed options to a path, query and body. Transport, auth, rate limits,
// retries and paging live in their own modules.
import { AgentDirectory } from './agent-directory';
import { credentialFingerprint, redactPath, withoutAuthQuery } from './auth';
import type {
  CallOptions, EndpointAgentDetailResponse, EndpointTestListOptions, FilterableListOptions, Formatted,
  FormatOptions, ListOptions, NetmonClient, NetmonClientOptions, Paged, RequestListener, ResponseFormat,
  InventoryOptions, TestWriteOptions, TimeRangeOptions, XmlPage,
} from './client';
import { InvalidFilterError, PagingLoopError } from './errors';
import { findFilterProblem } from './filters';
import { followNext, isRecord, nextOfXmlPage, outsideBase, PagedWalk, type PagedSource } from './paging';
import { applyQuery, resolvePath, segment } from './query';
import { sharedRateLimiters, type OrganizationRateLimiter, type RateLimiterRegistry } from './rate-limiter';
import { decodeDetails, type RecordShape } from './decode/records';
import { SHAPES, type ListShape } from './decode/shapes';
import { ReadVersions } from './read-versions';
import { RequestExecutor, type ApiRequest } from './request';
import { createDispatcher, Transport, type HttpMethod } from './transport';
import type {
  AccountGroupsResponse, EndpointAgent, EndpointAgentsResponse, EnterpriseAgent, EnterpriseAgentType, EnterpriseAgentsResponse, EndpointTest, EndpointTestResponse, EndpointTestType, EnterpriseTestCreate,
  EnterpriseTestResponse, EnterpriseTestType, EnterpriseTestUpdate, FilterTarget, HttpServerResponse, HttpServerResult,
  InstantTestBodies, NetMetric, NetMetricsResponse, NetworkProbe, NetworkProbeDetailResponse, NetworkProbesResponse,
  NetworkSession, NetworkSessionsResponse, PageDetailResponse, PathTraceResponse, PathVisResponse, PathVisSummary,
  PrivateNetwork, PrivateNetworksResponse, RateLimitInfo, UserSession, UserSessionDetailResponse, UserSessionsResponse, WebSession,
  WebSessionsResponse,
} from './types';
import { repeatedFilterKeyMessage, repeatedFilterKeys } from './types';
import { DEFAULT_USER_AGENT } from './version';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY = { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 5_000, maxRateLimitRetries: 5 };

const FILTER_SHAPES: Record<FilterTarget, ListShape> = {
  'user-sessions': 'userSessions', web: 'webSessions', network: 'networkSessions', 'network-topology': 'networkProbes',
};

const FILTER_PATHS: Record<FilterTarget, string> = {
  'user-sessions': 'v6/endpoint-data/user-sessions',
  web: 'v6/endpoint-data/user-sessions/web',
  network: 'v6/endpoint-data/user-sessions/network',
  'network-topology': 'v6/endpoint-data/network-topology',
};

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
  private readonly versions: ReadVersions;

  constructor(private readonly options: NetmonClientOptions, internals: ClientInternals) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (options.onRequest) this.listeners.add(options.onRequest);
    this.versions = new ReadVersions((message) => options.onWarning?.(message));
    this.transport = new Transport(createDispatcher({
      baseUrl: new URL(this.baseUrl), proxy: options.proxy, connections: options.connections ?? 8,
    }), options.maxResponseBytes);
    const registry = internals.rateLimiters ?? sharedRateLimiters;
    this.limiter = registry.limiterFor(`${this.baseUrl}|${credentialFingerprint(options.credentials)}`);
    this.executor = new RequestExecutor({
      transport: this.transport,
      credentials: options.credentials,
      limiter: this.limiter,
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

  // ---------- plumbing ----------

  private url(path: string, call: CallOptions & Query): URL {
    const aid = call.aid ?? this.options.aid;
    // The suffix names the JSON form: an XML request goes without it.
    const suffixed = this.options.jsonSuffix && call.format !== 'xml' ? `${path}.json` : path;
    return applyQuery(resolvePath(this.baseUrl, suffixed), { ...call, aid });
  }

  private async call<T>(
    method: HttpMethod, path: string, call: CallOptions & Query, extra: Partial<ApiRequest> = {},
  ): Promise<T> {
    const expect = extra.expect ?? (call.format === 'xml' ? 'text' : 'json');
    const response = await this.executor.execute({
      method, url: this.url(path, call), expect, signal: call.signal, timeoutMs: call.timeoutMs, ...extra,
    });
    return response.data as T;
  }

  private get<F extends ResponseFormat, T>(path: string, call: FormatOptions<F> = {}): Promise<Formatted<F, T>> {
    return this.versions.read(path, (chosen) => this.call<Formatted<F, T>>('GET', chosen, call));
  }

  /** A detail read through the decoding boundary (XML comes back as sent). */
  private detail<F extends ResponseFormat, T>(path: string, options: FormatOptions<F> | undefined, records: readonly string[], shape: RecordShape, askedId: string | number): Promise<Formatted<F, T>> {
    return this.get<F, T>(path, options).then((body) => (options?.format === 'xml' ? body : decodeDetails(body, records, shape, `/${path}`, askedId) as Formatted<F, T>));
  }

  private paged<TRecord, TResponse>(
    path: string, options: ListOptions, records: PagedSource<TRecord>['records'], shape: RecordShape,
    filter?: { target: FilterTarget; body: unknown; check: () => void },
    extraQuery?: Readonly<Record<string, string>>,
  ): Paged<TRecord, TResponse> {
    const firstUrl = (): URL => {
      if (options.resumeFrom) return this.resumeUrl(options.resumeFrom);
      const url = this.url(this.versions.pathFor(path), options);
      for (const [name, value] of Object.entries(extraQuery ?? {})) url.searchParams.set(name, value);
      return url;
    };
    const method: HttpMethod = filter ? 'POST' : 'GET';
    const fetchPage = async (url: URL, pageMethod: HttpMethod, body: unknown): Promise<unknown> => (await this.executor.execute({
      method: pageMethod, url, body, expect: 'json', signal: options.signal, timeoutMs: options.timeoutMs,
    })).data;
    let first = !options.resumeFrom;
    return new PagedWalk<TRecord, TResponse>({
      firstUrl, method, body: filter?.body, records, precheck: filter?.check, base: this.baseUrl, shape,
      fetch: (url, pageMethod, body) => {
        if (!first) return fetchPage(url, pageMethod, body);
        first = false;
        // The first page decides the path form (v7 or v6); later pages follow pages.next.
        return this.versions.read(path, (chosen) => fetchPage(chosen === path ? url : this.url(chosen, options), pageMethod, body));
      },
    });
  }

  private resumeUrl(resumeFrom: string): URL {
    const url = new URL(resumeFrom, `${this.baseUrl}/`);
    if (outsideBase(url, this.baseUrl)) {
      throw new PagingLoopError({ method: 'GET', path: redactPath(url) }, `resumeFrom must be a URL of ${this.baseUrl}`);
    }
    return url;
  }

  private filtered<TRecord, TResponse>(
    target: FilterTarget, options: FilterableListOptions, records: PagedSource<TRecord>['records'],
  ): Paged<TRecord, TResponse> {
    const filters = options.filters;
    const shape = SHAPES[FILTER_SHAPES[target]];
    if (!filters || filters.length === 0) return this.paged(FILTER_PATHS[target], options, records, shape);
    const check = (): void => {
      for (const key of repeatedFilterKeys(filters)) this.options.onWarning?.(`POST /${FILTER_PATHS[target]}: ${repeatedFilterKeyMessage(key)}`);
      const problem = findFilterProblem(target, filters);
      if (!problem) return;
      throw new InvalidFilterError({
        method: 'POST', path: `/${FILTER_PATHS[target]}`, filterKey: problem.key, reason: problem.reason,
      });
    };
    return this.paged(FILTER_PATHS[target], options, records, shape, { target, body: { searchFilters: filters }, check });
  }

  private testPath(type: EnterpriseTestType, action: 'create' | 'update' | 'delete', legacy: boolean, testId?: number): { method: HttpMethod; path: string } {
    const base = `${legacy ? 'tests' : 'v7/tests'}/${segment(type)}`;
    const id = testId === undefined ? '' : `/${segment(testId)}`;
    if (!legacy) return { method: action === 'create' ? 'POST' : action === 'update' ? 'PUT' : 'DELETE', path: `${base}${id}` };
    return { method: 'POST', path: action === 'create' ? `${base}/new` : `${base}${id}/${action}` };
  }

  // ---------- account groups ----------

  listAccountGroups<F extends ResponseFormat = 'json'>(options?: FormatOptions<F>): Promise<Formatted<F, AccountGroupsResponse>> {
    return this.get('v6/account-groups', options);
  }

  // ---------- test management ----------

  createTest<F extends ResponseFormat = 'json'>(type: EnterpriseTestType, body: EnterpriseTestCreate, options: TestWriteOptions<F> = {}): Promise<Formatted<F, EnterpriseTestResponse>> {
    const { method, path } = this.testPath(type, 'create', options.legacyPaths ?? false);
    return this.call(method, path, options, { body, operation: 'creating tests', requiredPermission: 'Account Admin' });
  }

  updateTest<F extends ResponseFormat = 'json'>(type: EnterpriseTestType, testId: number, body: EnterpriseTestUpdate, options: TestWriteOptions<F> = {}): Promise<Formatted<F, EnterpriseTestResponse>> {
    const { method, path } = this.testPath(type, 'update', options.legacyPaths ?? false, testId);
    return this.call(method, path, options, { body, operation: 'updating tests', requiredPermission: 'Account Admin' });
  }

  async deleteTest(type: EnterpriseTestType, testId: number, options: TestWriteOptions<'json'> = {}): Promise<void> {
    const { method, path } = this.testPath(type, 'delete', options.legacyPaths ?? false, testId);
    // The older form is a POST with an empty body, which still needs a JSON content type.
    const body = method === 'POST' ? {} : undefined;
    await this.call(method, path, options, { body, expect: 'none', operation: 'deleting tests', requiredPermission: 'Account Admin' });
  }

  // ---------- endpoint tests and instant tests ----------

  listEndpointTests<F extends ResponseFormat = 'json'>(options: EndpointTestListOptions<F> = {}): Promise<Formatted<F, EndpointTestResponse>> {
    return this.get(options.type ? `v7/endpoint-tests/${segment(options.type)}` : 'v7/endpoint-tests', options);
  }

  getEndpointTest<F extends ResponseFormat = 'json'>(testId: number, options?: FormatOptions<F>): Promise<Formatted<F, EndpointTestResponse>> {
    return this.detail(`v7/endpoint-tests/${segment(testId)}`, options, ['endpointTest'], SHAPES.endpointTests, testId);
  }

  createInstantTest<T extends EndpointTestType, F extends ResponseFormat = 'json'>(type: T, body: InstantTestBodies[T], options: FormatOptions<F> = {}): Promise<Formatted<F, EndpointTestResponse>> {
    return this.call('POST', `v6/endpoint-instant/${segment(type)}`, options, {
      body, operation: 'running instant tests', requiredPermission: 'Edit endpoint tests',
    });
  }

  // ---------- scheduled-test data ----------

  netMetrics(testId: number, options: ListOptions = {}): Paged<NetMetric, NetMetricsResponse> {
    return this.paged(`v7/endpoint-data/tests/net/metrics/${segment(testId)}`, options, (r) => nested(r, 'endpointNet', 'metrics'), SHAPES.netMetrics);
  }

  pathVis(testId: number, options: ListOptions = {}): Paged<PathVisSummary, PathVisResponse> {
    return this.paged(`v7/endpoint-data/tests/net/path-vis/${segment(testId)}`, options, (r) => nested(r, 'endpointNet', 'pathVis'), SHAPES.pathVis);
  }

  httpServerResults(testId: number, options: ListOptions = {}): Paged<HttpServerResult, HttpServerResponse> {
    return this.paged(`v7/endpoint-data/tests/web/http-server/${segment(testId)}`, options, (r) => nested(r, 'endpointWeb', 'httpServer'), SHAPES.httpServer);
  }

  getPathTrace<F extends ResponseFormat = 'json'>(testId: number, agentId: string, roundId: number, options?: FormatOptions<F>): Promise<Formatted<F, PathTraceResponse>> {
    return this.detail(`v7/endpoint-data/tests/net/path-vis/${segment(testId)}/${segment(agentId)}/${segment(roundId)}`, options, ['endpointNet', 'pathVis'], SHAPES.pathTrace, agentId);
  }

  // ---------- endpoint data ----------

  userSessions(options: FilterableListOptions = {}): Paged<UserSession, UserSessionsResponse> {
    return this.filtered('user-sessions', options, (r) => r['userSessions']);
  }

  webSessions(options: FilterableListOptions = {}): Paged<WebSession, WebSessionsResponse> {
    return this.filtered('web', options, (r) => r['webSessions']);
  }

  networkSessions(options: FilterableListOptions = {}): Paged<NetworkSession, NetworkSessionsResponse> {
    return this.filtered('network', options, (r) => r['networkSessions']);
  }

  networkProbes(options: FilterableListOptions = {}): Paged<NetworkProbe, NetworkProbesResponse> {
    return this.filtered('network-topology', options, (r) => r['networkProbes']);
  }

  getUserSession<F extends ResponseFormat = 'json'>(userSessionId: string, options?: FormatOptions<F>): Promise<Formatted<F, UserSessionDetailResponse>> {
    return this.detail(`v6/endpoint-data/user-sessions/${segment(userSessionId)}`, options, ['userSessions'], SHAPES.userSessionDetail, userSessionId);
  }

  getPageDetails<F extends ResponseFormat = 'json'>(userSessionId: string, pageId: string, options?: FormatOptions<F>): Promise<Formatted<F, PageDetailResponse>> {
    return this.get(`v6/endpoint-data/user-sessions/${segment(userSessionId)}/page/${segment(pageId)}`, options);
  }

  getNetworkProbe<F extends ResponseFormat = 'json'>(networkProbeId: string, options?: FormatOptions<F>): Promise<Formatted<F, NetworkProbeDetailResponse>> {
    return this.detail(`v6/endpoint-data/network-topology/${segment(networkProbeId)}`, options, ['networkProbes'], SHAPES.networkProbeDetail, networkProbeId);
  }

  listNetworks(options: CallOptions = {}): Promise<PrivateNetworksResponse> {
    // The spec lists only `aid` for this endpoint, so no format or time range is sent.
    return this.call('GET', 'v6/endpoint-data/networks', { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs });
  }

  listEndpointAgents<F extends ResponseFormat = 'json'>(options?: FormatOptions<F>): Promise<Formatted<F, EndpointAgentsResponse>> {
    return this.get('v6/endpoint-agents', options);
  }

  private directory: AgentDirectory | undefined;

  agentDirectory(): AgentDirectory {
    return (this.directory ??= new AgentDirectory(this));
  }

  endpointAgents(options: InventoryOptions = {}): Paged<EndpointAgent, EndpointAgentsResponse> {
    return this.paged('v6/endpoint-agents', inventoryOptions(options), (r) => r['endpointAgents'], SHAPES.endpointAgents);
  }

  enterpriseAgents(options: InventoryOptions & { agentTypes?: readonly EnterpriseAgentType[] } = {}): Paged<EnterpriseAgent, EnterpriseAgentsResponse> {
    const extra = options.agentTypes?.length ? { agentTypes: options.agentTypes.join(',') } : undefined;
    return this.paged('v6/agents', inventoryOptions(options), (r) => r['agents'], SHAPES.enterpriseAgents, undefined, extra);
  }

  getEnterpriseAgent(agentId: number, options: CallOptions = {}): Promise<EnterpriseAgentsResponse> {
    return this.detail<'json', EnterpriseAgentsResponse>(`v6/agents/${segment(agentId)}`, { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs }, ['agents'], SHAPES.enterpriseAgents, agentId);
  }

  networks(options: InventoryOptions = {}): Paged<PrivateNetwork, PrivateNetworksResponse> {
    return this.paged('v6/endpoint-data/networks', inventoryOptions(options), (r) => r['privateNetworks'], SHAPES.privateNetworks);
  }

  endpointTests(options: InventoryOptions & { type?: EndpointTestType } = {}): Paged<EndpointTest, EndpointTestResponse> {
    const path = options.type ? `v7/endpoint-tests/${segment(options.type)}` : 'v7/endpoint-tests';
    return this.paged(path, inventoryOptions(options), (r) => r['endpointTest'], SHAPES.endpointTests);
  }

  getEndpointAgent<F extends ResponseFormat = 'json'>(agentId: string, options?: FormatOptions<F>): Promise<Formatted<F, EndpointAgentDetailResponse>> {
    return this.detail(`v6/endpoint-agents/${segment(agentId)}`, options, ['endpointAgents'], SHAPES.endpointAgents, agentId);
  }

  getPage<F extends ResponseFormat = 'json'>(pathOrUrl: string, options: FormatOptions<F> & TimeRangeOptions = {}): Promise<Formatted<F, unknown>> {
    const absolute = /^https?:\/\//i.test(pathOrUrl);
    const url = applyQuery(absolute ? this.resumeUrl(pathOrUrl) : resolvePath(this.baseUrl, pathOrUrl), { ...options, aid: options.aid ?? (absolute ? undefined : this.options.aid) });
    return this.executor.execute({
      method: 'GET', url, expect: options.format === 'xml' ? 'text' : 'json', signal: options.signal, timeoutMs: options.timeoutMs,
    }).then((response) => withoutEchoedToken(response.data) as Formatted<F, unknown>);
  }

  async *xmlPages(path: string, options: CallOptions & TimeRangeOptions = {}): AsyncIterableIterator<XmlPage> {
    const visited = new Set<string>();
    let url: URL | undefined = withoutAuthQuery(this.url(path, { ...options, format: 'xml' }));
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

/** A server may echo `authToken` into `pages.next`; like PagedWalk, callers never see it. */
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

function nested(response: Record<string, unknown>, container: string, array: string): unknown {
  const inner = response[container];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>)[array] : undefined;
}

/** Inventory lists take no time range or format (the spec lists only `aid`). */
function inventoryOptions(options: InventoryOptions): ListOptions {
  return { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs, resumeFrom: options.resumeFrom };
}
