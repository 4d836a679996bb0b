// The server's own time in a period of the timeline, as the session verdict takes it (grading.ts,
// firstByteRoundTrips): a page's first byte includes the round trips its connection needed, so a
// slow path is not called a slow server. Each page is measured against its own session's round trip
// to the target (its ping, else its TCP connect); a page whose session measured none keeps its raw
// first byte and is counted apart, never mixed into the server's own time.
import { firstByteRoundTrips } from '../session/grading';
import type { SessionMeasures } from '../session/verdict';
import { median } from './median';
import type { PageMark, TimelineLanes } from './model';

const ms = (value: number): string => `${Math.round(value)} ms`;

export interface PageServerTimes {
  /** Server time per page whose session measured a round trip: first byte less its round trips. */
  own: number[];
  /** First bytes of those pages, as the page list gives them. */
  firstBytes: number[];
  /** Pages with a first byte whose session measured no round trip to the target. */
  unmeasured: number;
  /** The most round trips taken off a page (the words name the upper end) and what they are. */
  roundTrips?: number;
  what?: string;
  /** The round trips' median (ms), for the words. */
  rttMs?: number;
}

/** A session's own round trip to its target: its ping (unless ICMP is blocked), else its TCP connect. */
export function sessionRoundTrip(measures: SessionMeasures): number | undefined {
  const target = measures.target;
  if (!measures.icmpBlocked && typeof target === 'object' && target.rttMs > 0) return target.rttMs;
  return measures.connectMs !== undefined && measures.connectMs > 0 ? measures.connectMs : undefined;
}

export function pageServerTimes(
  pages: readonly PageMark[],
  measuresOf: (userSessionId: string) => SessionMeasures | undefined,
): PageServerTimes {
  const out: PageServerTimes = { own: [], firstBytes: [], unmeasured: 0 };
  const rtts: number[] = [];
  for (const page of pages) {
    if (page.responseTime === undefined) continue;
    const measures = measuresOf(page.userSessionId);
    const rtt = measures ? sessionRoundTrip(measures) : undefined;
    if (rtt === undefined) {
      out.unmeasured++;
      continue;
    }
    const trips = firstByteRoundTrips(undefined, measures?.protocol ?? protocolOf(page.url));
    out.own.push(Math.max(0, page.responseTime - trips.roundTrips * rtt));
    out.firstBytes.push(page.responseTime);
    rtts.push(rtt);
    if (out.roundTrips === undefined || trips.roundTrips > out.roundTrips) Object.assign(out, trips);
  }
  rtts.sort((a, b) => a - b);
  if (rtts.length) out.rttMs = rtts[Math.floor((rtts.length - 1) / 2)];
  return out;
}

function protocolOf(url: string): string | undefined {
  const match = /^([a-z][a-z0-9+.-]{0,15}):/i.exec(url);
  return match?.[1];
}

/** Each session's measures by its id, for the pages it loaded. */
export function sessionMeasuresById(lanes: TimelineLanes): (userSessionId: string) => SessionMeasures | undefined {
  const byId = new Map<string, SessionMeasures>();
  for (const s of lanes.samples) if (s.source === 'session' && s.measures) byId.set(s.id, s.measures);
  return (id) => byId.get(id);
}

export function ownTimeWords(t: PageServerTimes): string {
  const unmeasured = t.unmeasured ? `; ${t.unmeasured} page(s) of sessions with no round trip measured left out` : '';
  return (
    `first byte after ${ms(median(t.firstBytes) ?? 0)} median less ` +
    `${t.roundTrips} round trip${t.roundTrips === 1 ? '' : 's'} ` +
    `of ${ms(t.rttMs ?? 0)} (median) for ${t.what}, ` +
    `each page at its own session's round trip to the target${unmeasured}`
  );
}

export const ownTimeSource = (t: PageServerTimes): string =>
  `first byte less ${t.roundTrips} round trip${t.roundTrips === 1 ? '' : 's'} of its session, ` +
  `median of ${t.own.length} page${t.own.length === 1 ? '' : 's'}`;
