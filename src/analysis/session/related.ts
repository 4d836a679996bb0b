// What the session panel and the explain_session tool add to a session's verdict: the
// scheduled tests toward the same site around it (their rounds to open), and where its
// slowest page's time went (from that page's HAR). Read through the client passed in; one
// source for both, so the panel and an AI agent see the same links and the same split.
import type { EndpointTest, Har, NetMetric, UserSessionDetail } from '../../api/types';
import { buildWaterfall, readHar, type Waterfall } from '../har';
import { timeSplit } from '../har/time-split';
import { MAX_APART_S, sessionTestLinks, testsTowardSession, type SessionRef } from '../links/session-to-test';
import { apiTimeMs } from '../time/api-time';

/** Scheduled tests that measured the same destination from the same agent around the session. */
export interface RelatedTests {
  links: { testId: number; agentId: string; roundId: number; description: string }[];
  /** Why there is no link, when there is none. */
  why?: string;
}

/** Where the slowest page's load time went (from its HAR). */
export interface PageTimeSplit {
  pageId: string;
  title: string;
  line: string;
  verdict?: string;
  /** The chain of requests that decided its onLoad ("critical path document 476 ms (server wait 278 ms) → …"). */
  critical?: string;
  /** Its costliest finding, in one line ("Slow server response — saves ~1.0 s: …"). */
  finding?: string;
}

interface Collecting<T> {
  collect(options: { maxRecords: number }): Promise<{ records: T[] }>;
}

export interface RelatedClient {
  getPageDetails(userSessionId: string, pageId: string, options?: { signal?: AbortSignal }): Promise<Har>;
  endpointTests(options?: { signal?: AbortSignal }): Collecting<EndpointTest>;
  netMetrics(testId: number, options?: { from?: Date; to?: Date; signal?: AbortSignal }): Collecting<NetMetric>;
}

/**
 * Where the slowest page's time went, from its HAR (one request), with the waterfall read for it:
 * the caller adds the page's insights from it (the panel through the lazily loaded sharing library).
 */
export async function slowestPageSplit(
  client: RelatedClient,
  session: UserSessionDetail,
  signal?: AbortSignal,
): Promise<{ split: PageTimeSplit; waterfall: Waterfall } | undefined> {
  const pages = Array.isArray(session.pages) ? session.pages : [];
  const slowest = pages.reduce<UserSessionDetail['pages'][number] | undefined>(
    (worst, page) => ((page.pageTimings?.onLoad ?? -1) > (worst?.pageTimings?.onLoad ?? -1) ? page : worst),
    undefined,
  );
  if (!slowest?.id) return undefined;
  const har = await client.getPageDetails(session.userSessionId, slowest.id, signal ? { signal } : {});
  const doc = readHar(har);
  const waterfall = buildWaterfall(doc, doc.pages[0]?.id ?? '');
  const split = timeSplit(waterfall);
  return {
    split: {
      pageId: slowest.id,
      title: slowest.title || slowest.id,
      line: split.line,
      ...(split.verdict ? { verdict: split.verdict } : {}),
    },
    waterfall,
  };
}

/** Tests bounded: a session needs only the few toward its own site. */
const MAX_TESTS = 1000;
const MAX_METRICS = 5000;

export async function relatedTests(
  client: RelatedClient,
  session: UserSessionDetail,
  signal?: AbortSignal,
): Promise<RelatedTests> {
  const timeS = (apiTimeMs(session.date) ?? Number.NaN) / 1000;
  if (!Number.isFinite(timeS)) return { links: [], why: 'the session has no time to match rounds against' };
  const traceroute: unknown = (session.network as Partial<UserSessionDetail['network']> | undefined)?.traceroute;
  const destination =
    typeof traceroute === 'object' && traceroute !== null
      ? (traceroute as { destination?: unknown }).destination
      : undefined;
  const ref: SessionRef = {
    agentId: String(session.agentId),
    visitedSite: String(session.visitedSite),
    timeS,
    ...(typeof destination === 'string' ? { destinationIp: destination } : {}),
  };
  const { records: tests } = await client.endpointTests(signal ? { signal } : {}).collect({ maxRecords: MAX_TESTS });
  const matched = testsTowardSession(ref, tests);
  const rounds = new Map<number, number[]>();
  const others = new Map<number, number[]>();
  await Promise.all(
    matched.map(async ({ test }) => {
      const range = { from: new Date((timeS - MAX_APART_S) * 1000), to: new Date((timeS + MAX_APART_S) * 1000) };
      const { records } = await client
        .netMetrics(test.testId, { ...range, ...(signal ? { signal } : {}) })
        .collect({ maxRecords: MAX_METRICS });
      rounds.set(
        test.testId,
        records.filter((m) => String(m.agentId) === ref.agentId).map((m) => m.roundId),
      );
      others.set(
        test.testId,
        records.filter((m) => String(m.agentId) !== ref.agentId).map((m) => m.roundId),
      );
    }),
  );
  const { links, why } = sessionTestLinks(
    ref,
    matched,
    (testId) => rounds.get(testId) ?? [],
    (testId) => others.get(testId) ?? [],
  );
  return {
    links: links.map(({ testId, agentId, roundId, description }) => ({ testId, agentId, roundId, description })),
    ...(why ? { why } : {}),
  };
}
