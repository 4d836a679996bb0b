// Enterprise Agents: the agents scheduled tests run from, grouped cloud / enterprise, each
// with its location; the ids a test document needs, never guessed. A service without
// GET /v6/agents (/v7/agents) says so (document completion still knows the agents of deployed tests).
import { enterpriseAgentSummary } from '../../analysis/records/summaries';
import type { EnterpriseAgent } from '../../api/types';
import { isNetmonError } from '../errors';
import { segment, summaryItem } from './format';
import { emptyNode, TreeNode, type LoadContext } from './nodes';

/** Far more than an account has; a bounded walk of outside data. */
const MAX_AGENTS = 10_000;

export function enterpriseAgentsRoot(): TreeNode {
  return new TreeNode(undefined, {
    label: 'Enterprise Agents',
    icon: 'server-environment',
    kind: 'root enterpriseAgents',
    loadingWhat: 'Loading enterprise agents',
    children: (context, self) => groups(context, self),
  });
}

async function groups({ client, signal }: LoadContext, root: TreeNode): Promise<TreeNode[]> {
  let agents: EnterpriseAgent[];
  try {
    agents = (await client.enterpriseAgents({ signal }).collect({ maxRecords: MAX_AGENTS })).records;
  } catch (error) {
    if (isNetmonError(error) && (error.kind === 'not-found' || error.kind === 'forbidden')) {
      return [
        emptyNode(
          root,
          `This service lists no enterprise agents (GET /${await client.apiVersion()}/agents); completion in ` +
            'test documents knows those of deployed tests',
        ),
      ];
    }
    throw error;
  }
  if (agents.length === 0) return [emptyNode(root, 'No enterprise agents in this account group')];
  const isCloud = (a: EnterpriseAgent): boolean =>
    String(a.agentType ?? '').toLowerCase() === 'cloud' || a.public === 1;
  const groups = [
    { label: 'Enterprise agents', icon: 'server', members: agents.filter((a) => !isCloud(a)) },
    { label: 'Cloud agents', icon: 'cloud', members: agents.filter(isCloud) },
  ];
  return groups
    .filter((group) => group.members.length > 0)
    .map(({ label, icon, members }) => {
      const sorted = [...members].sort((a, b) => String(a.agentName).localeCompare(String(b.agentName)));
      return new TreeNode(root, {
        label,
        description: `${sorted.length}`,
        icon,
        kind: 'agentGroup',
        children: (_context, self) => Promise.resolve(sorted.map((agent) => agentNode(self, agent))),
      });
    });
}

function agentNode(parent: TreeNode, agent: EnterpriseAgent): TreeNode {
  const summary = enterpriseAgentSummary(agent);
  return new TreeNode(parent, {
    ...summaryItem(summary),
    icon: summary.warning ? 'circle-slash' : 'vm-running',
    kind: 'enterpriseAgent',
    ids: { agentId: String(agent.agentId) },
    agent: { agentId: agent.agentId, agentName: agent.agentName },
    details: {
      path: `enterprise-agents/${segment(agent.agentId)}`,
      load: (client, signal) => client.getEnterpriseAgent(agent.agentId, { signal }),
    },
  });
}
