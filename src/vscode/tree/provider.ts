// The Netmon tree's data provider: roots per connection, lazily loaded and cached
// children, error and empty placeholders, refresh of one node or of everything.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/connection-manager';
import { describeError } from '../errors';
import { emptyNode, errorNode, loadMoreNode, PagedNode, TreeNode, type LoadContext } from './nodes';
import type { QueryState } from './query-state';
import { createRoots } from './roots';

export class NetmonTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots: TreeNode[] | undefined;
  private readonly cache = new Map<TreeNode, Promise<TreeNode[]>>();
  private generation = new AbortController();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly connection: ConnectionManager,
    private readonly query: QueryState,
    private readonly pageSize: () => number,
  ) {
    this.subscriptions = [
      connection.onDidChange(() => this.refreshAll()),
      query.onDidChange(() => this.refreshAll()),
    ];
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.treeItem();
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const context = this.loadContext();
    if (!context) return Promise.resolve([]); // the welcome view offers Sign In and the demo
    if (!node) {
      this.roots ??= createRoots(context);
      return Promise.resolve(this.roots);
    }
    // The workbench may still ask for children of a node from before a refresh of the whole
    // tree; loading those would send requests for nodes nobody sees any more.
    if (!this.isCurrent(node)) return Promise.resolve([]);
    if (node instanceof PagedNode) return this.pagedChildren(node);
    let children = this.cache.get(node);
    if (!children) {
      children = this.loadChildren(node, context);
      this.cache.set(node, children);
    }
    return children;
  }

  /** Reloads one node's children (a paged node starts again at its first page). */
  refresh(node: TreeNode): void {
    this.forget(node);
    this.changed.fire(node);
  }

  refreshAll(): void {
    this.generation.abort();
    this.generation = new AbortController();
    for (const node of this.cache.keys()) if (node instanceof PagedNode) node.loader.reset();
    this.cache.clear();
    this.roots = undefined;
    this.changed.fire(undefined);
  }

  /** Reads the next step of a paged node; concurrent or stale calls fetch nothing more. */
  async loadMore(node: PagedNode<unknown>, fromStep?: number): Promise<void> {
    await node.loader.loadMore(fromStep);
    this.changed.fire(node);
  }

  /** Retry from an error node: a failed "Load more" tries that step again; anything else reloads. */
  async retry(owner: TreeNode): Promise<void> {
    if (owner instanceof PagedNode && owner.loader.isStarted) {
      await owner.loader.retry();
      this.changed.fire(owner);
      return;
    }
    this.refresh(owner);
  }

  dispose(): void {
    this.generation.abort();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }

  private isCurrent(node: TreeNode): boolean {
    return this.roots?.includes(rootOf(node)) ?? false;
  }

  private forget(node: TreeNode): void {
    if (node instanceof PagedNode) node.loader.reset();
    for (const key of [...this.cache.keys()]) {
      if (key === node || isDescendant(key, node)) {
        if (key instanceof PagedNode) key.loader.reset();
        this.cache.delete(key);
      }
    }
  }

  private loadContext(): LoadContext | undefined {
    const client = this.connection.client;
    if (!client) return undefined;
    return { client, query: this.query, pageSize: this.pageSize(), signal: this.generation.signal };
  }

  private async loadChildren(node: TreeNode, context: LoadContext): Promise<TreeNode[]> {
    const load = node.spec.children;
    if (!load) return [];
    try {
      const children = await load(context, node);
      return children.length > 0 ? children : [emptyNode(node, 'Nothing here')];
    } catch (error) {
      const { message, action } = describeError(node.spec.loadingWhat ?? `Loading ${node.label}`, error);
      return [errorNode(node, message, action)];
    }
  }

  private async pagedChildren(node: PagedNode<unknown>): Promise<TreeNode[]> {
    // Remember the node so refreshAll resets its loader.
    if (!this.cache.has(node)) this.cache.set(node, Promise.resolve([]));
    await node.loader.ensureStarted();
    const { loader } = node;
    const children = loader.visible.map((record, index) => node.toNode(record, node, index));
    if (loader.error !== undefined) {
      const { message, action } = describeError(node.spec.loadingWhat ?? `Loading ${node.label}`, loader.error);
      children.push(errorNode(node, message, action));
    } else if (loader.hasMore) {
      children.push(loadMoreNode(node));
    } else if (children.length === 0) {
      children.push(emptyNode(node, node.emptyText));
    }
    return children;
  }
}

function rootOf(node: TreeNode): TreeNode {
  let current = node;
  while (current.parent) current = current.parent;
  return current;
}

function isDescendant(node: TreeNode, ancestor: TreeNode): boolean {
  for (let current = node.parent; current; current = current.parent) if (current === ancestor) return true;
  return false;
}
