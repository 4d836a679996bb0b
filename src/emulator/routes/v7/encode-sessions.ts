// Real-user tests (v6: user sessions), their pages, network sessions and page HARs in v7's
// wire shapes: `id` for the session id, `sourceAddress`, `organizationName`, ISO dates,
// `loadDate` of a page, `connectRtt`/`isIcmpBlocked`, HAR `systemMetrics`.
import type { Har, NetworkSession, SessionPage, UserSession, UserSessionDetail, WebSession } from '../../../api/types';
import { isoDate, v7NetworkProfile, v7Ping, v7Traceroute } from './encode-common';

export function v7RealUserTest(session: UserSession): Record<string, unknown> {
  return {
    id: session.userSessionId,
    agentId: session.agentId,
    roundId: session.roundId,
    date: isoDate(session.date),
    committed: isoDate(session.committed),
    sourceAddress: session.sourceAddr,
    organizationName: session.orgName,
    visitedSite: session.visitedSite,
    protocol: session.protocol,
    port: session.port,
    numberOfPages: session.numberOfPages,
    ...(session.experienceScore !== undefined ? { experienceScore: session.experienceScore } : {}),
    ...(session.pageId !== undefined ? { pageId: session.pageId } : {}),
  };
}

export function v7RealUserTestDetail(detail: UserSessionDetail): Record<string, unknown> {
  const { network } = detail;
  return {
    ...v7RealUserTest(detail),
    browser: { ...detail.browser },
    coordinates: { ...detail.coordinates },
    pages: detail.pages.map(v7SessionPage),
    network: {
      networkProfile: v7NetworkProfile(network.networkProfile),
      ...(network.systemMetrics ? { systemMetrics: network.systemMetrics } : {}),
      gatewayPing: v7Ping(network.gatewayPing),
      ping: v7Ping(network.ping),
      ...(network.vpnPing !== undefined ? { vpnPing: v7Ping(network.vpnPing) } : {}),
      traceroute: v7Traceroute(network.traceroute),
      connectRtt: network.connect.rtt,
      isIcmpBlocked: network.icmpBlocked,
      errors: [...network.errors],
    },
  };
}

/** The detail's pages carry no URL in the world (the pages list does). */
function v7SessionPage(page: SessionPage): Record<string, unknown> {
  return {
    pageId: page.id,
    pageTitle: page.title,
    loadDate: isoDate(page.startedDateTime),
    responseCode: page.responseCode,
    pageTimings: { ...page.pageTimings },
  };
}

export function v7Page(page: WebSession): Record<string, unknown> {
  return {
    pageId: page.pageId,
    ...(page.pageTitle !== undefined ? { pageTitle: page.pageTitle } : {}),
    pageUrl: page.pageUrl,
    loadDate: isoDate(page.date),
    responseCode: page.responseCode,
    pageTimings: { ...page.pageTimings },
    agentId: page.agentId,
    id: page.userSessionId,
    roundId: page.roundId,
    responseTime: Math.round(page.responseTime),
    ...(page.systemMetrics ? { systemMetrics: page.systemMetrics } : {}),
  };
}

export function v7NetworkSession(session: NetworkSession): Record<string, unknown> {
  const { destination } = session;
  return {
    agentId: session.agentId,
    date: isoDate(session.date),
    id: session.userSessionId,
    roundId: session.roundId,
    destination: {
      jitter: Math.round(destination.jitter),
      latency: Math.round(destination.latency),
      loss: destination.loss,
      target: destination.target,
    },
    ...(session.systemMetrics ? { systemMetrics: session.systemMetrics } : {}),
  };
}

/** v6's custom `_systemMetrics` beside the log is v7's `systemMetrics` inside it (the spec's example). */
export function v7Har(har: Har): Record<string, unknown> {
  const { _systemMetrics: metrics, log, ...rest } = har as Har & { _systemMetrics?: unknown };
  return { ...rest, log: { ...log, ...(metrics !== undefined ? { systemMetrics: metrics } : {}) } };
}
