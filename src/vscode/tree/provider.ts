// The Netmon tree's data provider: roots per connection, lazily loaded and cached
// children, error and empty placeholders, refresh of one node or of everything. Roots show
// as soon as a connection is being made; each root's children wait for the client, and
// Endpoint Agents is fetched ahead.
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import type { LoadedRecords } from '../../analysis/filters/choices';
import type { EndpointAgent, NetworkProbe, UserSession, UserSessionDetail } from '../../api/types';
import type { ConnectionManager } from '../connection/connection-manager';
import { describeError, isCancellation } from '../errors';
import {
  emptyNode,
  errorNode,
  leftOutNode,
  loadMoreNode,
  PagedNode,
  TreeNode,
  unshownRecordNode,
  type LoadContext,
} from './nodes';
import type { QueryState } from './query-state';
import { createRoots } from './roots';
import { SessionArrangement } from './arrangement';

export class NetmonTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots: TreeNode[] | undefined;
  private readonly cache = new Map<TreeNode, Promise<TreeNode[]>>();
  private generation = new AbortController();
  private readonly subscriptions: vscode.Disposable[];
  /** The connection the roots belong to; account-group details arriving later do not reload them. */
  private clientInUse: Promise<NetmonClient> | undefined;
  /** Sort and grouping of the loaded user sessions: a change redraws them, it fetches no list. */
  readonly arrangement = new SessionArrangement();
  /** Directories whose first read this tree has started (one per connection). */
  private readonly namingStarted = new WeakSet<object>();

  constructor(
    private readonly connection: ConnectionManager,
    private readonly query: QueryState,
    private readonly pageSize: () => number,
    /** Called once, after the first children with data arrived (work that should not delay them). */
    private onFirstData: (() => void) | undefined = undefined,
    /** Where a record that cannot be shown is reported in full (the Netmon log). */
    private readonly logError: (message: string) => void = () => undefined,
  ) {
    this.clientInUse = connection.clientWhenReady;
    this.subscriptions = [
      connection.onDidChange(() => this.connectionChanged()),
      query.onDidChange(() => this.refreshAll()),
      this.arrangement,
      this.arrangement.onDidChange(() => {
        const sessions = this.roots?.find((root) => root.spec.kind === 'root userSessions');
        if (sessions) this.changed.fire(sessions);
      }),
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
    if (!node) return Promise.resolve(this.currentRoots(context));
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

  /** Reloads a root by its kind, if it is shown (after a write that changes what it lists). */
  refreshRoot(kind: string): void {
    const root = this.roots?.find((node) => node.spec.kind === kind);
    if (root) this.refresh(root);
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

  /**
   * What the tree has loaded: the sessions and probes shown so far and the sessions opened (agents and networks are
   * read whole by their callers).
   */
  loadedRecords(): LoadedRecords {
    const visible = <T>(kind: string): readonly T[] => {
      const root = this.roots?.find((node) => node.spec.kind === kind);
      return root instanceof PagedNode ? (root.loader.visible as readonly T[]) : [];
    };
    const sessionDetails = [...this.cache.keys()]
      .filter(
        (node) =>
          node.spec.kind === 'userSession' && typeof node.loadedDetail === 'object' && node.loadedDetail !== null,
      )
      .map((node) => node.loadedDetail as UserSessionDetail);
    return {
      userSessions: visible<UserSession>('root userSessions'),
      probes: visible<NetworkProbe>('root topology'),
      sessionDetails,
    };
  }

  dispose(): void {
    this.generation.abort();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }

  private firstDataShown(): void {
    const callback = this.onFirstData;
    this.onFirstData = undefined;
    // A timer: the children reach the view (and the bench's probe) first.
    if (callback) setTimeout(callback, 0);
  }

  private connectionChanged(): void {
    const client = this.connection.clientWhenReady;
    if (client === this.clientInUse) return;
    this.clientInUse = client;
    this.refreshAll();
    // Most windows that activate Netmon are about to show its view: have the first list on its way.
    const context = this.loadContext();
    if (context) this.prefetch(this.currentRoots(context));
  }

  private currentRoots(context: LoadContext): TreeNode[] {
    this.roots ??= createRoots(context);
    return this.roots;
  }

  private prefetch(roots: readonly TreeNode[]): void {
    const agents = roots.find((root) => root.spec.kind === 'root agents');
    if (agents) void this.getChildren(agents);
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

  /** Undefined while signed out; `client` is read once `clientWhenReady` has settled. */
  private loadContext(): LoadContext | undefined {
    const { connection } = this;
    if (!connection.clientWhenReady) return undefined;
    return {
      get client() {
        return connection.requireClient();
      },
      query: this.query,
      arrangement: this.arrangement,
      pageSize: this.pageSize(),
      signal: this.generation.signal,
    };
  }

  private async loadChildren(node: TreeNode, context: LoadContext): Promise<TreeNode[]> {
    const load = node.spec.children;
    if (!load) return [];
    try {
      await this.connection.clientWhenReady;
      const children = await load(context, node);
      this.firstDataShown();
      return children.length > 0 ? children : [emptyNode(node, 'Nothing here')];
    } catch (error) {
      const { message, action } = describeError(node.spec.loadingWhat ?? `Loading ${node.label}`, error);
      return [errorNode(node, message, action)];
    }
  }

  private async pagedChildren(node: PagedNode<unknown>): Promise<TreeNode[]> {
    // Remember the node so refreshAll resets its loader.
    if (!this.cache.has(node)) this.cache.set(node, Promise.resolve([]));
    try {
      await this.connection.clientWhenReady;
    } catch (error) {
      const { message, action } = describeError(node.spec.loadingWhat ?? `Loading ${node.label}`, error);
      return [errorNode(node, message, action)];
    }
    await node.loader.ensureStarted();
    this.firstDataShown();
    this.nameAgentsLater(node);
    const { loader } = node;
    const build = (record: unknown, index: number): TreeNode => this.recordNode(node, record, index);
    let children: TreeNode[];
    try {
      children = (await node.arrange?.(node, build, this.generation.signal)) ?? loader.visible.map(build);
    } catch (error) {
      // A refresh cancelled what the arrangement was reading (the labels): these nodes are gone anyway.
      if (isCancellation(error)) return [];
      throw error;
    }
    if (loader.visible.length > 0) children.unshift(...(node.leading?.() ?? []));
    for (const problem of loader.problems) children.push(leftOutNode(node, problem.message));
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

  /**
   * Rows name agents from the connection's directory. Until it has been read they show ids;
   * its first read (in the background: it walks the whole agent list) redraws the lists.
   */
  private nameAgentsLater(node: PagedNode<unknown>): void {
    const directory = this.connection.requireClient().agentDirectory();
    if (directory.isLoaded || this.namingStarted.has(directory)) return;
    // The explorer's own agent list, when it is the whole list, is the directory: no second read.
    if (node.spec.kind === 'root agents' && !node.loader.hasMore && node.loader.error === undefined) {
      directory.learn(node.loader.visible as readonly EndpointAgent[]);
      return;
    }
    this.namingStarted.add(directory);
    void directory.ready().then(() => {
      if (directory.isLoaded && this.isCurrent(node)) this.changed.fire(undefined);
    });
  }

  /** A record the node builder cannot show becomes one error row; the rest of the list still shows. */
  private recordNode(owner: PagedNode<unknown>, record: unknown, index: number): TreeNode {
    try {
      return owner.toNode(record, owner, index);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logError(`${owner.label}: record ${index + 1} could not be shown (${reason}): ${recordSummary(record)}`);
      return unshownRecordNode(owner, index, reason);
    }
  }
}

/** The record as sent, cut short, for the log (it may be huge or odd). */
function recordSummary(record: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(record) ?? String(record);
  } catch {
    text = String(record);
  }
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
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
