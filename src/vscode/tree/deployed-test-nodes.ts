// Deployed Tests: the account group's enterprise tests (what plan/apply deploys), grouped by
// type, each with its latest health at a glance (the worst agent's newest round, one small
// read per test); under a test, its result lists per kind, paged by the tree's one loader.
// A click opens the test's results in the panels (netmon.showTestResults). API v7 only.
import { latestHealth } from '../../analysis/results/read';
import { resultHealth, type AgentHealth, type Health } from '../../analysis/results/health';
import { HEALTH_MARK } from '../../analysis/results/text';
import { forEachAtMost } from '../../analysis/pool';
import { roundMinute } from '../../analysis/text/utc';
import {
  ENTERPRISE_TEST_TYPES,
  resultKindsOfTest,
  RESULTS_NEED_V7,
  type Alert,
  type EnterpriseTest,
  type TestResult,
  type TestResultKind,
} from '../../api/types';
import { facts } from './format';
import { listNode } from './list-node';
import { emptyNode, TreeNode, type LoadContext, type PagedNode } from './nodes';
import { COMMAND } from '../command-ids.generated';
import type { GenerationAlerts } from './alert-nodes';

/** Tests whose health is read when their type is expanded, at most (the rest show without it). */
const MAX_HEALTH_READS = 200;
const CONCURRENCY = 4;

export const HEALTH_ICONS: Readonly<Record<Health, { icon: string; color?: string }>> = {
  ok: { icon: 'pass', color: 'testing.iconPassed' },
  degraded: { icon: 'warning', color: 'list.warningForeground' },
  failing: { icon: 'error', color: 'testing.iconFailed' },
  unknown: { icon: 'circle-outline' },
};

const KIND_LABELS: Readonly<Record<TestResultKind, string>> = {
  network: 'Network',
  'path-vis': 'Path Visualization',
  'http-server': 'HTTP Server',
  'page-load': 'Page Load',
  'web-transactions': 'Web Transactions',
  'dns-server': 'DNS Server',
  'dns-trace': 'DNS Trace',
  dnssec: 'DNSSEC',
  api: 'API',
  'ftp-server': 'FTP Server',
  'sip-server': 'SIP Server',
  'rtp-server': 'Voice (RTP Stream)',
  bgp: 'BGP Routes',
};

/** v6's `dns-dnssec` shows under v7's name. */
const typeLabel = (type: string): string => (type === 'dns-dnssec' ? 'dnssec' : type);

export function deployedTestsRoot(alerts: GenerationAlerts): TreeNode {
  return new TreeNode(undefined, {
    // Open at first: each type group carries "New Test Document of This Type", the first step of authoring.
    label: 'Deployed Tests',
    icon: 'rocket',
    kind: 'root deployedTests',
    loadingWhat: 'Loading deployed tests',
    expanded: true,
    children: (context, self) => typeGroups(context, self, alerts),
  });
}

async function typeGroups(context: LoadContext, root: TreeNode, alerts: GenerationAlerts): Promise<TreeNode[]> {
  const { client, signal } = context;
  if ((await client.apiVersion()) === 'v6')
    return [emptyNode(root, `${RESULTS_NEED_V7.charAt(0).toUpperCase()}${RESULTS_NEED_V7.slice(1)}`)];
  // The alerts marking the tests are read beside them: the list read the Alerts root counts, none of an alert's own.
  const [tests, active] = await Promise.all([client.listEnterpriseTests({ signal }), alerts.active(context)]);
  const alerting = activeAlertCounts(active ?? []);
  // Every type the account can create has its group, tests or not: each carries "New Test Document of This Type".
  const byType = new Map<string, EnterpriseTest[]>(ENTERPRISE_TEST_TYPES.map((type) => [typeLabel(type), []]));
  for (const test of tests)
    byType.set(typeLabel(String(test.type)), [...(byType.get(typeLabel(String(test.type))) ?? []), test]);
  return [...byType.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([type, members]) =>
        new TreeNode(root, {
          label: type,
          description: groupDescription(members, alerting),
          icon: 'symbol-folder',
          kind: 'deployedTestType',
          ...(members.length > 0
            ? {
                children: (loadContext: LoadContext, self: TreeNode) => testNodes(loadContext, self, members, alerting),
              }
            : {}),
        }),
    );
}

/** Active alerts per test id (an alert of no test marks none). */
function activeAlertCounts(alerts: readonly Alert[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const alert of alerts)
    if (alert.testId !== undefined) counts.set(alert.testId, (counts.get(alert.testId) ?? 0) + 1);
  return counts;
}

const alertWords = (count: number): string => `${count} active alert${count === 1 ? '' : 's'}`;

/** "3 tests", "3 tests · 1 alerting", "none deployed". */
function groupDescription(members: readonly EnterpriseTest[], alerting: ReadonlyMap<string, number>): string {
  if (members.length === 0) return 'none deployed';
  const tests = `${members.length} test${members.length === 1 ? '' : 's'}`;
  const withAlerts = members.filter((test) => alerting.has(String(test.testId))).length;
  return withAlerts === 0 ? tests : `${tests} · ${withAlerts} alerting`;
}

async function testNodes(
  context: LoadContext,
  parent: TreeNode,
  tests: readonly EnterpriseTest[],
  alerting: ReadonlyMap<string, number>,
): Promise<TreeNode[]> {
  const sorted = [...tests].sort((a, b) => String(a.testName).localeCompare(String(b.testName)));
  const health = new Map<number, { health: Health; agents: AgentHealth[] } | Error>();
  await forEachAtMost(
    sorted.slice(0, MAX_HEALTH_READS),
    CONCURRENCY,
    async (test) => {
      try {
        health.set(test.testId, await latestHealth(context.client, test, context.signal));
      } catch (error) {
        health.set(test.testId, error instanceof Error ? error : new Error(String(error)));
      }
    },
    () => context.signal.aborted,
  );
  return sorted.map((test) =>
    testNode(context, parent, test, health.get(test.testId), alerting.get(String(test.testId)) ?? 0),
  );
}

/** "DEGRADED · 4 of 5 agents · 5% loss, latency 122 ms": the worst agent's reason. */
function glance(agents: readonly AgentHealth[], health: Health): string {
  if (agents.length === 0) return 'no results yet';
  const worst = agents[0] as AgentHealth;
  const affected = agents.filter((agent) => agent.health === worst.health).length;
  if (health === 'ok') return `ok · ${agents.length} agent${agents.length === 1 ? '' : 's'}`;
  return `${HEALTH_MARK[health]} · ${affected} of ${agents.length} agents · ${worst.reason}`;
}

function testNode(
  context: LoadContext,
  parent: TreeNode,
  test: EnterpriseTest,
  read: { health: Health; agents: AgentHealth[] } | Error | undefined,
  activeAlertCount: number,
): TreeNode {
  const health: Health = read instanceof Error || read === undefined ? 'unknown' : read.health;
  const healthText =
    read instanceof Error
      ? `health not read: ${read.message}`
      : read === undefined
        ? 'health not read'
        : glance(read.agents, health);
  // An active alert leads: what someone is being paged about, whatever the newest round says.
  const description = activeAlertCount > 0 ? `${alertWords(activeAlertCount)} · ${healthText}` : healthText;
  const target = test.url ?? test.server ?? test.domain;
  const node = new TreeNode(parent, {
    label: test.testName,
    description,
    icon: HEALTH_ICONS[health].icon,
    ...(HEALTH_ICONS[health].color ? { iconColor: HEALTH_ICONS[health].color } : {}),
    tooltip: facts(test.testName, [
      ['Test id', test.testId],
      ['Type', typeLabel(String(test.type))],
      ['Target', target],
      ['Interval', `${test.interval} s`],
      ['Health', healthText],
      ['Alerts', activeAlertCount > 0 ? `${alertWords(activeAlertCount)} (the Alerts root lists them)` : undefined],
    ]),
    kind: 'deployedTest',
    ids: { testId: test.testId, deployed: true },
    children: (loadContext, self) =>
      Promise.resolve(resultKindsOfTest(test).map((kind) => kindNode(loadContext, self, test, kind))),
  });
  node.spec.command = { command: COMMAND.showTestResults, title: 'Show Results', arguments: [node] };
  return node;
}

function kindNode(
  context: LoadContext,
  parent: TreeNode,
  test: EnterpriseTest,
  kind: TestResultKind,
): PagedNode<TestResult> {
  return listNode<TestResult>(
    parent,
    context,
    {
      label: KIND_LABELS[kind],
      icon: kind === 'path-vis' ? 'git-merge' : kind === 'network' ? 'graph-line' : 'list-flat',
      kind: `deployedResults ${kind}`,
      ids: { testId: test.testId, deployed: true },
      loadingWhat: `Loading ${kind} results of ${test.testName}`,
    },
    (options) => context.client.testResults(kind, test.testId, options),
    (record, owner) => resultNode(owner, test, kind, record),
    `No ${kind} results in this time range`,
  );
}

function resultNode(owner: TreeNode, test: EnterpriseTest, kind: TestResultKind, record: TestResult): TreeNode {
  const { health, reason } = resultHealth(kind, record as never);
  const name = typeof record.agentName === 'string' ? record.agentName : record.agentId;
  const node = new TreeNode(owner, {
    label: name,
    description: `${roundMinute(record.roundId)} · ${reason}`,
    icon: HEALTH_ICONS[health].icon,
    ...(HEALTH_ICONS[health].color ? { iconColor: HEALTH_ICONS[health].color } : {}),
    kind: 'deployedResult',
    record,
    ids: { testId: test.testId, agentId: record.agentId, roundId: record.roundId, deployed: true },
    ...(typeof record.permalink === 'string' ? { permalink: record.permalink } : {}),
  });
  if (kind === 'path-vis')
    node.spec.command = {
      command: COMMAND.openPathVisualization,
      title: 'Open Path Visualization',
      arguments: [node],
    };
  else if (kind === 'network' || kind === 'http-server')
    node.spec.command = { command: COMMAND.openMetrics, title: 'Open Metrics', arguments: [node] };
  else if (kind === 'page-load' || kind === 'web-transactions' || kind === 'api')
    node.spec.command = { command: COMMAND.showTestResults, title: 'Open Waterfall', arguments: [node] };
  return node;
}
