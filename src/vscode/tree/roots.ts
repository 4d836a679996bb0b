// The roots of the Netmon tree and the inventory ones (agents, networks).
import type { EndpointAgent, PrivateNetwork } from '../../api/types';
import { agentSummary, networkSummary } from '../../analysis/records/summaries';
import { segment, summaryItem } from './format';
import { agentStatus, type AgentStatus } from '../../analysis/agents/card';
import { inventoryNode } from './list-node';
import { propertyNode, TreeNode, type LoadContext, type PagedNode } from './nodes';
import { networkSessionsNode, topologyNode, userSessionsNode } from './session-nodes';
import { endpointTestGroups } from './test-nodes';
import { enterpriseAgentsRoot } from './enterprise-agent-nodes';
import { deployedTestsRoot } from './deployed-test-nodes';
import { alertsRoot, GenerationAlerts } from './alert-nodes';
import { labelGroups } from './label-nodes';
import { COMMAND } from '../command-ids.generated';

export function createRoots(context: LoadContext): TreeNode[] {
  // Real accounts page these lists (pages.next with a pageId): "Load more" like the data lists.
  const agents = inventoryNode<EndpointAgent>(
    context,
    { label: 'Endpoint Agents', icon: 'vm', kind: 'root agents', loadingWhat: 'Loading endpoint agents' },
    (options) => context.client.endpointAgents(options),
    (agent, owner) => agentNode(owner, agent),
    'No endpoint agents in this account group',
  );
  agents.arrange = async (self, build, signal) => [
    ...agentsByStatus(self, build),
    ...(await labelGroups(context, self, build, signal)),
  ];
  // Made with the roots, so dropped with them on each refresh of the whole tree: one read of the alerts per generation.
  const alerts = new GenerationAlerts();
  return [
    ...activeFiltersRoot(context),
    agents,
    inventoryNode<PrivateNetwork>(
      context,
      { label: 'Networks', icon: 'globe', kind: 'root networks', loadingWhat: 'Loading networks' },
      (options) => context.client.networks(options),
      (network, owner) => networkNode(owner, network),
      'No networks in this account group',
    ),
    enterpriseAgentsRoot(),
    alertsRoot(context, alerts),
    deployedTestsRoot(alerts),
    new TreeNode(undefined, {
      label: 'Endpoint Tests',
      icon: 'beaker',
      kind: 'root tests',
      loadingWhat: 'Loading endpoint tests',
      children: (loadContext, self) => endpointTestGroups(loadContext, self),
    }),
    userSessionsNode(context),
    networkSessionsNode(context),
    topologyNode(context),
  ];
}

const STATUS_GROUPS: readonly { status: AgentStatus; label: string; icon: string }[] = [
  { status: 'enabled', label: 'Enabled', icon: 'vm-active' },
  { status: 'disabled', label: 'Disabled', icon: 'vm-outline' },
  { status: 'deleted', label: 'Deleted', icon: 'trash' },
  { status: 'unknown', label: 'Status not reported', icon: 'question' },
];

/** The loaded agents grouped by status, with counts (of what is loaded while more could be). */
function agentsByStatus(
  owner: PagedNode<EndpointAgent>,
  build: (agent: EndpointAgent, index: number) => TreeNode,
): TreeNode[] {
  const visible = owner.loader.visible;
  const of = owner.loader.hasMore ? ' loaded' : '';
  return STATUS_GROUPS.flatMap(({ status, label, icon }) => {
    const members = visible
      .map((agent, index) => ({ agent, index }))
      .filter(({ agent }) => agentStatus(agent) === status);
    if (members.length === 0) return [];
    const rows = members.map(({ agent, index }) => build(agent, index));
    const count = `${members.length} agent${members.length === 1 ? '' : 's'}${of}`;
    return [
      new TreeNode(owner, {
        label,
        description: count,
        icon,
        kind: 'agentGroup',
        expanded: status !== 'deleted',
        spoken: `${label} agents, ${count}`,
        children: () => Promise.resolve(rows),
      }),
    ];
  });
}

/** The active filters, first, while there are any: each value an item whose click removes it. */
function activeFiltersRoot(context: LoadContext): TreeNode[] {
  const values = context.query.activeValues();
  if (values.length === 0) return [];
  return [
    new TreeNode(undefined, {
      label: 'Filters',
      icon: 'filter-filled',
      kind: 'root filters',
      description: `${values.length} active · click one to remove it`,
      spoken: `Filters, ${values.length} active`,
      children: (_context, self) =>
        Promise.resolve(
          values.map((active) => {
            const node = new TreeNode(self, {
              label: active.text,
              icon: 'close',
              kind: 'activeFilter',
              activeFilter: { key: active.key, value: active.value },
              tooltip: `Remove the filter ${active.text}`,
              spoken: `Filter ${active.text}; activate to remove`,
            });
            node.spec.command = { command: COMMAND.removeFilter, title: 'Remove Filter', arguments: [node] };
            return node;
          }),
        ),
    }),
  ];
}

function agentNode(parent: TreeNode, agent: EndpointAgent): TreeNode {
  const summary = agentSummary(agent);
  const node = new TreeNode(parent, {
    ...summaryItem(summary),
    ids: { agentId: agent.agentId },
    record: agent,
    filterBy: typeof agent.agentId === 'string' ? { agentId: { value: agent.agentId, label: summary.label } } : {},
    icon: STATUS_GROUPS.find((group) => group.status === agentStatus(agent))?.icon ?? 'vm',
    kind: 'agent',
    loadingWhat: `Loading details of agent ${summary.label}`,
    details: {
      path: `agents/${segment(agent.agentId)}`,
      load: async (client, signal) => client.getEndpointAgent(agent.agentId, { signal }),
    },
    // Details on expand: the detail endpoint adds fields such as numberOfClients.
    children: async ({ client, signal }, self) => {
      const detail = await client.getEndpointAgent(agent.agentId, { signal });
      return Object.entries(detail).map(([name, value]) => propertyNode(self, name, value));
    },
  });
  // A click reads the agent as a card; its JSON stays in the context menu.
  node.spec.command = { command: COMMAND.openAgent, title: 'Open Agent', arguments: [node] };
  return node;
}

function networkNode(parent: TreeNode, network: PrivateNetwork): TreeNode {
  return new TreeNode(parent, {
    ...summaryItem(networkSummary(network)),
    icon: 'type-hierarchy',
    kind: 'network',
    record: network,
    filterBy:
      typeof network.networkId === 'string'
        ? { networkId: { value: network.networkId, label: networkSummary(network).label } }
        : {},
    details: { path: `networks/${segment(network.networkId)}`, load: () => Promise.resolve(network) },
  });
}
