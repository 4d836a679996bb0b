// GroupWorld: one account group's data, generated lazily round by round.
import type {
  EndpointAgent,
  EndpointTest,
  EnterpriseTest,
  Har,
  HttpServerResult,
  NetMetric,
  NetworkProbe,
  NetworkProbeDetail,
  NetworkSession,
  PathRoute,
  PathTrace,
  PathVisSummary,
  PrivateNetwork,
  SystemMetrics,
  TestAgent,
  UserSession,
  UserSessionDetail,
  WebSession,
} from '../../api/types';
import { makeEnterpriseAgents } from './agents';
import { agentSite } from './agent-site';
import { vpnRoutes } from './vpn-paths';
import { agentFacets, GroupContext, roundsIn } from './context';
import { pageHar } from './har';
import { decodeRecordId } from './ids';
import { systemMetrics } from './measures';
import type { AgentProfile } from './agents';
import { LazyEntry, firstIndexIn, firstPartOf, firstRound, type EntryKind } from './entries';
import { compileFilter, type CompiledFilter, type FacetScope } from './filter-match';
import type {
  AgentSite,
  FacetFilter,
  GroupWorld,
  ListEntry,
  ListName,
  ListPosition,
  ListScope,
  Positioned,
  Seek,
  TimeRange,
} from './model';
import type { GroupSize } from './presets';
import { Rng } from './prng';
import { networkProbeAt, networkProbeDetail, probeCount } from './probes';
import {
  INDEXED_ROUNDS,
  RoundCache,
  indexProbes,
  indexSessions,
  type ProbeRound,
  type SessionRound,
} from './round-index';
import { indexedCounter, plainCounter, probeMatches, seekRounds, sessionMatches, type RoundCounter } from './seek';
import { httpServerResult } from './http-results';
import {
  enabledTestDestinations,
  hasRound,
  netMetric,
  pathTrace,
  pathVisSummary,
  planTest,
  testRounds,
  type TestPlan,
} from './scheduled';
import { userSessionDetail } from './session-details';
import {
  networkSessionRecord,
  sessionCore,
  sessionFacets,
  userSessionRecord,
  webSessionRecord,
  type PagePlan,
  type SessionCore,
} from './sessions';
import { makeEndpointTests } from './endpoint-tests';
import { episodesBetween, featuredAgents, type Episode, type FeaturedAgent } from './episodes';
import { enterprisePlan, type EnterprisePlan } from './enterprise-results';
import { choosePathEpisodes, pathEpisodesBetween, type PathEpisode, type SeededPath } from './path-episodes';

export class GeneratedGroup implements GroupWorld {
  readonly ctx: GroupContext;
  private readonly plans = new Map<number, TestPlan>();
  /** Scheduled tests written through v7 (created, then patched): results, but no place in the world's own lists. */
  private readonly written = new Map<number, TestPlan>();
  private readonly tests: EndpointTest[];
  /** The group's seeded path episodes (a route change, a loss episode), on two of its tests. */
  private readonly seededPaths: SeededPath[];
  private enterprise: TestAgent[] | undefined;
  private readonly enterprisePlans = new WeakMap<EnterpriseTest, EnterprisePlan>();
  private readonly sessionRounds = new RoundCache<SessionRound>(INDEXED_ROUNDS, (roundId) =>
    indexSessions(this.ctx, roundId, this.sessionCount(roundId)),
  );
  private readonly compiledFilters = new WeakMap<FacetFilter, Map<FacetScope, CompiledFilter>>();
  /** Ranges whose rounds were all indexed (a round evicted since is rebuilt when read). */
  private readonly preparedRanges = new Set<string>();
  private readonly probeRounds = new RoundCache<ProbeRound>(INDEXED_ROUNDS, (roundId) =>
    indexProbes(this.ctx, roundId, probeCount(this.ctx, roundId)),
  );

  constructor(
    seed: number,
    readonly aid: number,
    readonly name: string,
    groupIndex: number,
    size: GroupSize,
    creator: string,
  ) {
    this.tests = makeEndpointTests(seed, aid, groupIndex, size.endpointTests, creator);
    // Featured agents visit the sites the enabled scheduled tests measure (and run those tests).
    this.ctx = new GroupContext(seed, aid, size, enabledTestDestinations(this.tests));
    for (const test of this.tests) this.plans.set(test.testId, planTest(this.ctx, test));
    this.seededPaths = choosePathEpisodes(this.ctx, [...this.plans.values()]);
  }

  endpointAgents(offset = 0, limit = Number.POSITIVE_INFINITY): EndpointAgent[] {
    const count = this.ctx.size.endpointAgents;
    const from = Math.min(Math.max(0, offset), count);
    const length = Math.max(0, Math.min(limit, count - from));
    return Array.from({ length }, (_, i) => this.ctx.agentAt(from + i).record);
  }

  endpointAgentCount(): number {
    return this.ctx.size.endpointAgents;
  }

  endpointAgent(agentId: string): EndpointAgent | undefined {
    const agent = this.ctx.agentById(agentId);
    return agent ? { ...agent.record, numberOfClients: agent.numberOfClients } : undefined;
  }

  endpointAgentSite(agentId: string, nowSeconds: number): AgentSite | undefined {
    const agent = this.ctx.agentById(agentId);
    return agent ? agentSite(agent, nowSeconds) : undefined;
  }

  networks(): PrivateNetwork[] {
    return this.ctx.networks.map((network) => network.record);
  }

  enterpriseAgents(): TestAgent[] {
    this.enterprise ??= makeEnterpriseAgents(this.ctx.seed, this.aid, this.ctx.size.enterpriseAgents);
    return this.enterprise;
  }

  endpointTests(): EndpointTest[] {
    return [...this.plans.values()].map((plan) => plan.test);
  }

  endpointTest(testId: number): EndpointTest | undefined {
    return this.planOf(testId)?.test;
  }

  addInstantTest(test: EndpointTest, readyAt: number, agentIds?: readonly string[]): void {
    this.plans.set(test.testId, planTest(this.ctx, test, readyAt, this.agentsOf(agentIds)));
  }

  addWrittenTest(test: EndpointTest, since: number, agentIds?: readonly string[]): void {
    // A generated test keeps its own plan (and its seeded path episode).
    if (this.plans.has(test.testId)) return;
    const plan = planTest(this.ctx, test, undefined, this.agentsOf(agentIds));
    // Its first round is its creation second, then its interval's grid (schedule.ts).
    this.written.set(test.testId, { ...plan, since: Math.floor(since) });
  }

  removeWrittenTest(testId: number): void {
    this.written.delete(testId);
  }

  private planOf(testId: number): TestPlan | undefined {
    return this.plans.get(testId) ?? this.written.get(testId);
  }

  private agentsOf(agentIds: readonly string[] | undefined): AgentProfile[] | undefined {
    return agentIds?.map((id) => this.ctx.agentById(id)).filter((agent): agent is AgentProfile => agent !== undefined);
  }

  /** Number of user sessions in a round (featured agents' reserved ones included), without generating them. */
  sessionCount(roundId: number): number {
    return this.ctx.sessionSlots(roundId).count;
  }

  featuredAgents(): FeaturedAgent[] {
    return featuredAgents(this.ctx);
  }

  episodes(fromSeconds: number, toSeconds: number): Episode[] {
    return episodesBetween(this.ctx, fromSeconds, toSeconds);
  }

  pathEpisodes(fromSeconds: number, toSeconds: number): PathEpisode[] {
    return pathEpisodesBetween(this.seededPaths, fromSeconds, toSeconds);
  }

  *netMetrics(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<NetMetric>> {
    const plan = this.planOf(testId);
    if (plan) yield* this.perAgent(plan, range, start, netMetric);
  }

  *pathVis(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<PathVisSummary>> {
    const plan = this.planOf(testId);
    if (plan) yield* this.perAgent(plan, range, start, pathVisSummary);
  }

  pathTrace(testId: number, agentId: string, roundId: number, asOf: number): PathTrace | undefined {
    const plan = this.planOf(testId);
    const agent = plan?.agents.find((a) => a.record.agentId === agentId);
    if (!plan || !agent || !hasRound(plan, roundId, asOf)) return undefined;
    return pathTrace(this.ctx, plan, agent, roundId);
  }

  vpnPathTrace(testId: number, agentId: string, roundId: number, asOf: number): PathRoute[] {
    const plan = this.planOf(testId);
    const agent = plan?.agents.find((a) => a.record.agentId === agentId);
    if (!plan || !agent || !hasRound(plan, roundId, asOf)) return [];
    return vpnRoutes(this.ctx.seed, this.aid, testId, agent, roundId);
  }

  *httpServer(testId: number, range: TimeRange, start?: ListPosition): Iterable<Positioned<HttpServerResult>> {
    const plan = this.planOf(testId);
    if (plan?.test.type === 'http-server') yield* this.perAgent(plan, range, start, httpServerResult);
  }

  /**
   * A deployed test's plan, kept while the store keeps that test object (a change replaces it): each results request
   * reuses its agents' hops and rankings.
   */
  enterprisePlan(test: EnterpriseTest): EnterprisePlan {
    let plan = this.enterprisePlans.get(test);
    if (!plan) {
      plan = enterprisePlan(this.ctx.seed, this.aid, test, this.seededPaths);
      this.enterprisePlans.set(test, plan);
    }
    return plan;
  }

  /** One result per agent per round of the test; index = the agent's place in the plan. */
  private *perAgent<T>(
    plan: TestPlan,
    range: TimeRange,
    start: ListPosition | undefined,
    result: (ctx: GroupContext, plan: TestPlan, agent: AgentProfile, roundId: number) => T,
  ): Generator<Positioned<T>> {
    for (const round of testRounds(plan, range.from, range.to, start?.round)) {
      for (let index = firstIndexIn(round, start); index < plan.agents.length; index++) {
        yield { record: result(this.ctx, plan, plan.agents[index] as AgentProfile, round), round, index, part: 0 };
      }
    }
  }

  private *sessionCores(
    range: TimeRange,
    start: ListPosition | undefined,
    filter: CompiledFilter | undefined,
  ): Generator<SessionCore> {
    if (filter?.possible === false) return;
    for (const roundId of roundsIn(firstRound(range.from, start), range.to)) {
      const round = filter ? this.sessionRounds.get(roundId) : undefined;
      const count = round ? round.agents.length : this.sessionCount(roundId);
      for (let index = firstIndexIn(roundId, start); index < count; index++) {
        if (!round || !filter || sessionMatches(filter, round, index))
          yield sessionCore(this.ctx, roundId, index, count);
      }
    }
  }

  /** Compiled once per filter (one request's): its list, seek and index preparation share it. */
  private compiled(filter: FacetFilter | undefined, scope: FacetScope): CompiledFilter | undefined {
    if (!filter) return undefined;
    let byScope = this.compiledFilters.get(filter);
    if (!byScope) {
      byScope = new Map();
      this.compiledFilters.set(filter, byScope);
    }
    let compiled = byScope.get(scope);
    if (!compiled) {
      compiled = compileFilter(this.ctx, filter, scope);
      byScope.set(scope, compiled);
    }
    return compiled;
  }

  private sessionById(userSessionId: string): SessionCore | undefined {
    const decoded = decodeRecordId(this.ctx.seed, this.aid, 'session', userSessionId);
    if (!decoded) return undefined;
    const count = this.sessionCount(decoded.roundId);
    return decoded.index < count ? sessionCore(this.ctx, decoded.roundId, decoded.index, count) : undefined;
  }

  *userSessions(range: TimeRange, start?: ListPosition, filter?: FacetFilter): Iterable<ListEntry<UserSession>> {
    for (const core of this.sessionCores(range, start, this.compiled(filter, 'user-session')))
      yield new LazyEntry(USER_SESSION, core, core.roundId, core.index, 0);
  }

  userSession(userSessionId: string): UserSessionDetail | undefined {
    const core = this.sessionById(userSessionId);
    return core ? userSessionDetail(core) : undefined;
  }

  *webSessions(range: TimeRange, start?: ListPosition, filter?: FacetFilter): Iterable<ListEntry<WebSession>> {
    for (const core of this.sessionCores(range, start, this.compiled(filter, 'session'))) {
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

  *networkSessions(range: TimeRange, start?: ListPosition, filter?: FacetFilter): Iterable<ListEntry<NetworkSession>> {
    for (const core of this.sessionCores(range, start, this.compiled(filter, 'session')))
      yield new LazyEntry(NETWORK_SESSION, core, core.roundId, core.index, 0);
  }

  *networkProbes(range: TimeRange, start?: ListPosition, filter?: FacetFilter): Iterable<ListEntry<NetworkProbe>> {
    const compiled = this.compiled(filter, 'probe');
    if (compiled?.possible === false) return;
    for (const roundId of roundsIn(firstRound(range.from, start), range.to)) {
      const round = compiled ? this.probeRounds.get(roundId) : undefined;
      const count = round ? round.agents.length : probeCount(this.ctx, roundId);
      for (let index = firstIndexIn(roundId, start); index < count; index++) {
        if (!round || !compiled || probeMatches(compiled, round, index))
          yield networkProbeAt(this.ctx, roundId, index, count);
      }
    }
  }

  seek(list: ListName, range: TimeRange, skip: number, scope: ListScope = {}): Seek {
    if (list === 'net-metrics' || list === 'path-vis' || list === 'http-server') {
      const plan = this.planOf(scope.testId ?? -1);
      if (!plan || (list === 'http-server' && plan.test.type !== 'http-server')) return { total: 0 };
      return seekRounds(
        testRounds(plan, range.from, range.to),
        skip,
        plainCounter(() => plan.agents.length),
      );
    }
    const filter = this.compiled(scope.filter, facetScopeOf(list));
    if (filter?.possible === false) return { total: 0 };
    return seekRounds(roundsIn(range.from, range.to), skip, this.counter(list, filter));
  }

  private counter(
    list: 'user-sessions' | 'web-sessions' | 'network-sessions' | 'network-probes',
    filter: CompiledFilter | undefined,
  ): RoundCounter {
    const one = (): number => 1;
    if (list === 'network-probes') {
      if (!filter) return plainCounter((roundId) => probeCount(this.ctx, roundId));
      return indexedCounter(
        (roundId) => this.probeRounds.get(roundId),
        (round, index) => probeMatches(filter, round, index),
        one,
      );
    }
    const keeps = filter
      ? (round: SessionRound, index: number): boolean => sessionMatches(filter, round, index)
      : undefined;
    const rounds = (roundId: number): SessionRound => this.sessionRounds.get(roundId);
    if (list === 'web-sessions') {
      const pages = (round: SessionRound, index: number): number => round.pages(index);
      // Unfiltered, a round's web sessions are its page total: only the round sought is scanned.
      const counter = indexedCounter(rounds, keeps, pages);
      return keeps ? counter : { ...counter, count: (roundId) => rounds(roundId).pageTotal };
    }
    return keeps ? indexedCounter(rounds, keeps, one) : plainCounter((roundId) => this.sessionCount(roundId));
  }

  prepareIndex(list: ListName, range: TimeRange, maxRounds: number, scope: ListScope & { seeking: boolean }): boolean {
    const cache =
      list === 'network-probes' ? this.probeRounds : list.endsWith('sessions') ? this.sessionRounds : undefined;
    if (!cache) return true;
    // A filter that can match nothing reads no index; neither does a seek by round counts.
    const filter = this.compiled(scope.filter, facetScopeOf(list));
    const needed = filter ? filter.possible : scope.seeking && list === 'web-sessions';
    if (!needed) return true;
    // Every page of a walk asks again for the same range: once built, it is not scanned round by round again.
    const key = `${cache === this.probeRounds ? 'probes' : 'sessions'} ${range.from} ${range.to}`;
    if (this.preparedRanges.has(key)) return true;
    let built = 0;
    for (const roundId of roundsIn(range.from, range.to)) {
      if (cache.has(roundId)) continue;
      if (built === maxRounds) return false;
      cache.get(roundId);
      built += 1;
    }
    if (this.preparedRanges.size >= MAX_PREPARED_RANGES) this.preparedRanges.clear();
    this.preparedRanges.add(key);
    return true;
  }

  networkProbe(networkProbeId: string): NetworkProbeDetail | undefined {
    const decoded = decodeRecordId(this.ctx.seed, this.aid, 'probe', networkProbeId);
    if (!decoded || decoded.index >= probeCount(this.ctx, decoded.roundId)) return undefined;
    return networkProbeDetail(this.ctx, decoded.roundId, decoded.index);
  }
}

function facetScopeOf(list: ListName): FacetScope {
  return list === 'user-sessions' ? 'user-session' : list === 'network-probes' ? 'probe' : 'session';
}

/** A page's system metrics; a CPU episode applies by the session's time, like the session's own. */
function pageMetrics(core: SessionCore, page: PagePlan): SystemMetrics {
  return systemMetrics(
    Rng.of(core.id, `web-${page.index}`),
    core.agent,
    page.startEpochMs,
    page.startEpochMs + page.pageTimings.onLoad,
    core.dateSeconds,
  );
}

/** Prepared ranges remembered at most (a client asking many ranges forgets the oldest all at once). */
const MAX_PREPARED_RANGES = 256;

const USER_SESSION: EntryKind<SessionCore, UserSession> = { record: userSessionRecord, facets: sessionFacets };

const WEB_SESSION: EntryKind<SessionCore, WebSession> = {
  record: (core, part) => {
    const page = core.pages[part] as PagePlan;
    return webSessionRecord(core, page, pageMetrics(core, page));
  },
  facets: (core) => agentFacets(core.agent, core.trigger, core.dateSeconds),
};

const NETWORK_SESSION: EntryKind<SessionCore, NetworkSession> = {
  record: (core) =>
    networkSessionRecord(
      core,
      systemMetrics(Rng.of(core.id, 'network'), core.agent, core.dateSeconds * 1000, (core.dateSeconds + 60) * 1000),
    ),
  facets: (core) => agentFacets(core.agent, core.trigger, core.dateSeconds),
};
