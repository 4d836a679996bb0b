// Live rules: ids that do not exist in the connected account, from cached catalog data.
// Warnings, not errors: the cache may be stale and the service has the last word.
import type { Node } from 'jsonc-parser';
import type { DiagnosticSink } from '../diagnostic';
import type { DocumentKind } from '../kinds';
import {
  agentSources,
  indexCatalog,
  normalizeId,
  suggestAgents,
  type CatalogIndex,
  type LiveCatalog,
} from '../live-catalog';
import { isServiceKey } from '../binding';
import { resolveAgentNames } from '../agent-names';
import { arrayItems, idText, objectProperties, propertyValue, stringValue } from '../tree';

export function checkLiveIds(kind: DocumentKind, root: Node, catalog: LiveCatalog, sink: DiagnosticSink): void {
  const index = indexCatalog(catalog);
  checkAid(propertyValue(root, 'aid'), index, sink);
  if (kind === 'test') checkTestIds(root, catalog, index, sink);
  if (kind === 'filter') checkFilterIds(root, index, sink);
}

function checkAid(node: Node | undefined, index: CatalogIndex, sink: DiagnosticSink): void {
  const aid = idText(node);
  if (!node || aid === undefined || !index.accountGroups || aid === 'default') return;
  if (!index.accountGroups.has(normalizeId(aid)))
    sink.atNode(node, 'warning', 'live/unknown-account-group', `No account group ${aid} in this connection`, 'live');
}

function checkTestIds(root: Node, catalog: LiveCatalog, index: CatalogIndex, sink: DiagnosticSink): void {
  const agents = index.enterpriseAgents;
  if (agents) {
    const nodes = [
      ...arrayItems(propertyValue(root, 'agents')).map((agent) => propertyValue(agent, 'agentId')),
      propertyValue(root, 'targetAgentId'),
    ];
    const used = new Set(
      nodes
        .map(idText)
        .filter((id): id is string => id !== undefined)
        .map(normalizeId),
    );
    for (const node of nodes) {
      const id = idText(node);
      if (!node || id === undefined || agents.has(normalizeId(id))) continue;
      const nearest = suggestAgents(catalog.enterpriseAgents ?? [], id, used).map((a) => `${a.name} (${a.agentId})`);
      const hint = nearest.length > 0 ? `; did you mean ${nearest.join(', ')}?` : '';
      if (catalog.enterpriseAgentsComplete !== false)
        sink.atNode(node, 'warning', 'live/unknown-agent', `No enterprise agent ${id} in this account${hint}`, 'live');
      else
        sink.atNode(
          node,
          'info',
          'live/unlisted-agent',
          `Enterprise agent ${id} is not among those known from ${agentSources(catalog.enterpriseAgents ?? [])}; ` +
            'check the id (this service does not list its agents)',
          'live',
        );
    }
  }
  if (catalog.enterpriseAgents) checkAgentNames(root, catalog, sink);
  if (catalog.connectionKey === undefined) return;
  const serviceKey = catalog.connectionKey;
  for (const service of objectProperties(propertyValue(root, 'deployments')).filter((entry) =>
    isServiceKey(entry.name, serviceKey),
  )) {
    for (const { key } of objectProperties(service.value)) checkAid(key, index, sink);
  }
}

function checkFilterIds(root: Node, index: CatalogIndex, sink: DiagnosticSink): void {
  for (const filter of arrayItems(propertyValue(root, 'searchFilters'))) {
    const key = stringValue(propertyValue(filter, 'key'));
    const known = knownValues(key, index);
    if (!key || !known) continue;
    for (const valueNode of arrayItems(propertyValue(filter, 'values'))) {
      const value = idText(valueNode);
      if (valueNode && value !== undefined && !known.has(value)) {
        sink.atNode(
          valueNode,
          'warning',
          `live/unknown-${key}`,
          `No ${LABELS[key] ?? key} ${JSON.stringify(value)} in this account`,
          'live',
        );
      }
    }
  }
}

const LABELS: Readonly<Record<string, string>> = {
  agentId: 'endpoint agent',
  networkId: 'network',
  location: 'location',
  ssid: 'SSID',
};

function knownValues(key: string | undefined, index: CatalogIndex): { has(value: string): boolean } | undefined {
  switch (key) {
    case 'agentId':
      return index.endpointAgents;
    case 'networkId':
      return index.networks;
    case 'location':
      return index.locations;
    case 'ssid':
      return index.ssids;
    default:
      return undefined;
  }
}

/** Named agents: each name must be one agent of the account (an error once the list is complete). */
function checkAgentNames(root: Node, catalog: LiveCatalog, sink: DiagnosticSink): void {
  const items = arrayItems(propertyValue(root, 'agents'));
  const value = {
    agents: items.map((item) => ({
      agentName: stringValue(propertyValue(item, 'agentName')),
      agentId: propertyValue(item, 'agentId') ? 0 : undefined,
    })),
  };
  for (const problem of resolveAgentNames(value, catalog.enterpriseAgents ?? []).problems) {
    const node = propertyValue(items[problem.index], 'agentName');
    if (node)
      sink.atNode(
        node,
        catalog.enterpriseAgentsComplete === false ? 'warning' : 'error',
        'live/unknown-agent-name',
        problem.message,
        'live',
      );
  }
}
