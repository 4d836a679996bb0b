// The node model of the Netmon tree. A node is plain data plus optional lazy children;
// the provider (provider.ts) caches children, turns failures into error nodes and owns
// refresh. Paged lists are PagedNodes backed by the one PagedLoader.
import * as vscode from 'vscode';
import { neutralize, untrustedLine } from '../../analysis/text/untrusted';
import type { NetmonClient } from '../../api';
import type { QueryState } from './query-state';
import type { SessionArrangement } from './arrangement';
import type { PagedLoader } from './paged-loader';
import { COMMAND } from '../command-ids.generated';

/** What a node's children loader gets: the current client, query and page size. */
export interface LoadContext {
  client: NetmonClient;
  query: QueryState;
  /** How the User Sessions rows are sorted and grouped. */
  arrangement: SessionArrangement;
  pageSize: number;
  signal: AbortSignal;
}

/** Read-only JSON shown by "Open Details" (a `netmon:` document). */
export interface DetailsSource {
  /** Path of the document, e.g. `agents/a-123`. */
  path: string;
  load(client: NetmonClient, signal: AbortSignal): Promise<unknown>;
}

export interface HarPageRef {
  userSessionId: string;
  pageId: string;
  title: string;
  agentId?: string;
}

/** The API ids a node stands for, so commands run on it without parsing labels or paths. */
export interface NodeIds {
  userSessionId?: string;
  pageId?: string;
  testId?: number;
  agentId?: string;
  roundId?: number;
  /** The test is a deployed enterprise test (its results are v7 test results), not an endpoint test. */
  deployed?: boolean;
}

export interface NodeSpec {
  label: string;
  description?: string;
  /** A description that changes without a reload (what a list is sorted by). */
  descriptionOf?: () => string;
  tooltip?: string | vscode.MarkdownString;
  icon?: string;
  /** A theme colour id for the icon (a grade's colour). */
  iconColor?: string;
  /** What a screen reader says; by default the label and the description. */
  spoken?: string;
  details?: DetailsSource;
  permalink?: string;
  harPage?: HarPageRef;
  ids?: NodeIds;
  /** Shown expanded at first (groups whose rows are already loaded). */
  expanded?: boolean;
  /** Lazy children; a node without it is a leaf. */
  children?: (context: LoadContext, self: TreeNode) => Promise<TreeNode[]>;
  /** What loading the children is, for error messages ("Loading endpoint agents"). */
  loadingWhat?: string;
  command?: vscode.Command;
  kind?: string;
  /** An enterprise agent: what "Copy Agent Id" and "Add to Test Document…" use. */
  agent?: { agentId: number; agentName: string };
  /** What "Filter by This …" adds, by filter key (the value and what it reads as). */
  filterBy?: Partial<Record<FilterByKey, { value: string; label: string }>>;
  /** An active filter value: the item that removes it. */
  activeFilter?: { key: string; value: string | number };
  /** The list record the node shows (sorting and grouping read it). */
  record?: unknown;
}

/** The keys a node's context menu can filter by. */
export type FilterByKey = 'agentId' | 'networkId' | 'visitedSite' | 'ssid';

export class TreeNode {
  /** A detail response fetched while loading the children (a session's), kept for filter choices. */
  loadedDetail: unknown;

  constructor(
    readonly parent: TreeNode | undefined,
    readonly spec: NodeSpec,
  ) {}

  get label(): string {
    return this.spec.label;
  }
  get isLeaf(): boolean {
    return this.spec.children === undefined;
  }

  /**
   * A node whose click passes the node itself is circular: serialised (command arguments), it is its label, kind and
   * ids.
   */
  toJSON(): { label: string; kind: string | undefined; ids: NodeIds | undefined } {
    return { label: this.spec.label, kind: this.spec.kind, ids: this.spec.ids };
  }

  treeItem(): vscode.TreeItem {
    const { spec } = this;
    // Labels carry API strings (computer names, page titles, SSIDs): shown as text, one line.
    const state = this.isLeaf
      ? vscode.TreeItemCollapsibleState.None
      : spec.expanded
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(untrustedLine(spec.label), state);
    const description = spec.descriptionOf?.() ?? spec.description;
    item.description = description === undefined ? undefined : untrustedLine(description);
    item.tooltip = typeof spec.tooltip === 'string' ? neutralize(spec.tooltip) : spec.tooltip;
    if (spec.icon)
      item.iconPath = new vscode.ThemeIcon(
        spec.icon,
        spec.iconColor ? new vscode.ThemeColor(spec.iconColor) : undefined,
      );
    item.accessibilityInformation = {
      label: untrustedLine(spec.spoken ?? (description ? `${spec.label}, ${description}` : spec.label)),
    };
    item.command = spec.command;
    item.contextValue = this.contextValue();
    return item;
  }

  /** Space-separated capabilities that menus match with `viewItem =~ /\bcapability\b/`. */
  contextValue(): string {
    const { spec } = this;
    const flags = [spec.kind ?? 'node'];
    if (!this.isLeaf) flags.push('refreshable');
    if (spec.details) flags.push('details');
    if (spec.permalink) flags.push('permalink');
    if (spec.harPage) flags.push('harPage');
    if (spec.agent) flags.push('enterpriseAgent');
    for (const key of Object.keys(spec.filterBy ?? {})) flags.push(`filter-${key}`);
    if (spec.activeFilter) flags.push('activeFilter');
    return flags.join(' ');
  }
}

/** A list read page by page; its children are the loader's visible records plus "Load more". */
export class PagedNode<TRecord> extends TreeNode {
  /** Rows in another order or grouped; undefined keeps the list's own order. */
  /** Nodes shown before the records once the list has some (User Sessions' "Worst Sessions"). */
  leading?: () => TreeNode[];
  arrange?: (
    self: PagedNode<TRecord>,
    build: (record: TRecord, index: number) => TreeNode,
    signal: AbortSignal,
  ) => Promise<TreeNode[] | undefined>;

  constructor(
    parent: TreeNode | undefined,
    spec: Omit<NodeSpec, 'children'>,
    readonly loader: PagedLoader<TRecord>,
    readonly toNode: (record: TRecord, parent: PagedNode<TRecord>, index: number) => TreeNode,
    readonly emptyText: string,
  ) {
    super(parent, { ...spec, children: () => Promise.resolve([]) });
  }
}

export function loadMoreNode(owner: PagedNode<unknown>): TreeNode {
  // The node remembers the step it continues: a late second click fetches nothing.
  const step = owner.loader.step;
  return new TreeNode(owner, {
    label: 'Load more…',
    icon: 'more',
    kind: 'loadMore',
    tooltip: 'Read the next page of this list',
    command: { command: COMMAND.loadMore, title: 'Load More', arguments: [owner, step] },
  });
}

/** Says what failed and what to do; "Retry" reloads the owner. */
export function errorNode(owner: TreeNode, message: string, action: string): TreeNode {
  const tooltip = new vscode.MarkdownString();
  tooltip.appendText(`${message}\n\n${action}`);
  return new TreeNode(owner, {
    label: message,
    description: 'Retry',
    tooltip,
    icon: 'error',
    kind: 'error',
    command: { command: COMMAND.retry, title: 'Retry', arguments: [owner] },
  });
}

/** A record of a list that could not be shown: says so, and the click opens the log with the record. */
export function unshownRecordNode(owner: TreeNode, index: number, reason: string): TreeNode {
  return new TreeNode(owner, {
    label: `Record ${index + 1} could not be shown`,
    description: 'Show Log',
    icon: 'warning',
    kind: 'error',
    tooltip: `${reason}\n\nThe record as the service sent it is in the Netmon log.`,
    command: { command: COMMAND.showLog, title: 'Show Log' },
  });
}

/** A record the client left out (it has no id of its own): said, so nothing goes missing unseen. */
export function leftOutNode(owner: TreeNode, message: string): TreeNode {
  return new TreeNode(owner, {
    label: `Left out: ${message}`,
    icon: 'warning',
    kind: 'error',
    tooltip: 'The service sent a record that cannot be shown or linked without its id.',
  });
}

export function emptyNode(owner: TreeNode, text: string): TreeNode {
  return new TreeNode(owner, { label: text, icon: 'circle-slash', kind: 'empty' });
}

export function propertyNode(owner: TreeNode, name: string, value: unknown): TreeNode {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return new TreeNode(owner, { label: name, description: text, tooltip: `${name}: ${text}`, kind: 'property' });
}
