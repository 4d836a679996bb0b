// User sessions and what hangs off them (pages, web sessions, network sessions). A session is
// a pure function of (seed, aid, round, index); its id encodes round and index.
import type { NetworkSession, SessionPage, UserSession, WebSession } from '../../api/types';
import type { AgentProfile } from './agents';
import { DESTINATIONS, type City, type Destination } from './catalog';
import { agentFacets, ROUND_SECONDS, type GroupContext } from './context';
import { formatDateTime, round3 } from './format';
import { encodeRecordId } from './ids';
import type { Facets } from './model';
import { HASH_START, Rng, extendHashBy, extendHashText } from './prng';
import { incidentFor } from './rhythm';
import { activeEpisode, publicSideAt } from './episodes';
import { sessionEffect, type SessionEffect } from './episode-effects';
import { slotAt, type RoundSlots } from './episode-slots';

export const PERMALINK_BASE = 'https://app.netmon.example';

const PAGE_PATHS = [
  '/',
  '/login',
  '/home',
  '/dashboard',
  '/search?q=quarterly+report',
  '/inbox',
  '/settings/profile',
  '/reports/weekly',
  '/projects',
  '/calendar',
];

export interface PagePlan extends SessionPage {
  index: number;
  url: string;
  /** Time to first byte of the document, ms. */
  responseTime: number;
  startEpochMs: number;
}

export interface SessionCore {
  roundId: number;
  index: number;
  id: string;
  agent: AgentProfile;
  destination: Destination;
  /** Where the destination answered from. */
  targetCity: City;
  dateSeconds: number;
  trigger: 'auto' | 'user';
  protocol: 'https' | 'http';
  /** End-to-end RTT to the destination this session, ms (lanRtt and wanRtt included). */
  rtt: number;
  loss: number;
  pages: PagePlan[];
  experienceScore: number;
  /** Public address and access ISP the session left from (a backup line in an ISP episode). */
  publicIp: string;
  orgName: string;
  /** What a featured agent's episode does to this session; undefined for other agents. */
  effect?: SessionEffect;
}

const baseDomains = new Map<string, string>();

/** "outlook.office365.com" → "office365.com"; hosts are few, so the answer is kept. */
export function baseDomain(host: string): string {
  let domain = baseDomains.get(host);
  if (domain === undefined) {
    domain = host.split('.').slice(-2).join('.');
    if (baseDomains.size < 10_000) baseDomains.set(host, domain);
  }
  return domain;
}

type PartialCore = Omit<SessionCore, 'pages' | 'experienceScore'>;

const PAGE_COUNTS = [
  [1, 5],
  [2, 4],
  [3, 2],
  [4, 1],
  [6, 1],
] as const;
const RESPONSE_CODES = [
  [200, 90],
  [404, 3],
  [500, 2],
  [503, 1],
  [304, 4],
] as const;
const PAGE_NAMES = PAGE_PATHS.map((path) => path.split(/[/?]/)[1] || 'Home');

/** Featured agents' pages: no errors, moderate page weight, short pauses (see episodes.ts). */
const FEATURED_CODES = [
  [200, 96],
  [304, 4],
] as const;

function planPages(rng: Rng, core: PartialCore, count: number): PagePlan[] {
  const pages: PagePlan[] = [];
  const { effect } = core;
  // A server episode's own draws, apart from the page's so the healthy pages stay as they were.
  const slow = effect?.slowSite ? Rng.of(core.id, 'slow-site') : undefined;
  let startMs = core.dateSeconds * 1000 + rng.int(0, 900);
  for (let index = 0; index < count; index++) {
    const pathIndex = index === 0 ? 0 : Math.floor(rng.next() * PAGE_PATHS.length);
    const path = PAGE_PATHS[pathIndex] as string;
    const responseCode = rng.weighted(effect ? FEATURED_CODES : RESPONSE_CODES);
    let responseTime = Math.round(core.rtt * rng.float(2.5, 5) + rng.int(20, 400));
    let onContentLoad = responseTime + (effect ? rng.int(150, 1200) : rng.int(150, 2500));
    let onLoad = onContentLoad + (effect ? rng.int(100, 1500) : rng.int(100, 4000));
    if (effect && effect.loadFactor !== 1) {
      // The work after the first byte takes longer (slow link, busy CPU); the first byte does not.
      const contentWork = Math.round((onContentLoad - responseTime) * effect.loadFactor);
      onLoad = responseTime + contentWork + Math.round((onLoad - onContentLoad) * effect.loadFactor);
      onContentLoad = responseTime + contentWork;
    }
    if (slow) {
      responseTime = slow.int(2000, 6000);
      onLoad = slow.int(10000, 15000);
      onContentLoad = Math.min(onLoad - 100, responseTime + slow.int(300, 2500));
    }
    pages.push({
      index,
      id: rng.hex(16),
      title: index === 0 ? core.destination.title : `${core.destination.title} - ${PAGE_NAMES[pathIndex] ?? 'Home'}`,
      startedDateTime: formatDateTime(startMs / 1000),
      responseCode,
      pageTimings: { onContentLoad, onLoad },
      url: `${core.protocol}://${core.destination.host}${path}`,
      responseTime,
      startEpochMs: startMs,
    });
    const pause = rng.int(5, 90);
    startMs += onLoad + (effect ? 3 + (pause % 23) : pause) * 1000;
  }
  return pages;
}

/** Below this, what hurt is no longer taken off in full: see softFloor. */
const TAIL_START = 0.3;
/**
 * Where the tail of a session outside a seeded episode thins out to, instead of 0: a network's
 * daily incident still makes a poor tail (0.2–0.4), but the worst sessions of any demo window
 * holding an episode are the episode's — the documented stories, each linked to the path of a
 * test toward the site visited. Left to chance, a stranger's "worst session of the day" was a
 * random agent's visit to a site no test measures on about half of the days.
 */
const OUTSIDE_EPISODE_FLOOR = 0.2;

/**
 * Real experience scores thin out towards a floor rather than pile up on it: a session that is
 * bad twice over scores lower than one that is bad once, and few reach it. Above TAIL_START the
 * score is the sum of what hurt; below it the rest decays towards `floor` (tangent at TAIL_START,
 * so the curve is smooth and strictly increasing: every order and every "< 0.4" of the plain sum holds).
 */
function softFloor(raw: number, floor: number): number {
  if (raw >= TAIL_START) return raw;
  const span = TAIL_START - floor;
  return floor + span * Math.exp((raw - TAIL_START) / span);
}

/**
 * 1 − the slowest page's onLoad / 15 s (at most 0.85) − loss % / 20 − 0.15 per error page −
 * `penalty` (what an episode does that page timings do not show: see SessionEffect), with
 * a soft floor (softFloor): 0 in an episode, OUTSIDE_EPISODE_FLOOR outside.
 */
function scoreOf(pages: readonly PagePlan[], loss: number, penalty: number, inEpisode: boolean): number {
  let worstLoad = -Infinity;
  let errors = 0;
  for (const page of pages) {
    if (page.pageTimings.onLoad > worstLoad) worstLoad = page.pageTimings.onLoad;
    if (page.responseCode >= 400) errors += 1;
  }
  const raw = 1 - Math.min(0.85, worstLoad / 15000) - loss / 20 - errors * 0.15 - penalty;
  return round3(softFloor(Math.min(1, raw), inEpisode ? 0 : OUTSIDE_EPISODE_FLOOR));
}

/**
 * The draws that decide what a session is (agent, destination, trigger, page count), in the
 * order sessionCore consumes them. Cheap enough to index every session of a week, which is
 * what lets filters and deep pages skip sessions without building them.
 */
export interface SessionDraws {
  rng: Rng;
  agentIndex: number;
  slotDraw: number;
  /** Index into DESTINATIONS. */
  destination: number;
  rttFactor: number;
  wirelessRtt: number;
  trigger: 'auto' | 'user';
  protocol: 'https' | 'http';
  lossBase: number;
  pageCount: number;
}

/**
 * Session `index` of a round (its slots: ctx.sessionSlots(roundId)). Reserved positions
 * belong to featured agents (see episodes.ts); the others are ordinary draws numbered in
 * order, each drawing its agent. A server episode sends most of its agent's sessions to the
 * slow site, so the destination draw depends on the round too.
 */
export function drawSession(
  ctx: GroupContext,
  roundId: number,
  index: number,
  slots = ctx.sessionSlots(roundId),
): SessionDraws {
  const slot = slotAt(slots, index);
  const rng = sessionRng(slots, slot);
  const agentIndex = sessionAgent(ctx, slots, slot, rng);
  const featured = ctx.isFeatured(agentIndex);
  const slotDraw = rng.next();
  const usual = ctx.usualDestination(agentIndex, rng.int(0, 3));
  const destination = featured ? featuredDestination(ctx, roundId, agentIndex, usual, slot, rng) : usual;
  const rttFactor = rng.float(0.85, 1.4);
  const wirelessRtt = ctx.isWireless(agentIndex) ? rng.float(1, 8) : 0.5;
  const trigger = rng.chance(0.8) ? ('auto' as const) : ('user' as const);
  const protocol =
    (DESTINATIONS[destination] as Destination).host.startsWith('intranet') && rng.chance(0.5)
      ? ('http' as const)
      : ('https' as const);
  const lossDraw = rng.chance(0.08) ? rng.float(0.5, 12, 1) : 0;
  // Featured agents are healthy outside their episodes: no random loss.
  const lossBase = featured ? 0 : lossDraw;
  const pageCount = rng.weighted(PAGE_COUNTS);
  return { rng, agentIndex, slotDraw, destination, rttFactor, wirelessRtt, trigger, protocol, lossBase, pageCount };
}

function sessionRng(slots: RoundSlots, slot: number): Rng {
  return new Rng(
    slot >= 0 ? extendHashText(extendHashBy(slots.key, slot), 'featured') : extendHashBy(slots.key, -slot - 1),
  );
}

/** The agent of a session: a reserved slot's, else the session stream's first draw. */
function sessionAgent(ctx: GroupContext, slots: RoundSlots, slot: number, rng: Rng): number {
  return slot >= 0 ? (slots.reserved[slot] as number) : ctx.activeIndexNear(rng.int(0, ctx.size.endpointAgents - 1));
}

/** The agent of session `index` alone (drawSession's agentIndex), without its other draws: what indexes need first. */
export function drawSessionAgent(ctx: GroupContext, index: number, slots: RoundSlots): number {
  const slot = slotAt(slots, index);
  return sessionAgent(ctx, slots, slot, sessionRng(slots, slot));
}

/**
 * A featured agent's destination: in a server episode its first reserved session of each
 * round goes to the slow site, and most of its others do too.
 */
function featuredDestination(
  ctx: GroupContext,
  roundId: number,
  agentIndex: number,
  usual: number,
  slot: number,
  rng: Rng,
): number {
  const plan = activeEpisode(ctx.agentAt(agentIndex), roundId);
  const toSite = rng.chance(0.8) || (slot >= 0 && slot < ctx.featured.length);
  return plan?.visitedSite !== undefined && toSite ? plan.visitedSite : usual;
}

export function sessionCore(ctx: GroupContext, roundId: number, index: number, count: number): SessionCore {
  const slots = ctx.sessionSlots(roundId);
  const draws = drawSession(ctx, roundId, index, slots);
  const { rng, trigger, protocol } = draws;
  const agent = ctx.agentAt(draws.agentIndex);
  // Offsets grow with the index so a round's sessions come out in time order.
  const slot = ROUND_SECONDS / count;
  const dateSeconds = roundId + Math.floor(index * slot + draws.slotDraw * slot * 0.9);
  const destination = DESTINATIONS[draws.destination] as Destination;
  const id = encodeRecordId(ctx.seed, ctx.aid, 'session', roundId, index);
  // Episodes begin and end on round boundaries: the round decides, for every record of the session.
  const effect = agent.featured ? sessionEffect(agent, roundId, draws.destination, Rng.of(id, 'episode')) : undefined;
  const incident = incidentFor(agent, dateSeconds);
  const target = ctx.target(agent, destination);
  const rtt =
    target.rtt * draws.rttFactor * incident.latencyFactor +
    draws.wirelessRtt +
    (effect ? effect.lanRtt + effect.wanRtt : 0);
  const loss = Math.min(100, draws.lossBase + incident.extraLoss + (effect?.loss ?? 0));
  const side = publicSideAt(agent, roundId);
  // One literal with every field (no spread): spreading a dozen fields made each core a
  // slow dictionary object, and lists build hundreds of cores per page.
  const core: SessionCore = {
    roundId,
    index,
    id,
    agent,
    destination,
    targetCity: target.city,
    dateSeconds,
    trigger,
    protocol,
    rtt,
    loss,
    pages: [],
    experienceScore: 0,
    publicIp: side.ip,
    orgName: side.isp.name,
    effect,
  };
  core.pages = planPages(rng, core, draws.pageCount);
  core.experienceScore = scoreOf(core.pages, loss, effect?.penalty ?? 0, effect?.kind !== undefined);
  return core;
}

export function sessionFacets(core: SessionCore): Facets {
  return { ...agentFacets(core.agent, core.trigger, core.dateSeconds), ...destinationFacets(core.destination) };
}

/** The facets a user session takes from its destination. */
export function destinationFacets(destination: Destination): Pick<Facets, 'domain' | 'visitedSite' | 'destinationIp'> {
  return { domain: baseDomain(destination.host), visitedSite: destination.host, destinationIp: destination.serverIp };
}

export function userSessionRecord(core: SessionCore): UserSession {
  const first = core.pages[0];
  const record: UserSession = {
    userSessionId: core.id,
    agentId: core.agent.record.agentId,
    roundId: core.roundId,
    date: formatDateTime(core.dateSeconds),
    committed: formatDateTime(core.dateSeconds + 30 + (extendHashText(HASH_START, core.id) % 90)),
    sourceAddr: core.publicIp,
    orgName: core.orgName,
    visitedSite: core.destination.host,
    protocol: core.protocol,
    port: core.protocol === 'https' ? 443 : 80,
    numberOfPages: core.pages.length,
    permalink: `${PERMALINK_BASE}/endpoint/sessions/${core.id}`,
    experienceScore: core.experienceScore,
  };
  if (first) record.pageId = first.id;
  return record;
}

export function sessionPages(core: SessionCore): SessionPage[] {
  return core.pages.map(({ id, title, startedDateTime, responseCode, pageTimings }) => ({
    id,
    title,
    startedDateTime,
    responseCode,
    pageTimings,
  }));
}

export function webSessionRecord(
  core: SessionCore,
  page: PagePlan,
  systemMetrics: WebSession['systemMetrics'],
): WebSession {
  return {
    pageId: page.id,
    pageUrl: page.url,
    pageTitle: page.title,
    date: page.startedDateTime,
    responseCode: page.responseCode,
    responseTime: page.responseTime,
    pageTimings: page.pageTimings,
    agentId: core.agent.record.agentId,
    userSessionId: core.id,
    roundId: core.roundId,
    ...(systemMetrics ? { systemMetrics } : {}),
  };
}

export function networkSessionRecord(
  core: SessionCore,
  systemMetrics: NetworkSession['systemMetrics'],
): NetworkSession {
  const rng = Rng.of(core.id, 'network-session');
  const jitter = round3(core.rtt * rng.float(0.02, 0.15, 3));
  const avgRtt = round3(core.rtt);
  return {
    userSessionId: core.id,
    agentId: core.agent.record.agentId,
    roundId: core.roundId,
    date: formatDateTime(core.dateSeconds),
    destination: {
      latency: avgRtt,
      loss: core.loss,
      jitter,
      avgRtt,
      maxRtt: round3(avgRtt + jitter * rng.float(2, 4)),
      meanDevRtt: round3(jitter * 0.8),
      target: core.destination.serverIp,
    },
    ...(systemMetrics ? { systemMetrics } : {}),
  };
}
