// "Run Now" on a scheduled test document: the same target run once as an instant test from
// endpoint agents, before anything is deployed (on v6 the only Run Now; on v7 beside the run
// from the document's own enterprise agents). Instant tests exist for agent-to-server and
// http-server only, and carry fewer fields: the target (url; server and port; the network
// protocol of an http-server test) is mapped, and what could not be carried over is named,
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

/** The test types that have an endpoint-agent instant counterpart (v6 `endpoint-instant`, v7 `…/instant`). */
export const ENDPOINT_RUNNABLE_TYPES: readonly string[] = ['agent-to-server', 'http-server'];
const RUNNABLE = new Set(ENDPOINT_RUNNABLE_TYPES);

/** An http-server test's `protocol` as the instant test's `networkProtocol` (instant tests have no UDP). */
const NETWORK_PROTOCOLS: Readonly<Record<string, string>> = { tcp: 'TCP', icmp: 'ICMP' };

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

/** Undefined when the test type has no instant form (say so to the user: `endpointRunNow` gives the reason). */
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
  const notCarried = Object.keys(WHY)
    .filter((field) => document[field] !== undefined)
    .map((field) => ({ field, why: WHY[field]! }));
  const protocol = document['protocol'];
  if (type === 'http-server') {
    instant['url'] = document['url'];
    const networkProtocol = typeof protocol === 'string' ? NETWORK_PROTOCOLS[protocol] : undefined;
    if (networkProtocol) instant['networkProtocol'] = networkProtocol;
    else if (protocol !== undefined)
      notCarried.push({ field: 'protocol', why: 'instant tests measure the network over TCP or ICMP only' });
  } else {
    const target = serverTarget(String(document['server'] ?? ''));
    // A port in the server (host:port) is the one the test uses; else its port field.
    if (target['port'] === undefined && typeof document['port'] === 'number') target['port'] = document['port'];
    Object.assign(instant, target);
    if (protocol !== undefined)
      notCarried.push({ field: 'protocol', why: 'agent-to-server instant tests have no protocol field' });
  }
  return { instant, notCarried };
}

/** A test document's run from endpoint agents, or why it has none (the words a lens or a message can show). */
export type EndpointRunNow = { plan: RunNowPlan; reason?: undefined } | { plan?: undefined; reason: string };

/** The endpoint-agent instant test a test document stands for, or the reason it has none. */
export function endpointRunNow(document: unknown, runAt: Date = new Date()): EndpointRunNow {
  const plan = runNowPlan(document, runAt);
  if (plan) return { plan };
  const type = isRecord(document) ? document['type'] : undefined;
  if (typeof type !== 'string') return { reason: 'the document names no test type' };
  return {
    reason:
      `a ${type.slice(0, 40)} test has no endpoint-agent instant form: endpoint agents run ` +
      `${ENDPOINT_RUNNABLE_TYPES.join(' and ')} instant tests only`,
  };
}

/** `host:port` splits into serverName and port; a bare host (or an IPv6 literal) stays whole. */
function serverTarget(server: string): Record<string, unknown> {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(server);
  if (!match) return { serverName: server };
  return { serverName: match[1]!.replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}
