// One definition of what an agent's round serves for each layer an alert rule can watch beyond
// the network one (world/round-metrics.ts's networkValues): the v7 encoder serves these records
// (encode-results.ts) and the alert evaluation judges rules over the same records (rule-marks.ts),
// so an alert and a backtest of the served results cannot disagree. They live beside page-har.ts,
// whose HTTP phases and HAR they are written from, rather than in world/.
import type { PathRoute } from '../../../api/types';
import type { BgpRound } from '../../world/bgp-monitors';
import { destinationOf } from '../../world/endpoint-tests';
import {
  firstDnsServer,
  roundEndOf,
  testField,
  type EnterprisePlan,
  type EnterpriseRound,
} from '../../world/enterprise-results';
import { ms, pageHar, phases } from './page-har';

type Json = Record<string, unknown>;

/** The layers other than network and path-vis whose served records an alert rule is judged over. */
export type RoundLayer = 'http-server' | 'page-load' | 'dns-server';

/** A server round that failed to connect (round.error), as the HTTP and FTP server results serve it. */
export function connectFailedValues(round: EnterpriseRound, error: string): Json {
  return {
    serverIp: round.plan.target.serverIp,
    responseCode: 0,
    errorType: 'Connect',
    errorDetails: error,
    dnsTime: 0,
    connectTime: 0,
    totalTime: 0,
  };
}

/** An HTTP server test's round (`http-server`): its phases, or the connect error of a failed round. */
export function httpServerValues(round: EnterpriseRound): Json {
  const { plan } = round;
  if (round.error) return connectFailedValues(round, round.error);
  const p = phases(round);
  const total = p.dns + p.connect + p.ssl + p.wait + p.receive;
  return {
    serverIp: plan.target.serverIp,
    responseCode: 200,
    numRedirects: 0,
    redirectTime: 0,
    dnsTime: p.dns,
    connectTime: p.connect,
    sslTime: p.ssl,
    waitTime: p.wait,
    receiveTime: p.receive,
    responseTime: total - p.receive,
    totalTime: total,
    wireSize: 48_213,
    throughput: Math.round(48_213 / Math.max(1, p.receive)),
    errorType: 'None',
    sslVersion: 'TLSv1.3',
    sslCipher: 'TLS_AES_256_GCM_SHA384',
    headers: {
      requestHeaders: `GET / HTTP/1.1\r\nHost: ${plan.target.host}`,
      responseHeaders: 'HTTP/1.1 200 OK\r\ncontent-type: text/html',
    },
  };
}

/** A page load's round (`page-load`): the summary of its HAR. */
export function pageLoadValues(round: EnterpriseRound): Json {
  const har = pageHar(round);
  const entries = har.log.entries;
  const onLoad = Number(har.log.pages?.[0]?.pageTimings.onLoad ?? 0);
  return {
    responseTime: entries[0]?.time ?? 0,
    totalSize: entries.reduce((sum, e) => sum + e.response.bodySize, 0),
    numObjects: entries.length,
    numErrors: entries.filter((e) => e.response.status >= 400 || e.response.status === 0).length,
    domLoadTime: Math.round(onLoad * 0.7),
    pageLoadTime: onLoad,
  };
}

/** A DNS server test's round (`dns-server`): how long the server took, and its answer. */
export function dnsServerValues(round: EnterpriseRound): Json {
  const { test } = round.plan;
  const base = { serverId: '1', server: firstDnsServer(test) ?? 'ns1.example.net' };
  if (round.error) return { ...base, resolutionTime: 0, errorDetails: round.error };
  // The round reaches the server the network layer measures; the answer names the domain asked about.
  const domain = String(testField(test, 'domain') ?? round.plan.target.host).slice(0, 200);
  return {
    ...base,
    resolutionTime: ms(round.avgLatency * 0.6),
    mappings: `${domain} IN A ${destinationOf(domain).serverIp}`,
  };
}

/**
 * A BGP monitor's round (`bgp`): its window and what it saw of the prefix, the measurements of a
 * BGP result (bgp-results.ts serves them after the monitor and prefix; a `bgp` rule reads them).
 */
export function bgpValues(plan: EnterprisePlan, round: BgpRound): Json {
  return {
    startTime: round.roundId,
    endTime: roundEndOf(plan, round.roundId),
    reachability: round.reachability,
    updates: round.updates,
    pathChanges: round.pathChanges,
  };
}

/** A route's summary as the path-vis list serves it (`pathTraces[0]`): a path-trace rule's per-round values. */
export function pathSummaryValues(route: PathRoute): Json {
  const last = route.hops[route.hops.length - 1];
  return {
    ipAddress: last?.ipAddress ?? '',
    numberOfHops: last?.hop ?? 0,
    pathId: route.pathId,
    responseTime: last?.responseTime ?? 0,
  };
}

/** A route's hops as the path-vis detail serves them: test results name a hop's MPLS labels in one string. */
export function servedHops(route: PathRoute): Json[] {
  return route.hops.map(({ mpls, ...hop }) =>
    mpls === undefined ? hop : { ...hop, mpls: Array.isArray(mpls) ? mpls.join(', ') : mpls },
  );
}

/** Each judged layer's record of a round, by layer (what rule-marks.ts evaluates a rule of that layer over). */
export const LAYER_VALUES: Readonly<Record<RoundLayer, (round: EnterpriseRound) => Json>> = {
  'http-server': httpServerValues,
  'page-load': pageLoadValues,
  'dns-server': dnsServerValues,
};
