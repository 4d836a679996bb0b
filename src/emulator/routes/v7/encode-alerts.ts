// Derived alerts and events in v7's shapes: an alert as listed (Alerts_API_Alert) and read with
// its sources (Alerts_API_AlertDetail), an event as listed (Event_Detection_API_Event) and read
// (its `network` detail, with the affected tests, targets and agents).
import type { TestAgent } from '../../../api/types';
import type { RequestContext } from '../../http/router';
import { formatIsoDateTime } from '../../http/time';
import { testHref } from './alert-bindings';
import { isMonitor, type AlertSourceOf, type DerivedAlert, type DerivedEvent } from './alert-derivation';
import { sourceMetrics } from './source-metrics';
import { v7TestType } from './encode-enterprise';

type Json = Record<string, unknown>;

function alertLinks(ctx: RequestContext, alert: DerivedAlert): Json {
  const test = alert.plan.test;
  return {
    self: { href: `${ctx.baseUrl}/v7/alerts/${alert.id}` },
    test: { href: testHref(ctx, v7TestType(String(test.type)), test.testId) },
    rule: { href: `${ctx.baseUrl}/v7/alerts/rules/${alert.rule.ruleId}` },
    appLink: { href: `${ctx.baseUrl}/app/alerts/${alert.id}` },
  };
}

/** What an alert shares as listed and as read. */
function alertBase(ctx: RequestContext, alert: DerivedAlert, asOf: number): Json {
  const until = alert.endSeconds ?? asOf;
  return {
    id: alert.id,
    alertType: alert.rule.fields['alertType'],
    alertState: alert.active ? 'trigger' : 'clear',
    alertSeverity: alert.rule.fields['severity'] ?? 'unknown',
    startDate: formatIsoDateTime(alert.startSeconds),
    ...(alert.endSeconds !== undefined ? { endDate: formatIsoDateTime(alert.endSeconds) } : {}),
    violationCount: alert.sources.length,
    duration: Math.max(0, until - alert.startSeconds),
    suppressed: alert.suppressed,
    meta: { version: 1 },
    _links: alertLinks(ctx, alert),
  };
}

export function v7Alert(ctx: RequestContext, alert: DerivedAlert, asOf: number): Json {
  return { ...alertBase(ctx, alert, asOf), alertRuleId: alert.rule.ruleId };
}

export function v7AlertDetail(ctx: RequestContext, alert: DerivedAlert, asOf: number): Json {
  const state = alert.active ? 'trigger' : 'clear';
  // The metrics of the first round it was active in, and of the first after it (the start's while it goes on).
  const endRound = alert.endSeconds ?? alert.startSeconds;
  return {
    ...alertBase(ctx, alert, asOf),
    details: alert.sources.map((source) => ({
      ...sourceNaming(source),
      state,
      start: { metrics: sourceMetrics(alert, source, alert.startSeconds) },
      end: { metrics: sourceMetrics(alert, source, endRound) },
    })),
  };
}

/** A source's id, name and type as an alert's detail names it (`type` as api/types/alerts.ts lists the service's). */
function sourceNaming(source: AlertSourceOf): Json {
  if (isMonitor(source)) return { id: source.monitorId, name: source.monitorName, type: 'bgp_monitor' };
  return {
    id: String(source.agentId),
    name: source.agentName,
    type: source.public === 1 ? 'cloud_agent' : 'cea_agent',
  };
}

const TITLES = { lossEpisode: 'Packet loss in a transit network', routeChange: 'Route change in a transit network' };
const CAUSES = { lossEpisode: 'Network Loss and/or High RTT', routeChange: 'Path change with higher latency' };

function affectedAgents(event: DerivedEvent): Map<number, { agent: TestAgent; tests: Set<string> }> {
  const agents = new Map<number, { agent: TestAgent; tests: Set<string> }>();
  for (const episode of event.episodes) {
    for (const agent of episode.agents) {
      const seen = agents.get(agent.agentId) ?? { agent, tests: new Set<string>() };
      seen.tests.add(String(episode.plan.test.testId));
      agents.set(agent.agentId, seen);
    }
  }
  return agents;
}

function targets(event: DerivedEvent): Map<string, { name: string; ip: string; tests: string[]; agents: string[] }> {
  const found = new Map<string, { name: string; ip: string; tests: string[]; agents: string[] }>();
  for (const episode of event.episodes) {
    const { host, serverIp } = episode.plan.target;
    const target = found.get(host) ?? { name: host, ip: serverIp, tests: [], agents: [] };
    target.tests.push(String(episode.plan.test.testId));
    for (const agent of episode.agents)
      if (!target.agents.includes(String(agent.agentId))) target.agents.push(String(agent.agentId));
    found.set(host, target);
  }
  return found;
}

/** The worst day's loss sets the severity; a route change is low. */
function severity(event: DerivedEvent): string {
  if (event.kind === 'routeChange') return 'low';
  const loss = Math.max(...event.episodes.map((episode) => episode.lossPercent));
  return loss >= 15 ? 'high' : 'medium';
}

function eventBase(ctx: RequestContext, event: DerivedEvent): Json {
  return {
    id: event.id,
    type: 'network',
    typeName: 'Network Path Issue',
    state: event.active ? 'active' : 'resolved',
    severity: severity(event),
    startDate: formatIsoDateTime(event.startSeconds),
    endDate: event.active ? null : formatIsoDateTime(event.endSeconds),
    _links: { self: { href: `${ctx.baseUrl}/v7/events/${event.id}` } },
  };
}

export function v7Event(ctx: RequestContext, event: DerivedEvent): Json {
  const count = (total: number): Json => ({ total, inAccountGroup: total });
  return {
    ...eventBase(ctx, event),
    title: TITLES[event.kind],
    affectedTests: count(event.episodes.length),
    affectedTargets: count(targets(event).size),
    affectedAgents: count(affectedAgents(event).size),
  };
}

export function v7EventDetail(ctx: RequestContext, event: DerivedEvent): Json {
  const agents = [...affectedAgents(event).values()];
  const affectedTargets = [...targets(event).values()];
  const targetOf = (testId: string): string[] =>
    affectedTargets.filter((target) => target.tests.includes(testId)).map((target) => target.name);
  const tests = event.episodes.map((episode) => {
    const test = episode.plan.test;
    const type = v7TestType(String(test.type));
    return {
      testId: String(test.testId),
      testType: type,
      name: test.testName,
      affectedTargetIds: targetOf(String(test.testId)),
      affectedAgentIds: episode.agents.map((agent) => String(agent.agentId)),
      _links: { test: { href: testHref(ctx, type, test.testId) } },
    };
  });
  return {
    ...eventBase(ctx, event),
    aid: String(ctx.aid),
    summary: `${TITLES[event.kind]}: ${tests.length} test(s) and ${agents.length} agent(s) affected`,
    affectedTests: { total: tests.length, inAccountGroup: tests.length, tests },
    affectedTargets: {
      total: affectedTargets.length,
      inAccountGroup: affectedTargets.length,
      targets: affectedTargets.map((target) => ({
        serverId: target.name,
        name: target.name,
        ip: target.ip,
        affectedTestIds: target.tests,
        affectedAgentIds: target.agents,
      })),
    },
    affectedAgents: {
      total: agents.length,
      inAccountGroup: agents.length,
      agents: agents.map(({ agent, tests: testIds }) => ({
        agentId: String(agent.agentId),
        type: agent.public === 1 ? 'cloud' : 'enterprise',
        name: agent.agentName,
        location: agent.location,
        countryCode: agent.countryId,
        affectedTestIds: [...testIds],
        affectedTargetIds: affectedTargets
          .filter((target) => target.agents.includes(String(agent.agentId)))
          .map((target) => target.name),
      })),
    },
    cause: [CAUSES[event.kind]],
  };
}
