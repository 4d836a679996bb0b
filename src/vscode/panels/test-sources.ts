// Where a test panel reads its test and data: an endpoint scheduled test's lists, or a
// deployed enterprise test's results (v7 /test-results). The path and metrics panels draw
// either the same way: an enterprise path trace is a path trace, its network results are
// metrics, its http-server results HTTP phases.
import type { ListOptions, NetmonClient, Paged } from '../../api';
import { enterprisePaths } from '../../analysis/results/read';
import { readRoundTraces } from '../../analysis/path/read-rounds';
import type { HttpServerResult, NetMetric, PathTrace, PathVisSummary } from '../../api/types';
import { resultKindsOf } from '../../api/types';
import { readNewestRound } from '../../analysis/results/newest';
import type { PathRange } from '../../analysis/path/read-rounds';
import type { PathRound } from '../../analysis/path';
import { endpointTest, testTitle, type TimeOptions } from './data';

export interface PanelTest {
  testName: string;
  title: string;
  type: string;
  /** The test's own agents' names (an enterprise test's agents are not in the endpoint agent directory). */
  agentNames?: Record<string, string>;
}

type Collectable<T> = Pick<Paged<T, unknown>, 'collect'>;

export interface TestDataSource {
  /** Part of the panel keys, so an endpoint and an enterprise test of the same id get panels of their own. */
  readonly keyPrefix: string;
  test(client: NetmonClient, testId: number, signal: AbortSignal): Promise<PanelTest>;
  pathVis(client: NetmonClient, testId: number, options: ListOptions): Collectable<PathVisSummary>;
  traces(
    client: NetmonClient,
    testId: number,
    agentIds: readonly string[],
    roundId: number,
    signal: AbortSignal,
  ): Promise<PathTrace[]>;
  netMetrics(client: NetmonClient, testId: number, options: ListOptions): Collectable<NetMetric>;
  /** Undefined for a type without HTTP results. */
  httpServer(
    client: NetmonClient,
    testId: number,
    type: string,
    options: ListOptions,
  ): Collectable<HttpServerResult> | undefined;
  /** The range's newest round, read apart from the whole list so the panels draw it first (deployed tests). */
  newestRound?(
    client: NetmonClient,
    testId: number,
    range: TimeOptions,
    signal: AbortSignal,
  ): Promise<PathRound | undefined>;
  /** The metrics first drawn from the range's last hour, then from the whole range (deployed tests). */
  readonly newestFirst?: boolean;
}

export const ENDPOINT_SOURCE: TestDataSource = {
  keyPrefix: '',
  async test(client, testId, signal) {
    const test = await endpointTest(client, testId, signal);
    return { testName: test.testName, title: testTitle(test), type: test.type };
  },
  pathVis: (client, testId, options) => client.pathVis(testId, options),
  traces: (client, testId, agentIds, roundId, signal) => readRoundTraces(client, testId, agentIds, roundId, signal),
  netMetrics: (client, testId, options) => client.netMetrics(testId, options),
  httpServer: (client, testId, type, options) =>
    type === 'http-server' ? client.httpServerResults(testId, options) : undefined,
};

export const ENTERPRISE_SOURCE: TestDataSource = {
  keyPrefix: 'deployed-',
  async test(client, testId, signal) {
    const test = (await client.listEnterpriseTests({ signal })).find((t) => t.testId === testId);
    if (!test) throw new Error(`no deployed test ${testId} in this account group`);
    const target = test.url ?? test.server ?? test.domain;
    const named = (test.agents ?? []).filter((agent) => typeof agent.agentName === 'string' && agent.agentName !== '');
    const agentNames = Object.fromEntries(named.map((agent) => [String(agent.agentId), String(agent.agentName)]));
    return {
      testName: test.testName,
      title: target ? `${test.testName} · ${target}` : test.testName,
      type: String(test.type),
      agentNames,
    };
  },
  pathVis: (client, testId, options) => client.testResults('path-vis', testId, options),
  traces: (client, testId, agentIds, roundId, signal) =>
    readRoundTraces(enterprisePaths(client), testId, agentIds, roundId, signal),
  netMetrics: (client, testId, options) => client.testResults('network', testId, options),
  httpServer: (client, testId, type, options) =>
    resultKindsOf(type).includes('http-server') ? client.testResults('http-server', testId, options) : undefined,
  newestRound: (client, testId, range, signal) =>
    readNewestRound(enterprisePaths(client), testId, pathRange(range), signal),
  newestFirst: true,
};

export const sourceOf = (target: { deployed?: boolean }): TestDataSource =>
  target.deployed ? ENTERPRISE_SOURCE : ENDPOINT_SOURCE;

/** A panel's range (historyRange: a window, or both ends) as the path readers take it. */
export function pathRange(range: TimeOptions): PathRange {
  if (range.window !== undefined) return { window: range.window };
  if (range.from && range.to) return { from: range.from, to: range.to };
  throw new Error('a time range needs a window or both ends');
}
