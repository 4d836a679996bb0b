// Documents may name an enterprise agent instead of giving its id — `{ "agentName":
// "Seattle, WA" }` — so they read well and move between account groups. The name is
// resolved against the account's agents at plan and deploy time, by one resolver shared by
// the editor, its diagnostics and `netmon plan` / `apply`.
import type { CatalogAgent } from './live-catalog';

export interface ResolvedName {
  index: number;
  agentName: string;
  agentId: number;
}
export interface NameProblem {
  index: number;
  agentName: string;
  message: string;
}

export interface NameResolution {
  /** The document's value with every named agent given its id (unchanged when none is named). */
  value: unknown;
  resolved: ResolvedName[];
  problems: NameProblem[];
}

const key = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether the document names any agent (then it needs the account's agents to deploy). */
export function namesAgents(value: unknown): boolean {
  return agentEntries(value).some(isNamedOnly);
}

function isNamedOnly(agent: Record<string, unknown>): boolean {
  return typeof agent['agentName'] === 'string' && agent['agentId'] === undefined;
}

export function resolveAgentNames(value: unknown, agents: readonly CatalogAgent[]): NameResolution {
  const entries = agentEntries(value);
  if (!entries.some(isNamedOnly)) return { value, resolved: [], problems: [] };
  const byName = new Map<string, CatalogAgent[]>();
  for (const agent of agents) byName.set(key(agent.name), [...(byName.get(key(agent.name)) ?? []), agent]);
  const resolved: ResolvedName[] = [];
  const problems: NameProblem[] = [];
  const next = entries.map((agent, index) => {
    if (!isNamedOnly(agent)) return agent;
    const agentName = agent['agentName'] as string;
    const matches = byName.get(key(agentName)) ?? [];
    if (matches.length === 1 && /^[0-9]+$/.test(matches[0]!.agentId)) {
      const agentId = Number(matches[0]!.agentId);
      resolved.push({ index, agentName, agentId });
      return { agentId };
    }
    problems.push({
      index,
      agentName,
      message: matches.length > 1 ? ambiguous(agentName, matches) : unknown(agentName, agents),
    });
    return agent;
  });
  return { value: { ...(value as Record<string, unknown>), agents: next }, resolved, problems };
}

function ambiguous(name: string, matches: readonly CatalogAgent[]): string {
  const candidates = matches.map((a) => `${a.agentId}${a.location ? ` (${a.location})` : ''}`);
  return `Agent name "${name}" is ambiguous: ${candidates.join(', ')}; use agentId`;
}

function unknown(name: string, agents: readonly CatalogAgent[]): string {
  const near = nearestNames(name, agents);
  const suggestion = near.length > 0 ? `; did you mean ${near.map((a) => `"${a.name}"`).join(', ')}?` : '';
  return `No enterprise agent named "${name}"${suggestion}`;
}

/** Names sharing the most words with `name`, then the closest in spelling. */
function nearestNames(name: string, agents: readonly CatalogAgent[]): CatalogAgent[] {
  const words = new Set(
    key(name)
      .split(/[\s,]+/)
      .filter(Boolean),
  );
  const score = (agent: CatalogAgent): number =>
    key(agent.name)
      .split(/[\s,]+/)
      .filter((w) => words.has(w)).length;
  return agents
    .map((agent) => ({ agent, score: score(agent), distance: editDistance(key(name), key(agent.name)) }))
    .filter(({ score: s, distance }) => s > 0 || distance <= Math.max(2, name.length / 3))
    .sort((a, b) => b.score - a.score || a.distance - b.distance)
    .slice(0, 3)
    .map(({ agent }) => agent);
}

/** Levenshtein distance of short strings (agent names), bounded in length. */
function editDistance(a: string, b: string): number {
  const x = a.slice(0, 64);
  const y = b.slice(0, 64);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[y.length]!;
}

function agentEntries(value: unknown): Record<string, unknown>[] {
  const agents = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['agents'] : undefined;
  return Array.isArray(agents)
    ? agents.map((a) => (typeof a === 'object' && a !== null ? (a as Record<string, unknown>) : {}))
    : [];
}
