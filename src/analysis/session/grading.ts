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
/**
 * `loss`: the finding is packet loss; `latency`: a round trip over its limit or baseline. Past a
 * gateway that is measured clean, neither can come from a busy CPU or a weak Wi-Fi signal
 * (their delay and loss would show at the gateway first).
 */
export type FindingKind = 'loss' | 'latency';
export interface Finding {
  segment: Segment;
  grade: FindingGrade;
  message: string;
  kind?: FindingKind;
  /** A latency finding's baseline: the target's round trip read against the agent's normal or the distance floor. */
  baseline?: Baseline['source'];
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
  kind?: FindingKind,
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
      message:
        `${said} (limit ${pct(grade === 'bad' ? bounds.bad : bounds.warn)}, ` +
        `95% interval ${pct(low)}–${pct(high)})`,
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
          'latency',
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
  return (
    `${samples === 0 ? 'no' : `only ${samples}`} other session${samples === 1 ? '' : 's'} ` +
    `toward this target${where}, ${T.baseline.minSamples} needed for its normal`
  );
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
        message:
          `round trip to the target ${Math.round(targetRttMs)} ms, not graded: ` +
          `no baseline (${noBaseline ?? `${BASELINE_WORDS.normal}, or both locations`})`,
      },
    ];
  const added = Math.max(0, targetRttMs - baseline.rttMs);
  const against =
    baseline.source === 'normal'
      ? `over ${BASELINE_WORDS.normal} ` +
        `(${Math.round(baseline.rttMs)} ms${baseline.samples ? `, ${baseline.samples} sessions` : ''})`
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
      kind: 'latency',
      baseline: baseline.source,
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

/**
 * How far over the distance floor (ms) a round trip is suspect (warn) and the likely culprit (bad): a margin growing
 * with distance.
 */
export function distanceLimits(floorMs: number): { warn: number; bad: number } {
  return {
    warn: T.isp.distanceWarnMs + T.isp.distanceWarnShare * floorMs,
    bad: T.isp.distanceBadMs + T.isp.distanceBadShare * floorMs,
  };
}

/**
 * The network's share of a first byte: the round trips to the target it includes before the
 * server starts answering, and how the round trip was measured.
 */
export interface FirstByteNetwork {
  rttMs: number;
  /** Where the round trip comes from ("the ping to the target", "the TCP connect"). */
  rttSource: string;
  roundTrips: number;
  /** What the round trips are ("TCP, TLS and the request"). */
  what: string;
}

/**
 * Round trips a first byte includes before the server starts: the HAR `wait` only the request's
 * (RFC 9110: the request is sent, the response's first byte comes back), a first byte from the
 * page list (responseTime, from the start of the navigation) also the connection's set-up: TCP's
 * handshake (RFC 9293, one round trip) and over HTTPS the TLS handshake (two round trips in a full
 * TLS 1.2 handshake, RFC 5246; one in TLS 1.3, RFC 8446: the upper end, so the network is never
 * called the server). DNS goes to the resolver, not the target, and is not taken off.
 */
export function firstByteRoundTrips(
  source: string | undefined,
  protocol: string | undefined,
): {
  roundTrips: number;
  what: string;
} {
  if (source !== undefined && /^HAR wait/i.test(source)) return { roundTrips: 1, what: 'the request' };
  return protocol !== undefined && protocol.toLowerCase() === 'http'
    ? { roundTrips: 2, what: 'the TCP handshake and the request' }
    : { roundTrips: 4, what: 'the TCP handshake, a TLS handshake of up to 2 and the request' };
}

export interface ServerMeasure {
  /** First byte of the main document (HAR `wait`, or the page list's responseTime), ms. */
  firstByteMs?: number;
  firstByteSource?: string;
  /** The network's share of the first byte, taken off it: the server is graded on its own time. */
  network?: FirstByteNetwork;
  /** Why the network's share could not be taken off (no round trip to the target measured). */
  noNetwork?: string;
  /** The server's own time (ms) when the data says it (Server-Timing): graded as it is. */
  serverMs?: number;
  serverSource?: string;
  /** TCP connect (ms) and the ping to the same target, only when the ping answered. */
  connectMs?: number;
  pingMs?: number;
  /** Pages answered 5xx: how many and the first code. */
  serverErrors?: { count: number; code: number };
}

export function serverFindings(m: ServerMeasure): Finding[] {
  const findings: Finding[] = [];
  const limits = { warn: T.server.firstByteWarn, bad: T.server.firstByteBad };
  const show = (l: number): string => `${l} ms`;
  const source = m.firstByteSource ? ` (${m.firstByteSource})` : '';
  if (m.serverMs !== undefined) {
    findings.push(
      ...judged(
        'server',
        m.serverMs,
        limits,
        `server time ${Math.round(m.serverMs)} ms (${m.serverSource ?? 'Server-Timing'})`,
        show,
      ),
    );
  } else if (m.firstByteMs !== undefined && m.network) {
    // The server's own time: the first byte less the round trips the connection needed.
    const n = m.network;
    const network = n.roundTrips * n.rttMs;
    const own = Math.max(0, m.firstByteMs - network);
    const how =
      `first byte after ${Math.round(m.firstByteMs)} ms${source} ` +
      `less ${n.roundTrips} round trip${n.roundTrips === 1 ? '' : 's'} ` +
      `of ${Math.round(n.rttMs)} ms for ${n.what} (${n.rttSource})`;
    const grade = gradeAgainst(own, limits);
    findings.push({
      segment: 'server',
      grade,
      message:
        `server time about ${Math.round(own)} ms: ${how}` +
        `${grade === 'ok' ? '' : ` (limit ${show(grade === 'bad' ? limits.bad : limits.warn)})`}`,
    });
  } else if (m.firstByteMs !== undefined) {
    findings.push(
      ...judged(
        'server',
        m.firstByteMs,
        { warn: T.server.firstByteWarn, bad: T.server.firstByteBad },
        `first byte after ${Math.round(m.firstByteMs)} ms${source}` +
          `${m.noNetwork ? `, the network's share not taken off: ${m.noNetwork}` : ''}`,
        show,
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

/** The target's round trip graded fine against the agent's normal toward it. */
const targetAtNormal = (isp: readonly Finding[] | undefined): Finding | undefined =>
  isp?.find((f) => f.kind === 'latency' && f.baseline === 'normal' && f.grade === 'ok');

/**
 * The VPN/proxy's latency is not blamed while the target's round trip is at the agent's normal:
 * traffic through the tunnel carries the tunnel's round trip, so a target at its normal means
 * the tunnel's latency is the usual one (a far concentrator), not the trouble. Its loss still
 * counts. The same rule for the session verdict and the timeline (blameOf applies it too).
 */
export function tunnelAtNormal(
  tunnel: Finding[] | undefined,
  isp: readonly Finding[] | undefined,
): Finding[] | undefined {
  const normal = targetAtNormal(isp);
  if (!tunnel || !normal) return tunnel;
  const at = / \+\d+ ms over (.*)$/.exec(normal.message)?.[1] ?? BASELINE_WORDS.normal;
  return tunnel.map((f) =>
    f.kind === 'latency' && f.grade !== 'ok'
      ? {
          ...f,
          grade: 'ok',
          message: `${f.message.replace(/ \(limit.*$/, '')}: not blamed, the target's round trip is at ${at}`,
        }
      : f,
  );
}
const BEFORE_GATEWAY: readonly Segment[] = ['device', 'wifi'];

/** Loss or latency over its limit: past a clean gateway, evidence the device or the Wi-Fi cannot explain. */
const contradicting = (f: Finding): boolean => (f.kind === 'loss' || f.kind === 'latency') && RANK[f.grade] >= 2;

/**
 * The worst grade, and among equal grades the segment closest to the user (an upstream
 * problem shows downstream too). Contradicting evidence lowers the blame: loss or latency past
 * a gateway that is measured clean is not explained by the device or the Wi-Fi, whose delay and
 * loss every packet carries, the gateway's ping too.
 */
export function blameOf(graded: readonly GradedSegment[]): Blame {
  const isp = graded.find((s) => s.segment === 'isp')?.findings;
  const segments = graded.map((s) =>
    s.segment === 'tunnel' && s.grade !== 'unknown' ? gradedSegment('tunnel', tunnelAtNormal(s.findings, isp)) : s,
  );
  let worst: GradedSegment | undefined;
  for (const s of segments) if (RANK[s.grade] >= 2 && (!worst || RANK[s.grade] > RANK[worst.grade])) worst = s;
  if (!worst) return { also: [] };
  const gateway = segments.find((s) => s.segment === 'gateway');
  const cleanGateway = gateway?.grade === 'ok';
  const also =
    BEFORE_GATEWAY.includes(worst.segment) && cleanGateway
      ? segments
          .filter((s) => AFTER_GATEWAY.includes(s.segment) && s.findings.some(contradicting))
          .map((s) => s.segment)
      : [];
  return { worst: worst.segment, grade: worst.grade as 'warn' | 'bad', also };
}

/**
 * ", but 30% packet loss beyond the gateway and round trip to the target 320 ms, +170 ms over …
 * with a clean gateway: also ISP path" or '': every loss and latency finding that contradicts
 * the blame, both when both hold.
 */
export function alsoText(segments: readonly GradedSegment[], also: readonly Segment[]): string {
  if (also.length === 0) return '';
  const said = segments
    .filter((s) => also.includes(s.segment))
    .flatMap((s) => s.findings.filter(contradicting))
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'loss' ? -1 : 1))
    .map((f) => f.message.replace(/ \(limit.*$/, ''));
  return (
    `, but ${said.length ? said.join(' and ') : 'loss or latency'} with a clean gateway: ` +
    `also ${also.map((s) => SEGMENT_LABELS[s]).join(', ')}`
  );
}
