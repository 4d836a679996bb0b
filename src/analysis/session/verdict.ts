// Which segment between the user and the site is most likely to blame. Each segment is
// graded on its own measurements by the one verdict model (grading.ts, shared with the
// timeline); the verdict is the worst grade, and among equal grades the one closest to the
// user, because an upstream problem shows up downstream too (a bad Wi-Fi link also makes the
// gateway, the ISP path and the page look slow). What one session cannot know by itself
// (the agent's normal toward the target, the tunnel it went through, the first byte from the
// page list) comes in a SessionContext, read from the session's neighbours.
import type { NetworkChange } from './network-changes';
import type { UserSessionDetail } from '../../api/types';
import { asArray, asNumber, asRecord, asString } from '../har/narrow';
import { measurementError } from '../../api/types';
import {
  alsoText,
  BASELINE_WORDS,
  blameOf,
  firstByteRoundTrips,
  deviceFindings,
  distanceBaseline,
  gradedSegment,
  greatCircleKm,
  hopFindings,
  ispFindings,
  jitterFindings,
  lossBeyondGateway,
  normalBaseline,
  pageFindings,
  serverFindings,
  tunnelAtNormal,
  wifiFindings,
  SEGMENTS,
  SEGMENT_LABELS,
  tooFewForNormal,
  type Baseline,
  type Finding,
  type FirstByteNetwork,
  type GradedSegment,
  type LossMeasure,
  type Segment,
  type WifiMeasure,
} from './grading';
import { THRESHOLDS } from './thresholds';
import { withScoreFindings, type TopologyScores } from './topology-scores';

export { SEGMENTS, SEGMENT_LABELS, type Segment, type Finding } from './grading';
export type Grade = 'ok' | 'warn' | 'bad' | 'unknown';
export type SegmentGrade = GradedSegment;

export interface Verdict {
  /** The segment to look at first, or undefined when every measured segment is fine. */
  worst?: Segment;
  /** Further segments the blamed one does not explain (loss beyond a clean gateway). */
  also?: Segment[];
  grade: Grade;
  /** One line for the top of the panel. */
  line: string;
  segments: SegmentGrade[];
}

export interface PingSummary {
  avgRtt: number;
  loss: number;
  sent: number;
  received: number;
}

/** A failed ping is a string or `{ error }`; a ping with nothing sent says nothing. */
export function readPing(ping: unknown): PingSummary | 'failed' | undefined {
  if (measurementError(ping) !== undefined) return 'failed';
  const p = asRecord(ping);
  const sent = asNumber(p.pktsSent, 0);
  if (sent <= 0) return undefined;
  const received = Math.min(sent, Math.max(0, asNumber(p.pktsReceived, 0)));
  return { avgRtt: asNumber(p.avgRtt, 0), loss: 1 - received / sent, sent, received };
}

export interface PingMeasure {
  rttMs: number;
  lost: number;
  sent: number;
  jitterMs?: number;
}
export interface LatLon {
  lat: number;
  lon: number;
}

/** What a session measured, as plain numbers (kept by the timeline for each session read). */
export interface SessionMeasures {
  cpu?: number;
  memory?: number;
  /** Absent on a wired session. */
  wifi?: WifiMeasure;
  /** A ping with at least one reply; 'failed' when it errored or nothing came back (no round trip measured). */
  gateway?: PingMeasure | 'failed';
  target?: PingMeasure | 'failed';
  /** The service says ICMP to the target is blocked: its ping measures nothing (never 0 ms, never 100 % loss). */
  icmpBlocked?: boolean;
  connectMs?: number;
  /** The session's own ping to its VPN concentrator (v7 `vpnPing`): present only when it went through the tunnel. */
  vpn?: PingMeasure | 'failed';
  /**
   * The dialect reports a session's VPN ping whenever the session went through the tunnel (v7), so
   * its absence says the session did not: the VPN probe nearby then says nothing about it.
   */
  vpnPingReported?: boolean;
  /** The page's scheme ("https", "http"): how many round trips its connection took. */
  protocol?: string;
  location?: LatLon;
  pages: { title: string; onLoadMs?: number; code: number }[];
}

export interface SessionContext {
  /**
   * The agent's normal round trip toward this session's target (the same host or site, never
   * other targets), ms: set only from THRESHOLDS.baseline.minSamples round trips or more.
   */
  normalRttMs?: number;
  /** How many round trips toward the target the normal was read from; set without normalRttMs when too few. */
  normalSamples?: number;
  /** Where the target is, for the distance floor when no normal is known. */
  targetLocation?: LatLon;
  /** The VPN concentrator or proxy the agent went through then (its probe). */
  tunnel?: { type: string; target: string; rttMs?: number; loss?: LossMeasure };
  /** First byte of the main document (ms) and where it was read ("HAR wait", "page list"). */
  firstByteMs?: number;
  firstByteSource?: string;
  /** The server's own time (ms) when the data says it (Server-Timing), and where it was read. */
  serverMs?: number;
  serverSource?: string;
  /** v7 topology scores of the probes nearest the session (topology-scores.ts), when they carry them. */
  scores?: TopologyScores;
  /** Changes of the agent's ISP, public IP, Wi-Fi network or VPN around the session, as its timeline detects them. */
  networkChanges?: NetworkChange[];
}

/** Pages the verdict reads, at most (outside data decides nothing about our work). */
const MAX_PAGES = 255;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const net = (s: UserSessionDetail): Record<string, unknown> => asRecord(s.network);

function pingMeasure(raw: unknown): PingMeasure | 'failed' | undefined {
  const p = readPing(raw);
  if (typeof p !== 'object') return p;
  // Nothing came back: no round trip was measured (the API's avgRtt 0 is no answer, not 0 ms).
  if (p.received === 0) return 'failed';
  // The ping's mean deviation is its jitter; unknown when nothing came back.
  const deviation = asRecord(raw).meanDevRtt;
  return {
    rttMs: p.avgRtt,
    lost: p.sent - p.received,
    sent: p.sent,
    ...(p.received > 1 && finite(deviation) && deviation >= 0 ? { jitterMs: deviation } : {}),
  };
}

export function readSessionMeasures(session: UserSessionDetail): SessionMeasures {
  const n = net(session);
  const m = asRecord(n.systemMetrics);
  const total = asNumber(m.physicalMemoryTotalBytes, 0);
  const usedMean = asRecord(m.physicalMemoryUsedBytes).mean;
  const cpuMean = asRecord(m.cpuUtilization).mean;
  const w = asRecord(asRecord(n.networkProfile).wirelessProfile);
  const coordinates = asRecord(session.coordinates);
  const gateway = pingMeasure(n.gatewayPing);
  const target = pingMeasure(n.ping);
  const vpn = n.vpnPing === undefined ? undefined : (pingMeasure(n.vpnPing) ?? 'failed');
  const protocol = asString(session.protocol);
  const connect = asNumber(asRecord(n.connect).rtt, -1);
  return {
    ...(finite(cpuMean) ? { cpu: cpuMean } : {}),
    ...(total > 0 && finite(usedMean) ? { memory: usedMean / total } : {}),
    ...(Object.keys(w).length > 0 ? { wifi: wifiOf(w) } : {}),
    ...(gateway ? { gateway } : {}),
    // ICMP blocked: whatever the ping object says, the target's round trip and loss were not measured.
    ...(target ? { target: n.icmpBlocked === true ? 'failed' : target } : {}),
    ...(n.icmpBlocked === true ? { icmpBlocked: true } : {}),
    ...(connect >= 0 ? { connectMs: connect } : {}),
    ...(vpn ? { vpn } : {}),
    ...(n.vpnPingReported === true ? { vpnPingReported: true } : {}),
    ...(protocol ? { protocol } : {}),
    ...(finite(coordinates.latitude) && finite(coordinates.longitude)
      ? { location: { lat: coordinates.latitude, lon: coordinates.longitude } }
      : {}),
    pages: asArray(session.pages)
      .slice(0, MAX_PAGES)
      .map((page) => {
        const p = asRecord(page);
        const onLoad = asNumber(asRecord(p.pageTimings).onLoad, -1);
        // −1 is "not applicable" (the page never fired onLoad): no load time, not a fast one.
        return {
          title: asString(p.title, 'a page'),
          code: asNumber(p.responseCode, 0),
          ...(onLoad >= 0 ? { onLoadMs: onLoad } : {}),
        };
      }),
  };
}

function wifiOf(w: Record<string, unknown>): WifiMeasure {
  const rssi = finite(w.rssi) ? w.rssi : undefined;
  const noise = finite(w.noise) && w.noise < 0 ? w.noise : undefined;
  return {
    ...(rssi === undefined ? {} : { rssi }),
    ...(rssi !== undefined && noise !== undefined ? { snr: rssi - noise } : {}),
    ...(finite(w.quality) ? { quality: w.quality } : {}),
    ...(finite(w.txRate) ? { txRate: w.txRate } : {}),
  };
}

export function sessionVerdict(session: UserSessionDetail, context: SessionContext = {}): Verdict {
  return gradeSession(readSessionMeasures(session), context);
}

/** A normal the context gives is a baseline unless it says it came from too few round trips. */
const enoughNormal = (context: SessionContext): boolean =>
  context.normalRttMs !== undefined &&
  (context.normalSamples === undefined || context.normalSamples >= THRESHOLDS.baseline.minSamples);

/**
 * The session's baseline: the agent's normal toward the same target when the context knows one
 * from enough round trips, else the distance floor when both ends are located, else none.
 */
export function baselineOf(m: SessionMeasures, context: SessionContext): Baseline | undefined {
  if (enoughNormal(context))
    return {
      source: 'normal',
      rttMs: context.normalRttMs!,
      ...(context.normalSamples ? { samples: context.normalSamples } : {}),
    };
  if (m.location && context.targetLocation) return distanceBaseline(greatCircleKm(m.location, context.targetLocation));
  return undefined;
}

/** Why the session has no baseline, in words: the round trips toward its target, and the locations. */
function noBaselineWords(m: SessionMeasures, context: SessionContext): string {
  const normal =
    context.normalSamples === undefined ? 'no normal toward this target known' : tooFewForNormal(context.normalSamples);
  const where = !m.location ? "the agent's location" : "the target's location";
  return `${normal}; no distance floor without ${where}`;
}

/** The target's ping when it measured something: answered at least once and not ICMP-blocked. */
function answeredPing(m: SessionMeasures): PingMeasure | undefined {
  return typeof m.target === 'object' && !m.icmpBlocked && m.target.sent - m.target.lost > 0 ? m.target : undefined;
}

export function segmentFindings(m: SessionMeasures, context: SessionContext): Record<Segment, Finding[] | undefined> {
  const gateway = typeof m.gateway === 'object' && m.gateway.sent - m.gateway.lost > 0 ? m.gateway : undefined;
  const target = answeredPing(m);
  const gatewayLoss = gateway ? gateway.lost / gateway.sent : 0;
  const slowest = m.pages
    .filter((p) => p.onLoadMs !== undefined)
    .reduce<{ title: string; onLoadMs: number } | undefined>(
      (a, p) => (a && a.onLoadMs >= (p.onLoadMs as number) ? a : { title: p.title, onLoadMs: p.onLoadMs as number }),
      undefined,
    );
  const errors = (from: number, to: number): { count: number; code: number } | undefined => {
    const hit = m.pages.filter((p) => p.code >= from && p.code < to);
    return hit.length ? { count: hit.length, code: hit[0]?.code ?? from } : undefined;
  };
  const serverErrors = errors(500, 600);
  const clientErrors = errors(400, 500);
  const baseline = baselineOf(m, context);
  const isp: Finding[] | undefined =
    m.target === undefined || m.icmpBlocked
      ? undefined
      : target
        ? [
            ...ispFindings(
              target.rttMs,
              lossBeyondGateway({ lost: target.lost, sent: target.sent }, gatewayLoss),
              baseline,
              noBaselineWords(m, context),
            ),
            ...jitterFindings(target.jitterMs, 'ping mean deviation'),
          ]
        : [{ segment: 'isp', grade: 'warn', message: 'the target did not answer ping' }];
  return {
    device: m.cpu === undefined && m.memory === undefined ? undefined : deviceFindings(m.cpu, m.memory),
    // Without RSSI the link is not measured (as the timeline reads it): never "within normal ranges".
    wifi: m.wifi?.rssi !== undefined ? wifiFindings(m.wifi) : undefined,
    gateway:
      m.gateway === undefined
        ? undefined
        : gateway
          ? hopFindings('gateway', 'the gateway', gateway.rttMs, { lost: gateway.lost, sent: gateway.sent })
          : // Many gateways ignore ping; that alone says nothing about forwarding.
            [
              {
                segment: 'gateway',
                grade: 'ok',
                message: 'the gateway did not answer ping (many ignore it): not graded',
              },
            ],
    tunnel: tunnelFindings(m, context, isp),
    // ICMP blocked: the ISP path is not measured by ping (never 0 ms, never 100 % loss).
    isp,
    server:
      context.firstByteMs === undefined && context.serverMs === undefined && m.connectMs === undefined && !serverErrors
        ? undefined
        : serverFindings({
            ...(context.serverMs === undefined
              ? {}
              : {
                  serverMs: context.serverMs,
                  ...(context.serverSource ? { serverSource: context.serverSource } : {}),
                }),
            ...(context.firstByteMs === undefined
              ? {}
              : {
                  firstByteMs: context.firstByteMs,
                  ...(context.firstByteSource ? { firstByteSource: context.firstByteSource } : {}),
                  ...firstByteNetwork(m, context, target),
                }),
            ...(m.connectMs === undefined ? {} : { connectMs: m.connectMs }),
            ...(target ? { pingMs: target.rttMs } : {}),
            ...(serverErrors ? { serverErrors } : {}),
          }),
    page: !slowest && !clientErrors ? undefined : pageFindings(slowest, clientErrors),
  };
}

/**
 * The network's share of the page's first byte: the round trips it includes (firstByteRoundTrips)
 * at the session's own round trip to the target (its ping, else its TCP connect: SYN to SYN-ACK is
 * one round trip), else the agent's normal toward the target; with none, why not.
 */
function firstByteNetwork(
  m: SessionMeasures,
  context: SessionContext,
  target: PingMeasure | undefined,
): { network: FirstByteNetwork } | { noNetwork: string } {
  const rtt: { rttMs: number; rttSource: string } | undefined = target
    ? { rttMs: target.rttMs, rttSource: "the round trip from this session's ping to the target" }
    : m.connectMs !== undefined && m.connectMs > 0
      ? { rttMs: m.connectMs, rttSource: "the round trip from this session's TCP connect" }
      : enoughNormal(context)
        ? { rttMs: context.normalRttMs!, rttSource: `the round trip from ${BASELINE_WORDS.normal}` }
        : undefined;
  if (!rtt) return { noNetwork: 'no round trip to the target measured' };
  return { network: { ...rtt, ...firstByteRoundTrips(context.firstByteSource, m.protocol) } };
}

/** The tunnel's words: the concentrator or proxy the context names, else the session's own. */
function tunnelWhat(context: SessionContext): string {
  const t = context.tunnel;
  return t ? `the ${t.type === 'vpn' ? 'VPN concentrator' : 'proxy'} ${t.target}` : 'the VPN concentrator';
}

/**
 * The VPN/proxy segment: on the session's own VPN ping (v7 `vpnPing`, sent only when the session
 * went through the tunnel) when it has one, else on the probe nearest to it, as the timeline
 * grades it (the timeline has no per-session VPN ping). Either way its latency is not blamed
 * while the target's round trip is at the agent's normal (tunnelAtNormal).
 */
function tunnelFindings(
  m: SessionMeasures,
  context: SessionContext,
  isp: readonly Finding[] | undefined,
): Finding[] | undefined {
  const probe = context.tunnel;
  let findings: Finding[] | undefined;
  if (typeof m.vpn === 'object')
    findings = hopFindings('tunnel', `${tunnelWhat(context)} (this session's VPN ping)`, m.vpn.rttMs, {
      lost: m.vpn.lost,
      sent: m.vpn.sent,
    });
  else if (m.vpn === 'failed')
    findings = [
      {
        segment: 'tunnel',
        grade: 'ok',
        message: `${tunnelWhat(context)} did not answer this session's VPN ping (many ignore it): not graded`,
      },
    ];
  else if (probe?.type === 'vpn' && m.vpnPingReported)
    findings = [
      {
        segment: 'tunnel',
        grade: 'ok',
        message: `this session did not go through ${tunnelWhat(context)} (no VPN ping of its own): not graded`,
      },
    ];
  else if (probe && (probe.rttMs !== undefined || probe.loss !== undefined))
    findings = hopFindings('tunnel', tunnelWhat(context), probe.rttMs, probe.loss);
  return tunnelAtNormal(findings, isp);
}

export function gradeSession(m: SessionMeasures, context: SessionContext = {}): Verdict {
  const findings = withScoreFindings(segmentFindings(m, context), context.scores, m.wifi !== undefined);
  const segments = SEGMENTS.map((segment) => gradedSegment(segment, findings[segment]));
  const { worst, grade, also } = blameOf(segments);
  const blamed = segments.find((s) => s.segment === worst);
  if (!blamed || !grade) {
    const measured = segments.filter((s) => s.grade === 'ok').map((s) => SEGMENT_LABELS[s.segment]);
    const unmeasured = notMeasured(m);
    const also = unmeasured.length ? `; not measured: ${unmeasured.join(', ')}` : '';
    return {
      grade: measured.length ? 'ok' : 'unknown',
      segments,
      line: measured.length
        ? `No segment stands out: ${measured.join(', ')} within normal ranges${also}.`
        : `Not enough data for a verdict${also}.`,
    };
  }
  const reasons = blamed.findings
    .filter((f) => f.grade === grade)
    .map((f) => f.message)
    .join('; ');
  const lead = grade === 'bad' ? 'Worst segment' : 'Weakest segment';
  return {
    worst: blamed.segment,
    grade,
    segments,
    ...(also.length ? { also } : {}),
    line: `${lead}: ${SEGMENT_LABELS[blamed.segment]} — ${reasons}${alsoText(segments, also)}.`,
  };
}

/** Segments the session reported but without the value that grades them: said, never counted as fine. */
function notMeasured(m: SessionMeasures): string[] {
  return [
    ...(m.wifi && m.wifi.rssi === undefined ? [`${SEGMENT_LABELS.wifi} (no RSSI)`] : []),
    ...(m.icmpBlocked ? [`${SEGMENT_LABELS.isp} (ICMP to the target is blocked: no ping)`] : []),
    ...(m.pages.length > 0 && m.pages.every((p) => p.onLoadMs === undefined)
      ? [
          `${SEGMENT_LABELS.page} (no onLoad: ` +
            `${m.pages.length === 1 ? 'the page' : `its ${m.pages.length} pages`} never fired it)`,
        ]
      : []),
  ];
}

/**
 * The agent's normal toward the session's site: the median round trip of its neighbours'
 * answered pings to the same site (not ICMP-blocked), from enough of them (normalBaseline);
 * with too few, only how many there were.
 */
export function contextFromNeighbours(
  session: UserSessionDetail,
  neighbours: readonly UserSessionDetail[],
): SessionContext {
  const site = asString(session.visitedSite);
  const rtts = neighbours
    .filter((n) => n !== session && asString(n.visitedSite) === site && n.userSessionId !== session.userSessionId)
    .map((n) => answeredPing(readSessionMeasures(n))?.rttMs)
    .filter((rtt): rtt is number => rtt !== undefined);
  if (rtts.length === 0) return {};
  const normal = normalBaseline(rtts);
  return normal ? { normalRttMs: normal.rttMs, normalSamples: rtts.length } : { normalSamples: rtts.length };
}
