// The Health panel's rows of a deployed test: one per agent, its latest round over every result
// kind, the grade in words (failing, degraded, silent, ok) and why, worst first. An agent of the
// test with no result in the range is silent. Pure: the panel (src/vscode/panels/health-*.ts)
// draws the rows; reasons may carry the service's error text, escaped where they are shown.
import { roundMinute } from '../text/utc';
import type { AgentHealth, Health } from './health';
import type { KindSummary } from './read';

export type HealthGrade = 'failing' | 'degraded' | 'silent' | 'ok';

export interface HealthRow {
  agentId: string;
  agentName: string;
  grade: HealthGrade;
  reason: string;
  /** The agent's latest round (epoch seconds) over every kind; undefined when it is silent. */
  roundId?: number;
}

const GRADE_OF: Readonly<Record<Health, HealthGrade>> = {
  failing: 'failing',
  degraded: 'degraded',
  unknown: 'silent',
  ok: 'ok',
};

export const GRADE_ORDER: Readonly<Record<HealthGrade, number>> = { failing: 0, degraded: 1, silent: 2, ok: 3 };

/**
 * One row per agent: the worst of its kinds (the first kind, the test's own, on a tie), said with that kind's reason
 * (named by its kind when the test has several), at its newest round; then the test's agents with no result at all,
 * silent since `since` (epoch seconds, the range's start).
 */
export function healthRows(
  kinds: readonly Pick<KindSummary, 'kind' | 'agents'>[],
  testAgents: readonly { agentId: string; agentName?: string }[] = [],
  since?: number,
): HealthRow[] {
  const several = kinds.filter((k) => k.agents.length > 0).length > 1;
  const byAgent = new Map<string, { worst: AgentHealth; kind: string; roundId: number }>();
  for (const { kind, agents } of kinds) {
    for (const agent of agents) {
      const seen = byAgent.get(agent.agentId);
      if (!seen) byAgent.set(agent.agentId, { worst: agent, kind, roundId: agent.roundId });
      else {
        seen.roundId = Math.max(seen.roundId, agent.roundId);
        if (GRADE_ORDER[GRADE_OF[agent.health]] < GRADE_ORDER[GRADE_OF[seen.worst.health]]) {
          seen.worst = agent;
          seen.kind = kind;
        }
      }
    }
  }
  const rows: HealthRow[] = [...byAgent.values()].map(({ worst, kind, roundId }) => ({
    agentId: worst.agentId,
    agentName: worst.agentName,
    grade: GRADE_OF[worst.health],
    reason: several ? `${kind}: ${worst.reason}` : worst.reason,
    roundId,
  }));
  const silentReason = since === undefined ? 'no result in this range' : `no result since ${roundMinute(since)}`;
  for (const agent of testAgents) {
    if (byAgent.has(agent.agentId) || rows.some((row) => row.agentId === agent.agentId)) continue;
    rows.push({
      agentId: agent.agentId,
      agentName: agent.agentName ?? agent.agentId,
      grade: 'silent',
      reason: silentReason,
    });
  }
  return rows.sort((a, b) => GRADE_ORDER[a.grade] - GRADE_ORDER[b.grade] || a.agentName.localeCompare(b.agentName));
}
