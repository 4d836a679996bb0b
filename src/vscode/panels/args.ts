// Command arguments: ids (from scripts, other panels and tests) or an item of the Netmon
// tree (menus pass the node). Tree nodes carry the API ids they stand for (`spec.ids`).
import type { SessionSide } from '../../analysis/session/path-agreement';
import { TreeNode, type NodeIds } from '../tree/nodes';

/**
 * A test's results opened at a moment instead of over the view's range (Show Alert): read over `range`, which holds it,
 * the path drawn at the first round at or after `startSeconds` (the round the alert began in).
 */
export interface ResultsAt {
  range: { from: Date; to: Date };
  /** Epoch seconds. */
  startSeconds: number;
  /** The agents to read that round from when no listing around the moment has it (an alert's sources). */
  agentIds: readonly string[];
}

export function isResultsAt(value: unknown): value is ResultsAt {
  if (typeof value !== 'object' || value === null) return false;
  const { range, startSeconds, agentIds } = value as Partial<ResultsAt>;
  return (
    range?.from instanceof Date &&
    range.to instanceof Date &&
    typeof startSeconds === 'number' &&
    Number.isFinite(startSeconds) &&
    Array.isArray(agentIds) &&
    agentIds.every((id) => typeof id === 'string')
  );
}

/**
 * `session`: opened from a session's overview, whose own measurements the path is shown beside; `deployed`: an
 * enterprise test's results (v7), not an endpoint test's data; `at`: opened at a moment (an alert's start), not at the
 * newest round of the view's range.
 */
export interface TestTarget {
  testId: number;
  agentId?: string;
  roundId?: number;
  session?: SessionSide;
  deployed?: boolean;
  at?: ResultsAt;
}

export function isTreeNode(value: unknown): value is TreeNode {
  return value instanceof TreeNode;
}

/** The nearest id of that name on the node or its ancestors (a metric record → its test). */
function nearestId<K extends keyof NodeIds>(node: TreeNode, name: K): NodeIds[K] | undefined {
  for (let current: TreeNode | undefined = node; current; current = current.parent) {
    const id = current.spec.ids?.[name];
    if (id !== undefined) return id;
  }
  return undefined;
}

export function userSessionIdOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  return isTreeNode(value) ? nearestId(value, 'userSessionId') : undefined;
}

export function testIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return isTreeNode(value) ? nearestId(value, 'testId') : undefined;
}

/** A test, and for a record of its data (metric, path trace round) also its agent and round. */
export function testTargetOf(args: readonly unknown[]): TestTarget | undefined {
  const [first, agentArg, roundArg] = args;
  const testId = testIdOf(first);
  if (testId === undefined) return undefined;
  const agentId = typeof agentArg === 'string' && agentArg !== '' ? agentArg : undefined;
  const roundId =
    typeof roundArg === 'number'
      ? roundArg
      : typeof roundArg === 'string' && /^\d+$/.test(roundArg)
        ? Number(roundArg)
        : undefined;
  if (agentId !== undefined || !isTreeNode(first)) return { testId, agentId, roundId };
  const { ids } = first.spec;
  return {
    testId,
    agentId: ids?.agentId,
    roundId: ids?.roundId,
    ...(nearestId(first, 'deployed') ? { deployed: true } : {}),
  };
}
