// The rounds of a deployed enterprise test that a seeded path episode (path-episodes.ts) is in
// force for: what the emulator's events are derived from (its alerts come from evaluating rules
// over the rounds, routes/v7/alert-derivation.ts). An enterprise test that crosses a seeded
// transit (enterprise-results.ts) sees the transit's daily loss episode or route change on the
// agents that share it; here each such day becomes one occurrence, from the test's first round
// inside the episode to its first round after it (when the path is clean again).
// Pure: a function of the plans and the instants asked, never of the clock.
import { createHash } from 'node:crypto';
import type { TestAgent } from '../../api/types';
import { firstRoundFrom, type EnterprisePlan } from './enterprise-results';
import { addedMsOf, lossPercentOf, pathEpisodeWindow } from './path-episode-effects';
import type { PathEpisodeKind } from './path-episodes';

const DAY = 86400;

export interface TestEpisode {
  kind: PathEpisodeKind;
  plan: EnterprisePlan;
  day: number;
  /** The test's first round inside the episode (epoch s). */
  startSeconds: number;
  /** The test's first round after the episode (epoch s): later than "now" while it goes on. */
  endSeconds: number;
  /** lossEpisode: the day's loss (%); 0 for a route change. */
  lossPercent: number;
  /** ms the episode adds from its hop on. */
  addedMs: number;
  /** The test's agents that cross the seeded transit, in the test's agent order. */
  agents: TestAgent[];
}

/**
 * Occurrences of each plan's episode that started by `asOf` and had not ended before `fromSeconds`,
 * sorted by start, then test id. Instant tests have no schedule, hence no occurrences.
 */
export function testEpisodes(plans: readonly EnterprisePlan[], fromSeconds: number, asOf: number): TestEpisode[] {
  const found: TestEpisode[] = [];
  const firstDay = Math.floor(fromSeconds / DAY) - 1;
  const lastDay = Math.floor(asOf / DAY);
  for (const plan of plans) {
    const path = plan.path;
    if (!path || plan.instant) continue;
    const agents = plan.agents.filter((agent) => plan.sharers.has(String(agent.agentId)));
    if (agents.length === 0) continue;
    for (let day = firstDay; day <= lastDay; day++) {
      const window = pathEpisodeWindow(path, day);
      // The first round the test ran in the episode (its off-grid first round, if inside), and the first after it.
      const startSeconds = firstRoundFrom(plan, window.start);
      const endSeconds = firstRoundFrom(plan, window.end);
      if (startSeconds >= window.end || startSeconds > asOf || endSeconds <= fromSeconds) continue;
      const loss = path.kind === 'lossEpisode';
      found.push({
        kind: path.kind,
        plan,
        day,
        startSeconds,
        endSeconds,
        lossPercent: loss ? lossPercentOf(path, day) : 0,
        addedMs: loss ? 0 : addedMsOf(path, day),
        agents,
      });
    }
  }
  return found.sort((a, b) => a.startSeconds - b.startSeconds || a.plan.test.testId - b.plan.test.testId);
}

/** A stable id in uuid form for what `parts` name: the same world answers the same ids run after run. */
export function derivedUuid(...parts: readonly (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
