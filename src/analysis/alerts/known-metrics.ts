// The metrics an alert rule of each type can name, so that a rule naming a metric the data does
// not carry is reported before a backtest says "never fired". Each name is a field of the v7
// results schemas (test/fixtures/openapi/thousandeyes.yaml, named above each table) or a name the
// yaml's own expression examples use (`hopDelay`, `lastContact`); the examples' other names
// (`totalTime`, `responseTime`) are result fields too, which is why field names are taken as the
// expression's names. Aliases are other names of the same measurement, each with its source.
import type { AlertType } from '../../api/types/alerts';
import type { Condition, ValueUnit } from './expression';

/** What a metric's value is: a normalised unit, a plain count or code (`count`), or text. */
export type MetricKind = ValueUnit | 'count' | 'text';

export interface KnownMetric {
  name: string;
  kind: MetricKind;
  /** Read from each hop of a path (inside `hops(…)`), not from the round. */
  perHop?: boolean;
  aliases?: readonly string[];
}

const ms = (name: string, aliases?: string[]): KnownMetric => ({ name, kind: 'ms', ...(aliases ? { aliases } : {}) });
const count = (name: string): KnownMetric => ({ name, kind: 'count' });
const text = (name: string): KnownMetric => ({ name, kind: 'text' });

// Test_Results_API_NetworkTestResult: loss and proxyLoss are percentages, latencies and jitter
// milliseconds, availableBandwidth and capacity Mbps (as its descriptions say). `latency` is the
// metric's display name in the vendor's alert metrics reference ("Latency"), not a yaml field.
const NETWORK: readonly KnownMetric[] = [
  { name: 'loss', kind: 'percent' },
  ms('avgLatency', ['latency']),
  ms('minLatency'),
  ms('maxLatency'),
  ms('jitter'),
  { name: 'availableBandwidth', kind: 'Mbps' },
  { name: 'capacity', kind: 'Mbps' },
  { name: 'bandwidth', kind: 'Mbps' },
  { name: 'proxyLoss', kind: 'percent' },
  ms('proxyAverageLatency'),
  ms('proxyMinLatency'),
  ms('proxyMaxLatency'),
  ms('proxyJitter'),
  count('healthScore'),
];

// Per hop: `hopDelay` is the example of Alerts_API_BaseRule.expression (`((hops((hopDelay >= 100
// ms))))`); no results schema has the field, so whoever builds hop records supplies it (the hop's
// delay as the path analyses measure it). It gets no alias: `delay` in endpoint traceroutes and a
// PathVisHop's `responseTime` are round trips to the hop, not what it adds. The other per-hop
// names are Test_Results_API_PathVisHop's fields. Per round:
// Test_Results_API_PathTrace's `numberOfHops`, `pathMtu`, `mss` and `responseTime` (to the target).
const hop = (metric: KnownMetric): KnownMetric => ({ ...metric, perHop: true });
const PATH_TRACE: readonly KnownMetric[] = [
  hop(ms('hopDelay')),
  hop(ms('responseTime')),
  hop(count('hop')),
  hop(text('ipAddress')),
  hop(text('prefix')),
  hop(text('rdns')),
  hop(text('network')),
  hop(text('location')),
  count('numberOfHops'),
  count('pathMtu'),
  count('mss'),
  ms('responseTime'),
];

// Test_Results_API_HttpTestResult; `totalTime` and `responseTime` are also the template example
// (Templates_API_AlertRuleConfigurationTemplate). `throughput` is bytes per second there, not Mbps.
const HTTP_SERVER: readonly KnownMetric[] = [
  count('responseCode'),
  text('errorType'),
  ms('responseTime'),
  ms('totalTime'),
  ms('dnsTime'),
  ms('connectTime'),
  ms('sslTime'),
  ms('waitTime'),
  ms('receiveTime'),
  ms('redirectTime'),
  count('numRedirects'),
  count('wireSize'),
  count('throughput'),
  text('sslVersion'),
  text('sslCipher'),
  count('healthScore'),
];

// Test_Results_API_PageLoadTestResult.
const PAGE_LOAD: readonly KnownMetric[] = [
  ms('responseTime'),
  ms('pageLoadTime'),
  ms('domLoadTime'),
  count('totalSize'),
  count('numObjects'),
  count('numErrors'),
];

// Test_Results_API_DnsServerTestResult: `resolutionTime` in ms, `mappings` the answer as text.
const DNS_SERVER: readonly KnownMetric[] = [ms('resolutionTime'), text('mappings')];

// Test_Results_API_BgpTestResult, a monitor's view of the test's prefix in a round: `reachability`
// is a percentage ("Percentage reachability"), `updates` and `pathChanges` counts ("Number of …
// tracked against this prefix by this monitor").
const BGP: readonly KnownMetric[] = [{ name: 'reachability', kind: 'percent' }, count('updates'), count('pathChanges')];

// Agents_API_NotificationRule's examples: `((lastContact >= 30 min))`.
const AGENT: readonly KnownMetric[] = [ms('lastContact')];

/** The metrics each alert type's rules can name; a type absent here is not checked. */
export const KNOWN_METRICS: Readonly<Partial<Record<AlertType, readonly KnownMetric[]>>> = {
  'end-to-end-server': NETWORK,
  'end-to-end-agent': NETWORK,
  'endpoint-network-server': NETWORK,
  'path-trace': PATH_TRACE,
  'endpoint-path-trace': PATH_TRACE,
  'http-server': HTTP_SERVER,
  'endpoint-http-server': HTTP_SERVER,
  'page-load': PAGE_LOAD,
  'dns-server': DNS_SERVER,
  bgp: BGP,
  agent: AGENT,
};

/** Every name a metric goes by, the name as written first (for reading a record that uses another). */
export function metricNames(metric: string): readonly string[] {
  const names = [metric];
  for (const table of Object.values(KNOWN_METRICS)) {
    for (const known of table ?? []) {
      const all = [known.name, ...(known.aliases ?? [])];
      if (all.includes(metric)) for (const name of all) if (!names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** The known metric a name means for an alert type, by its name or an alias. */
export function findMetric(alertType: string, metric: string, perHop: boolean): KnownMetric | undefined {
  const table = KNOWN_METRICS[alertType as AlertType] ?? [];
  return table.find((m) => Boolean(m.perHop) === perHop && (m.name === metric || m.aliases?.includes(metric)));
}

export interface MetricProblem {
  metric: string;
  column: number;
  message: string;
}

/**
 * What a rule asks of data its alert type does not carry: a metric the type has no field for
 * (or one read per hop outside `hops(…)`, or per round inside it), a value in another unit than
 * the metric's (`loss > 10 ms`), a string compared with a number. Empty when all is well, or when
 * the type has no table here (nothing is known to be wrong).
 */
export function checkMetrics(condition: Condition, alertType: string): MetricProblem[] {
  const table = KNOWN_METRICS[alertType as AlertType];
  if (!table) return [];
  const problems: MetricProblem[] = [];
  const visit = (node: Condition, inHops: boolean): void => {
    if (node.kind === 'all' || node.kind === 'any') for (const child of node.conditions) visit(child, inHops);
    else if (node.kind === 'hops') visit(node.condition, true);
    else {
      const problem = comparisonProblem(node, alertType, inHops);
      if (problem) problems.push({ metric: node.metric, column: node.column, message: problem });
    }
  };
  visit(condition, false);
  return problems;
}

function comparisonProblem(
  node: Extract<Condition, { kind: 'comparison' }>,
  alertType: string,
  inHops: boolean,
): string | undefined {
  const known = findMetric(alertType, node.metric, inHops);
  const where = `column ${node.column}`;
  if (!known) {
    const other = findMetric(alertType, node.metric, !inHops);
    if (other && inHops)
      return `'${node.metric}' (${where}) is measured per round, not per hop: move it out of hops(…)`;
    if (other) return `'${node.metric}' (${where}) is measured per hop: write hops((${node.metric} …))`;
    return `metric '${node.metric}' (${where}) is not in ${alertType} data`;
  }
  const { literal } = node;
  if (known.kind === 'text') {
    return literal.kind === 'string'
      ? undefined
      : `'${node.metric}' (${where}) is text: compare it with a quoted string`;
  }
  if (literal.kind === 'string') return `'${node.metric}' (${where}) is a number, compared with a string`;
  if (literal.unit && literal.unit !== known.kind) {
    const expected = known.kind === 'count' ? 'no unit' : known.kind === 'percent' ? '%' : known.kind;
    return `'${node.metric}' (${where}) takes ${expected}, not ${literal.written}`;
  }
  return undefined;
}
