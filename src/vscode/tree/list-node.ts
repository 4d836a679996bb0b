// Builds a PagedNode for any paged client list: data lists with the view's time range
// applied, inventory lists (agents, networks) without one.
import type { InventoryOptions, ListOptions, Paged } from '../../api';
import { PagedNode, type LoadContext, type NodeSpec, type TreeNode } from './nodes';
import { PagedLoader } from './paged-loader';

export function listNode<TRecord>(
  parent: TreeNode | undefined,
  context: LoadContext,
  spec: Omit<NodeSpec, 'children'>,
  open: (options: ListOptions) => Paged<TRecord, unknown>,
  toNode: (record: TRecord, owner: PagedNode<TRecord>, index: number) => TreeNode,
  emptyText: string,
): PagedNode<TRecord> {
  const loader = new PagedLoader<TRecord>(
    (resumeFrom, signal) => open({ ...context.query.timeOptions(), resumeFrom, signal }),
    context.pageSize,
  );
  return new PagedNode(parent, spec, loader, toNode, emptyText);
}

export function inventoryNode<TRecord>(
  context: LoadContext,
  spec: Omit<NodeSpec, 'children'>,
  open: (options: InventoryOptions) => Paged<TRecord, unknown>,
  toNode: (record: TRecord, owner: PagedNode<TRecord>, index: number) => TreeNode,
  emptyText: string,
): PagedNode<TRecord> {
  const loader = new PagedLoader<TRecord>((resumeFrom, signal) => open({ resumeFrom, signal }), context.pageSize);
  return new PagedNode(undefined, spec, loader, toNode, emptyText);
}
