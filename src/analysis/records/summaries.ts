// What one record reads as in a list: a label, a one-line description, a title and the
// facts of its tooltip. Written once for the explorer (and any other list of records),
// from decoded records that may still lack any optional field: every value goes through
// the formatters below, so an absent field reads "not reported", never "undefined" or "NaN".
import type {
  EnterpriseAgent, EndpointAgent, EndpointTest, HttpServerResult, NetMetric, NetworkProbe, NetworkSession, PathVisSummary, PrivateNetwork, SessionPage, UserSession,
} from '../../api/types';

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

export function userSessionSummary(session: UserSession): RecordSummary {
  return {
    label: first(session.visitedSite, session.userSessionId),
    description: `${text(session.date)} · ${count(session.numberOfPages, 'page')}`,
    title: first(session.visitedSite, 'User session'),
    facts: [['Agent', text(session.agentId)], ['Date', text(session.date)], ['Source', `${text(session.sourceAddr)} (${text(session.orgName)})`],
      ['Protocol', `${text(session.protocol)}:${text(session.port)}`], ['Experience score', text(session.experienceScore)], ['Session id', text(session.userSessionId)]],
    warning: false,
  };
}

export function pageSummary(page: SessionPage): RecordSummary {
  const timings = page.pageTimings as Partial<SessionPage['pageTimings']> | undefined;
  return {
    label: first(page.title, page.id),
    description: `${text(page.responseCode)} · load ${ms(timings?.onLoad)}`,
    title: first(page.title, 'Page'),
    facts: [['Started', text(page.startedDateTime)], ['Response code', text(page.responseCode)],
      ['DOMContentLoaded', ms(timings?.onContentLoad)], ['Load', ms(timings?.onLoad)], ['Page id', text(page.id)]],
    warning: failed(page.responseCode),
  };
}

export function networkSessionSummary(session: NetworkSession): RecordSummary {
  const destination = session.destination as Partial<NetworkSession['destination']> | undefined;
  return {
    label: `${text(session.agentId)} → ${text(destination?.target)}`,
    description: `${text(session.date)} · ${ms(destination?.latency)} · loss ${percent(destination?.loss)}`,
    title: 'Network session',
    facts: [['Agent', text(session.agentId)], ['Date', text(session.date)], ['Target', text(destination?.target)],
      ['Latency', ms(destination?.latency)], ['Jitter', ms(destination?.jitter)], ['Loss', percent(destination?.loss)], ['Session id', text(session.userSessionId)]],
    warning: false,
  };
}

export function probeSummary(probe: NetworkProbe): RecordSummary {
  // The published list examples carry only ids, date and icmpBlocked: the rest may be absent.
  const ping = probe.icmpPing as Partial<NonNullable<NetworkProbe['icmpPing']>> | undefined;
  const rtt = probe.icmpBlocked === true ? 'ICMP blocked' : ms(ping?.avgRtt);
  const packets = isNumber(ping?.pktsReceived) && isNumber(ping?.pktsSent) ? `${ping.pktsReceived}/${ping.pktsSent}` : NOT_REPORTED;
  return {
    label: `${first(probe.type, 'probe')} ${typeof probe.target === 'string' && probe.target !== '' ? probe.target : `(target ${NOT_REPORTED})`}`,
    description: `${text(probe.agentId)} · ${text(probe.date)} · ${rtt}`,
    title: 'Network topology probe',
    facts: [['Agent', text(probe.agentId)], ['Date', text(probe.date)], ['Target', text(probe.target)], ['Type', text(probe.type)],
      ['Average RTT', rtt], ['Packets', packets], ['Probe id', text(probe.networkProbeId)]],
    warning: false,
  };
}

export function agentSummary(agent: EndpointAgent): RecordSummary {
  const hardware = [agent.manufacturer, agent.model].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return {
    label: first(agent.computerName, agent.agentId),
    description: agent.deleted === true ? `${text(agent.status)} · deleted` : text(agent.status),
    title: first(agent.computerName, agent.agentId),
    facts: [['Status', text(agent.status)], ['Deleted', agent.deleted === true ? 'yes' : 'no'], ['OS', text(agent.osVersion)],
      ['Kernel', text(agent.kernelVersion)], ['Hardware', text(hardware)], ['Agent id', text(agent.agentId)]],
    warning: false,
  };
}

export function networkSummary(network: PrivateNetwork): RecordSummary {
  return {
    label: first(network.networkName, network.networkId),
    description: text(network.localPrefix),
    title: first(network.networkName, network.networkId),
    facts: [['Local prefix', text(network.localPrefix)], ['Public IP range', text(network.publicIpRange)], ['Network id', text(network.networkId)]],
    warning: false,
  };
}

export function endpointTestSummary(test: EndpointTest): RecordSummary {
  const interval = isNumber(test.interval) ? `every ${test.interval} s` : `interval ${NOT_REPORTED}`;
  return {
    label: first(test.testName, test.testId),
    description: `#${text(test.testId)} · ${interval}${isDisabled(test) ? ' · disabled' : ''}`,
    title: first(test.testName, test.testId),
    facts: [['Type', text(test.type)], ['Target', text(test.url ?? test.server)], ['Protocol', text(test.protocol)],
      ['Interval', isNumber(test.interval) ? `${test.interval} s` : NOT_REPORTED], ['Test id', text(test.testId)]],
    warning: false,
  };
}

export function metricSummary(metric: NetMetric): RecordSummary {
  const error = typeof metric.errorDetails === 'string' && metric.errorDetails !== '' ? metric.errorDetails : undefined;
  return {
    label: `${text(metric.agentId)} · ${roundTime(metric.roundId)}`,
    description: `${ms(metric.avgLatency)} · loss ${percent(metric.loss)}${error ? ' · error' : ''}`,
    title: 'Network metrics',
    facts: [['Agent', text(metric.agentId)], ['Round', roundTime(metric.roundId)], ['Average latency', ms(metric.avgLatency)],
      ['Jitter', ms(metric.jitter)], ['Loss', percent(metric.loss)], ['Server IP', text(metric.serverIp)], ...errorFact(error)],
    warning: error !== undefined,
  };
}

export function pathVisRecordSummary(summary: PathVisSummary): RecordSummary {
  const endpoints: unknown = summary.endpoints;
  return {
    label: `${text(summary.agentId)} · ${roundTime(summary.roundId)}`,
    description: `${text(summary.location)} · ${count(Array.isArray(endpoints) ? endpoints.length : undefined, 'path')}`,
    title: 'Path visualization',
    facts: [['Agent', text(summary.agentId)], ['Location', text(summary.location)], ['Server', text(summary.server)], ['Source', text(summary.sourceIp)]],
    warning: false,
  };
}

export function httpServerSummary(result: HttpServerResult): RecordSummary {
  const error = typeof result.errorType === 'string' && result.errorType !== '' && result.errorType !== 'None' ? result.errorType : undefined;
  return {
    label: `${text(result.agentId)} · ${roundTime(result.roundId)}`,
    description: `${text(result.responseCode)} · ${ms(result.totalTime)}`,
    title: 'HTTP server',
    facts: [['Agent', text(result.agentId)], ['Response code', text(result.responseCode)], ['DNS', ms(result.dnsTime)], ['Connect', ms(result.connectTime)],
      ['SSL', ms(result.sslTime)], ['Wait', ms(result.waitTime)], ['Receive', ms(result.receiveTime)], ...errorFact(error)],
    warning: error !== undefined || failed(result.responseCode),
  };
}

export function enterpriseAgentSummary(agent: EnterpriseAgent): RecordSummary {
  const addresses = Array.isArray(agent.ipAddresses) ? agent.ipAddresses.filter((a) => typeof a === 'string').join(', ') : undefined;
  return {
    label: first(agent.agentName, agent.agentId),
    description: `${text(agent.location)} · ${text(agent.agentId)}`,
    title: first(agent.agentName, agent.agentId),
    facts: [['Type', text(agent.agentType)], ['Location', text(agent.location)], ['Country', text(agent.countryId)], ['Network', text(agent.network)],
      ['Addresses', text(addresses)], ['Prefix', text(agent.prefix)], ['Agent id', text(agent.agentId)]],
    warning: agent.enabled === false,
  };
}
