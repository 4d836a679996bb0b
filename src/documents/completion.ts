// Completion and hover for live ids (agents, networks, account groups, locations, SSIDs)
// and for the fixed filter value sets. Pure: the VS Code layer passes text and an offset.
import { findNodeAtOffset, getLocation, getNodePath, type JSONPath, type Node } from 'jsonc-parser';
import { ENDPOINT_TEST_INTERVALS, FILTER_VALUE_SETS } from '../api/types';
import { LineIndex, type TextRange } from './diagnostic';
import type { DocumentKind } from './kinds';
import {
  agentSources,
  describeAgent,
  idLiteral,
  indexCatalog,
  normalizeId,
  type CatalogAgent,
  type LiveCatalog,
} from './live-catalog';
import { parseDocument } from './parse';
import { nodeAt, propertyValue, stringValue } from './tree';

export type CompletionKind = 'agent' | 'network' | 'account-group' | 'location' | 'ssid' | 'value';

export interface CompletionItem {
  label: string;
  detail?: string;
  /** JSON text replacing `range` (quotes included for strings). */
  insertText: string;
  range: TextRange;
  kind: CompletionKind;
  /** Where the item sorts among its list when not by label (intervals sort as numbers). */
  order?: number;
}

export interface HoverInfo {
  contents: string;
  range: TextRange;
}

type Candidate = Omit<CompletionItem, 'range'>;

function isPath(path: JSONPath, pattern: readonly (string | 'index')[]): boolean {
  return (
    path.length === pattern.length &&
    pattern.every((p, i) => (p === 'index' ? typeof path[i] === 'number' : path[i] === p))
  );
}

/** The `key` of the search filter whose values array holds `path`. */
function filterKeyAt(root: Node | undefined, path: JSONPath): string | undefined {
  if (path[0] !== 'searchFilters' || typeof path[1] !== 'number' || path[2] !== 'values') return undefined;
  return stringValue(propertyValue(nodeAt(root, ['searchFilters', path[1]]), 'key'));
}

function candidatesFor(kind: DocumentKind, path: JSONPath, root: Node | undefined, catalog: LiveCatalog): Candidate[] {
  if (isPath(path, ['aid'])) {
    return (catalog.accountGroups ?? []).map((g) => ({
      label: g.aid,
      detail: g.name,
      insertText: idLiteral(g.aid),
      kind: 'account-group',
    }));
  }
  if (kind === 'test' && (isPath(path, ['agents', 'index', 'agentId']) || isPath(path, ['targetAgentId']))) {
    // Listed by name (what a person knows); the id is what goes into the document.
    return (catalog.enterpriseAgents ?? []).map((a) => ({
      label: a.name || `agent ${a.agentId}`,
      detail: agentDetail(a),
      insertText: idLiteral(a.agentId),
      kind: 'agent',
    }));
  }
  if (kind === 'test' && isPath(path, ['interval'])) {
    return ENDPOINT_TEST_INTERVALS.map((seconds, order) => ({
      label: String(seconds),
      detail: describeInterval(seconds),
      insertText: String(seconds),
      kind: 'value',
      order,
    }));
  }
  if (kind === 'test' && isPath(path, ['agents', 'index', 'agentName'])) {
    return (catalog.enterpriseAgents ?? []).map((a) => ({
      label: a.name,
      detail: agentDetail(a),
      insertText: JSON.stringify(a.name),
      kind: 'agent',
    }));
  }
  if (
    kind !== 'filter' ||
    !(isPath(path, ['searchFilters', 'index', 'values', 'index']) || isPath(path, ['searchFilters', 'index', 'values']))
  )
    return [];
  const key = filterKeyAt(root, path);
  const quoted = (value: string): string => JSON.stringify(value);
  switch (key) {
    case 'agentId':
      return (catalog.endpointAgents ?? []).map((a) => ({
        label: a.agentId,
        detail: describeAgent(a),
        insertText: quoted(a.agentId),
        kind: 'agent',
      }));
    case 'networkId':
      return (catalog.networks ?? []).map((n) => ({
        label: n.networkId,
        detail: n.detail ? `${n.name} (${n.detail})` : n.name,
        insertText: quoted(n.networkId),
        kind: 'network',
      }));
    case 'location':
      return (catalog.locations ?? []).map((l) => ({ label: l, insertText: quoted(l), kind: 'location' }));
    case 'ssid':
      return (catalog.ssids ?? []).map((s) => ({ label: s, insertText: quoted(s), kind: 'ssid' }));
    default:
      return (key ? (FILTER_VALUE_SETS[key] ?? []) : []).map((v) => ({
        label: v,
        insertText: quoted(v),
        kind: 'value',
      }));
  }
}

/** "every 5 minutes", "every hour" */
function describeInterval(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'every hour' : `every ${seconds / 3600} hours`;
  return seconds === 60 ? 'every minute' : `every ${seconds / 60} minutes`;
}

/** Completion items for the value at `offset`; empty when nothing live applies there. */
export function completionsAt(
  kind: DocumentKind,
  text: string,
  offset: number,
  catalog: LiveCatalog,
): CompletionItem[] {
  const location = getLocation(text, offset);
  if (location.isAtPropertyKey) return [];
  const parsed = parseDocument(text);
  const literal = location.previousNode;
  const replaces =
    literal &&
    (literal.type === 'string' || literal.type === 'number') &&
    offset >= literal.offset &&
    offset <= literal.offset + literal.length;
  const range = replaces ? parsed.lines.nodeRange(literal) : parsed.lines.range(offset, 0);
  return candidatesFor(kind, location.path, parsed.root, catalog).map((candidate) => ({ ...candidate, range }));
}

/** What the id under `offset` refers to, from the catalog and the document's bindings. */
export function hoverAt(kind: DocumentKind, text: string, offset: number, catalog: LiveCatalog): HoverInfo | undefined {
  const parsed = parseDocument(text);
  const node = parsed.root && findNodeAtOffset(parsed.root, offset, true);
  if (!node || (node.type !== 'string' && node.type !== 'number')) return undefined;
  const contents = describeNode(kind, node, parsed.root, catalog);
  return contents === undefined ? undefined : { contents, range: new LineIndex(text).nodeRange(node) };
}

function describeNode(
  kind: DocumentKind,
  node: Node,
  root: Node | undefined,
  catalog: LiveCatalog,
): string | undefined {
  const index = indexCatalog(catalog);
  const path = getNodePath(node);
  const id = String(node.value);
  const isKey = node.parent?.type === 'property' && node.parent.children?.[0] === node;
  const group = (aid: string): string => {
    const found = index.accountGroups?.get(normalizeId(aid));
    return found
      ? `Account group ${aid}: ${found.name}`
      : `Account group ${aid} (not in the cached data of this connection)`;
  };
  if (kind === 'test' && path[0] === 'deployments' && path.length === 3) {
    const aid = String(path[2]);
    if (isKey) return aid === 'default' ? "The connection's default account group" : group(aid);
    return (
      `Deployed as test ${id} on ${String(path[1])} ` +
      `(${aid === 'default' ? 'default account group' : `account group ${aid}`})`
    );
  }
  if (isKey) return undefined;
  if (isPath(path, ['aid'])) return group(id);
  if (kind === 'test' && (isPath(path, ['agents', 'index', 'agentId']) || isPath(path, ['targetAgentId']))) {
    const agent = index.enterpriseAgents?.get(normalizeId(id));
    return agent
      ? `Enterprise agent ${id}: ${describeAgent(agent)}`
      : `Enterprise agent ${id} (not among those known from ${agentSources(catalog.enterpriseAgents ?? [])})`;
  }
  const key = kind === 'filter' ? filterKeyAt(root, path) : undefined;
  if (key === 'agentId') {
    const agent = index.endpointAgents?.get(id);
    return agent
      ? `Endpoint agent ${id}: ${describeAgent(agent)}`
      : `Endpoint agent ${id} (not in the cached data of this connection)`;
  }
  if (key === 'networkId') {
    const network = index.networks?.get(id);
    return network
      ? `Network ${id}: ${network.name}${network.detail ? ` (${network.detail})` : ''}`
      : `Network ${id} (not in the cached data of this connection)`;
  }
  return undefined;
}

/** "agent 12 · London, England, UK · Comcast (AS7922) — from the service's agent list (GET /v7/agents)" */
function agentDetail(a: CatalogAgent): string {
  const facts = [`agent ${a.agentId}`, a.location, a.network].filter(Boolean).join(' · ');
  return a.source ? `${facts} — from ${a.source}` : facts;
}
