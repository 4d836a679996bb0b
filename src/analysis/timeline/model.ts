// The agent timeline: every record of one endpoint agent in a time range, on one time axis,
// as lanes (sessions, pages, network sessions, probes, system metrics), events (what changed
// in its network) and the verdict over time. Times are epoch milliseconds.
import type { TopologyScores } from '../session/topology-scores';
import type { Grade } from '../grades';
import type { NetworkFacts, StatBand } from './read';
import type { SessionMeasures } from '../session/verdict';
import type { AlertMark } from '../alerts/marks';

export type TimelineList = 'userSessions' | 'webSessions' | 'networkSessions' | 'networkProbes';

export const LIST_LABELS: Record<TimelineList, string> = {
  userSessions: 'user sessions',
  webSessions: 'page loads',
  networkSessions: 'network sessions',
  networkProbes: 'topology probes',
};

export interface SessionMark {
  t: number;
  userSessionId: string;
  score?: number;
  grade?: Grade;
  pages: number;
  site: string;
  publicIp?: string;
  isp?: string;
}

export interface PageMark {
  t: number;
  userSessionId: string;
  pageId: string;
  title: string;
  url: string;
  onLoad?: number;
  /** Time to the server's first response (ms). */
  responseTime?: number;
  responseCode?: number;
  grade?: Grade;
  /** One of the slowest pages of the range: the panel writes its title beside it. */
  labelled: boolean;
}

export interface NetworkPoint {
  t: number;
  userSessionId: string;
  latency?: number;
  loss?: number;
  jitter?: number;
}
export interface NetworkLane {
  target: string;
  points: NetworkPoint[];
}

export interface ProbePoint {
  t: number;
  networkProbeId: string;
  rtt?: number;
  loss?: number;
  sent?: number;
  lost?: number;
  /** v7's scores of the probe's segment (gatewayScore …), when the service sends them. */
  scores?: TopologyScores;
}
export interface ProbeLane {
  type: string;
  target: string;
  points: ProbePoint[];
}

export interface SystemPoint {
  t: number;
  cpu?: StatBand;
  memory?: StatBand;
}

export type EventKind =
  'connection' | 'ssid' | 'roam' | 'publicIp' | 'isp' | 'vpn' | 'proxy' | 'gateway' | 'agentState';

export interface TimelineEvent {
  t: number;
  kind: EventKind;
  /** Value before and after (absent for "on"/"off" and agent state). */
  from?: string;
  to?: string;
  /** One line, e.g. "Roamed from BSSID d1:7b:… to …:e2 on ACME-Branch". */
  text: string;
}

/** A stretch of a list that could not be read: shown as a gap with a retry, never left out silently. */
export interface TimelineGap {
  list: TimelineList;
  fromMs: number;
  toMs: number;
  reason: string;
  resumeUrl?: string;
}

/** A point in time with what the agent's network looked like then (from session and probe details). */
export interface NetworkSample extends NetworkFacts {
  t: number;
  source: 'session' | 'probe';
  id: string;
  /** The session's gateway ping: round trip (ms) and loss (fraction). */
  gatewayRtt?: number;
  gatewayLoss?: number;
  /**
   * What the session measured (session details only): its own verdict is graded from it with the timeline's context.
   */
  measures?: SessionMeasures;
}

export interface TimelineLanes {
  sessions: SessionMark[];
  pages: PageMark[];
  network: NetworkLane[];
  probes: ProbeLane[];
  system: SystemPoint[];
  /** Wi-Fi and network facts over time, from the details read. */
  samples: NetworkSample[];
}

export interface AgentState {
  agentId: string;
  name?: string;
  status?: string;
  deleted?: boolean;
}

/**
 * The alerts and events (v7) of tests toward the sites the agent visited in the range (src/analysis/alerts/marks.ts);
 * `note`: why there are none to show (v6, a failed read), said quietly.
 */
export interface TimelineAlertMarks {
  marks: AlertMark[];
  /** Relevant marks past the bound, not listed. */
  leftOut: number;
  note?: string;
}
