// Which segment of the agent's path a poor period comes from, with the numbers that say so.
// Each segment is graded on its own lane inside the period, with the session verdict's
// thresholds (one source of truth); the verdict is the closest segment to the user that is
// failing, because an upstream problem shows up downstream too. The same measurement outside
// the poor periods is given beside it, so "RSSI −79 dBm" reads against "−51 dBm otherwise".
import type { Grade } from '../grades';
import { THRESHOLDS as T } from '../session/thresholds';
import type { TimelineLanes } from './model';

export const TIMELINE_SEGMENTS = ['device', 'wifi', 'gateway', 'tunnel', 'isp', 'server', 'page'] as const;
export type TimelineSegment = (typeof TIMELINE_SEGMENTS)[number];
export const TIMELINE_SEGMENT_LABELS: Record<TimelineSegment, string> = {
  device: 'Device', wifi: 'Wi-Fi', gateway: 'Gateway', tunnel: 'VPN/proxy', isp: 'ISP path', server: 'Server', page: 'Page',
};

export interface SegmentEvidence {
  segment: TimelineSegment;
  grade: Grade;
  /** The measurement in words, with its numbers. */
  text: string;
  /** The numbers behind the text (for --json and the panel). */
  numbers: Record<string, number | string>;
}

export interface Window { fromMs: number; toMs: number }

export interface Limits { warn: number; bad: number; lowerIsWorse?: boolean }

export function gradeOf(value: number, limits: Limits): Grade {
  const worse = (limit: number): boolean => (limits.lowerIsWorse ? value <= limit : value >= limit);
  return worse(limits.bad) ? 'bad' : worse(limits.warn) ? 'warn' : 'ok';
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const worst = (...grades: Grade[]): Grade => (grades.includes('bad') ? 'bad' : grades.includes('warn') ? 'warn' : 'ok');
const pct = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`;
const ms = (value: number): string => `${Math.round(value)} ms`;
const mostCommon = (values: readonly string[]): string | undefined => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};

/** Points of a lane inside and outside the window: `inside(t)` and `outside(t)` decide. */
export interface Split { inside: (t: number) => boolean; outside: (t: number) => boolean }

type SegmentReader = (lanes: TimelineLanes, split: Split) => SegmentEvidence | undefined;

function both<P extends { t: number }>(points: readonly P[], split: Split, value: (p: P) => number | undefined): { inside: number[]; outside: number[] } {
  const inside: number[] = [];
  const outside: number[] = [];
  for (const p of points) {
    const v = value(p);
    if (v === undefined || !Number.isFinite(v)) continue;
    if (split.inside(p.t)) inside.push(v); else if (split.outside(p.t)) outside.push(v);
  }
  return { inside, outside };
}

const otherwise = (values: readonly number[], show: (v: number) => string): string => {
  const m = median(values);
  return m === undefined ? '' : ` (${show(m)} otherwise)`;
};

const READERS: Record<TimelineSegment, SegmentReader> = {
  device: (lanes, split) => {
    const cpu = both(lanes.system, split, (p) => p.cpu?.mean);
    const memory = both(lanes.system, split, (p) => p.memory?.mean);
    const cpuMedian = median(cpu.inside);
    const memoryMedian = median(memory.inside);
    if (cpuMedian === undefined && memoryMedian === undefined) return undefined;
    const cpuGrade = cpuMedian === undefined ? 'ok' : gradeOf(cpuMedian, { warn: T.device.cpuWarn, bad: T.device.cpuBad });
    const memoryGrade = memoryMedian === undefined ? 'ok' : gradeOf(memoryMedian, { warn: T.device.memoryWarn, bad: T.device.memoryBad });
    const parts = [
      cpuMedian === undefined ? undefined : `CPU ${pct(cpuMedian)} busy (median of ${cpu.inside.length})${otherwise(cpu.outside, pct)}`,
      memoryMedian === undefined ? undefined : `memory ${pct(memoryMedian)} used${otherwise(memory.outside, pct)}`,
    ].filter(Boolean);
    return { segment: 'device', grade: worst(cpuGrade, memoryGrade), text: parts.join(', '), numbers: { ...(cpuMedian === undefined ? {} : { cpuMedian }), ...(memoryMedian === undefined ? {} : { memoryMedian }), samples: cpu.inside.length } };
  },
  wifi: (lanes, split) => {
    const rssi = both(lanes.samples, split, (s) => s.rssi);
    const quality = both(lanes.samples, split, (s) => s.quality);
    const rssiMedian = median(rssi.inside);
    if (rssiMedian === undefined) return undefined;
    const qualityMedian = median(quality.inside);
    const inWindow = lanes.samples.filter((s) => split.inside(s.t));
    const ssid = mostCommon(inWindow.flatMap((s) => (s.ssid ? [s.ssid] : [])));
    const bssid = mostCommon(inWindow.flatMap((s) => (s.bssid ? [s.bssid] : [])));
    const grade = worst(gradeOf(rssiMedian, { warn: T.wifi.rssiWarn, bad: T.wifi.rssiBad, lowerIsWorse: true }),
      qualityMedian === undefined ? 'ok' : gradeOf(qualityMedian, { warn: T.wifi.qualityWarn, bad: T.wifi.qualityBad, lowerIsWorse: true }));
    const where = [ssid ? `on SSID ${ssid}` : undefined, bssid ? `(BSSID ${bssid})` : undefined].filter(Boolean).join(' ');
    return {
      segment: 'wifi', grade,
      text: `RSSI ${Math.round(rssiMedian)} dBm median${where ? ` ${where}` : ''}${otherwise(rssi.outside, (v) => `${Math.round(v)} dBm`)}`,
      numbers: { rssiMedian, samples: rssi.inside.length, ...(qualityMedian === undefined ? {} : { qualityMedian }), ...(ssid ? { ssid } : {}), ...(bssid ? { bssid } : {}) },
    };
  },
  gateway: (lanes, split) => {
    const probes = lanes.probes.filter((lane) => lane.type === 'gateway').flatMap((lane) => lane.points);
    const rtt = both([...probes.map((p) => ({ t: p.t, v: p.rtt })), ...lanes.samples.map((s) => ({ t: s.t, v: s.gatewayRtt }))], split, (p) => p.v);
    const loss = both([...probes.map((p) => ({ t: p.t, v: p.loss })), ...lanes.samples.map((s) => ({ t: s.t, v: s.gatewayLoss }))], split, (p) => p.v);
    return rttLoss('gateway', 'the gateway', rtt, loss, T.gateway);
  },
  tunnel: (lanes, split) => {
    const lanesOf = lanes.probes.filter((lane) => lane.type === 'vpn' || lane.type === 'proxy');
    let found: SegmentEvidence | undefined;
    for (const lane of lanesOf) {
      const evidence = rttLoss('tunnel', `the ${lane.type === 'vpn' ? 'VPN concentrator' : 'proxy'} ${lane.target}`,
        both(lane.points, split, (p) => p.rtt), both(lane.points, split, (p) => p.loss), T.tunnel);
      if (evidence && (!found || rank(evidence.grade) > rank(found.grade))) found = { ...evidence, numbers: { ...evidence.numbers, type: lane.type, target: lane.target } };
    }
    return found;
  },
  isp: (lanes, split) => {
    const points = lanes.network.flatMap((lane) => lane.points.map((p) => ({ ...p, target: lane.target })));
    const loss = both(points, split, (p) => (p.loss === undefined ? undefined : p.loss / 100));
    const latency = both(points, split, (p) => p.latency);
    const lossMedian = median(loss.inside);
    const latencyMedian = median(latency.inside);
    if (lossMedian === undefined && latencyMedian === undefined) return undefined;
    // Latency is judged as what the period adds over the agent's own normal, since targets differ in distance.
    const latencyBase = median(latency.outside);
    const added = latencyMedian === undefined || latencyBase === undefined ? undefined : Math.max(0, latencyMedian - latencyBase);
    const grade = worst(lossMedian === undefined ? 'ok' : gradeOf(lossMedian, { warn: T.isp.lossWarn, bad: T.isp.lossBad }),
      added === undefined ? 'ok' : gradeOf(added, { warn: T.isp.rttWarn, bad: T.isp.rttBad }));
    const target = mostCommon(points.filter((p) => split.inside(p.t) && (p.loss ?? 0) > 0).map((p) => p.target));
    const parts = [
      lossMedian === undefined ? undefined : `${pct(lossMedian)} loss median${target ? ` (most to ${target})` : ''}${otherwise(loss.outside, pct)}`,
      latencyMedian === undefined ? undefined : `latency ${ms(latencyMedian)}${added === undefined ? '' : `, +${ms(added)} over normal`}`,
    ].filter(Boolean);
    return { segment: 'isp', grade, text: `network sessions: ${parts.join(', ')}`, numbers: { ...(lossMedian === undefined ? {} : { lossMedian }), ...(latencyMedian === undefined ? {} : { latencyMedian }), ...(added === undefined ? {} : { addedLatency: added }), samples: Math.max(loss.inside.length, latency.inside.length) } };
  },
  server: (lanes, split) => {
    const firstByte = both(lanes.pages, split, (p) => p.responseTime);
    const m = median(firstByte.inside);
    if (m === undefined) return undefined;
    const slowSites = lanes.pages.filter((p) => split.inside(p.t) && (p.responseTime ?? 0) >= T.server.firstByteWarn).map((p) => hostOf(p.url)).filter((h): h is string => h !== undefined);
    const site = mostCommon(slowSites);
    return {
      segment: 'server', grade: gradeOf(m, { warn: T.server.firstByteWarn, bad: T.server.firstByteBad }),
      text: `first byte after ${ms(m)} median${site ? `, slowest from ${site}` : ''}${otherwise(firstByte.outside, ms)}`,
      numbers: { firstByteMedian: m, samples: firstByte.inside.length, ...(site ? { site } : {}) },
    };
  },
  page: (lanes, split) => {
    const onLoad = both(lanes.pages, split, (p) => p.onLoad);
    const m = median(onLoad.inside);
    if (m === undefined) return undefined;
    return {
      segment: 'page', grade: gradeOf(m, { warn: T.page.loadWarn, bad: T.page.loadBad }),
      text: `pages load in ${(m / 1000).toFixed(1)} s median${otherwise(onLoad.outside, (v) => `${(v / 1000).toFixed(1)} s`)}`,
      numbers: { onLoadMedian: m, samples: onLoad.inside.length },
    };
  },
};

function rttLoss(segment: TimelineSegment, what: string, rtt: { inside: number[]; outside: number[] }, loss: { inside: number[]; outside: number[] },
  limits: { rttWarn: number; rttBad: number; lossWarn: number; lossBad: number }): SegmentEvidence | undefined {
  const rttMedian = median(rtt.inside);
  const lossMean = loss.inside.length ? loss.inside.reduce((a, b) => a + b, 0) / loss.inside.length : undefined;
  if (rttMedian === undefined && lossMean === undefined) return undefined;
  const grade = worst(rttMedian === undefined ? 'ok' : gradeOf(rttMedian, { warn: limits.rttWarn, bad: limits.rttBad }),
    lossMean === undefined ? 'ok' : gradeOf(lossMean, { warn: limits.lossWarn, bad: limits.lossBad }));
  const parts = [rttMedian === undefined ? undefined : `round trip ${ms(rttMedian)} median${otherwise(rtt.outside, ms)}`, lossMean === undefined ? undefined : `${pct(lossMean)} loss`].filter(Boolean);
  return { segment, grade, text: `${what}: ${parts.join(', ')}`, numbers: { ...(rttMedian === undefined ? {} : { rttMedian }), ...(lossMean === undefined ? {} : { lossMean }), samples: rtt.inside.length } };
}

function hostOf(url: string): string | undefined {
  try { return new URL(url).hostname || undefined; } catch { return undefined; }
}

const RANKS: Record<Grade, number> = { ok: 1, warn: 2, bad: 3 };
const rank = (grade: Grade): number => RANKS[grade];

/** Every segment with data, graded inside the window; the blamed one is the closest failing one. */
export function attribute(lanes: TimelineLanes, split: Split): { blamed?: SegmentEvidence; evidence: SegmentEvidence[] } {
  const evidence = TIMELINE_SEGMENTS.map((segment) => READERS[segment](lanes, split)).filter((e): e is SegmentEvidence => e !== undefined);
  const blamed = evidence.find((e) => e.grade === 'bad') ?? evidence.find((e) => e.grade === 'warn');
  return { ...(blamed ? { blamed } : {}), evidence };
}
