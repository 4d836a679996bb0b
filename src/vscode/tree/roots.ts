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

function agentNode(parent: TreeNode, agent: EndpointAgent): TreeNode {
  const summary = agentSummary(agent);
  return new TreeNode(parent, {
    ...summaryItem(summary),
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
    kind: 'network',
    details: { path: `networks/${segment(network.networkId)}`, load: () => Promise.resolve(network) },
  });
}
