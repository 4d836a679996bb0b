// The seam between the client's contract (client.ts, in our domain's words) and one API
// dialect (src/api/v6, src/api/v7): each dialect says, per operation, which request to send
// and how its answer reads as domain records. Nothing outside src/api imports a dialect.
import type { ApiVersion, ResponseFormat, TimeRangeOptions } from './client';
import type { RecordShape } from './decode/records';
import type { RequiredPermission } from './errors';
import type { HttpMethod } from './transport';
import type {
  EndpointAgentSearch,
  EndpointTestType,
  EnterpriseAgentType,
  EnterpriseTestType,
  FilterTarget,
  InstantTestBodies,
  ManagedEndpointTestType,
  SearchFilter,
  TestResultKind,
} from './types';

/** Where one paged list lives and how its pages read. */
export interface ListRoute {
  method: HttpMethod;
  /** Below the base URL, no leading slash. */
  path: string;
  /** Sent with every page (POST lists). */
  body?: unknown;
  /** Whether the list takes a time range (window or dates). */
  timed: boolean;
  query?: Readonly<Record<string, string>>;
  /** The raw record array of a page. */
  records: (response: Record<string, unknown>) => unknown;
  /** The decoding boundary of the wire records. */
  shape: RecordShape;
  /** Wire record (decoded) → domain record; absent: the wire record is the domain record. */
  toDomain?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Thrown before anything is sent (filter validation). */
  check?: () => void;
  /** Name of the domain's record array in the page envelope (`userSessions`). */
  list: string;
}

/** A read (or write) answering one record. */
export interface RecordRoute {
  method: HttpMethod;
  path: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
  /** The domain record in the body, or undefined when the body holds none. */
  read: (body: unknown, endpoint: string) => Record<string, unknown> | undefined;
  operation?: string;
  requiredPermission?: RequiredPermission;
  /** Instant tests: also paced by the instant-test budget. */
  instant?: boolean;
}

/** How a dialect reads a page: where its next link is, which range it states. */
export interface PageRules {
  nextOf(response: Record<string, unknown>): string | undefined;
  /** Writes the cleaned next link back (callers never see a token the server echoed). */
  setNext(response: Record<string, unknown>, next: string | undefined): void;
  /** The page as the domain's envelope: `{ [list]: records, pages, from, to }`. */
  envelope(response: Record<string, unknown>, list: string, records: unknown[], next: string | undefined): unknown;
}

export interface Dialect {
  readonly version: ApiVersion;
  /** `Accept` of JSON requests. */
  readonly accept: string;
  readonly pages: PageRules;
  /** Query parameters of a time range (checked: RangeError on a bad one). */
  timeQuery(range: TimeRangeOptions): Record<string, string>;
  /** A format this dialect cannot answer (v7 and XML): the sentence to throw, or undefined. */
  refuseFormat(format: ResponseFormat | undefined): string | undefined;

  accountGroups(): RecordRoute;
  createTest(type: EnterpriseTestType, body: unknown, legacy: boolean): RecordRoute;
  updateTest(type: EnterpriseTestType, testId: number, body: unknown, legacy: boolean): RecordRoute;
  /** POST /v7/tests/{type}/instant: the whole test, answered as the instant test (v7 only: v6 throws the sentence). */
  enterpriseInstantTest(type: EnterpriseTestType, body: unknown): RecordRoute;
  /** POST /v7/tests/{testId}/run: an instant or deployed test again (v7 only). */
  runTest(testId: number | string): { method: HttpMethod; path: string };
  /** GET /v7/tests: read as `{ test: [records] }`. */
  enterpriseTests(): RecordRoute;
  deleteTest(
    type: EnterpriseTestType,
    testId: number,
    legacy: boolean,
  ): { method: HttpMethod; path: string; body?: unknown };

  endpointTests(type?: EndpointTestType): ListRoute;
  /** v7 needs the test's type; v6 reads by id alone. */
  endpointTest(testId: number, type: string | undefined): RecordRoute;
  readonly endpointTestNeedsType: boolean;
  instantTest<T extends EndpointTestType>(type: T, body: InstantTestBodies[T]): RecordRoute;

  netMetrics(testId: number): ListRoute;
  pathVis(testId: number): ListRoute;
  httpServerResults(testId: number): ListRoute;
  pathTrace(testId: number, agentId: string, roundId: number): RecordRoute;

  /** Endpoint tests as code and endpoint labels: v7 only (absent on v6). */
  readonly endpointTestsAsCode?: EndpointTestsAsCodeRoutes;
  /** Alerts, alert rules, suppression windows and events: v7 only (absent on v6). */
  readonly alerts?: AlertRoutes;

  /** Results of enterprise tests (v7 only: v6 throws the sentence that says so). */
  testResults(kind: TestResultKind, testId: number | string): ListRoute;
  testPathTrace(testId: number | string, agentId: string, roundId: number): RecordRoute;
  pageLoadDetail(testId: number | string, agentId: string, roundId: number): RecordRoute;
  /** Read with `pages` always an array (pages without a number or id left out). */
  webTransactionDetail(testId: number | string, agentId: string, roundId: number): RecordRoute;
  webTransactionPage(testId: number | string, agentId: string, roundId: number, pageId: string): RecordRoute;
  /** Read as `{ routes }`: every monitor's record of the round. */
  bgpRoutes(testId: number | string, prefixId: string, roundId: number): RecordRoute;
  /** Read with `requests` always an array, each step numbered. */
  apiTestDetail(testId: number | string, agentId: string, roundId: number): RecordRoute;

  /** The filter keys this dialect's list takes (v7 has no `trigger` on topologies, for one). */
  filterKeys(target: FilterTarget): readonly string[];
  filtered(
    target: FilterTarget,
    filters: readonly SearchFilter[] | undefined,
    warn: (message: string) => void,
  ): ListRoute;
  userSession(id: string): RecordRoute;
  pageDetails(id: string, pageId: string): RecordRoute;
  networkProbe(id: string): RecordRoute;
  networks(): ListRoute;
  endpointAgents(): ListRoute;
  endpointAgent(agentId: string): RecordRoute;
  /** v7's agent filter; absent where the dialect has none (v6 matches its agent list instead). */
  endpointAgentSearch?(search: EndpointAgentSearch): ListRoute;
  enterpriseAgents(agentTypes: readonly EnterpriseAgentType[] | undefined): ListRoute;
  enterpriseAgent(agentId: number): RecordRoute;
}

/** v7's writable endpoint tests (scheduled and dynamic) and its endpoint agent labels. */
export interface EndpointTestsAsCodeRoutes {
  /** Read as `{ tests: ManagedEndpointTest[] }`. */
  list(type: ManagedEndpointTestType): RecordRoute;
  create(type: ManagedEndpointTestType, body: Record<string, unknown>): RecordRoute;
  update(type: ManagedEndpointTestType, testId: number, body: Record<string, unknown>): RecordRoute;
  remove(type: ManagedEndpointTestType, testId: number): { method: HttpMethod; path: string };
  labels(): ListRoute;
}

/** v7's alerts, alert rules, suppression windows and events (absent on v6, which has none of them). */
export interface AlertRoutes {
  /** Cursor-paged, timed; `state` as the list's filter. */
  alerts(state: 'trigger' | 'clear' | undefined): ListRoute;
  alert(alertId: string): RecordRoute;
  /** Read as `{ rules: AlertRule[] }`. */
  rules(): RecordRoute;
  rule(ruleId: string): RecordRoute;
  createRule(body: Record<string, unknown>): RecordRoute;
  updateRule(ruleId: string, body: Record<string, unknown>): RecordRoute;
  deleteRule(ruleId: string): { method: HttpMethod; path: string };
  /** Read as `{ windows: SuppressionWindow[] }`. */
  windows(): RecordRoute;
  window(windowId: string): RecordRoute;
  createWindow(body: Record<string, unknown>): RecordRoute;
  updateWindow(windowId: string, body: Record<string, unknown>): RecordRoute;
  deleteWindow(windowId: string): { method: HttpMethod; path: string };
  /** Cursor-paged, timed. */
  events(): ListRoute;
  event(eventId: string): RecordRoute;
}
