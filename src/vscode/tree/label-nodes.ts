// "Labels" under Endpoint Agents (v7 accounts): one node per endpoint label of the account,
// listing the loaded agents it holds, so labels group the agents as endpoint tests select them.
// A v6 account has no labels: no node, and nothing else changes.
import type { EndpointAgent, EndpointLabel } from '../../api/types';
import { labelMembers } from '../../analysis/agents/labels';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { LoadContext, PagedNode } from './nodes';
import { TreeNode } from './nodes';
import { errorText, isCancellation } from '../errors';

export async function labelGroups(
  context: LoadContext,
  owner: PagedNode<EndpointAgent>,
  build: (agent: EndpointAgent, index: number) => TreeNode,
  signal: AbortSignal,
): Promise<TreeNode[]> {
  // Labels group agents: none loaded (an error, an empty group), nothing to group.
  if (owner.loader.visible.length === 0 || (await context.client.apiVersion()) !== 'v7') return [];
  let labels: EndpointLabel[];
  try {
    labels = await context.client.listEndpointLabels({ signal });
  } catch (error) {
    // The agents stay listed; the labels say why they are missing.
    if (isCancellation(error)) throw error;
    return [
      new TreeNode(owner, {
        label: 'Labels',
        icon: 'warning',
        kind: 'agentLabels',
        description: 'could not be listed',
        tooltip: errorText('Listing the endpoint labels', error),
        spoken: 'Labels could not be listed',
      }),
    ];
  }
  if (labels.length === 0) return [];
  const of = owner.loader.hasMore ? ' loaded' : '';
  return [
    new TreeNode(owner, {
      label: 'Labels',
      icon: 'tag',
      kind: 'agentLabels',
      description: `${labels.length} label${labels.length === 1 ? '' : 's'}`,
      expanded: false,
      spoken: `Labels, ${labels.length}`,
      children: (_context, self) => Promise.resolve(labels.map((label) => labelNode(self, label, owner, build, of))),
    }),
  ];
}

function labelNode(
  parent: TreeNode,
  label: EndpointLabel,
  owner: PagedNode<EndpointAgent>,
  build: (agent: EndpointAgent, index: number) => TreeNode,
  of: string,
): TreeNode {
  const name = untrustedLine(label.name, 80);
  const visible = owner.loader.visible;
  const membership = labelMembers(label, visible);
  if (!membership.decided) {
    return new TreeNode(parent, {
      label: name,
      icon: 'tag',
      kind: 'agentLabel',
      description: `agents chosen by the service (${untrustedLine(membership.key, 40)})`,
      tooltip: `Label ${name} filters on ${untrustedLine(membership.key, 40)}, which the agents list does not carry`,
      spoken: `Label ${name}`,
    });
  }
  const rows = membership.members.map((agent) => build(agent, visible.indexOf(agent)));
  const count = `${rows.length} agent${rows.length === 1 ? '' : 's'}${of}`;
  return new TreeNode(parent, {
    label: name,
    icon: 'tag',
    kind: 'agentLabel',
    description: count,
    spoken: `Label ${name}, ${count}`,
    children: () => Promise.resolve(rows),
  });
}
