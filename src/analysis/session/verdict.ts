// Which segment between the user and the site is most likely to blame. Each segment is
// graded on its own measurements; the verdict is the worst grade, and among equal grades
// the one closest to the user, because an upstream problem shows up downstream too
// (a bad Wi-Fi link also makes the gateway, the ISP path and the page look slow).
import type { UserSessionDetail } from '../../api/types';
import { asArray, asNumber, asRecord, asString } from '../har/narrow';
import { THRESHOLDS as T } from './thresholds';
import { measurementError } from '../../api/types';

export const SEGMENTS = ['device', 'wifi', 'gateway', 'isp', 'server', 'page'] as const;
export type Segment = (typeof SEGMENTS)[number];
export type Grade = 'ok' | 'warn' | 'bad' | 'unknown';

export const SEGMENT_LABELS: Record<Segment, string> = {
  device: 'Device', wifi: 'Wi-Fi', gateway: 'Gateway', isp: 'ISP path', server: 'Server', page: 'Page',
};

export interface Finding { segment: Segment; grade: Exclude<Grade, 'unknown'>; message: string }
export interface SegmentGrade { segment: Segment; grade: Grade; findings: Finding[] }

export interface Verdict {
  /** The segment to look at first, or undefined when every measured segment is fine. */
  worst?: Segment;
  grade: Grade;
  /** One line for the top of the panel. */
  line: string;
  segments: SegmentGrade[];
}

const RANK: Record<Grade, number> = { unknown: 0, ok: 1, warn: 2, bad: 3 };

export function sessionVerdict(session: UserSessionDetail): Verdict {
  const segments = SEGMENTS.map((segment) => grade(segment, GRADERS[segment](session)));
  let worst: SegmentGrade | undefined;
  for (const s of segments) if (RANK[s.grade] >= 2 && (!worst || RANK[s.grade] > RANK[worst.grade])) worst = s;
  if (!worst) {
    const measured = segments.filter((s) => s.grade === 'ok').map((s) => SEGMENT_LABELS[s.segment]);
    return { grade: measured.length ? 'ok' : 'unknown', segments, line: measured.length ? `No segment stands out: ${measured.join(', ')} within normal ranges.` : 'Not enough data for a verdict.' };
  }
  const reasons = worst.findings.filter((f) => f.grade === worst.grade).map((f) => f.message).join('; ');
  const lead = worst.grade === 'bad' ? 'Worst segment' : 'Weakest segment';
  return { worst: worst.segment, grade: worst.grade, segments, line: `${lead}: ${SEGMENT_LABELS[worst.segment]} — ${reasons}.` };
}

function grade(segment: Segment, findings: Finding[] | undefined): SegmentGrade {
  if (!findings) return { segment, grade: 'unknown', findings: [] };
  const top = findings.reduce<Grade>((g, f) => (RANK[f.grade] > RANK[g] ? f.grade : g), 'ok');
  return { segment, grade: top, findings };
}

interface Limits { warn: number; bad: number; unit?: (limit: number) => string; lowerIsWorse?: boolean }

/** `value` against warn/bad limits; the message names the limit that was crossed. */
function judge(segment: Segment, value: number, limits: Limits, message: string): Finding[] {
  const worse = (limit: number): boolean => (limits.lowerIsWorse ? value < limit : value > limit);
  const show = limits.unit ?? String;
  if (worse(limits.bad)) return [{ segment, grade: 'bad', message: `${message} (limit ${show(limits.bad)})` }];
  if (worse(limits.warn)) return [{ segment, grade: 'warn', message: `${message} (limit ${show(limits.warn)})` }];
  return [];
}

type Grader = (session: UserSessionDetail) => Finding[] | undefined;

export interface PingSummary { avgRtt: number; loss: number }

/** A failed ping is a string or `{ error }`; a ping with nothing sent says nothing. */
export function readPing(ping: unknown): PingSummary | 'failed' | undefined {
  if (measurementError(ping) !== undefined) return 'failed';
  const p = asRecord(ping);
  const sent = asNumber(p.pktsSent, 0);
  if (sent <= 0) return undefined;
  return { avgRtt: asNumber(p.avgRtt, 0), loss: 1 - asNumber(p.pktsReceived, 0) / sent };
}

/** The session's network part, whatever the service sent in its place. */
const net = (s: UserSessionDetail): Record<string, unknown> => asRecord(s.network);

/** Pages as the graders read them: numbers and titles that are always numbers and text. */
function pagesOf(s: UserSessionDetail): { title: string; responseCode: number; onLoad: number }[] {
  return asArray(s.pages).map((page) => {
    const p = asRecord(page);
    return { title: asString(p.title, 'a page'), responseCode: asNumber(p.responseCode, 0), onLoad: asNumber(asRecord(p.pageTimings).onLoad, 0) };
  });
}

const pct = (fraction: number): string => `${Math.round(fraction * 100)}%`;
const ms = (value: number): string => `${value} ms`;
const seconds = (value: number): string => `${value / 1000} s`;

const GRADERS: Record<Segment, Grader> = {
  device: (s) => {
    const m = asRecord(net(s).systemMetrics);
    if (!('cpuUtilization' in m)) return undefined;
    const cpu = asNumber(asRecord(m.cpuUtilization).mean, 0);
    const total = asNumber(m.physicalMemoryTotalBytes, 0);
    const memory = total > 0 ? asNumber(asRecord(m.physicalMemoryUsedBytes).mean, 0) / total : 0;
    return [
      ...judge('device', cpu, { warn: T.device.cpuWarn, bad: T.device.cpuBad, unit: pct }, `CPU ${pct(cpu)} busy on average`),
      ...judge('device', memory, { warn: T.device.memoryWarn, bad: T.device.memoryBad, unit: pct }, `memory ${pct(memory)} used`),
    ];
  },
  wifi: (s) => {
    const w = asRecord(asRecord(net(s).networkProfile).wirelessProfile);
    if (Object.keys(w).length === 0) return undefined;
    const rssi = asNumber(w.rssi, 0);
    const noise = asNumber(w.noise, 0);
    const quality = asNumber(w.quality, 100);
    const txRate = asNumber(w.txRate, 1000);
    return [
      ...judge('wifi', rssi, { warn: T.wifi.rssiWarn, bad: T.wifi.rssiBad, lowerIsWorse: true, unit: (l) => `${l} dBm` }, `RSSI ${rssi} dBm`),
      ...(noise < 0 ? judge('wifi', rssi - noise, { warn: T.wifi.snrWarn, bad: T.wifi.snrBad, lowerIsWorse: true, unit: (l) => `${l} dB` }, `signal-to-noise ${rssi - noise} dB`) : []),
      ...judge('wifi', quality, { warn: T.wifi.qualityWarn, bad: T.wifi.qualityBad, lowerIsWorse: true }, `link quality ${quality}/100`),
      ...judge('wifi', txRate, { warn: T.wifi.txRateWarn, bad: T.wifi.txRateBad, lowerIsWorse: true, unit: (l) => `${l} Mbit/s` }, `tx rate ${txRate} Mbit/s`),
    ];
  },
  gateway: (s) => {
    const ping = readPing(net(s).gatewayPing);
    if (ping === undefined) return undefined;
    if (ping === 'failed') return [{ segment: 'gateway', grade: 'warn', message: 'the gateway did not answer ping' }];
    return [
      ...judge('gateway', ping.loss, { warn: T.gateway.lossWarn, bad: T.gateway.lossBad, unit: pct }, `${pct(ping.loss)} packet loss to the gateway`),
      ...judge('gateway', ping.avgRtt, { warn: T.gateway.rttWarn, bad: T.gateway.rttBad, unit: ms }, `gateway round trip ${Math.round(ping.avgRtt)} ms`),
    ];
  },
  isp: (s) => {
    const target = readPing(net(s).ping);
    const gateway = readPing(net(s).gatewayPing);
    if (target === undefined) return undefined;
    if (target === 'failed') return net(s).icmpBlocked === true ? undefined : [{ segment: 'isp', grade: 'warn', message: 'the target did not answer ping' }];
    const base = typeof gateway === 'object' ? gateway : { avgRtt: 0, loss: 0 };
    const added = Math.max(0, target.avgRtt - base.avgRtt);
    const addedLoss = Math.max(0, target.loss - base.loss);
    return [
      ...judge('isp', addedLoss, { warn: T.isp.lossWarn, bad: T.isp.lossBad, unit: pct }, `${pct(addedLoss)} packet loss beyond the gateway`),
      ...judge('isp', added, { warn: T.isp.rttWarn, bad: T.isp.rttBad, unit: ms }, `the path beyond the gateway adds ${Math.round(added)} ms`),
    ];
  },
  server: (s) => {
    const connect = asNumber(asRecord(net(s).connect).rtt, -1);
    if (connect < 0) return undefined;
    const target = readPing(net(s).ping);
    const network = typeof target === 'object' ? target.avgRtt : 0;
    const excess = Math.max(0, connect - network);
    const failing = pagesOf(s).filter((p) => p.responseCode >= 500);
    return [
      ...judge('server', excess, { warn: T.server.connectWarn, bad: T.server.connectBad, unit: ms }, `TCP connect takes ${Math.round(connect)} ms, ${Math.round(excess)} ms more than a ping`),
      ...(failing.length ? [{ segment: 'server' as const, grade: 'bad' as const, message: `${failing.length} page(s) answered ${failing[0]?.responseCode}` }] : []),
    ];
  },
  page: (s) => {
    const pages = pagesOf(s);
    if (pages.length === 0) return undefined;
    const slowest = pages.reduce((a, b) => (b.onLoad > a.onLoad ? b : a));
    const load = slowest.onLoad;
    const clientErrors = pages.filter((p) => p.responseCode >= 400 && p.responseCode < 500);
    return [
      ...judge('page', load, { warn: T.page.loadWarn, bad: T.page.loadBad, unit: seconds }, `"${slowest.title}" took ${(load / 1000).toFixed(1)} s to load`),
      ...(clientErrors.length ? [{ segment: 'page' as const, grade: 'warn' as const, message: `${clientErrors.length} page(s) answered ${clientErrors[0]?.responseCode}` }] : []),
    ];
  },
};
