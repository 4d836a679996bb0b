// Search filters compiled against a group once per request: a verdict per agent (for the
// facets a record takes from its agent), per trigger, per destination and per probe type.
// A record then matches when the verdicts of its indexed draws all pass, so lists skip
// non-matching records without generating them.
import { DESTINATIONS } from './catalog';
import { agentFacets, type GroupContext } from './context';
import type { Facets, FacetCondition, FacetFilter } from './model';
import { PROBE_TYPES } from './probes';
import { destinationFacets } from './sessions';
import { bssidPhases, dayPhase, type FeaturedPlan } from './episodes';

/** Which facets the records of a list carry besides their agent's. */
export type FacetScope = 'user-session' | 'session' | 'probe';

export interface CompiledFilter {
  /** False when no record can match (an empty verdict somewhere): lists stop at once. */
  possible: boolean;
  /**
   * 1 when the agent's own facets pass every condition on them, 0 when they do not, 2 when
   * that depends on the time (the featured Wi-Fi agent's BSSID): see `phased`.
   */
  agents: Uint8Array;
  /** For agents marked 2: their episode plan and whether they pass before, during and after the day's episode. */
  phased: Map<number, { plan: FeaturedPlan; passes: readonly [boolean, boolean, boolean] }>;
  /** auto, user. */
  triggers: [boolean, boolean];
  /** Per DESTINATIONS index (user sessions). */
  destinations: boolean[];
  /** Per PROBE_TYPES index (probes). */
  types: boolean[];
}

const DESTINATION_KEYS: readonly string[] = ['domain', 'visitedSite', 'destinationIp'];

function holds(condition: FacetCondition, facets: Partial<Facets>): boolean {
  const value = (facets as Record<string, unknown>)[condition.key];
  return value !== undefined && condition.values.has(String(value));
}

export function compileFilter(ctx: GroupContext, filter: FacetFilter, scope: FacetScope): CompiledFilter {
  const compiled: CompiledFilter = {
    possible: true,
    agents: new Uint8Array(ctx.size.endpointAgents),
    phased: new Map(),
    triggers: [true, true],
    destinations: DESTINATIONS.map(() => true),
    types: PROBE_TYPES.map(() => true),
  };
  const onAgents: FacetCondition[] = [];
  for (const condition of filter) {
    if (condition.key === 'trigger') {
      // Probes carry trigger "auto" (they are never started by a user).
      compiled.triggers = [
        holds(condition, { trigger: 'auto' }) && compiled.triggers[0],
        scope !== 'probe' && holds(condition, { trigger: 'user' }) && compiled.triggers[1],
      ];
    } else if (DESTINATION_KEYS.includes(condition.key)) {
      compiled.destinations = DESTINATIONS.map(
        (d, i) =>
          scope === 'user-session' && compiled.destinations[i] === true && holds(condition, destinationFacets(d)),
      );
    } else if (condition.key === 'type') {
      compiled.types = PROBE_TYPES.map(
        (type, i) => scope === 'probe' && compiled.types[i] === true && holds(condition, { type }),
      );
    } else {
      onAgents.push(condition);
    }
  }
  let anyAgent = false;
  for (const index of candidateAgents(ctx, onAgents)) {
    // Agent profiles are built on first use; without agent conditions none is needed.
    if (onAgents.length > 0) {
      const agent = ctx.agentAt(index);
      const phases = agent.connection === 'Wireless' ? bssidPhases(agent) : undefined;
      if (phases && agent.featured) {
        const base = agentFacets(agent, 'auto');
        const verdicts = phases.map((bssid) => onAgents.every((condition) => holds(condition, { ...base, bssid }))) as [
          boolean,
          boolean,
          boolean,
        ];
        if (verdicts.every((v) => !v)) continue;
        if (!verdicts.every(Boolean)) {
          compiled.agents[index] = 2;
          compiled.phased.set(index, { plan: agent.featured, passes: verdicts });
          anyAgent = true;
          continue;
        }
      } else if (!onAgents.every((condition) => holds(condition, agentFacets(agent, 'auto')))) continue;
    }
    compiled.agents[index] = 1;
    anyAgent = true;
  }
  compiled.possible =
    anyAgent && compiled.triggers.some(Boolean) && compiled.destinations.some(Boolean) && compiled.types.some(Boolean);
  return compiled;
}

/**
 * The agents a filter can pass: those an `agentId` condition names (a timeline's every page names
 * one agent of thousands), otherwise all of them.
 */
function candidateAgents(ctx: GroupContext, onAgents: readonly FacetCondition[]): Iterable<number> {
  const byId = onAgents.find((condition) => condition.key === 'agentId');
  if (!byId) return Array.from({ length: ctx.size.endpointAgents }, (_, index) => index);
  const named = [...byId.values].map((agentId) => ctx.agentIndexOf(agentId));
  return new Set(named.filter((index): index is number => index !== undefined));
}

/** Whether a record of agent `agentIndex` in round `roundId` passes the agent conditions. */
export function agentPasses(filter: CompiledFilter, agentIndex: number, roundId: number): boolean {
  const verdict = filter.agents[agentIndex];
  if (verdict !== 2) return verdict === 1;
  const phased = filter.phased.get(agentIndex);
  return phased !== undefined && phased.passes[dayPhase(phased.plan, roundId)] === true;
}
