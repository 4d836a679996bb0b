// Times as the panels, reports and the CLI write them: minutes, in UTC, said so.

/** "2026-11-18 09:40 UTC"; '' for a time that is not one. */
export function utcMinute(ms: number): string {
  return Number.isFinite(ms) ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
}

/** A round id (epoch seconds) as utcMinute writes it. */
export function roundMinute(roundId: number): string {
  return utcMinute(roundId * 1000);
}
