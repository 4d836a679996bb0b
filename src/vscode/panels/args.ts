// Command arguments: ids (from scripts, other panels and tests) or an item of the Netmon
// tree (menus pass the node). Tree nodes carry their ids in the `netmon:` details path and,
// for records, in the record their details resolve to (no request needed).
import type { NetmonClient } from '../../api';
import { TreeNode } from '../tree/nodes';

export interface TestTarget { testId: number; agentId?: string; roundId?: number }

export function isTreeNode(value: unknown): value is TreeNode {
  return value instanceof TreeNode;
}

/** The decoded segments of a node's details path (`user-sessions/<id>`, `endpoint-tests/<id>`). */
function detailsSegments(node: TreeNode): string[] {
  return (node.spec.details?.path ?? '').split('/').map((segment) => decodeURIComponent(segment));
}

export function userSessionIdOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (!isTreeNode(value)) return undefined;
  if (value.spec.harPage) return value.spec.harPage.userSessionId;
  const [collection, id] = detailsSegments(value);
  return collection === 'user-sessions' && id ? id : undefined;
}

function testIdOfNode(node: TreeNode): number | undefined {
  for (let current: TreeNode | undefined = node; current; current = current.parent) {
    const [collection, id] = detailsSegments(current);
    if (collection === 'endpoint-tests' && id && /^\d+$/.test(id)) return Number(id);
  }
  return undefined;
}

export function testIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return isTreeNode(value) ? testIdOfNode(value) : undefined;
}

/**
 * A test, and for a metric or path-vis record also its agent and round. Records resolve
 * their details from memory (the tree already holds them); the client is only a formality.
 */
export async function testTargetOf(args: readonly unknown[], client: NetmonClient, signal: AbortSignal): Promise<TestTarget | undefined> {
  const [first, agentArg, roundArg] = args;
  const testId = testIdOf(first);
  if (testId === undefined) return undefined;
  const agentId = typeof agentArg === 'string' && agentArg !== '' ? agentArg : undefined;
  const roundId = typeof roundArg === 'number' ? roundArg : typeof roundArg === 'string' && /^\d+$/.test(roundArg) ? Number(roundArg) : undefined;
  if (agentId !== undefined || !isTreeNode(first)) return { testId, agentId, roundId };
  const kind = first.contextValue().split(' ')[0];
  if ((kind === 'metric' || kind === 'pathVisRecord') && first.spec.details) {
    const record = await first.spec.details.load(client, signal);
    const fields = typeof record === 'object' && record !== null ? record as { agentId?: unknown; roundId?: unknown } : {};
    return {
      testId,
      agentId: typeof fields.agentId === 'string' || typeof fields.agentId === 'number' ? String(fields.agentId) : undefined,
      roundId: typeof fields.roundId === 'number' ? fields.roundId : undefined,
    };
  }
  return { testId };
}
