// A deployed test's results as text: the test's health, each kind's agents with their latest
// round and why, the path localization of network tests, the AS paths of BGP tests and the steps of API tests.
// Outside text (test, agent and AS names, the service's error details) is made one line
// each; callers make it terminal- or host-safe where they show it.
import { untrustedLine } from '../text/untrusted';
import { roundMinute } from '../text/utc';
import { apiStepsLines } from './api-steps-text';
import { bgpPathLines } from './bgp-text';
import type { Health } from './health';
import type { ResultsSummary } from './read';

export const HEALTH_MARK: Readonly<Record<Health, string>> = {
  ok: 'ok',
  degraded: 'DEGRADED',
  failing: 'FAILING',
  unknown: 'no data',
};

export function resultsText(summary: ResultsSummary): string {
  const lines = [
    `${untrustedLine(summary.testName)} (${summary.type} test ${summary.testId}): ${HEALTH_MARK[summary.health]}`,
  ];
  for (const kind of summary.kinds) {
    lines.push(
      '',
      `${kind.kind}: ${HEALTH_MARK[kind.health]} (${kind.agents.length} agent${kind.agents.length === 1 ? '' : 's'}, ` +
        `${kind.records} result${kind.records === 1 ? '' : 's'}${kind.complete ? '' : ', read in part'})`,
    );
    if (kind.agents.length === 0) lines.push('  no results in this range');
    const width = Math.min(40, Math.max(0, ...kind.agents.map((a) => untrustedLine(a.agentName, 40).length)));
    for (const agent of kind.agents) {
      lines.push(
        `  ${HEALTH_MARK[agent.health].padEnd(8)} ${untrustedLine(agent.agentName, 40).padEnd(width)}  ` +
          `${roundMinute(agent.roundId)}  ${untrustedLine(agent.reason)}`,
      );
    }
  }
  if (summary.networkNote) lines.push('', `Network: ${summary.networkNote}`);
  const found = summary.localization;
  if (found) {
    lines.push(
      '',
      `Path (${found.rounds.length} newest round${found.rounds.length === 1 ? '' : 's'}): ` +
        `${untrustedLine(found.headline, 400)}`,
    );
    for (const line of found.lines) if (line !== found.headline) lines.push(`  - ${untrustedLine(line, 400)}`);
  }
  for (const report of summary.bgpPaths ?? []) lines.push('', ...bgpPathLines(report));
  for (const round of summary.apiSteps ?? []) lines.push('', ...apiStepsLines(round));
  return lines.join('\n');
}
