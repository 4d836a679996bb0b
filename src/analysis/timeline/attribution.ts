// Which segment of the agent's path a poor period comes from, with the numbers that say so.
// Each segment is graded on its own lane inside the period, with the session verdict's
// grading functions (session/grading.ts, one verdict model); the verdict is the closest segment to the user that is
// failing, because an upstream problem shows up downstream too. The same measurement outside
// the poor periods is given beside it, so "RSSI −79 dBm" reads against "−51 dBm otherwise".
import type { Grade } from '../grades';
import { THRESHOLDS as T } from '../session/thresholds';
import {
  blameOf,
  deviceFindings,
  gradedSegment,
  hopFindings,
  ispFindings,
  jitterFindings,
  pageFindings,
  serverFindings,
  wifiFindings,
  SEGMENTS,
  SEGMENT_LABELS,
  tooFewForNormal,
  type Baseline,
  type Finding,
  type LossMeasure,
  type Segment,
} from '../session/grading';
import type { SessionMeasures } from '../session/verdict';
import type { NetworkPoint, TimelineLanes } from './model';
import { median } from './median';
import { both, gathered, outsideBaseline, outsideMedian, type Split } from './split';
import { ownTimeSource, ownTimeWords, pageServerTimes, sessionMeasuresById } from './server-time';

/** The session verdict's segments, in the same order (one verdict model). */
export const TIMELINE_SEGMENTS = SEGMENTS;
export type TimelineSegment = Segment;
export const TIMELINE_SEGMENT_LABELS: Record<TimelineSegment, string> = SEGMENT_LABELS;

export interface SegmentEvidence {
  segment: TimelineSegment;
  grade: Grade;
  /** The measurement in words, with its numbers. */
  text: string;
  /** The numbers behind the text (for --json and the panel). */
  numbers: Record<string, number | string>;
  /** The shared grading's findings the grade comes from. */
  findings: Finding[];
}

export interface Window {
  fromMs: number;
  toMs: number;
}

export { median } from './median';

const worst = (...grades: Grade[]): Grade => (grades.includes('bad') ? 'bad' : grades.includes('warn') ? 'warn' : 'ok');
const pct = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`;
const ms = (value: number): string => `${Math.round(value)} ms`;
const mostCommon = (values: readonly string[]): string | undefined => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};

type SegmentReader = (lanes: TimelineLanes, split: Split) => SegmentEvidence | undefined;

const otherwise = (values: readonly number[], show: (v: number) => string): string => {
  const m = outsideMedian(values);
  return m === undefined ? '' : ` (${show(m)} otherwise)`;
};

const gradeOfFindings = (findings: readonly Finding[]): Grade => worst(...findings.map((f) => f.grade));

/** Loss as packets when every point inside counts them, else the mean share (bursty loss stays visible). */
function pooledLoss(points: readonly { sent?: number; lost?: number; loss?: number }[]): LossMeasure | undefined {
  if (points.length === 0) return undefined;
  if (points.every((p) => p.sent !== undefined && p.lost !== undefined)) {
    return {
      lost: points.reduce((a, p) => a + (p.lost as number), 0),
      sent: points.reduce((a, p) => a + (p.sent as number), 0),
    };
  }
  const shares = points.flatMap((p) => (p.loss === undefined ? [] : [p.loss]));
  return shares.length ? { fraction: shares.reduce((a, b) => a + b, 0) / shares.length } : undefined;
}

const lossShare = (loss: LossMeasure): number =>
  'sent' in loss ? (loss.sent > 0 ? loss.lost / loss.sent : 0) : loss.fraction;
const sessionSamples = (lanes: TimelineLanes, split: Split): SessionMeasures[] =>
  lanes.samples.flatMap((s) => (s.source === 'session' && s.measures && split.inside(s.t) ? [s.measures] : []));

const READERS: Record<TimelineSegment, SegmentReader> = {
  device: (lanes, split) => {
    const cpu = both(lanes.system, split, 'cpu', (p) => p.cpu?.mean);
    const memory = both(lanes.system, split, 'memory', (p) => p.memory?.mean);
    const cpuMedian = median(cpu.inside);
    const memoryMedian = median(memory.inside);
    if (cpuMedian === undefined && memoryMedian === undefined) return undefined;
    const findings = deviceFindings(cpuMedian, memoryMedian, 'busy (median)');
    const parts = [
      cpuMedian === undefined
        ? undefined
        : `CPU ${pct(cpuMedian)} busy (median of ${cpu.inside.length})${otherwise(cpu.outside, pct)}`,
      memoryMedian === undefined ? undefined : `memory ${pct(memoryMedian)} used${otherwise(memory.outside, pct)}`,
    ].filter(Boolean);
    return {
      segment: 'device',
      grade: gradeOfFindings(findings),
      findings,
      text: parts.join(', '),
      numbers: {
        ...(cpuMedian === undefined ? {} : { cpuMedian }),
        ...(memoryMedian === undefined ? {} : { memoryMedian }),
        samples: cpu.inside.length,
      },
    };
  },
  wifi: (lanes, split) => {
    const rssi = both(lanes.samples, split, 'rssi', (s) => s.rssi);
    const rssiMedian = median(rssi.inside);
    if (rssiMedian === undefined) return undefined;
    const qualityMedian = median(both(lanes.samples, split, 'quality', (s) => s.quality).inside);
    const snrMedian = median(
      both(lanes.samples, split, 'snr', (s) =>
        s.rssi !== undefined && s.noise !== undefined && s.noise < 0 ? s.rssi - s.noise : undefined,
      ).inside,
    );
    const txRateMedian = median(both(lanes.samples, split, 'txRate', (s) => s.txRate).inside);
    const inWindow = lanes.samples.filter((s) => split.inside(s.t));
    const ssid = mostCommon(inWindow.flatMap((s) => (s.ssid ? [s.ssid] : [])));
    const bssid = mostCommon(inWindow.flatMap((s) => (s.bssid ? [s.bssid] : [])));
    const findings = wifiFindings({
      rssi: rssiMedian,
      ...(snrMedian === undefined ? {} : { snr: snrMedian }),
      ...(qualityMedian === undefined ? {} : { quality: qualityMedian }),
      ...(txRateMedian === undefined ? {} : { txRate: txRateMedian }),
    });
    const where = [ssid ? `on SSID ${ssid}` : undefined, bssid ? `(BSSID ${bssid})` : undefined]
      .filter(Boolean)
      .join(' ');
    return {
      segment: 'wifi',
      grade: gradeOfFindings(findings),
      findings,
      text:
        `RSSI ${Math.round(rssiMedian)} dBm median${where ? ` ${where}` : ''}` +
        `${otherwise(rssi.outside, (v) => `${Math.round(v)} dBm`)}`,
      numbers: {
        rssiMedian,
        samples: rssi.inside.length,
        ...(qualityMedian === undefined ? {} : { qualityMedian }),
        ...(ssid ? { ssid } : {}),
        ...(bssid ? { bssid } : {}),
      },
    };
  },
  gateway: (lanes, split) => {
    const points = gathered(lanes, split, 'gateway', gatewayPoints);
    return hopEvidence(
      'gateway',
      'the gateway',
      both(points, split, 'rtt', (p) => p.rtt),
      points.filter((p) => split.inside(p.t) && (p.loss !== undefined || p.sent !== undefined)),
    );
  },
  tunnel: (lanes, split) => {
    let found: SegmentEvidence | undefined;
    for (const lane of lanes.probes.filter((l) => TUNNEL_TYPES.has(l.type))) {
      const evidence = hopEvidence(
        'tunnel',
        tunnelWords(lane.type, lane.target),
        both(lane.points, split, 'rtt', (p) => p.rtt),
        lane.points.filter((p) => split.inside(p.t) && p.rtt !== undefined),
      );
      if (evidence && (!found || rank(evidence.grade) > rank(found.grade)))
        found = { ...evidence, numbers: { ...evidence.numbers, type: lane.type, target: lane.target } };
    }
    return found;
  },
  isp: (lanes, split) => {
    const points = gathered(lanes, split, 'isp', networkPoints);
    const latency = both(points, split, 'latency', (p) => p.latency);
    const sessions = sessionSamples(lanes, split);
    const targetPings = sessions.flatMap((m) =>
      typeof m.target === 'object' ? [{ ...m.target, gateway: m.gateway }] : [],
    );
    // Pings of the sessions read count packets: they are graded with their confidence; network sessions give only a
    // share.
    const counted = pooledLoss(
      targetPings.map((p) => ({
        sent: p.sent,
        lost: Math.max(
          0,
          p.lost - (typeof p.gateway === 'object' ? Math.round((p.gateway.lost / p.gateway.sent) * p.sent) : 0),
        ),
      })),
    );
    const shares = both(points, split, 'loss', (p) => (p.loss === undefined ? undefined : p.loss / 100));
    const loss = counted ?? pooledLoss(shares.inside.map((loss) => ({ loss })));
    // Latency is judged per target against the agent's own normal toward that target (outside
    // the poor periods), since targets differ in distance; the target that adds the most speaks.
    const perTarget = latencyByTarget(lanes, split);
    const graded = perTarget.find((t) => t.baseline !== undefined);
    const latencyMedian = graded?.insideMs ?? median(latency.inside) ?? median(targetPings.map((p) => p.rttMs));
    if (loss === undefined && latencyMedian === undefined) return undefined;
    const baseline: Baseline | undefined = graded?.baseline;
    const noNormal = tooFewForNormal(Math.max(0, ...perTarget.map((t) => t.outside)), ' outside the poor periods');
    // Jitter: the network sessions' own, else the sessions' pings' mean deviation (as the session verdict reads it).
    const networkJitter = median(both(points, split, 'jitter', (p) => p.jitter).inside);
    const jitter = networkJitter ?? median(targetPings.flatMap((p) => (p.jitterMs === undefined ? [] : [p.jitterMs])));
    const findings = [
      ...ispFindings(latencyMedian, loss === undefined ? undefined : lossBeyond(loss), baseline, noNormal),
      ...jitterFindings(jitter, networkJitter === undefined ? 'ping mean deviation' : 'network sessions, median'),
    ];
    const added =
      latencyMedian === undefined || baseline === undefined ? undefined : Math.max(0, latencyMedian - baseline.rttMs);
    const target = mostCommon(points.filter((p) => split.inside(p.t) && (p.loss ?? 0) > 0).map((p) => p.target));
    const toward = graded && perTarget.length > 1 ? ` to ${graded.target}` : '';
    const latencyText =
      latencyMedian === undefined
        ? undefined
        : `latency ${ms(latencyMedian)}${toward}` +
          `${added === undefined ? `, no normal to compare with (${noNormal})` : `, +${ms(added)} over normal`}` +
          `${jitter === undefined ? '' : `, jitter ${ms(jitter)}`}`;
    const text =
      loss !== undefined && 'sent' in loss
        ? [
            `session pings beyond the gateway: ${loss.lost} of ${loss.sent} lost (${pct(lossShare(loss))})`,
            latencyText ? `network sessions: ${latencyText}` : undefined,
          ]
            .filter(Boolean)
            .join('; ')
        : 'network sessions: ' +
          [
            loss === undefined
              ? undefined
              : `${pct(loss.fraction)} loss mean${target ? ` (most to ${target})` : ''}` +
                `${otherwise(shares.outside, pct)}`,
            latencyText,
          ]
            .filter(Boolean)
            .join(', ');
    return {
      segment: 'isp',
      grade: gradeOfFindings(findings),
      findings,
      text,
      numbers: {
        ...(loss === undefined ? {} : { loss: lossShare(loss) }),
        ...(latencyMedian === undefined ? {} : { latencyMedian }),
        ...(added === undefined ? {} : { addedLatency: added }),
        ...(baseline === undefined ? {} : { normalLatency: baseline.rttMs, normalSamples: baseline.samples ?? 0 }),
        ...(graded && perTarget.length > 1 ? { latencyTarget: graded.target } : {}),
        ...(jitter === undefined ? {} : { jitterMedian: jitter }),
        samples: Math.max(shares.inside.length, latency.inside.length, targetPings.length),
      },
    };
  },
  server: (lanes, split) => {
    const measuresOf = sessionMeasuresById(lanes);
    const timed = pageServerTimes(
      lanes.pages.filter((p) => split.inside(p.t)),
      measuresOf,
    );
    const timedOutside = pageServerTimes(
      lanes.pages.filter((p) => split.outside(p.t)),
      measuresOf,
    );
    const firstByte = both(lanes.pages, split, 'responseTime', (p) => p.responseTime);
    const m = median(firstByte.inside);
    const own = median(timed.own);
    const excess = median(
      sessionSamples(lanes, split).flatMap((s) =>
        s.connectMs !== undefined && typeof s.target === 'object' ? [Math.max(0, s.connectMs - s.target.rttMs)] : [],
      ),
    );
    const failing = lanes.pages.filter((p) => split.inside(p.t) && (p.responseCode ?? 0) >= 500);
    if (m === undefined && excess === undefined && failing.length === 0) return undefined;
    const findings = serverFindings({
      ...(own !== undefined
        ? { serverMs: own, serverSource: ownTimeSource(timed) }
        : m === undefined
          ? {}
          : { firstByteMs: m, noNetwork: 'no session measured a round trip to the target' }),
      ...(excess === undefined ? {} : { connectMs: excess, pingMs: 0 }),
      ...(failing.length ? { serverErrors: { count: failing.length, code: failing[0]?.responseCode ?? 500 } } : {}),
    });
    const slowSites = lanes.pages
      .filter((p) => split.inside(p.t) && (p.responseTime ?? 0) >= T.server.firstByteWarn)
      .map((p) => hostOf(p.url))
      .filter((h): h is string => h !== undefined);
    const site = mostCommon(slowSites);
    const slowest = site ? `, slowest from ${site}` : '';
    const parts = [
      own !== undefined
        ? `server time about ${ms(own)} median${slowest}${otherwise(timedOutside.own, ms)}: ${ownTimeWords(timed)}`
        : m === undefined
          ? undefined
          : `first byte after ${ms(m)} median${slowest}${otherwise(firstByte.outside, ms)}, ` +
            `the network's share not taken off (no round trip to the target measured)`,
      excess === undefined || excess <= T.server.connectWarn
        ? undefined
        : `TCP connect ${ms(excess)} more than a ping (median)`,
      failing.length ? `${failing.length} page(s) answered ${failing[0]?.responseCode}` : undefined,
    ].filter(Boolean);
    return {
      segment: 'server',
      grade: gradeOfFindings(findings),
      findings,
      text: parts.join(', '),
      numbers: {
        ...(m === undefined ? {} : { firstByteMedian: m }),
        ...(own === undefined ? {} : { serverMedian: own }),
        samples: firstByte.inside.length,
        ...(site ? { site } : {}),
      },
    };
  },
  page: (lanes, split) => {
    const onLoad = both(lanes.pages, split, 'onLoad', (p) => p.onLoad);
    const m = median(onLoad.inside);
    const clientErrors = lanes.pages.filter(
      (p) => split.inside(p.t) && (p.responseCode ?? 0) >= 400 && (p.responseCode ?? 0) < 500,
    );
    if (m === undefined && clientErrors.length === 0) return undefined;
    const findings = pageFindings(
      m === undefined ? undefined : { title: 'pages', onLoadMs: m },
      clientErrors.length ? { count: clientErrors.length, code: clientErrors[0]?.responseCode ?? 400 } : undefined,
      m === undefined ? undefined : `pages load in ${(m / 1000).toFixed(1)} s median`,
    );
    return {
      segment: 'page',
      grade: gradeOfFindings(findings),
      findings,
      text:
        m === undefined
          ? `${clientErrors.length} page(s) answered ${clientErrors[0]?.responseCode}`
          : `pages load in ${(m / 1000).toFixed(1)} s median` +
            `${otherwise(onLoad.outside, (v) => `${(v / 1000).toFixed(1)} s`)}`,
      numbers: { ...(m === undefined ? {} : { onLoadMedian: m }), samples: onLoad.inside.length },
    };
  },
};

interface TargetLatency {
  target: string;
  insideMs: number;
  outside: number;
  baseline?: Extract<Baseline, { source: 'normal' }>;
}

/**
 * Each network-session target with latency inside the window: its median there, how many
 * round trips outside it, and the agent's normal toward it when there are enough
 * (normalBaseline). Targets with a baseline come first, the most added latency first.
 */
function latencyByTarget(lanes: TimelineLanes, split: Split): TargetLatency[] {
  const out: TargetLatency[] = [];
  for (const lane of lanes.network) {
    const latency = both(lane.points, split, 'latency', (p) => p.latency);
    const insideMs = median(latency.inside);
    if (insideMs === undefined) continue;
    const baseline = outsideBaseline(latency.outside);
    out.push({ target: lane.target, insideMs, outside: latency.outside.length, ...(baseline ? { baseline } : {}) });
  }
  const added = (t: TargetLatency): number => (t.baseline ? t.insideMs - t.baseline.rttMs : -Infinity);
  return out.sort((a, b) => added(b) - added(a) || a.target.localeCompare(b.target));
}

type GatewayPoint = { t: number; rtt?: number; loss?: number; sent?: number; lost?: number };
type TargetPoint = NetworkPoint & { target: string };

function gatewayPoints(lanes: TimelineLanes): GatewayPoint[] {
  const probes = lanes.probes.filter((lane) => lane.type === 'gateway').flatMap((lane) => lane.points);
  const fromSessions = lanes.samples.flatMap(
    (s): { t: number; rtt: number; loss?: number; sent?: number; lost?: number }[] => {
      const g = s.source === 'session' ? s.measures?.gateway : undefined;
      return typeof g === 'object'
        ? [{ t: s.t, rtt: g.rttMs, sent: g.sent, lost: g.lost, loss: g.lost / g.sent }]
        : s.gatewayRtt === undefined
          ? []
          : [{ t: s.t, rtt: s.gatewayRtt, ...(s.gatewayLoss === undefined ? {} : { loss: s.gatewayLoss }) }];
    },
  );
  return [...probes, ...fromSessions];
}

function networkPoints(lanes: TimelineLanes): TargetPoint[] {
  return lanes.network.flatMap((lane) => lane.points.map((p) => ({ ...p, target: lane.target })));
}

/** The loss the ISP path adds: session pings are already net of their gateway's loss. */
const lossBeyond = (loss: LossMeasure): LossMeasure => loss;

const TUNNEL_TYPES = new Set(['vpn', 'proxy']);
export const tunnelWords = (type: string, target: string): string =>
  `the ${type === 'vpn' ? 'VPN concentrator' : 'proxy'} ${target}`;

function hopEvidence(
  segment: 'gateway' | 'tunnel',
  what: string,
  rtt: { inside: number[]; outside: number[] },
  lossPoints: readonly { sent?: number; lost?: number; loss?: number }[],
): SegmentEvidence | undefined {
  const rttMedian = median(rtt.inside);
  const loss = pooledLoss(lossPoints);
  if (rttMedian === undefined && loss === undefined) return undefined;
  const findings = hopFindings(segment, what, rttMedian, loss);
  const parts = [
    rttMedian === undefined ? undefined : `round trip ${ms(rttMedian)} median${otherwise(rtt.outside, ms)}`,
    loss === undefined
      ? undefined
      : `${pct(lossShare(loss))} loss${'sent' in loss ? ` (${loss.lost} of ${loss.sent} packets)` : ''}`,
  ].filter(Boolean);
  return {
    segment,
    grade: gradeOfFindings(findings),
    findings,
    text: `${what}: ${parts.join(', ')}`,
    numbers: {
      ...(rttMedian === undefined ? {} : { rttMedian }),
      ...(loss === undefined ? {} : { lossMean: lossShare(loss) }),
      samples: rtt.inside.length,
    },
  };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

const RANKS: Record<Grade, number> = { ok: 1, warn: 2, bad: 3 };
const rank = (grade: Grade): number => RANKS[grade];

/** Every segment with data, graded inside the window; the blamed one is the closest failing one. */
export function attribute(
  lanes: TimelineLanes,
  split: Split,
): { blamed?: SegmentEvidence; also: TimelineSegment[]; evidence: SegmentEvidence[] } {
  const evidence = TIMELINE_SEGMENTS.map((segment) => READERS[segment](lanes, split)).filter(
    (e): e is SegmentEvidence => e !== undefined,
  );
  const { worst: blamedSegment, also } = blameOf(
    TIMELINE_SEGMENTS.map((segment) => gradedSegment(segment, evidence.find((e) => e.segment === segment)?.findings)),
  );
  const blamed = evidence.find((e) => e.segment === blamedSegment);
  return { ...(blamed ? { blamed } : {}), also, evidence };
}
