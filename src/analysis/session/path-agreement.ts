// When the session's own measurements and the scheduled test's path toward the same site
// disagree ("No loss localized" beside 20 % loss to the gateway; the latency jump at the
// gateway in one, inside an MPLS tunnel in the other), both are shown side by side, the
// session's first (it is what the user lived), with why they can differ: another agent,
// another round, another probe. Pure: the path panel, the session panel and the evidence
// bundles show what this says; none of them re-derives it.
import type { PathTrace, UserSessionDetail } from '../../api/types';
import { localizePathTraces, type DelayFinding, type Localization } from '../path/localize';
import { roundMinute } from '../text/utc';
import { readPing } from './verdict';
import { THRESHOLDS } from './thresholds';
import { sessionTraceroutePath } from './traceroute-path';
import { apiTimeMs } from '../time/api-time';
import { changesBetween, changeWords, type NetworkChange } from './network-changes';

/** What the session measured itself: its pings and its traceroute, from the user's device. */
export interface SessionSide {
  userSessionId: string;
  agentId: string;
  agentName?: string;
  timeMs: number;
  /** Loss of the session's ICMP pings, 0..1 (absent: not measured). */
  gatewayLoss?: number;
  targetLoss?: number;
  /** Average round trip of the session's pings to its gateway, ms (absent: not measured). */
  gatewayRttMs?: number;
  /** The host the session visited (what it pinged and traced to). */
  target?: string;
  /** The session's own traceroute, as a path trace. */
  trace?: PathTrace;
  /** Changes of the agent's ISP, public IP, Wi-Fi network or VPN around the session (its timeline's). */
  networkChanges?: readonly NetworkChange[];
}

/** The scheduled test's path toward the same site, at one round. */
export interface PathSide {
  testName: string;
  roundId: number;
  traces: readonly PathTrace[];
  agentName?: (agentId: string) => string;
}

export type Topic = 'loss' | 'latency';

export interface SourceStatement {
  source: string;
  loss: string;
  latency: string;
}

export interface SourceAgreement {
  agree: boolean;
  topics: Topic[];
  /** The session's own measurement: shown first. */
  session: SourceStatement;
  path: SourceStatement;
  /** Why the two can differ, in words; empty when they agree. */
  reasons: string[];
  /** The comparison as lines (banner, evidence, CLI). */
  lines: string[];
}

/** The session's side, read from its details. */
export function sessionSide(
  session: UserSessionDetail,
  agentName?: string,
  networkChanges?: readonly NetworkChange[],
): SessionSide {
  const network = session.network as Partial<UserSessionDetail['network']> | undefined;
  const loss = (raw: unknown): number | undefined => {
    const ping = readPing(raw);
    return ping && ping !== 'failed' ? ping.loss : undefined;
  };
  const gatewayPing = readPing(network?.gatewayPing);
  const gatewayRttMs =
    gatewayPing && gatewayPing !== 'failed' && gatewayPing.received > 0 ? gatewayPing.avgRtt : undefined;
  const gatewayLoss = loss(network?.gatewayPing);
  const targetLoss = loss(network?.ping);
  const trace = sessionTraceroutePath(session);
  const site =
    typeof session.visitedSite === 'string'
      ? session.visitedSite.replace(/^[a-z]+:\/\//i, '').replace(/[:/].*$/, '')
      : undefined;
  return {
    userSessionId: String(session.userSessionId),
    agentId: String(session.agentId),
    timeMs: apiTimeMs(session.date) ?? Number.NaN,
    ...(agentName ? { agentName } : {}),
    ...(gatewayLoss !== undefined ? { gatewayLoss } : {}),
    ...(targetLoss !== undefined ? { targetLoss } : {}),
    ...(gatewayRttMs !== undefined ? { gatewayRttMs } : {}),
    ...(site ? { target: site } : {}),
    ...(trace ? { trace } : {}),
    ...(networkChanges?.length ? { networkChanges } : {}),
  };
}

const pct = (loss: number): string => `${Math.round(loss * 100)} %`;
const lossy = (loss: number | undefined): boolean => loss !== undefined && loss >= THRESHOLDS.isp.lossWarn;

function sessionLoss(side: SessionSide): string {
  if (side.gatewayLoss === undefined && side.targetLoss === undefined) return 'loss not measured';
  if (!lossy(side.gatewayLoss) && !lossy(side.targetLoss)) return 'no loss to the gateway or the target';
  const parts = [
    side.gatewayLoss !== undefined ? `${pct(side.gatewayLoss)} loss to the gateway` : undefined,
    side.targetLoss !== undefined ? `${pct(side.targetLoss)} to the target` : undefined,
  ];
  return parts.filter(Boolean).join(', ');
}

/** Where a delay finding puts the latency: at the first hop (the agent's gateway), inside a tunnel, or on a link. */
function place(finding: DelayFinding | undefined, firstHops: ReadonlySet<string>): { key: string; words: string } {
  if (!finding) return { key: 'none', words: 'no latency jump' };
  const rise = `+${Math.round(finding.increaseMs)} ms`;
  if (finding.tunnel)
    return { key: `tunnel:${finding.tunnel.id}`, words: `latency jump ${rise} inside ${finding.tunnel.label}` };
  // From the agent: the link ends at its gateway; from a first hop: the gateway is where it starts.
  if (finding.from.kind === 'agent')
    return { key: 'gateway', words: `latency jump ${rise} at the gateway (${finding.to.label})` };
  // From the gateway to the next hop: the latency appears past the gateway (the access line), not at it.
  if (finding.from.ip !== undefined && firstHops.has(finding.from.ip))
    return {
      key: 'past-gateway',
      words: `latency jump ${rise} just past the gateway, between ${finding.from.label} and ${finding.to.label}`,
    };
  return {
    key: `link:${finding.to.ip ?? finding.to.id}`,
    words: `latency jump ${rise} between ${finding.from.label} and ${finding.to.label}`,
  };
}

/**
 * At or past the gateway, the session's own gateway ping is the figure beside the jump (the two must read as one
 * story).
 */
function withGatewayPing(placed: { key: string; words: string }, gatewayRttMs: number | undefined): string {
  if (gatewayRttMs === undefined || (placed.key !== 'gateway' && placed.key !== 'past-gateway')) return placed.words;
  return `${placed.words} (its own ping to the gateway: ${Math.round(gatewayRttMs)} ms)`;
}

function firstHopIps(traces: readonly PathTrace[]): Set<string> {
  const ips = new Set<string>();
  for (const trace of traces)
    for (const route of trace.routes.slice(0, 16)) {
      const first = route.hops.find((hop) => hop.hop === 1);
      if (first) ips.add(first.ipAddress);
    }
  return ips;
}

function pathLoss(localization: Localization): { lossy: boolean; words: string } {
  const found = localization.loss.find((finding) => finding.confident) ?? localization.loss[0];
  return found ? { lossy: true, words: found.line.replace(/\.$/, '') } : { lossy: false, words: 'no loss localized' };
}

/** Compares the session's own measurements with the test's path at one round. */
export function compareWithSession(session: SessionSide, path: PathSide): SourceAgreement {
  const name = path.agentName ?? ((id: string) => id);
  const localization = localizePathTraces(path.traces, { agentName: name });
  const sessionTrace = session.trace
    ? localizePathTraces([session.trace], { agentName: () => session.agentName ?? session.agentId })
    : undefined;
  const sessionPlace = place(sessionTrace?.delay[0], firstHopIps(session.trace ? [session.trace] : []));
  const pathPlace = place(localization.delay[0], firstHopIps(path.traces));
  const lossOfPath = pathLoss(localization);
  const sessionLossy = lossy(session.gatewayLoss) || lossy(session.targetLoss);
  const topics: Topic[] = [];
  const lossMeasured = session.gatewayLoss !== undefined || session.targetLoss !== undefined;
  if (lossMeasured && sessionLossy !== lossOfPath.lossy) topics.push('loss');
  if (sessionTrace && sessionPlace.key !== pathPlace.key) topics.push('latency');
  const agents = [...new Set(path.traces.map((trace) => String(trace.agentId)))];
  const statementSession: SourceStatement = {
    source:
      `This session (its own ping and traceroute from ${session.agentName ?? session.agentId}, ` +
      `${roundMinute(Math.floor(session.timeMs / 1000))})`,
    loss: sessionLoss(session),
    latency: session.trace ? withGatewayPing(sessionPlace, session.gatewayRttMs) : 'no traceroute',
  };
  const statementPath: SourceStatement = {
    source:
      `The test '${path.testName}' (its path trace from ${agents.length} agent${agents.length === 1 ? '' : 's'}, ` +
      `round ${roundMinute(path.roundId)})`,
    loss: lossOfPath.words,
    latency: pathPlace.words,
  };
  const reasons = topics.length ? whyTheyDiffer(session, path, agents, name) : [];
  const lines = [
    `${statementSession.source}: ${statementSession.loss}; ${statementSession.latency}.`,
    `${statementPath.source}: ${statementPath.loss}; ${statementPath.latency}.`,
  ];
  if (topics.length) {
    lines.unshift(`The session and the test's path disagree on ${topics.join(' and ')}:`);
    lines.push(`Why they can differ: ${reasons.join('; ')}.`);
  }
  return { agree: topics.length === 0, topics, session: statementSession, path: statementPath, reasons, lines };
}

function whyTheyDiffer(
  session: SessionSide,
  path: PathSide,
  agents: readonly string[],
  name: (id: string) => string,
): string[] {
  const reasons: string[] = [];
  const who = session.agentName ?? session.agentId;
  if (!agents.includes(session.agentId)) {
    const others =
      agents.slice(0, 3).map(name).join(', ') + (agents.length > 3 ? ` and ${agents.length - 3} more` : '');
    reasons.push(`different agent: the session was measured on ${who}, the test's path by ${others || 'no agent'}`);
  }
  // A change of the agent's line between the session and the round is the likeliest cause: it comes first after the
  // agent.
  const changed = changesBetween(session.networkChanges ?? [], session.timeMs, path.roundId * 1000);
  if (changed.length > 0)
    reasons.push(
      `the agent's network changed between the session and the round: ` +
        `${changed.slice(0, 3).map(changeWords).join(', then ')}`,
    );
  const apartMin = Math.round((path.roundId * 1000 - session.timeMs) / 60_000);
  if (Number.isFinite(apartMin) && Math.abs(apartMin) >= 1) {
    reasons.push(
      `different round: the test's round is ${Math.abs(apartMin)} min ${apartMin > 0 ? 'after' : 'before'} the session`,
    );
  }
  const server = path.traces.find((trace) => typeof trace.server === 'string')?.server;
  reasons.push(
    `different probe: the session pinged (ICMP) its gateway and ${session.target ?? 'the site'} ` +
      `and traced from the device; the test traces${server ? ` to ${String(server)}` : ''} with its own probes`,
  );
  return reasons;
}
