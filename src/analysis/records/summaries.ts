// What one record reads as in a list: a label, a one-line description, a title and the
// facts of its tooltip. Written once for the explorer (and any other list of records),
// from decoded records that may still lack any optional field: every value goes through
// the formatters below, so an absent field reads "not reported", never "undefined" or "NaN".
import type {
  EnterpriseAgent,
  EndpointAgent,
  EndpointTest,
  HttpServerResult,
  NetMetric,
  NetworkProbe,
  NetworkSession,
  PathVisSummary,
  PrivateNetwork,
  SessionPage,
  UserSession,
} from '../../api/types';
import {
  experienceGrade,
  experienceText,
  gatewayGrade,
  networkGrade,
  pageLoadGrade,
  MEASURE_WORDS,
  type Grade,
} from '../grades';
import { THRESHOLDS } from '../session/thresholds';
import { reportedErrorType } from '../error-type';
import { whereaboutsFacts, whereaboutsWords } from '../agents/whereabouts';
import { networkProviderText } from '../agents/network-provider';
import { apiTimeMs } from '../time/api-time';

/** What a field the service did not send reads as. */
export const NOT_REPORTED = 'not reported';

export interface RecordSummary {
  label: string;
  description: string;
  /** The tooltip's heading. */
  title: string;
  /** "name: value" lines of the tooltip; all values are text. */
  facts: [string, string][];
  /** The record reports a failure (an error, a 4xx/5xx answer). */
  warning: boolean;
  /** How good what the record measures is (experience, load time, loss and latency); colours the icon. */
  grade?: Grade;
  /** What a screen reader says for the row: what a sighted user reads, in words. */
  spoken?: string;
}

export function text(value: unknown): string {
  if (typeof value === 'string') return value === '' ? NOT_REPORTED : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : NOT_REPORTED;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return NOT_REPORTED;
}

export function ms(value: unknown): string {
  return isNumber(value) ? `${Math.round(value * 10) / 10} ms` : NOT_REPORTED;
}

export function percent(value: unknown): string {
  return isNumber(value) ? `${Math.round(value * 10) / 10}%` : NOT_REPORTED;
}

export function roundTime(roundId: unknown): string {
  if (!isNumber(roundId)) return NOT_REPORTED;
  const date = new Date(roundId * 1000);
  return Number.isNaN(date.getTime()) ? NOT_REPORTED : `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as a list row shows it, in local time and relative to `now`: "09:14", "yesterday
 * 18:05", "Mon 18:05" within a week, "Nov 2 18:05" within the year, else "2025-11-02".
 */
export function shortTime(value: unknown, now: Date = new Date()): string {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(apiTimeMs(value) ?? NaN) : undefined;
  if (!date || Number.isNaN(date.getTime())) return text(value);
  const two = (n: number): string => String(n).padStart(2, '0');
  const clock = `${two(date.getHours())}:${two(date.getMinutes())}`;
  const startOfDay = (d: Date): number => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return clock;
  if (days === 1) return `yesterday ${clock}`;
  if (days > 1 && days < 7) return `${WEEKDAYS[date.getDay()]} ${clock}`;
  if (date.getFullYear() === now.getFullYear()) return `${MONTHS[date.getMonth()]} ${date.getDate()} ${clock}`;
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** A full local date and time for tooltips ("2026-11-23 09:14:05 (UTC+1)"). */
export function fullTime(value: unknown): string {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(apiTimeMs(value) ?? NaN) : undefined;
  if (!date || Number.isNaN(date.getTime())) return text(value);
  const two = (n: number): string => String(n).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const zone =
    offset === 0
      ? 'UTC'
      : `UTC${offset > 0 ? '+' : '-'}${Math.floor(Math.abs(offset) / 60)}` +
        `${Math.abs(offset) % 60 ? `:${two(Math.abs(offset) % 60)}` : ''}`;
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())} (${zone})`
  );
}

function count(value: unknown, noun: string): string {
  return isNumber(value) ? `${value} ${noun}${value === 1 ? '' : 's'}` : `${noun}s ${NOT_REPORTED}`;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The first present text, for labels that must never be empty. */
function first(...values: unknown[]): string {
  for (const value of values) if ((typeof value === 'string' && value !== '') || isNumber(value)) return String(value);
  return NOT_REPORTED;
}

/** `enabled` arrives as 0/1 or, decoded, as a boolean; absent means not disabled. */
export function isDisabled(test: Pick<EndpointTest, 'enabled'>): boolean {
  const flag: unknown = test.enabled;
  return flag === false || flag === 0;
}

function errorFact(error: string | undefined): [string, string][] {
  return error === undefined ? [] : [['Error', error]];
}

function failed(code: unknown): boolean {
  return isNumber(code) && code >= 400;
}

export function userSessionSummary(session: UserSession, now?: Date, agentName: AgentName = noName): RecordSummary {
  const score = experienceText(session.experienceScore) ?? `score ${NOT_REPORTED}`;
  const site = first(session.visitedSite, session.userSessionId);
  // The score and the time lead the label: VS Code cuts a row at the sidebar's edge, and a
  // label's end and the whole description are what a narrow sidebar loses first.
  const label = `${score} · ${shortTime(session.date, now)} · ${site}`;
  const description = count(session.numberOfPages, 'page');
  const when = shortTime(session.date, now);
  return {
    label,
    description,
    title: first(session.visitedSite, 'User session'),
    facts: [
      ['Agent', agentText(session.agentId, agentName)],
      ['Date', fullTime(session.date)],
      ['Source', `${text(session.sourceAddr)} (${text(session.orgName)})`],
      ['Protocol', `${text(session.protocol)}:${text(session.port)}`],
      ['Experience score', `${score} (0 worst, 1 best)`],
      ['Session id', text(session.userSessionId)],
    ],
    warning: false,
    ...graded(experienceGrade(session.experienceScore)),
    spoken: `User session ${site}, ${when}, ${score}, ${description}, experience score ${score}`,
  };
}

export function pageSummary(page: SessionPage): RecordSummary {
  const timings = page.pageTimings as Partial<SessionPage['pageTimings']> | undefined;
  const load = pageLoadGrade(timings?.onLoad);
  const grade = failed(page.responseCode) ? 'bad' : load;
  const label = first(page.title, page.id);
  const description =
    `${text(page.responseCode)} · load ${ms(timings?.onLoad)}` +
    `${load && load !== 'ok' ? ` ${MEASURE_WORDS[load]}` : ''}`;
  return {
    label,
    description,
    title: first(page.title, 'Page'),
    facts: [
      ['Started', fullTime(page.startedDateTime)],
      ['Response code', text(page.responseCode)],
      ['DOMContentLoaded', ms(timings?.onContentLoad)],
      ['Load', ms(timings?.onLoad)],
      [
        'Load budget',
        `slow from ${THRESHOLDS.page.loadWarn / 1000} s, failing from ${THRESHOLDS.page.loadBad / 1000} s`,
      ],
      ['Page id', text(page.id)],
    ],
    warning: failed(page.responseCode),
    ...graded(grade),
    spoken:
      `Page ${label}, response ${text(page.responseCode)}, load ${ms(timings?.onLoad)}` +
      `${grade ? `, ${MEASURE_WORDS[grade]}` : ''}`,
  };
}

export function networkSessionSummary(
  session: NetworkSession,
  now?: Date,
  agentName: AgentName = noName,
): RecordSummary {
  const destination = session.destination as Partial<NetworkSession['destination']> | undefined;
  const grade = networkGrade(destination?.latency, destination?.loss);
  // What was measured and when lead the label (a narrow sidebar cuts the row's end); who and where follow.
  const label =
    `${shortTime(session.date, now)} · ${ms(destination?.latency)} · ` +
    `loss ${percent(destination?.loss)}${grade && grade !== 'ok' ? ` ${MEASURE_WORDS[grade]}` : ''}`;
  const description = `${agentName(session.agentId) ?? text(session.agentId)} → ${text(destination?.target)}`;
  return {
    label,
    description,
    title: 'Network session',
    facts: [
      ['Agent', agentText(session.agentId, agentName)],
      ['Date', fullTime(session.date)],
      ['Target', text(destination?.target)],
      ['Latency', ms(destination?.latency)],
      ['Jitter', ms(destination?.jitter)],
      ['Loss', percent(destination?.loss)],
      ['Session id', text(session.userSessionId)],
    ],
    warning: false,
    ...graded(grade),
    spoken: `Network session ${description}, ${label.replace(/ · /g, ', ')}${grade === 'ok' ? ', fine' : ''}`,
  };
}

/** What a topology probe measures: the path's first hops, each kind with its own budget. */
export const PROBE_KINDS: Record<string, string> = { gateway: 'Gateway', vpn: 'VPN', proxy: 'Proxy' };

export function probeSummary(probe: NetworkProbe, now?: Date, agentName: AgentName = noName): RecordSummary {
  // The published list examples carry only ids, date and icmpBlocked: the rest may be absent.
  const ping = probe.icmpPing as Partial<NonNullable<NetworkProbe['icmpPing']>> | undefined;
  const rtt = probe.icmpBlocked === true ? 'ICMP blocked' : ms(ping?.avgRtt);
  const packets =
    isNumber(ping?.pktsReceived) && isNumber(ping?.pktsSent) ? `${ping.pktsReceived}/${ping.pktsSent}` : NOT_REPORTED;
  const lossPct =
    isNumber(ping?.pktsReceived) && isNumber(ping?.pktsSent) && ping.pktsSent > 0
      ? (1 - ping.pktsReceived / ping.pktsSent) * 100
      : undefined;
  const kind = typeof probe.type === 'string' ? (PROBE_KINDS[probe.type] ?? probe.type) : undefined;
  // The gateway is on the LAN (its own budget); VPN and proxy targets are judged as the ISP path.
  const grade =
    probe.icmpBlocked === true
      ? undefined
      : probe.type === 'gateway'
        ? gatewayGrade(ping?.avgRtt, lossPct)
        : networkGrade(ping?.avgRtt, lossPct);
  const target = typeof probe.target === 'string' && probe.target !== '' ? probe.target : `(target ${NOT_REPORTED})`;
  // When and how fast first: the agent's name is what a narrow sidebar may cut.
  const description =
    `${shortTime(probe.date, now)} · ${rtt}${grade && grade !== 'ok' ? ` · ${MEASURE_WORDS[grade]}` : ''}` +
    ` · ${agentName(probe.agentId) ?? text(probe.agentId)}`;
  return {
    label: `${kind ?? 'Probe'} ${target}`,
    description,
    title: `${kind ?? 'Network topology'} probe`,
    facts: [
      ['Agent', agentText(probe.agentId, agentName)],
      ['Date', fullTime(probe.date)],
      ['Target', text(probe.target)],
      ['Kind', text(kind)],
      ['Average RTT', rtt],
      ['Packets', packets],
      ['Probe id', text(probe.networkProbeId)],
    ],
    warning: false,
    ...graded(grade),
    spoken: `${kind ?? 'Network topology'} probe to ${target}, ${description.replace(/ · /g, ', ')}`,
  };
}

/** An endpoint agent's computer name by id, when known (views show names, not ids). */
export type AgentName = (agentId: unknown) => string | undefined;
const noName: AgentName = () => undefined;

/** "LAPTOP-ANNA (a1b2…)" when the name is known, else the id. */
function agentText(agentId: unknown, agentName: AgentName): string {
  const name = agentName(agentId);
  return name ? `${name} (${text(agentId)})` : text(agentId);
}

function graded(grade: Grade | undefined): { grade?: Grade } {
  return grade === undefined ? {} : { grade };
}

export function agentSummary(agent: EndpointAgent, now?: number): RecordSummary {
  const hardware = [agent.manufacturer, agent.model]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');
  return {
    label: first(agent.computerName, agent.agentId),
    description: [
      text(agent.status),
      ...(agent.deleted === true ? ['deleted'] : []),
      ...whereaboutsWords(agent, now),
    ].join(' · '),
    title: first(agent.computerName, agent.agentId),
    facts: [
      ['Status', text(agent.status)],
      ['Deleted', agent.deleted === true ? 'yes' : 'no'],
      ['OS', text(agent.osVersion)],
      ['Kernel', text(agent.kernelVersion)],
      ['Hardware', text(hardware)],
      ...whereaboutsFacts(agent),
      ['Agent id', text(agent.agentId)],
    ],
    warning: false,
  };
}

export function networkSummary(network: PrivateNetwork): RecordSummary {
  return {
    label: first(network.networkName, network.networkId),
    description: text(network.localPrefix),
    title: first(network.networkName, network.networkId),
    facts: [
      ['Local prefix', text(network.localPrefix)],
      ['Public IP range', text(network.publicIpRange)],
      ['Network id', text(network.networkId)],
    ],
    warning: false,
  };
}

export function endpointTestSummary(test: EndpointTest): RecordSummary {
  const interval = isNumber(test.interval) ? `every ${test.interval} s` : `interval ${NOT_REPORTED}`;
  return {
    label: first(test.testName, test.testId),
    description: `#${text(test.testId)} · ${interval}${isDisabled(test) ? ' · disabled' : ''}`,
    title: first(test.testName, test.testId),
    facts: [
      ['Type', text(test.type)],
      ['Target', text(test.url ?? test.server)],
      ['Protocol', text(test.protocol)],
      ['Interval', isNumber(test.interval) ? `${test.interval} s` : NOT_REPORTED],
      ['Test id', text(test.testId)],
    ],
    warning: false,
  };
}

export function metricSummary(metric: NetMetric): RecordSummary {
  const error = typeof metric.errorDetails === 'string' && metric.errorDetails !== '' ? metric.errorDetails : undefined;
  return {
    label: `${text(metric.agentId)} · ${roundTime(metric.roundId)}`,
    description: `${ms(metric.avgLatency)} · loss ${percent(metric.loss)}${error ? ' · error' : ''}`,
    title: 'Network metrics',
    facts: [
      ['Agent', text(metric.agentId)],
      ['Round', roundTime(metric.roundId)],
      ['Average latency', ms(metric.avgLatency)],
      ['Jitter', ms(metric.jitter)],
      ['Loss', percent(metric.loss)],
      ['Server IP', text(metric.serverIp)],
      ...errorFact(error),
    ],
    warning: error !== undefined,
  };
}

export function pathVisRecordSummary(summary: PathVisSummary): RecordSummary {
  const endpoints: unknown = summary.endpoints;
  const paths = count(Array.isArray(endpoints) ? endpoints.length : undefined, 'path');
  return {
    label: `${text(summary.agentId)} · ${roundTime(summary.roundId)}`,
    description: `${text(summary.location)} · ${paths}`,
    title: 'Path visualization',
    facts: [
      ['Agent', text(summary.agentId)],
      ['Location', text(summary.location)],
      ['Server', text(summary.server)],
      ['Source', text(summary.sourceIp)],
    ],
    warning: false,
  };
}

export function httpServerSummary(result: HttpServerResult): RecordSummary {
  const error = reportedErrorType(result.errorType);
  return {
    label: `${text(result.agentId)} · ${roundTime(result.roundId)}`,
    description: `${text(result.responseCode)} · ${ms(result.totalTime)}`,
    title: 'HTTP server',
    facts: [
      ['Agent', text(result.agentId)],
      ['Response code', text(result.responseCode)],
      ['DNS', ms(result.dnsTime)],
      ['Connect', ms(result.connectTime)],
      ['SSL', ms(result.sslTime)],
      ['Wait', ms(result.waitTime)],
      ['Receive', ms(result.receiveTime)],
      ...errorFact(error),
    ],
    warning: error !== undefined || failed(result.responseCode),
  };
}

export function enterpriseAgentSummary(agent: EnterpriseAgent): RecordSummary {
  const addresses = Array.isArray(agent.ipAddresses)
    ? agent.ipAddresses.filter((a) => typeof a === 'string').join(', ')
    : undefined;
  return {
    label: first(agent.agentName, agent.agentId),
    description: `${text(agent.location)} · ${text(agent.agentId)}`,
    title: first(agent.agentName, agent.agentId),
    facts: [
      ['Type', text(agent.agentType)],
      ['Location', text(agent.location)],
      ['Country', text(agent.countryId)],
      // v7's networkProviderInfo (provider and AS) when sent, else the `network` line.
      ['Network', networkProviderText(agent.networkProviderInfo) ?? text(agent.network)],
      ['Addresses', text(addresses)],
      ['Prefix', text(agent.prefix)],
      ['Agent id', text(agent.agentId)],
    ],
    warning: agent.enabled === false,
  };
}
