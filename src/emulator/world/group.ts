// GroupWorld: one account group's data, generated lazily round by round.
import type {
  EndpointAgent, EndpointTest, Har, HttpServerResult, NetMetric, NetworkProbe, NetworkProbeDetail, NetworkSession,
  PathTrace, PathVisSummary, PrivateNetwork, TestAgent, UserSession, UserSessionDetail, WebSession,
} from '../../api/types';
import { makeEnterpriseAgents } from './agents';
import { GroupContext, roundsIn } from './context';
import { pageHar } from './har';
import { decodeRecordId } from './ids';
import { systemMetrics } from './measures';
import type { Faceted, GroupWorld, TimeRange } from './model';
import type { GroupSize } from './presets';
import { Rng } from './prng';
import { networkProbeAt, networkProbeDetail, probeCount } from './probes';
import { httpServerResult } from './http-results';
import { hasRound, netMetric, pathTrace, pathVisSummary, planTest, testRounds, type TestPlan } from './scheduled';
import { userSessionDetail } from './session-details';
import {
  networkSessionRecord, sessionCore, sessionFacets, userSessionRecord, webSessionRecord, type SessionCore,
} from './sessions';
import { makeEndpointTests } from './endpoint-tests';

export class GeneratedGroup implements GroupWorld {
  readonly ctx: GroupContext;
  private readonly plans = new Map<number, TestPlan>();
  private readonly tests: EndpointTest[];
  private enterprise: TestAgent[] | undefined;

  constructor(seed: number, readonly aid: number, readonly name: string, groupIndex: number, size: GroupSize, creator: string) {
    this.ctx = new GroupContext(seed, aid, size);
    this.tests = makeEndpointTests(seed, aid, groupIndex, size.endpointTests, creator);
    for (const test of this.tests) this.plans.set(test.testId, planTest(this.ctx, test));
  }

  endpointAgents(): EndpointAgent[] {
    return Array.from({ length: this.ctx.size.endpointAgents }, (_, index) => this.ctx.agentAt(index).record);
  }

  endpointAgent(agentId: string): EndpointAgent | undefined {
    const agent = this.ctx.agentById(agentId);
    return agent ? { ...agent.record, numberOfClients: agent.numberOfClients } : undefined;
  }

  networks(): PrivateNetwork[] {
    return this.ctx.networks.map((network) => network.record);
  }

  enterpriseAgents(): TestAgent[] {
    this.enterprise ??= makeEnterpriseAgents(this.ctx.seed, this.aid);
    return this.enterprise;
  }

  endpointTests(): EndpointTest[] {
    return [...this.plans.values()].map((plan) => plan.test);
  }

  endpointTest(testId: number): EndpointTest | undefined {
    return this.plans.get(testId)?.test;
  }

  addInstantTest(test: EndpointTest, readyAt: number): void {
    this.plans.set(test.testId, planTest(this.ctx, test, readyAt));
  }

  /** Number of user sessions in a round, without generating them. */
  sessionCount(roundId: number): number {
    return this.ctx.countFor('session-count', roundId, this.ctx.size.sessionsPerRound);
  }

  *netMetrics(testId: number, range: TimeRange): Iterable<NetMetric> {
    const plan = this.plans.get(testId);
    if (!plan) return;
    for (const roundId of testRounds(plan, range.from, range.to)) {
      for (const agent of plan.agents) yield netMetric(this.ctx, plan, agent, roundId);
    }
  }

  *pathVis(testId: number, range: TimeRange): Iterable<PathVisSummary> {
    const plan = this.plans.get(testId);
    if (!plan) return;
    for (const roundId of testRounds(plan, range.from, range.to)) {
      for (const agent of plan.agents) yield pathVisSummary(this.ctx, plan, agent, roundId);
    }
  }

  pathTrace(testId: number, agentId: string, roundId: number): PathTrace | undefined {
    const plan = this.plans.get(testId);
    const agent = plan?.agents.find((a) => a.record.agentId === agentId);
    if (!plan || !agent || !hasRound(plan, roundId)) return undefined;
    return pathTrace(this.ctx, plan, agent, roundId);
  }

  *httpServer(testId: number, range: TimeRange): Iterable<HttpServerResult> {
    const plan = this.plans.get(testId);
    if (!plan || plan.test.type !== 'http-server') return;
    for (const roundId of testRounds(plan, range.from, range.to)) {
      for (const agent of plan.agents) yield httpServerResult(this.ctx, plan, agent, roundId);
    }
  }

  private *sessionCores(range: TimeRange): Generator<SessionCore> {
    for (const roundId of roundsIn(range.from, range.to)) {
      const count = this.sessionCount(roundId);
      for (let index = 0; index < count; index++) yield sessionCore(this.ctx, roundId, index, count);
    }
  }

  private sessionById(userSessionId: string): SessionCore | undefined {
    const decoded = decodeRecordId(this.ctx.seed, this.aid, 'session', userSessionId);
    if (!decoded) return undefined;
    const count = this.sessionCount(decoded.roundId);
    return decoded.index < count ? sessionCore(this.ctx, decoded.roundId, decoded.index, count) : undefined;
  }

  private metricsOf(core: SessionCore, startMs: number, endMs: number, stream: string) {
    return systemMetrics(Rng.of(core.id, stream), core.agent, startMs, endMs);
  }

  *userSessions(range: TimeRange): Iterable<Faceted<UserSession>> {
    for (const core of this.sessionCores(range)) yield { record: userSessionRecord(core), facets: sessionFacets(core) };
  }

  userSession(userSessionId: string): UserSessionDetail | undefined {
    const core = this.sessionById(userSessionId);
    return core ? userSessionDetail(core) : undefined;
  }

  *webSessions(range: TimeRange): Iterable<Faceted<WebSession>> {
    for (const core of this.sessionCores(range)) {
      const { domain: _d, visitedSite: _v, destinationIp: _i, ...facets } = sessionFacets(core);
      for (const page of core.pages) {
        const metrics = this.metricsOf(core, page.startEpochMs, page.startEpochMs + page.pageTimings.onLoad, `web-${page.index}`);
        yield { record: webSessionRecord(core, page, metrics), facets };
      }
    }
  }

  pageHar(userSessionId: string, pageId: string): Har | undefined {
    const core = this.sessionById(userSessionId);
    const page = core?.pages.find((p) => p.id === pageId);
    if (!core || !page) return undefined;
    return pageHar(core, page, this.metricsOf(core, page.startEpochMs, page.startEpochMs + page.pageTimings.onLoad, `web-${page.index}`));
  }

  *networkSessions(range: TimeRange): Iterable<Faceted<NetworkSession>> {
    for (const core of this.sessionCores(range)) {
      const { domain: _d, visitedSite: _v, destinationIp: _i, ...facets } = sessionFacets(core);
      const metrics = this.metricsOf(core, core.dateSeconds * 1000, (core.dateSeconds + 60) * 1000, 'network');
      yield { record: networkSessionRecord(core, metrics), facets };
    }
  }

  *networkProbes(range: TimeRange): Iterable<Faceted<NetworkProbe>> {
    for (const roundId of roundsIn(range.from, range.to)) {
      const count = probeCount(this.ctx, roundId);
      for (let index = 0; index < count; index++) yield networkProbeAt(this.ctx, roundId, index);
    }
  }

  networkProbe(networkProbeId: string): NetworkProbeDetail | undefined {
    const decoded = decodeRecordId(this.ctx.seed, this.aid, 'probe', networkProbeId);
    if (!decoded || decoded.index >= probeCount(this.ctx, decoded.roundId)) return undefined;
    return networkProbeDetail(this.ctx, decoded.roundId, decoded.index);
  }
}
