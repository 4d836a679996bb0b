// The one verdict model: how each segment between the user and the site is graded from its
// measurements, and which segment is blamed. The session verdict (one session) and the
// timeline attribution (a poor period) both call these functions with the same THRESHOLDS,
// so on the same numbers they cannot disagree.
import { THRESHOLDS as T } from './thresholds';

export const SEGMENTS = ['device', 'wifi', 'gateway', 'tunnel', 'isp', 'server', 'page'] as const;
export type Segment = (typeof SEGMENTS)[number];
export const SEGMENT_LABELS: Record<Segment, string> = {
  device: 'Device',
  wifi: 'Wi-Fi',
  gateway: 'Gateway',
  tunnel: 'VPN/proxy',
  isp: 'ISP path',
  server: 'Server',
  page: 'Page',
};

export type FindingGrade = 'ok' | 'warn' | 'bad';
/** `loss`: the finding is packet loss (it cannot come from a busy CPU or a weak signal when the gateway is clean). */
export interface Finding {
  segment: Segment;
  grade: FindingGrade;
  message: string;
  kind?: 'loss';
}

interface Limits {
  warn: number;
  bad: number;
  lowerIsWorse?: boolean;
}

/** Over a limit, strictly: a value at the limit is still within it. */
export function gradeAgainst(value: number, limits: Limits): FindingGrade {
  const worse = (limit: number): boolean => (limits.lowerIsWorse ? value < limit : value > limit);
  return worse(limits.bad) ? 'bad' : worse(limits.warn) ? 'warn' : 'ok';
}

const pct = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`;

function judged(
  segment: Segment,
  value: number,
  limits: Limits,
  message: string,
  show: (limit: number) => string,
  kind?: 'loss',
): Finding[] {
  const grade = gradeAgainst(value, limits);
  if (grade === 'ok') return [];
  return [
    {
      segment,
      grade,
      message: `${message} (limit ${show(grade === 'bad' ? limits.bad : limits.warn)})`,
      ...(kind ? { kind } : {}),
    },
  ];
}

// ---- confidence from counts -----------------------------------------------------------

/** Wilson score interval of `lost` of `sent` at THRESHOLDS.confidence.z. */
export function wilson(lost: number, sent: number): { low: number; high: number } {
  if (sent <= 0) return { low: 0, high: 1 };
  const z = T.confidence.z;
  const p = lost / sent;
  const z2 = z * z;
  const centre = p + z2 / (2 * sent);
  const spread = z * Math.sqrt((p * (1 - p)) / sent + z2 / (4 * sent * sent));
  const denominator = 1 + z2 / sent;
  return { low: Math.max(0, (centre - spread) / denominator), high: Math.min(1, (centre + spread) / denominator) };
}

/** Loss as packets when they are known, else only as a share (as network sessions report it). */
export interface LossCount {
  lost: number;
  sent: number;
}
export type LossMeasure = LossCount | { fraction: number };

const isCount = (loss: LossMeasure): loss is LossCount => 'sent' in loss;

/**
 * Loss against warn/bad limits. With packet counts the grade is the one the whole 95 % interval
 * supports (its lower end crosses the limit) and needs THRESHOLDS.confidence.minLost packets:
 * "1 of 4 lost" is inconclusive, not bad.
 */
export function lossFindings(
  segment: Segment,
  loss: LossMeasure,
  limits: { lossWarn: number; lossBad: number },
  where: string,
): Finding[] {
  const bounds = { warn: limits.lossWarn, bad: limits.lossBad };
  if (!isCount(loss))
    return judged(segment, loss.fraction, bounds, `${pct(loss.fraction)} packet loss ${where}`, pct, 'loss');
  if (loss.sent <= 0 || loss.lost <= 0) return [];
  const share = loss.lost / loss.sent;
  const said = `${loss.lost} of ${loss.sent} packets lost ${where} (${pct(share)})`;
  if (gradeAgainst(share, bounds) === 'ok') return [];
  const { low, high } = wilson(loss.lost, loss.sent);
  const grade = loss.lost < T.confidence.minLost ? 'ok' : gradeAgainst(low, bounds);
  if (grade === 'ok')
    return [
      { segment, grade: 'ok', kind: 'loss', message: `${said}: inconclusive, 95% interval ${pct(low)}–${pct(high)}` },
    ];
  return [
    {
      segment,
      grade,
      kind: 'loss',
      message: `${said} (limit ${pct(grade === 'bad' ? bounds.bad : bounds.warn)}, 95% interval ${pct(low)}–${pct(high)})`,
    },
  ];
}

// ---- the segments --------------------------------------------------------------------

export function deviceFindings(
  cpu: number | undefined,
  memory: number | undefined,
  cpuWords = 'busy on average',
): Finding[] {
  const whole = (f: number): string => `${Math.round(f * 100)}%`;
  return [
    ...(cpu === undefined
      ? []
      : judged(
          'device',
          cpu,
          { warn: T.device.cpuWarn, bad: T.device.cpuBad },
          `CPU ${whole(cpu)} ${cpuWords}`,
          whole,
        )),
    ...(memory === undefined
      ? []
      : judged(
          'device',
          memory,
          { warn: T.device.memoryWarn, bad: T.device.memoryBad },
          `memory ${whole(memory)} used`,
          whole,
        )),
  ];
}

export interface WifiMeasure {
  rssi?: number;
  snr?: number;
  quality?: number;
  txRate?: number;
}

export function wifiFindings(w: WifiMeasure): Finding[] {
  const lower = (warn: number, bad: number): Limits => ({ warn, bad, lowerIsWorse: true });
  const r = Math.round;
  return [
    ...(w.rssi === undefined
      ? []
      : judged('wifi', w.rssi, lower(T.wifi.rssiWarn, T.wifi.rssiBad), `RSSI ${r(w.rssi)} dBm`, (l) => `${l} dBm`)),
    ...(w.snr === undefined
      ? []
      : judged(
          'wifi',
          w.snr,
          lower(T.wifi.snrWarn, T.wifi.snrBad),
          `signal-to-noise ${r(w.snr)} dB`,
          (l) => `${l} dB`,
        )),
    ...(w.quality === undefined
      ? []
      : judged(
          'wifi',
          w.quality,
          lower(T.wifi.qualityWarn, T.wifi.qualityBad),
          `link quality ${r(w.quality)}/100`,
          String,
        )),
    ...(w.txRate === undefined
      ? []
      : judged(
          'wifi',
          w.txRate,
          lower(T.wifi.txRateWarn, T.wifi.txRateBad),
          `tx rate ${r(w.txRate)} Mbit/s`,
          (l) => `${l} Mbit/s`,
        )),
  ];
}

/** A round trip (ms) and loss to a hop the agent reaches directly: the gateway or a VPN concentrator / proxy. */
export function hopFindings(
  segment: 'gateway' | 'tunnel',
  what: string,
  rttMs: number | undefined,
  loss: LossMeasure | undefined,
): Finding[] {
  const limits = segment === 'gateway' ? T.gateway : T.tunnel;
  return [
    ...(loss === undefined ? [] : lossFindings(segment, loss, limits, `to ${what}`)),
    ...(rttMs === undefined
      ? []
      : judged(
          segment,
          rttMs,
          { warn: limits.rttWarn, bad: limits.rttBad },
          `round trip to ${what} ${Math.round(rttMs)} ms`,
          (l) => `${l} ms`,
        )),
  ];
}

/** What the target's round trip is compared with: never an absolute number, since distance alone adds latency. */
export type Baseline =
  { source: 'normal'; rttMs: number; samples?: number } | { source: 'distance'; rttMs: number; km: number };

export const BASELINE_WORDS = {
  normal: "the agent's normal toward this target",
  distance: 'what distance explains',
} as const;

function middle(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The agent's normal toward one target (host or site), from its round trips to that target
 * alone: the median, and a baseline only from THRESHOLDS.baseline.minSamples of them. Round
 * trips to other targets say nothing about this one (an intranet at 12 ms is no normal for a
 * SaaS site at 150 ms).
 */
export function normalBaseline(rtts: readonly number[]): Extract<Baseline, { source: 'normal' }> | undefined {
  const finite = rtts.filter((v) => Number.isFinite(v));
  if (finite.length < T.baseline.minSamples) return undefined;
  return { source: 'normal', rttMs: middle(finite), samples: finite.length };
}

/** Why there is no normal toward the target, in words: how many round trips there were against how many it takes. */
export function tooFewForNormal(samples: number, where = ''): string {
  return `${samples === 0 ? 'no' : `only ${samples}`} other session${samples === 1 ? '' : 's'} toward this target${where}, ${T.baseline.minSamples} needed for its normal`;
}

/**
 * The ISP path: loss beyond the gateway, and latency over the baseline (ungraded without one;
 * `noBaseline` says why, e.g. tooFewForNormal).
 */
export function ispFindings(
  targetRttMs: number | undefined,
  lossBeyond: LossMeasure | undefined,
  baseline: Baseline | undefined,
  noBaseline?: string,
): Finding[] {
  const findings = lossBeyond === undefined ? [] : lossFindings('isp', lossBeyond, T.isp, 'beyond the gateway');
  if (targetRttMs === undefined) return findings;
  if (!baseline)
    return [
      ...findings,
      {
        segment: 'isp',
        grade: 'ok',
        message: `round trip to the target ${Math.round(targetRttMs)} ms, not graded: no baseline (${noBaseline ?? `${BASELINE_WORDS.normal}, or both locations`})`,
      },
    ];
  const added = Math.max(0, targetRttMs - baseline.rttMs);
  const against =
    baseline.source === 'normal'
      ? `over ${BASELINE_WORDS.normal} (${Math.round(baseline.rttMs)} ms${baseline.samples ? `, ${baseline.samples} sessions` : ''})`
      : `over ${BASELINE_WORDS.distance} (${Math.round(baseline.rttMs)} ms for ${Math.round(baseline.km)} km)`;
  const limits =
    baseline.source === 'distance' ? distanceLimits(baseline.rttMs) : { warn: T.isp.rttWarn, bad: T.isp.rttBad };
  const grade = gradeAgainst(added, limits);
  const limit = grade === 'ok' ? '' : ` (limit ${Math.round(grade === 'bad' ? limits.bad : limits.warn)} ms)`;
  // Said even when fine: which baseline the latency was read against.
  return [
    ...findings,
    {
      segment: 'isp',
      grade,
      message: `round trip to the target ${Math.round(targetRttMs)} ms, +${Math.round(added)} ms ${against}${limit}`,
    },
  ];
}

/** Jitter toward the target, against the service's limit (variation is not explained by distance, so no baseline). */
export function jitterFindings(jitterMs: number | undefined, what: string): Finding[] {
  if (jitterMs === undefined || !Number.isFinite(jitterMs)) return [];
  return judged(
    'isp',
    jitterMs,
    { warn: T.isp.jitterWarn, bad: T.isp.jitterBad },
    `jitter ${Math.round(jitterMs)} ms toward the target (${what})`,
    (l) => `${l} ms`,
  );
}

/** Target loss beyond what the gateway already loses (packets when the target's are counted). */
export function lossBeyondGateway(target: LossMeasure, gatewayFraction: number): LossMeasure {
  if (!isCount(target)) return { fraction: Math.max(0, target.fraction - gatewayFraction) };
  return { lost: Math.max(0, target.lost - Math.round(gatewayFraction * target.sent)), sent: target.sent };
}

/** Great-circle distance (km) between two points given in degrees. */
export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The round trip distance explains: light in fibre both ways, times how much longer real routes are. */
export function distanceBaseline(km: number): Extract<Baseline, { source: 'distance' }> {
  return { source: 'distance', km, rttMs: ((2 * km) / T.isp.fibreKmPerMs) * T.isp.routeStretch };
}

/** How far over the distance floor (ms) a round trip is suspect (warn) and the likely culprit (bad): a margin growing with distance. */
export function distanceLimits(floorMs: number): { warn: number; bad: number } {
  return {
    warn: T.isp.distanceWarnMs + T.isp.distanceWarnShare * floorMs,
    bad: T.isp.distanceBadMs + T.isp.distanceBadShare * floorMs,
  };
}

export interface ServerMeasure {
  /** First byte of the main document (HAR `wait`, or the page list's responseTime), ms. */
  firstByteMs?: number;
  firstByteSource?: string;
  /** TCP connect (ms) and the ping to the same target, only when the ping answered. */
  connectMs?: number;
  pingMs?: number;
  /** Pages answered 5xx: how many and the first code. */
  serverErrors?: { count: number; code: number };
}

export function serverFindings(m: ServerMeasure): Finding[] {
  const findings: Finding[] = [];
  if (m.firstByteMs !== undefined) {
    findings.push(
      ...judged(
        'server',
        m.firstByteMs,
        { warn: T.server.firstByteWarn, bad: T.server.firstByteBad },
        `first byte after ${Math.round(m.firstByteMs)} ms${m.firstByteSource ? ` (${m.firstByteSource})` : ''}`,
        (l) => `${l} ms`,
      ),
    );
  }
  if (m.connectMs !== undefined && m.pingMs !== undefined) {
    const excess = Math.max(0, m.connectMs - m.pingMs);
    findings.push(
      ...judged(
        'server',
        excess,
        { warn: T.server.connectWarn, bad: T.server.connectBad },
        `TCP connect takes ${Math.round(m.connectMs)} ms, ${Math.round(excess)} ms more than a ping`,
        (l) => `${l} ms`,
      ),
    );
  } else if (m.connectMs !== undefined) {
    findings.push({
      segment: 'server',
      grade: 'ok',
      message: `TCP connect takes ${Math.round(m.connectMs)} ms, not graded: no ping to the target to compare with`,
    });
  }
  if (m.serverErrors && m.serverErrors.count > 0)
    findings.push({
      segment: 'server',
      grade: 'bad',
      message: `${m.serverErrors.count} page(s) answered ${m.serverErrors.code}`,
    });
  return findings;
}

export function pageFindings(
  slowest: { title: string; onLoadMs: number } | undefined,
  clientErrors?: { count: number; code: number },
  loadWords?: string,
): Finding[] {
  return [
    ...(slowest
      ? judged(
          'page',
          slowest.onLoadMs,
          { warn: T.page.loadWarn, bad: T.page.loadBad },
          loadWords ?? `"${slowest.title}" took ${(slowest.onLoadMs / 1000).toFixed(1)} s to load`,
          (l) => `${l / 1000} s`,
        )
      : []),
    ...(clientErrors && clientErrors.count > 0
      ? [
          {
            segment: 'page' as const,
            grade: 'warn' as const,
            message: `${clientErrors.count} page(s) answered ${clientErrors.code}`,
          },
        ]
      : []),
  ];
}

// ---- the blame -----------------------------------------------------------------------

export type SegmentState = 'unknown' | FindingGrade;
export interface GradedSegment {
  segment: Segment;
  grade: SegmentState;
  findings: Finding[];
}

const RANK: Record<SegmentState, number> = { unknown: 0, ok: 1, warn: 2, bad: 3 };

export function gradedSegment(segment: Segment, findings: Finding[] | undefined): GradedSegment {
  if (!findings) return { segment, grade: 'unknown', findings: [] };
  const grade = findings.reduce<SegmentState>((g, f) => (RANK[f.grade] > RANK[g] ? f.grade : g), 'ok');
  return { segment, grade, findings };
}

export interface Blame {
  worst?: Segment;
  grade?: 'warn' | 'bad';
  /** Segments further along whose trouble the blamed one cannot explain (loss beyond a clean gateway). */
  also: Segment[];
}

const AFTER_GATEWAY: readonly Segment[] = ['tunnel', 'isp'];
const BEFORE_GATEWAY: readonly Segment[] = ['device', 'wifi'];

/**
 * The worst grade, and among equal grades the segment closest to the user (an upstream
 * problem shows downstream too). Contradicting evidence lowers the blame: loss past a
 * gateway that is measured clean is not explained by the device or the Wi-Fi.
 */
export function blameOf(segments: readonly GradedSegment[]): Blame {
  let worst: GradedSegment | undefined;
  for (const s of segments) if (RANK[s.grade] >= 2 && (!worst || RANK[s.grade] > RANK[worst.grade])) worst = s;
  if (!worst) return { also: [] };
  const gateway = segments.find((s) => s.segment === 'gateway');
  const cleanGateway = gateway?.grade === 'ok';
  const also =
    BEFORE_GATEWAY.includes(worst.segment) && cleanGateway
      ? segments
          .filter(
            (s) => AFTER_GATEWAY.includes(s.segment) && s.findings.some((f) => f.kind === 'loss' && RANK[f.grade] >= 2),
          )
          .map((s) => s.segment)
      : [];
  return { worst: worst.segment, grade: worst.grade as 'warn' | 'bad', also };
}

/** ", but 30% packet loss beyond the gateway with a clean gateway: also ISP path" or ''. */
export function alsoText(segments: readonly GradedSegment[], also: readonly Segment[]): string {
  if (also.length === 0) return '';
  const first = segments
    .find((s) => s.segment === also[0])
    ?.findings.find((f) => f.kind === 'loss' && f.grade !== 'ok');
  return `, but ${first ? first.message.replace(/ \(limit.*$/, '') : 'loss'} with a clean gateway: also ${also.map((s) => SEGMENT_LABELS[s]).join(', ')}`;
}
