// Endpoint Tests: grouped by type → test → Metrics / Path Visualization / HTTP Server data;
// on v7 the dynamic tests in a group of their own (dynamic-test-nodes.ts).
import type { EndpointTest, HttpServerResult, NetMetric, PathVisSummary } from '../../api/types';
import {
  endpointTestSummary,
  isDisabled,
  httpServerSummary,
  metricSummary,
  pathVisRecordSummary,
} from '../../analysis/records/summaries';
import { segment, summaryItem } from './format';
import { listNode } from './list-node';
import { TreeNode, type LoadContext, type PagedNode } from './nodes';
import { dynamicTestGroup } from './dynamic-test-nodes';

/** Endpoint tests read for the tree's groups. */
const MAX_TESTS = 5_000;

export async function endpointTestGroups(context: LoadContext, parent: TreeNode): Promise<TreeNode[]> {
  // Grouped by type, so every page is read (bounded: a group of thousands helps no one).
  const { records: endpointTest } = await context.client
    .endpointTests({ signal: context.signal })
    .collect({ maxRecords: MAX_TESTS });
  const byType = new Map<string, EndpointTest[]>();
  for (const test of endpointTest) byType.set(test.type, [...(byType.get(test.type) ?? []), test]);
  const scheduled = [...byType.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([type, tests]) =>
        new TreeNode(parent, {
          label: type,
          description: `${tests.length} test${tests.length === 1 ? '' : 's'}`,
          icon: 'symbol-folder',
          kind: 'testType',
          children: (_context, self) => Promise.resolve(tests.map((test) => testNode(self, test))),
        }),
    );
  return [...scheduled, ...(await dynamicTestGroup(context, parent))];
}

function testNode(parent: TreeNode, test: EndpointTest): TreeNode {
  return new TreeNode(parent, {
    ...summaryItem(endpointTestSummary(test)),
    icon: isDisabled(test) ? 'circle-outline' : 'pass',
    kind: 'test',
    ids: { testId: test.testId },
    details: {
      path: `endpoint-tests/${segment(test.testId)}`,
      load: (client, signal) => client.getEndpointTest(test.testId, { signal }),
    },
    children: (context, self) => Promise.resolve(testDataNodes(context, self, test)),
  });
}

function testDataNodes(context: LoadContext, parent: TreeNode, test: EndpointTest): TreeNode[] {
  const { client } = context;
  const nodes: TreeNode[] = [
    listNode<NetMetric>(
      parent,
      context,
      {
        label: 'Metrics',
        icon: 'graph-line',
        kind: 'metrics',
        ids: { testId: test.testId },
        loadingWhat: `Loading metrics of ${test.testName}`,
      },
      (options) => client.netMetrics(test.testId, options),
      (metric, owner, index) => metricNode(test, metric, owner, index),
      'No metrics in this time range',
    ),
    listNode<PathVisSummary>(
      parent,
      context,
      {
        label: 'Path Visualization',
        icon: 'git-merge',
        kind: 'pathVis',
        ids: { testId: test.testId },
        loadingWhat: `Loading path visualization of ${test.testName}`,
      },
      (options) => client.pathVis(test.testId, options),
      (summary, owner, index) => pathVisNode(test, summary, owner, index),
      'No path traces in this time range',
    ),
  ];
  if (test.type === 'http-server') {
    nodes.push(
      listNode<HttpServerResult>(
        parent,
        context,
        {
          label: 'HTTP Server',
          icon: 'globe',
          kind: 'httpServer',
          ids: { testId: test.testId },
          loadingWhat: `Loading HTTP server data of ${test.testName}`,
        },
        (options) => client.httpServerResults(test.testId, options),
        (result, owner, index) => httpServerNode(test, result, owner, index),
        'No HTTP server results in this time range',
      ),
    );
  }
  return nodes;
}

function metricNode(test: EndpointTest, metric: NetMetric, owner: PagedNode<NetMetric>, index: number): TreeNode {
  const summary = metricSummary(metric);
  return new TreeNode(owner, {
    ...summaryItem(summary),
    icon: summary.warning ? 'warning' : 'pulse',
    kind: 'metric',
    permalink: metric.permalink,
    ids: { testId: test.testId, agentId: metric.agentId, roundId: metric.roundId },
    details: {
      path: `metrics/${segment(metric.agentId)}-${metric.roundId}-${index}`,
      load: () => Promise.resolve(metric),
    },
  });
}

function pathVisNode(
  test: EndpointTest,
  summary: PathVisSummary,
  owner: PagedNode<PathVisSummary>,
  index: number,
): TreeNode {
  return new TreeNode(owner, {
    ...summaryItem(pathVisRecordSummary(summary)),
    icon: 'git-merge',
    kind: 'pathVisRecord',
    permalink: summary.permalink,
    ids: { testId: test.testId, agentId: summary.agentId, roundId: summary.roundId },
    details: {
      path: `path-vis/${segment(summary.agentId)}-${summary.roundId}-${index}`,
      load: () => Promise.resolve(summary),
    },
  });
}

function httpServerNode(
  test: EndpointTest,
  result: HttpServerResult,
  owner: PagedNode<HttpServerResult>,
  index: number,
): TreeNode {
  const summary = httpServerSummary(result);
  return new TreeNode(owner, {
    ...summaryItem(summary),
    icon: summary.warning ? 'warning' : 'globe',
    kind: 'httpServerRecord',
    permalink: result.permalink,
    ids: { testId: test.testId, agentId: result.agentId, roundId: result.roundId },
    details: {
      path: `http-server/${segment(result.agentId)}-${result.roundId}-${index}`,
      load: () => Promise.resolve(result),
    },
  });
}
