// Records of one agent → timeline lanes, added as pages arrive (partial timelines are drawn).
// Each record is kept once however often a retried page delivers it, and every lane is
// bounded: outside data decides nothing about our memory.
import { readTopologyScores } from '../session/topology-scores';
import type { UserSessionDetail } from '../../api/types';
import { experienceGrade, pageLoadGrade } from '../grades';
import { readSessionMeasures } from '../session/verdict';
import { asRecord, asString, type Json } from '../har/narrow';
import type {
  NetworkLane,
  NetworkSample,
  PageMark,
  ProbeLane,
  SessionMark,
  SystemPoint,
  TimelineLanes,
  TimelineList,
} from './model';
import { finiteOrUndefined, idText, readNetworkFacts, readRttLoss, readSystemMetrics, recordTimeMs } from './read';

/** Records kept per list; a week of one agent is a few thousand. */
export const MAX_RECORDS_PER_LIST = 50_000;
/** Network targets and probe targets kept as lanes (more collapse into the last one). */
export const MAX_TARGET_LANES = 24;
/** Pages whose title the panel writes beside them. */
export const LABELLED_PAGES = 5;

const text = (value: unknown, max = 300): string => asString(value).slice(0, max);

export class TimelineLanesBuilder {
  private readonly sessions = new Map<string, SessionMark>();
  private readonly pages = new Map<string, PageMark>();
  private readonly network = new Map<string, NetworkLane>();
  private readonly networkIds = new Set<string>();
  private readonly probes = new Map<string, ProbeLane>();
  private readonly probeIds = new Set<string>();
  private readonly system = new Map<string, SystemPoint>();
  private readonly samples = new Map<string, NetworkSample>();
  private readonly kept: Record<TimelineList, number> = {
    userSessions: 0,
    webSessions: 0,
    networkSessions: 0,
    networkProbes: 0,
  };
  /** Records beyond MAX_RECORDS_PER_LIST, per list. */
  readonly dropped: Record<TimelineList, number> = {
    userSessions: 0,
    webSessions: 0,
    networkSessions: 0,
    networkProbes: 0,
  };

  constructor(readonly agentId: string) {}

  add(list: TimelineList, records: readonly unknown[]): void {
    for (const value of records) {
      const record = asRecord(value);
      const agent = idText(record.agentId);
      if (agent !== undefined && agent !== this.agentId) continue; // a service that ignored the filter
      if (this.kept[list] >= MAX_RECORDS_PER_LIST) {
        this.dropped[list]++;
        continue;
      }
      if (ADDERS[list](this, record)) this.kept[list]++;
    }
  }

  addSession(record: Json): boolean {
    const id = idText(record.userSessionId);
    const t = recordTimeMs(record);
    if (id === undefined || t === undefined || this.sessions.has(id)) return false;
    const score = finiteOrUndefined(record.experienceScore);
    const grade = experienceGrade(score);
    const publicIp = idText(record.sourceAddr);
    const isp = idText(record.orgName);
    this.sessions.set(id, {
      t,
      userSessionId: id,
      pages: Math.max(0, Math.round(finiteOrUndefined(record.numberOfPages) ?? 0)),
      site: text(record.visitedSite),
      ...(score === undefined ? {} : { score }),
      ...(grade ? { grade } : {}),
      ...(publicIp ? { publicIp } : {}),
      ...(isp ? { isp } : {}),
    });
    return true;
  }

  addPage(record: Json): boolean {
    const pageId = idText(record.pageId);
    const userSessionId = idText(record.userSessionId) ?? '';
    const t = recordTimeMs(record);
    const key = `${userSessionId}/${pageId}`;
    if (pageId === undefined || t === undefined || this.pages.has(key)) return false;
    // −1 is "not applicable" (no onLoad fired), never a fast load.
    const rawOnLoad = finiteOrUndefined(asRecord(record.pageTimings).onLoad);
    const onLoad = rawOnLoad === undefined || rawOnLoad < 0 ? undefined : rawOnLoad;
    const responseTime = finiteOrUndefined(record.responseTime);
    const responseCode = finiteOrUndefined(record.responseCode);
    const grade = pageLoadGrade(onLoad);
    this.pages.set(key, {
      t,
      userSessionId,
      pageId,
      title: text(record.pageTitle) || text(record.pageUrl) || pageId,
      url: text(record.pageUrl, 2048),
      labelled: false,
      ...(onLoad === undefined ? {} : { onLoad }),
      ...(responseTime === undefined ? {} : { responseTime }),
      ...(responseCode === undefined ? {} : { responseCode }),
      ...(grade ? { grade } : {}),
    });
    this.addSystem(record.systemMetrics, t);
    return true;
  }

  addNetworkSession(record: Json): boolean {
    const id = idText(record.userSessionId);
    const t = recordTimeMs(record);
    const destination = asRecord(record.destination);
    const key = `${id}/${t}`;
    if (id === undefined || t === undefined || this.networkIds.has(key)) return false;
    this.networkIds.add(key);
    const lane = laneOf(this.network, idText(destination.target) ?? 'unknown target', (target) => ({
      target,
      points: [],
    }));
    const latency = finiteOrUndefined(destination.latency) ?? finiteOrUndefined(destination.avgRtt);
    const loss = finiteOrUndefined(destination.loss);
    const jitter = finiteOrUndefined(destination.jitter);
    lane.points.push({
      t,
      userSessionId: id,
      ...(latency === undefined ? {} : { latency }),
      ...(loss === undefined ? {} : { loss }),
      ...(jitter === undefined ? {} : { jitter }),
    });
    this.addSystem(record.systemMetrics, t);
    return true;
  }

  addProbe(record: Json): boolean {
    const id = idText(record.networkProbeId);
    const t = recordTimeMs(record);
    if (id === undefined || t === undefined || this.probeIds.has(id)) return false;
    this.probeIds.add(id);
    const type = idText(record.type)?.toLowerCase() ?? 'probe';
    const target = idText(record.target) ?? 'unknown target';
    const lane = laneOf(this.probes, `${type} ${target}`, () => ({ type, target, points: [] }));
    // ICMP blocked: the probe's ping measured nothing (never 0 ms, never 100 % loss).
    const ping = record.icmpBlocked === true ? undefined : readRttLoss(record.icmpPing);
    const scores = readTopologyScores(record);
    lane.points.push({
      t,
      networkProbeId: id,
      ...(ping
        ? { ...(ping.rtt === undefined ? {} : { rtt: ping.rtt }), loss: ping.loss, sent: ping.sent, lost: ping.lost }
        : {}),
      ...(scores ? { scores } : {}),
    });
    return true;
  }

  /** A session's details: its network facts (Wi-Fi, gateway, public IP) and system metrics. */
  addSessionDetail(detail: unknown): void {
    const record = asRecord(detail);
    const id = idText(record.userSessionId);
    const t = recordTimeMs(record);
    if (id === undefined || t === undefined) return;
    if (!this.sessions.has(id)) this.addSession(record);
    const network = asRecord(record.network);
    const gateway = readRttLoss(network.gatewayPing);
    this.addSample(`session:${id}`, {
      t,
      source: 'session',
      id,
      ...readNetworkFacts(network.networkProfile),
      ...(gateway
        ? { ...(gateway.rtt === undefined ? {} : { gatewayRtt: gateway.rtt }), gatewayLoss: gateway.loss }
        : {}),
      measures: readSessionMeasures(record as UserSessionDetail),
    });
    this.addSystem(network.systemMetrics, t);
  }

  addProbeDetail(detail: unknown): void {
    const record = asRecord(detail);
    const id = idText(record.networkProbeId);
    const t = recordTimeMs(record);
    if (id === undefined || t === undefined) return;
    this.addSample(`probe:${id}`, { t, source: 'probe', id, ...readNetworkFacts(record.networkProfile) });
  }

  /** Sessions whose details say the most: poor ones first, then the rest, each newest first. */
  sessionsByNeed(): SessionMark[] {
    const rank = (s: SessionMark): number => (s.grade === 'bad' ? 0 : s.grade === 'warn' ? 1 : 2);
    return [...this.sessions.values()].sort((a, b) => rank(a) - rank(b) || b.t - a.t);
  }

  lanes(): TimelineLanes {
    const byTime = <T extends { t: number }>(items: Iterable<T>): T[] => [...items].sort((a, b) => a.t - b.t);
    const pages = byTime(this.pages.values()).map((page) => ({ ...page, labelled: false }));
    [...pages]
      .filter((p) => p.onLoad !== undefined)
      .sort((a, b) => (b.onLoad ?? 0) - (a.onLoad ?? 0))
      .slice(0, LABELLED_PAGES)
      .forEach((p) => {
        p.labelled = true;
      });
    return {
      sessions: byTime(this.sessions.values()),
      pages,
      network: [...this.network.values()].map((lane) => ({ target: lane.target, points: byTime(lane.points) })),
      probes: [...this.probes.values()]
        .map((lane) => ({ ...lane, points: byTime(lane.points) }))
        .sort((a, b) => probeOrder(a.type) - probeOrder(b.type) || a.target.localeCompare(b.target)),
      system: byTime(this.system.values()),
      samples: byTime(this.samples.values()),
    };
  }

  private addSystem(value: unknown, t: number): void {
    const sample = readSystemMetrics(value, t);
    if (!sample || this.system.size >= MAX_RECORDS_PER_LIST) return;
    // Sessions, their pages and network sessions often carry the same measurement window.
    const windowKey = `${sample.startMs}/${sample.cpu?.mean ?? ''}/${sample.memory?.mean ?? ''}`;
    if (!this.system.has(windowKey))
      this.system.set(windowKey, {
        t: sample.startMs,
        ...(sample.cpu ? { cpu: sample.cpu } : {}),
        ...(sample.memory ? { memory: sample.memory } : {}),
      });
  }

  private addSample(key: string, sample: NetworkSample): void {
    if (this.samples.size < MAX_RECORDS_PER_LIST) this.samples.set(key, sample);
  }
}

const ADDERS: Record<TimelineList, (builder: TimelineLanesBuilder, record: Json) => boolean> = {
  userSessions: (b, r) => b.addSession(r),
  webSessions: (b, r) => b.addPage(r),
  networkSessions: (b, r) => b.addNetworkSession(r),
  networkProbes: (b, r) => b.addProbe(r),
};

const PROBE_ORDER = ['gateway', 'vpn', 'proxy'];
const probeOrder = (type: string): number => {
  const i = PROBE_ORDER.indexOf(type);
  return i < 0 ? PROBE_ORDER.length : i;
};

function laneOf<L>(lanes: Map<string, L>, key: string, create: (key: string) => L): L {
  let lane = lanes.get(key);
  if (!lane) {
    // Past the bound, further targets share one lane rather than growing the view.
    if (lanes.size >= MAX_TARGET_LANES) return [...lanes.values()].at(-1) as L;
    lane = create(key);
    lanes.set(key, lane);
  }
  return lane;
}
