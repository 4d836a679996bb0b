// The NetmonClient implementation: each method asks the dialect in use (src/api/v6 or
// src/api/v7, detected once per client: detect.ts) for its request and how its answer reads,
// then runs it through client-calls.ts. The connection (transport, rate limits, retries) and
// paging live in their own modules, and so do the method groups, by what they read or write:
// test management, endpoint tests as code, enterprise test results, alerts, endpoint data,
// inventory and raw pages. A method that hands a call to its group leaves the return type to
// that group: NetmonClient (client.ts) states each one and `implements` holds them to it.
import { AlertsApi } from './alerts';
import { DialectCalls } from './client-calls';
import { connect, type ClientConnection, type ClientInternals } from './client-connection';
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
} from './client';
import { EndpointDataReads } from './endpoint-data-reads';
import { EndpointTestsAsCode } from './endpoint-tests-as-code';
import { InventoryReads } from './inventory-reads';
import { segment } from './query';
import { RawPages } from './raw-pages';
import { TestManagement } from './test-management';
import { TestResultsReads } from './test-results-reads';
import type {
  AccountGroupsResponse,
  EndpointAgentSearch,
  EndpointTestType,
  EnterpriseAgentType,
  EnterpriseTestCreate,
  EnterpriseTestType,
  EnterpriseTestUpdate,
  HttpServerResponse,
  HttpServerResult,
  InstantTestBodies,
  NetMetric,
  NetMetricsResponse,
  PathTrace,
  PathVisResponse,
  PathVisSummary,
  RateLimitInfo,
  TestResultKind,
  ManagedEndpointTestType,
  AlertRuleFields,
  AlertStateFilter,
  SuppressionWindowFields,
} from './types';

export type { ClientInternals } from './client-connection';

export function createNetmonClient(options: NetmonClientOptions, internals: ClientInternals = {}): NetmonClient {
  return new HttpNetmonClient(options, internals);
}

class HttpNetmonClient implements NetmonClient {
  readonly baseUrl: string;
  private readonly listeners = new Set<RequestListener>();
  private readonly connection: ClientConnection;
  private readonly calls: DialectCalls;
  private readonly tests: TestManagement;
  private readonly asCode: EndpointTestsAsCode;
  private readonly results: TestResultsReads;
  private readonly alertsApi: AlertsApi;
  private readonly endpointData: EndpointDataReads;
  private readonly inventory: InventoryReads;
  private readonly rawPages: RawPages;

  constructor(options: NetmonClientOptions, internals: ClientInternals) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (options.onRequest) this.listeners.add(options.onRequest);
    this.connection = connect(this.baseUrl, options, internals, this.listeners);
    this.calls = new DialectCalls(this.baseUrl, this.connection.executor, options);
    this.asCode = new EndpointTestsAsCode(this.calls);
    this.tests = new TestManagement(this.calls);
    this.results = new TestResultsReads(this.calls);
    this.alertsApi = new AlertsApi(this.calls);
    this.endpointData = new EndpointDataReads(this.calls, (message) => options.onWarning?.(message));
    this.inventory = new InventoryReads(this.calls);
    this.rawPages = new RawPages(this.baseUrl, this.calls, this.connection.executor, options);
  }

  get rateLimit(): RateLimitInfo | undefined {
    return this.connection.limiter.info;
  }

  addRequestListener(listener: RequestListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    return this.connection.transport.close();
  }

  async apiVersion(): Promise<ApiVersion> {
    return (await this.calls.dialect()).version;
  }

  // ---------- account groups ----------

  listAccountGroups<F extends ResponseFormat = 'json'>(
    options: FormatOptions<F> = {},
  ): Promise<Formatted<F, AccountGroupsResponse>> {
    return this.calls.record((d) => d.accountGroups(), options);
  }

  // ---------- test management: test-management.ts ----------

  createTest<F extends ResponseFormat = 'json'>(
    type: EnterpriseTestType,
    body: EnterpriseTestCreate,
    options: TestWriteOptions<F> = {},
  ) {
    return this.tests.createTest(type, body, options);
  }
  updateTest<F extends ResponseFormat = 'json'>(
    type: EnterpriseTestType,
    testId: number,
    body: EnterpriseTestUpdate,
    options: TestWriteOptions<F> = {},
  ) {
    return this.tests.updateTest(type, testId, body, options);
  }
  deleteTest(type: EnterpriseTestType, testId: number, options: TestWriteOptions<'json'> = {}) {
    return this.tests.deleteTest(type, testId, options);
  }
  runInstantTest(type: EnterpriseTestType, body: EnterpriseTestCreate, options: CallOptions = {}) {
    return this.tests.runInstantTest(type, body, options);
  }
  runTest(testId: number | string, options: CallOptions = {}) {
    return this.tests.runTest(testId, options);
  }
  listEnterpriseTests(options: CallOptions = {}) {
    return this.tests.enterpriseTests(options);
  }

  // ---------- endpoint tests as code (v7): endpoint-tests-as-code.ts ----------

  listManagedEndpointTests(options: CallOptions = {}) {
    return this.asCode.list(options);
  }
  createEndpointTest(type: ManagedEndpointTestType, body: Record<string, unknown>, options: CallOptions = {}) {
    return this.asCode.create(type, body, options);
  }
  updateEndpointTest(
    type: ManagedEndpointTestType,
    testId: number,
    body: Record<string, unknown>,
    options: CallOptions = {},
  ) {
    return this.asCode.update(type, testId, body, options);
  }
  deleteEndpointTest(type: ManagedEndpointTestType, testId: number, options: CallOptions = {}) {
    return this.asCode.remove(type, testId, options);
  }
  listEndpointLabels(options: CallOptions = {}) {
    return this.asCode.labels(options);
  }

  // ---------- endpoint tests and instant tests: test-management.ts ----------

  listEndpointTests<F extends ResponseFormat = 'json'>(options: EndpointTestListOptions<F> = {}) {
    return this.tests.listEndpointTests(options);
  }
  endpointTests(options: InventoryOptions & { type?: EndpointTestType } = {}) {
    return this.tests.endpointTests(options);
  }
  getEndpointTest<F extends ResponseFormat = 'json'>(testId: number, options: FormatOptions<F> = {}) {
    return this.tests.endpointTest(testId, options);
  }
  createInstantTest<T extends EndpointTestType, F extends ResponseFormat = 'json'>(
    type: T,
    body: InstantTestBodies[T],
    options: FormatOptions<F> = {},
  ) {
    return this.tests.instantTest(type, body, options);
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

  testResults<K extends TestResultKind>(kind: K, testId: number | string, options: ListOptions = {}) {
    return this.results.results(kind, testId, options);
  }
  getTestPathTrace(testId: number | string, agentId: string, roundId: number, options: CallOptions = {}) {
    return this.results.pathTrace(testId, agentId, roundId, options);
  }
  getPageLoadDetail(testId: number | string, agentId: string, roundId: number, options: CallOptions = {}) {
    return this.results.pageLoadDetail(testId, agentId, roundId, options);
  }
  getWebTransactionDetail(testId: number | string, agentId: string, roundId: number, options: CallOptions = {}) {
    return this.results.webTransactionDetail(testId, agentId, roundId, options);
  }
  getWebTransactionPage(
    testId: number | string,
    agentId: string,
    roundId: number,
    pageId: string,
    options: CallOptions = {},
  ) {
    return this.results.webTransactionPage(testId, agentId, roundId, pageId, options);
  }
  getBgpRoutes(testId: number | string, prefixId: string, roundId: number, options: CallOptions = {}) {
    return this.results.bgpRoutes(testId, prefixId, roundId, options);
  }
  getApiTestDetail(testId: number | string, agentId: string, roundId: number, options: CallOptions = {}) {
    return this.results.apiTestDetail(testId, agentId, roundId, options);
  }

  // ---------- alerts, alert rules, suppression windows and events (v7): alerts.ts ----------

  alerts(options: ListOptions & AlertStateFilter = {}) {
    return this.alertsApi.alerts(options);
  }
  getAlert(alertId: string, options: CallOptions = {}) {
    return this.alertsApi.alert(alertId, options);
  }
  listAlertRules(options: CallOptions = {}) {
    return this.alertsApi.rules(options);
  }
  getAlertRule(ruleId: string, options: CallOptions = {}) {
    return this.alertsApi.rule(ruleId, options);
  }
  createAlertRule(rule: AlertRuleFields, options: CallOptions = {}) {
    return this.alertsApi.createRule(rule, options);
  }
  updateAlertRule(ruleId: string, rule: AlertRuleFields, options: CallOptions = {}) {
    return this.alertsApi.updateRule(ruleId, rule, options);
  }
  deleteAlertRule(ruleId: string, options: CallOptions = {}) {
    return this.alertsApi.deleteRule(ruleId, options);
  }
  listSuppressionWindows(options: CallOptions = {}) {
    return this.alertsApi.windows(options);
  }
  getSuppressionWindow(windowId: string, options: CallOptions = {}) {
    return this.alertsApi.window(windowId, options);
  }
  createSuppressionWindow(window: SuppressionWindowFields, options: CallOptions = {}) {
    return this.alertsApi.createWindow(window, options);
  }
  updateSuppressionWindow(windowId: string, window: SuppressionWindowFields, options: CallOptions = {}) {
    return this.alertsApi.updateWindow(windowId, window, options);
  }
  deleteSuppressionWindow(windowId: string, options: CallOptions = {}) {
    return this.alertsApi.deleteWindow(windowId, options);
  }
  events(options: ListOptions = {}) {
    return this.alertsApi.events(options);
  }
  getEvent(eventId: string, options: CallOptions = {}) {
    return this.alertsApi.event(eventId, options);
  }

  // ---------- endpoint data: endpoint-data-reads.ts ----------

  userSessions(options: FilterableListOptions = {}) {
    return this.endpointData.userSessions(options);
  }
  webSessions(options: FilterableListOptions = {}) {
    return this.endpointData.webSessions(options);
  }
  networkSessions(options: FilterableListOptions = {}) {
    return this.endpointData.networkSessions(options);
  }
  networkProbes(options: FilterableListOptions = {}) {
    return this.endpointData.networkProbes(options);
  }
  getUserSession<F extends ResponseFormat = 'json'>(userSessionId: string, options: FormatOptions<F> = {}) {
    return this.endpointData.userSession(userSessionId, options);
  }
  getPageDetails<F extends ResponseFormat = 'json'>(
    userSessionId: string,
    pageId: string,
    options: FormatOptions<F> = {},
  ) {
    return this.endpointData.pageDetails(userSessionId, pageId, options);
  }
  getNetworkProbe<F extends ResponseFormat = 'json'>(networkProbeId: string, options: FormatOptions<F> = {}) {
    return this.endpointData.networkProbe(networkProbeId, options);
  }

  // ---------- inventory: inventory-reads.ts ----------

  listNetworks(options: CallOptions = {}) {
    return this.inventory.listNetworks(options);
  }
  networks(options: InventoryOptions = {}) {
    return this.inventory.networks(options);
  }
  listEndpointAgents<F extends ResponseFormat = 'json'>(options: FormatOptions<F> = {}) {
    return this.inventory.listEndpointAgents(options);
  }
  agentDirectory() {
    return this.inventory.agentDirectory();
  }
  endpointAgents(options: InventoryOptions = {}) {
    return this.inventory.endpointAgents(options);
  }
  getEndpointAgent<F extends ResponseFormat = 'json'>(agentId: string, options: FormatOptions<F> = {}) {
    return this.inventory.endpointAgent(agentId, options);
  }
  findEndpointAgents(search: EndpointAgentSearch, options: InventoryOptions & CollectOptions = {}) {
    return this.inventory.findEndpointAgents(search, options);
  }
  enterpriseAgents(options: InventoryOptions & { agentTypes?: readonly EnterpriseAgentType[] } = {}) {
    return this.inventory.enterpriseAgents(options);
  }
  getEnterpriseAgent(agentId: number, options: CallOptions = {}) {
    return this.inventory.enterpriseAgent(agentId, options);
  }

  // ---------- pages as they come: raw-pages.ts ----------

  getPage<F extends ResponseFormat = 'json'>(pathOrUrl: string, options: FormatOptions<F> & TimeRangeOptions = {}) {
    return this.rawPages.getPage(pathOrUrl, options);
  }
  xmlPages(path: string, options: CallOptions & TimeRangeOptions = {}) {
    return this.rawPages.xmlPages(path, options);
  }
}
