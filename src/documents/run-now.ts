// "Run Now" on a scheduled test document: the same target run once as an instant test from
// endpoint agents, before anything is deployed. Instant tests exist for agent-to-server
// and http-server only, and carry fewer fields: what could not be carried over is named,
// so the result is never mistaken for the scheduled test's.

export interface RunNowPlan {
  /** An instant-test document (valid for netmon-instant) of the same target. */
  instant: Record<string, unknown>;
  /** Fields of the test document the instant test does not have, and why. */
  notCarried: { field: string; why: string }[];
}

/** Endpoint agents that run it: instant tests need a number, scheduled tests have none. */
export const RUN_NOW_MAX_MACHINES = 5;

const WHY: Readonly<Record<string, string>> = {
  agents:
    `instant tests run on endpoint agents (up to ${RUN_NOW_MAX_MACHINES} here), not on the document's ` +
    'enterprise agents',
  targetAgentId: 'instant tests have no far-end agent',
  interval: 'an instant test runs once',
  enabled: 'an instant test runs once',
};

const RUNNABLE = new Set(['agent-to-server', 'http-server']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An instant run's name: the test's, with the run's time (names are unique in an account group, so a second run would
 * be refused).
 */
export function runNowName(testName: string, runAt: Date): string {
  return `${testName} (run now ${runAt.toISOString().slice(11, 19)} UTC)`;
}

/** Undefined when the test type has no instant form (say so to the user). */
export function runNowPlan(document: unknown, runAt: Date = new Date()): RunNowPlan | undefined {
  if (!isRecord(document) || typeof document['type'] !== 'string' || !RUNNABLE.has(document['type'])) return undefined;
  const type = document['type'];
  const testName = typeof document['testName'] === 'string' ? document['testName'] : 'Run now';
  const instant: Record<string, unknown> = {
    type,
    testName: runNowName(testName, runAt),
    maxMachines: RUN_NOW_MAX_MACHINES,
  };
  if (document['aid'] !== undefined) instant['aid'] = document['aid'];
  if (type === 'http-server') instant['url'] = document['url'];
  else Object.assign(instant, serverTarget(String(document['server'] ?? '')));
  const notCarried = Object.keys(WHY)
    .filter((field) => document[field] !== undefined)
    .map((field) => ({ field, why: WHY[field]! }));
  return { instant, notCarried };
}

/** `host:port` splits into serverName and port; a bare host (or an IPv6 literal) stays whole. */
function serverTarget(server: string): Record<string, unknown> {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(server);
  if (!match) return { serverName: server };
  return { serverName: match[1]!.replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}
