// GroupWorld: one account group's data, generated lazily round by round.
import type {
  EndpointAgent, EndpointTest, Har, HttpServerResult, NetMetric, NetworkProbe, NetworkProbeDetail, NetworkSession,
  PathTrace, PathVisSummary, PrivateNetwork, SystemMetrics, TestAgent, UserSession, UserSessionDetail, WebSession,
} from '../../api/types';
import { makeEnterpriseAgents } from './agents';
import { agentFacets, GroupContext, roundsIn } from './context';
import { pageHar } from './har';
import { decodeRecordId } from './ids';
import { systemMetrics } from './measures';
import type { AgentProfile } from './agents';
import { LazyEntry, firstIndexIn, firstPartOf, firstRound, type EntryKind } from './entries';
import type { GroupWorld, ListEntry, ListPosition, Positioned, TimeRange } from './model';
import type { GroupSize } from './presets';
import { Rng } from './prng';
import { networkProbeAt, networkProbeDetail, probeCount } from './probes';
import { httpServerResult } from './http-results';
import { hasRound, netMetric, pathTrace, pathVisSummary, planTest, testRounds, type TestPlan } from './scheduled';
import { userSessionDetail } from './session-details';
import {
  networkSessionRecord, sessionCore, sessionFacets, userSessionRecord, webSessionRecord, type PagePlan, type SessionCore,
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

  *netMetrics(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<NetMetric>> {
    const plan = this.plans.get(testId);
    if (plan) yield* this.perAgent(plan, range, start, netMetric);
  }

  *pathVis(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<PathVisSummary>> {
    const plan = this.plans.get(testId);
    if (plan) yield* this.perAgent(plan, range, start, pathVisSummary);
  }

  pathTrace(testId: number, agentId: string, roundId: number, asOf: number): PathTrace | undefined {
    const plan = this.plans.get(testId);
    const agent = plan?.agents.find((a) => a.record.agentId === agentId);
    if (!plan || !agent || !hasRound(plan, roundId, asOf)) return undefined;
    return pathTrace(this.ctx, plan, agent, roundId);
  }

  *httpServer(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<HttpServerResult>> {
    const plan = this.plans.get(testId);
    if (plan?.test.type === 'http-server') yield* this.perAgent(plan, range, start, httpServerResult);
  }

  /** One result per agent per round of the test; index = the agent's place in the plan. */
  private *perAgent<T>(plan: TestPlan, range: TimeRange, start: ListPosition | undefined,
    result: (ctx: GroupContext, plan: TestPlan, agent: AgentProfile, roundId: number) => T): Generator<Positioned<T>> {
    for (const round of testRounds(plan, range.from, range.to, start?.round)) {
      for (let index = firstIndexIn(round, start); index < plan.agents.length; index++) {
        yield { record: result(this.ctx, plan, plan.agents[index] as AgentProfile, round), round, index, part: 0 };
      }
    }
  }

  private *sessionCores(range: TimeRange, start: ListPosition | undefined): Generator<SessionCore> {
    for (const roundId of roundsIn(firstRound(range.from, start), range.to)) {
      const count = this.sessionCount(roundId);
      for (let index = firstIndexIn(roundId, start); index < count; index++) yield sessionCore(this.ctx, roundId, index, count);
    }
  }

  private sessionById(userSessionId: string): SessionCore | undefined {
    const decoded = decodeRecordId(this.ctx.seed, this.aid, 'session', userSessionId);
    if (!decoded) return undefined;
    const count = this.sessionCount(decoded.roundId);
    return decoded.index < count ? sessionCore(this.ctx, decoded.roundId, decoded.index, count) : undefined;
  }

  *userSessions(range: TimeRange, start?: ListPosition): Iterable<ListEntry<UserSession>> {
    for (const core of this.sessionCores(range, start)) yield new LazyEntry(USER_SESSION, core, core.roundId, core.index, 0);
  }

  userSession(userSessionId: string): UserSessionDetail | undefined {
    const core = this.sessionById(userSessionId);
    return core ? userSessionDetail(core) : undefined;
  }

  *webSessions(range: TimeRange, start?: ListPosition): Iterable<ListEntry<WebSession>> {
    for (const core of this.sessionCores(range, start)) {
      for (let part = firstPartOf(core.roundId, core.index, start); part < core.pages.length; part++) {
        yield new LazyEntry(WEB_SESSION, core, core.roundId, core.index, part);
      }
    }
  }

  pageHar(userSessionId: string, pageId: string): Har | undefined {
    const core = this.sessionById(userSessionId);
    const page = core?.pages.find((p) => p.id === pageId);
    if (!core || !page) return undefined;
    return pageHar(core, page, pageMetrics(core, page));
  }

  *networkSessions(range: TimeRange, start?: ListPosition): Iterable<ListEntry<NetworkSession>> {
    for (const core of this.sessionCores(range, start)) yield new LazyEntry(NETWORK_SESSION, core, core.roundId, core.index, 0);
  }

  *networkProbes(range: TimeRange, start?: ListPosition): Iterable<ListEntry<NetworkProbe>> {
    for (const roundId of roundsIn(firstRound(range.from, start), range.to)) {
      const count = probeCount(this.ctx, roundId);
      for (let index = firstIndexIn(roundId, start); index < count; index++) yield networkProbeAt(this.ctx, roundId, index, count);
    }
  }

  networkProbe(networkProbeId: string): NetworkProbeDetail | undefined {
    const decoded = decodeRecordId(this.ctx.seed, this.aid, 'probe', networkProbeId);
    if (!decoded || decoded.index >= probeCount(this.ctx, decoded.roundId)) return undefined;
    return networkProbeDetail(this.ctx, decoded.roundId, decoded.index);
  }
}

function pageMetrics(core: SessionCore, page: PagePlan): SystemMetrics {
  return systemMetrics(Rng.of(core.id, `web-${page.index}`), core.agent, page.startEpochMs, page.startEpochMs + page.pageTimings.onLoad);
}

const USER_SESSION: EntryKind<SessionCore, UserSession> = { record: userSessionRecord, facets: sessionFacets };

const WEB_SESSION: EntryKind<SessionCore, WebSession> = {
  record: (core, part) => {
    const page = core.pages[part] as PagePlan;
    return webSessionRecord(core, page, pageMetrics(core, page));
  },
  facets: (core) => agentFacets(core.agent, core.trigger),
};

const NETWORK_SESSION: EntryKind<SessionCore, NetworkSession> = {
  record: (core) => networkSessionRecord(core,
    systemMetrics(Rng.of(core.id, 'network'), core.agent, core.dateSeconds * 1000, (core.dateSeconds + 60) * 1000)),
  facets: (core) => agentFacets(core.agent, core.trigger),
};
