// A user session's own route: its traceroute and pings from the user's device (what the user
// lived), where its latency jumps, and beside it the round of the scheduled test toward the same
// site nearest the session, with why the two can differ. The readings are the session panel's
// (sessionOverview, sessionSide), the localization the path's, the comparison path-agreement's.
import type { UserSessionDetail } from '../api/types';
import { measurementError } from '../api/types';
import { readPathRounds, readRoundTraces } from '../analysis/path/read-rounds';
import { localizePathTraces } from '../analysis/path/localize';
import { readPing, sessionOverview, type OverviewHop } from '../analysis/session';
import {
  compareWithSession,
  sessionSide,
  type SessionSide,
  type SourceAgreement,
} from '../analysis/session/path-agreement';
import type { RelatedTests } from '../analysis/session/related';
import type { NetworkChange } from '../analysis/session/network-changes';
import { roundMinute } from '../analysis/text/utc';
import { apiTimeIso, apiTimeUtcText } from '../analysis/time/api-time';
import { idString, SESSION_ID } from './args';
import { capList, omittedNote } from './bound';
import { fenced, idText, outside } from './fence';
import { CHANGE_WORDS, timelineAround } from './sessions';
import { readSurroundings } from './session-reads';
import type { ToolContext, ToolDefinition } from './types';

/** Hops answered at most: a traceroute is 30 hops; the rest is said to be left out. */
const MAX_HOPS = 40;
/** Path summaries read around the test's round: its round is within this of itself. */
const ROUND_MARGIN_S = 600;

type PingKind = 'gateway' | 'target' | 'vpn';
const PING_LABELS: Readonly<Record<PingKind, string>> = {
  gateway: 'Gateway ping',
  target: 'Target ping',
  vpn: 'VPN ping',
};

interface PingAnswer {
  ping: PingKind;
  measured: boolean;
  outcome: string;
  rttMs?: number;
  lossPct?: number;
  sent?: number;
  received?: number;
}

interface NextCall {
  tool: string;
  args: Record<string, unknown>;
}

/** One ping as the session reports it; a ping that measured nothing is "not measured", never 0 ms. */
function pingOf(kind: PingKind, raw: unknown, icmpBlocked = false): PingAnswer {
  const label = PING_LABELS[kind];
  const ping = readPing(raw);
  if (icmpBlocked)
    return { ping: kind, measured: false, outcome: `${label}: ICMP blocked by the target, not measured` };
  if (ping === undefined) return { ping: kind, measured: false, outcome: `${label}: not measured` };
  if (ping === 'failed')
    return { ping: kind, measured: false, outcome: `${label}: failed (${outside(measurementError(raw), 200)})` };
  const counts = { sent: ping.sent, received: ping.received };
  if (ping.received === 0)
    return { ping: kind, measured: true, ...counts, lossPct: 100, outcome: `${label}: no reply to ${ping.sent} pings` };
  const rttMs = Math.round(ping.avgRtt * 10) / 10;
  const lossPct = Math.round(ping.loss * 100);
  return { ping: kind, measured: true, ...counts, rttMs, lossPct, outcome: `${label}: ${rttMs} ms, ${lossPct} % loss` };
}

/** Gateway and target always; the VPN ping when the dialect reports one (v7), or says the session sent none. */
function pingsOf(session: UserSessionDetail): PingAnswer[] {
  const network = (session.network ?? {}) as Partial<UserSessionDetail['network']>;
  const pings = [pingOf('gateway', network.gatewayPing), pingOf('target', network.ping, network.icmpBlocked === true)];
  if (network.vpnPing !== undefined) pings.push(pingOf('vpn', network.vpnPing));
  else if (network.vpnPingReported === true)
    pings.push({ ping: 'vpn', measured: false, outcome: 'VPN ping: none (the session did not go through a VPN)' });
  return pings;
}

function hopOf(hop: OverviewHop): Record<string, unknown> {
  const network = [hop.asn, hop.prefix].filter(Boolean).join(' ');
  return {
    hop: hop.hop,
    address: outside(hop.ipAddress || '*', 60),
    ...(hop.name && hop.name !== hop.ipAddress ? { name: outside(hop.name, 200) } : {}),
    ...(network ? { network: outside(network, 100) } : {}),
    ...(hop.mpls ? { mpls: outside(hop.mpls, 100) } : {}),
    // A negative delay is the API's "no time measured".
    ...(hop.delayMs >= 0 ? { delayMs: hop.delayMs } : {}),
  };
}

const hopLine = (hop: Record<string, unknown>): string =>
  [
    `${String(hop['hop'])}. ${String(hop['address'])}${hop['name'] ? ` (${String(hop['name'])})` : ''}`,
    hop['network'] ? String(hop['network']) : '',
    hop['mpls'] ? `MPLS ${String(hop['mpls'])}` : '',
    typeof hop['delayMs'] === 'number' ? `${hop['delayMs']} ms` : 'no time',
  ]
    .filter(Boolean)
    .join(' · ');

/** Where the session's own traceroute puts loss and delay: the path's localization of its one trace. */
function ownLocalization(side: SessionSide): { latency?: string; increaseMs?: number; loss?: string } {
  if (!side.trace) return {};
  const found = localizePathTraces([side.trace], { agentName: () => side.agentName ?? side.agentId });
  const delay = found.delay[0];
  const loss = found.loss.find((f) => f.confident) ?? found.loss[0];
  return {
    ...(delay ? { latency: delay.line, increaseMs: Math.round(delay.increaseMs) } : {}),
    ...(loss ? { loss: loss.line } : {}),
  };
}

type Link = RelatedTests['links'][number];

/** The linked round nearest the session's time (the related tests are every test toward its site). */
function nearestLink(links: readonly Link[], timeMs: number): Link | undefined {
  const apart = (link: Link): number => Math.abs(link.roundId * 1000 - timeMs);
  return [...links].sort((a, b) => apart(a) - apart(b))[0];
}

interface Beside {
  link: Link;
  testName: string;
  agreement?: SourceAgreement;
  /** Why there is no comparison, when the round's traces could not be read. */
  why?: string;
}

async function besideTest(
  ctx: ToolContext,
  side: SessionSide,
  link: Link,
  names: Readonly<Record<string, string>>,
): Promise<Beside> {
  const { client } = ctx.account;
  const signal = ctx.signal ? { signal: ctx.signal } : {};
  const around = {
    from: new Date((link.roundId - ROUND_MARGIN_S) * 1000),
    to: new Date((link.roundId + ROUND_MARGIN_S) * 1000),
  };
  const [rounds, test] = await Promise.all([
    readPathRounds(client, link.testId, around, ctx.signal),
    client.getEndpointTest(link.testId, signal),
  ]);
  const testName = String(test.testName ?? `test ${link.testId}`);
  const round = rounds.find((r) => r.roundId === link.roundId);
  if (!round || round.agentIds.length === 0) return { link, testName, why: 'the test has no path trace at that round' };
  const traces = await readRoundTraces(client, link.testId, round.agentIds, round.roundId, ctx.signal);
  const agreement = compareWithSession(side, {
    testName,
    roundId: link.roundId,
    traces,
    agentName: (id) => names[id] ?? id,
  });
  return { link, testName, agreement };
}

interface Reads {
  session: UserSessionDetail;
  agentName: string | undefined;
  names: Readonly<Record<string, string>>;
  changes: readonly NetworkChange[];
  related: RelatedTests;
}

async function readSession(ctx: ToolContext, id: string): Promise<Reads> {
  const session = await ctx.account.client.getUserSession(id, ctx.signal ? { signal: ctx.signal } : {});
  const { names, context, related } = await readSurroundings(ctx, session);
  const agentName = names[String(session.agentId)];
  return { session, agentName, names, changes: context?.networkChanges ?? [], related };
}

/** The next call: the agent's timeline when its network changed (the likeliest cause), else the test's round. */
function nextCalls(reads: Reads, beside: Beside | undefined): NextCall[] {
  const timeline = reads.changes.length ? [timelineAround(reads.session, reads.changes)] : [];
  const path = beside
    ? [{ tool: 'localize_path', args: { testId: beside.link.testId, round: beside.link.roundId } }]
    : [];
  return [...timeline, ...path];
}

function besideData(beside: Beside | undefined, related: RelatedTests): Record<string, unknown> {
  if (!beside) return { noTest: outside(related.why ?? 'no scheduled test toward this site near the session', 300) };
  const { link, agreement } = beside;
  return {
    testRound: {
      testId: link.testId,
      roundId: link.roundId,
      test: outside(beside.testName, 200),
      sameAgent: link.agentId !== '',
      ...(agreement
        ? {
            agree: agreement.agree,
            disagreeOn: agreement.topics,
            session: { loss: outside(agreement.session.loss), latency: outside(agreement.session.latency) },
            path: { loss: outside(agreement.path.loss), latency: outside(agreement.path.latency) },
            whyTheyCanDiffer: agreement.reasons.map((r) => outside(r, 400)),
          }
        : { noComparison: outside(beside.why ?? '', 200) }),
    },
  };
}

function besideSentence(beside: Beside | undefined): string {
  if (!beside) return 'No scheduled test toward this site has a round near the session (see below).';
  const { link, agreement } = beside;
  const round =
    `test ${link.testId} round ${roundMinute(link.roundId)} (${link.roundId})` +
    `${link.agentId === '' ? ', measured by other agents' : ''}`;
  if (!agreement) return `Beside it: ${round}; it has no path trace to compare.`;
  return agreement.agree
    ? `Beside it: ${round}; the session and the test's path agree.`
    : `Beside it: ${round}; they disagree on ${agreement.topics.join(' and ')} (why they can differ: below).`;
}

function nextSentence(next: readonly NextCall[]): string {
  const [first] = next;
  if (!first) return '';
  if (first.tool === 'agent_timeline')
    return (
      `Next: agent_timeline with agent "${idText(first.args['agent'])}", from ${String(first.args['from'])} to ` +
      `${String(first.args['to'])} shows when the network changed and the sessions before and after` +
      `${next.length > 1 ? '; then localize_path with the testId and round above' : ''}.`
    );
  return "Next: localize_path with that testId and round shows where on the test's path it broke.";
}

export const sessionPath: ToolDefinition = {
  name: 'session_path',
  title: "A user session's own route",
  description:
    "A user session's own route from the user's device: its traceroute hops (address, name, network/AS, delay), its " +
    'pings (gateway, target, VPN; ICMP blocked is not measured), where its latency jumps, and beside it the ' +
    'nearest round of the scheduled test toward the same site (test id and round) with why the two can differ ' +
    '(another agent, another round, a change of ISP, public IP, Wi-Fi or VPN, another probe). data.next names ' +
    'the next call.',
  inputSchema: {
    type: 'object',
    properties: { userSessionId: SESSION_ID },
    required: ['userSessionId'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const id = idString(args, 'userSessionId') as string;
    const reads = await readSession(ctx, id);
    const { session, agentName, changes, related } = reads;
    const side = sessionSide(session, agentName, changes);
    const link = nearestLink(related.links, side.timeMs);
    // The session's own route is worth answering even when the test's round cannot be read.
    const beside = link
      ? await besideTest(ctx, side, link, reads.names).catch((error: unknown): Beside => {
          if (ctx.signal?.aborted) throw error;
          return { link, testName: `test ${link.testId}`, why: 'its path traces could not be read' };
        })
      : undefined;
    const { traceroute } = sessionOverview(session, agentName);
    const hops = capList(traceroute.hops.map(hopOf), MAX_HOPS);
    const pings = pingsOf(session);
    const own = ownLocalization(side);
    const [next, ...alsoNext] = nextCalls(reads, beside);
    const kinds = [...new Set(changes.map((c) => CHANGE_WORDS[c.kind]))];
    const data = {
      userSessionId: id,
      agentId: String(session.agentId),
      agent: outside(agentName ?? session.agentId, 100),
      site: outside(session.visitedSite, 200),
      date: apiTimeIso(session.date),
      traceroute: {
        destination: outside(traceroute.destination, 100),
        hops: hops.items,
        hopsLeftOut: hops.omitted,
        ...(traceroute.error !== undefined ? { error: outside(traceroute.error, 200) } : {}),
      },
      pings: pings.map((p) => ({ ...p, outcome: outside(p.outcome, 300) })),
      latencyJump: own.latency
        ? { increaseMs: own.increaseMs, line: outside(own.latency, 400) }
        : { line: side.trace ? 'no latency jump on the session traceroute' : 'no traceroute' },
      ...(own.loss ? { loss: outside(own.loss, 400) } : {}),
      ...besideData(beside, related),
      networkChanges: changes.slice(0, 5).map((change) => ({
        kind: change.kind,
        at: new Date(change.t).toISOString(),
        change: outside(change.text, 200),
      })),
      ...(next ? { next } : {}),
      ...(alsoNext.length ? { alsoNext } : {}),
    };
    const when = apiTimeUtcText(session.date) ?? 'time unknown';
    const hopCount = `${traceroute.hops.length} traceroute hop${traceroute.hops.length === 1 ? '' : 's'}`;
    const tracerouteSaid = traceroute.error !== undefined ? 'its traceroute failed' : hopCount;
    return {
      text: [
        `Session ${idText(id)}'s own route (${when}): ` +
          `${tracerouteSaid}; ${pings.filter((p) => p.measured).length} of ${pings.length} pings measured.`,
        own.latency ? 'Its latency jump is below (the localization of its own traceroute).' : '',
        besideSentence(beside),
        kinds.length ? `The agent's network changed around this session (${kinds.join(', ')}).` : '',
        nextSentence(next ? [next, ...alsoNext] : []),
        fenced(
          "the session's route, pings and comparison: hop names, networks, the site and errors come from the API",
          [
            `agent ${data.agent} · site ${data.site} · traceroute to ` +
              `${data.traceroute.destination || 'an unnamed destination'}`,
            ...hops.items.map(hopLine),
            ...omittedNote(hops.omitted, 'hops'),
            ...(traceroute.error !== undefined ? [`traceroute failed: ${traceroute.error}`] : []),
            ...pings.map((p) => p.outcome),
            ...(own.latency ? [`latency: ${own.latency}`] : []),
            ...(own.loss ? [`loss: ${own.loss}`] : []),
            ...(beside?.agreement?.lines ?? []),
            ...(beside && !beside.agreement ? [`test '${beside.testName}': ${beside.why ?? ''}`] : []),
            ...(beside ? [] : related.why ? [related.why] : []),
            ...changes.slice(0, 5).map((c) => c.text),
          ],
        ),
      ]
        .filter(Boolean)
        .join('\n'),
      data,
      opens: [{ command: 'netmon.openSessionOverview', title: 'Netmon: Open Session Overview', args: [id] }],
    };
  },
};
