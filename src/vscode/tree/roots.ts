// The seven roots of the Netmon tree and the inventory ones (agents, networks).
import type { EndpointAgent, PrivateNetwork } from '../../api/types';
import { agentSummary, networkSummary } from '../../analysis/records/summaries';
import { segment, summaryItem } from './format';
import { inventoryNode } from './list-node';
import { propertyNode, TreeNode, type LoadContext } from './nodes';
import { networkSessionsNode, topologyNode, userSessionsNode } from './session-nodes';
import { endpointTestGroups } from './test-nodes';
import { enterpriseAgentsRoot } from './enterprise-agent-nodes';

export function createRoots(context: LoadContext): TreeNode[] {
  return [
    ...activeFiltersRoot(context),
    // Real accounts page these lists (pages.next with a pageId): "Load more" like the data lists.
    inventoryNode<EndpointAgent>(context, { label: 'Endpoint Agents', icon: 'vm', kind: 'root agents', loadingWhat: 'Loading endpoint agents' },
      (options) => context.client.endpointAgents(options), (agent, owner) => agentNode(owner, agent), 'No endpoint agents in this account group'),
    inventoryNode<PrivateNetwork>(context, { label: 'Networks', icon: 'globe', kind: 'root networks', loadingWhat: 'Loading networks' },
      (options) => context.client.networks(options), (network, owner) => networkNode(owner, network), 'No networks in this account group'),
    enterpriseAgentsRoot(),
    new TreeNode(undefined, {
      label: 'Endpoint Tests', icon: 'beaker', kind: 'root tests', loadingWhat: 'Loading endpoint tests',
      children: (loadContext, self) => endpointTestGroups(loadContext, self),
    }),
    userSessionsNode(context),
    networkSessionsNode(context),
    topologyNode(context),
  ];
}

/** The active filters, first, while there are any: each value an item whose click removes it. */
function activeFiltersRoot(context: LoadContext): TreeNode[] {
  const values = context.query.activeValues();
  if (values.length === 0) return [];
  return [new TreeNode(undefined, {
    label: 'Filters', icon: 'filter-filled', kind: 'root filters', description: `${values.length} active · click one to remove it`,
    spoken: `Filters, ${values.length} active`,
    children: (_context, self) => Promise.resolve(values.map((active) => {
      const node = new TreeNode(self, {
        label: active.text, icon: 'close', kind: 'activeFilter', activeFilter: { key: active.key, value: active.value },
        tooltip: `Remove the filter ${active.text}`, spoken: `Filter ${active.text}; activate to remove`,
      });
      node.spec.command = { command: 'netmon.removeFilter', title: 'Remove Filter', arguments: [node] };
      return node;
    })),
  })];
}

function agentNode(parent: TreeNode, agent: EndpointAgent): TreeNode {
  const summary = agentSummary(agent);
  return new TreeNode(parent, {
    ...summaryItem(summary),
    ids: { agentId: agent.agentId }, record: agent,
    filterBy: typeof agent.agentId === 'string' ? { agentId: { value: agent.agentId, label: summary.label } } : {},
    icon: agent.deleted ? 'trash' : agent.status === 'enabled' ? 'vm-active' : 'vm-outline',
    kind: 'agent',
    loadingWhat: `Loading details of agent ${summary.label}`,
    details: { path: `agents/${segment(agent.agentId)}`, load: async (client, signal) => client.getEndpointAgent(agent.agentId, { signal }) },
    // Details on expand: the detail endpoint adds fields such as numberOfClients.
    children: async ({ client, signal }, self) => {
      const { endpointAgents } = await client.getEndpointAgent(agent.agentId, { signal });
      const detail = endpointAgents[0] ?? agent;
      return Object.entries(detail).map(([name, value]) => propertyNode(self, name, value));
    },
  });
}

function networkNode(parent: TreeNode, network: PrivateNetwork): TreeNode {
  return new TreeNode(parent, {
    ...summaryItem(networkSummary(network)),
    icon: 'type-hierarchy',
    kind: 'network', record: network,
    filterBy: typeof network.networkId === 'string' ? { networkId: { value: network.networkId, label: networkSummary(network).label } } : {},
    details: { path: `networks/${segment(network.networkId)}`, load: () => Promise.resolve(network) },
  });
}
