// A workspace's own list of enterprise agents (`.netmon/agents.json`), for services that do
// not list them: `{ "enterpriseAgents": [{ "agentId": 1000, "agentName": "Seattle",
// "location": "Seattle, WA" }] }` or the bare array. Read tolerantly: it is workspace content.
import { parseOutsideJson } from '../api/types';
import type { CatalogAgent } from './live-catalog';

export const AGENT_CATALOG_SOURCE = '.netmon/agents.json';

export function parseAgentCatalog(text: string, warn: (message: string) => void): CatalogAgent[] {
  let value: unknown;
  try {
    value = parseOutsideJson(text, 'the file');
  } catch (error) {
    warn(
      error instanceof SyntaxError
        ? `not valid JSON (${error.message})`
        : error instanceof Error
          ? error.message
          : String(error),
    );
    return [];
  }
  const list = Array.isArray(value) ? value : (value as { enterpriseAgents?: unknown } | null)?.enterpriseAgents;
  if (!Array.isArray(list)) {
    warn('expected { "enterpriseAgents": [ … ] }');
    return [];
  }
  return list.flatMap((entry): CatalogAgent[] => {
    const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const id = record['agentId'];
    if (typeof id !== 'number' && !(typeof id === 'string' && /^[0-9]+$/.test(id))) return [];
    const name = record['agentName'] ?? record['name'];
    const location = record['location'];
    return [
      {
        agentId: String(id),
        name: typeof name === 'string' ? name : `agent ${String(id)}`,
        ...(typeof location === 'string' ? { location } : {}),
        source: AGENT_CATALOG_SOURCE,
      },
    ];
  });
}
