// Two user sessions side by side (same agent or not): the verdict's segments, each section of
// the overview field by field, the traceroute aligned by hop and the pages matched by title,
// with what differs marked. Built from two session overviews (the one way a session is read),
// so the compare panel shows exactly what each overview shows. Pure.
import type { UserSessionDetail } from '../../api/types';
import { experienceText } from '../grades';
import { untrustedLine } from '../text/untrusted';
import { sessionOverview, type Field, type OverviewHop, type OverviewPage, type SessionOverview } from './overview';
import { SEGMENT_LABELS, SEGMENTS, type Grade, type Segment } from './verdict';

/** Hops and pages compared, at most (outside data decides nothing about our work). */
export const MAX_COMPARED_ROWS = 255;
/** A hop whose delay changed by this much (ms) is marked as different. */
export const HOP_DELAY_CHANGE_MS = 10;

export interface SessionSide {
  userSessionId: string;
  title: string;
  date: string;
  agent: string;
  score?: number;
  scoreText?: string;
  verdict: string;
}
export interface CompareRow {
  label: string;
  a: string;
  b: string;
  differs: boolean;
}
export interface CompareSection {
  heading: string;
  rows: CompareRow[];
}
export interface SegmentPair {
  segment: Segment;
  label: string;
  a: Grade;
  b: Grade;
  differs: boolean;
}
export interface HopPair {
  hop: number;
  a?: OverviewHop;
  b?: OverviewHop;
  differs: boolean;
  delayDeltaMs?: number;
}
export interface PagePair {
  title: string;
  a?: OverviewPage;
  b?: OverviewPage;
  onLoadDeltaMs?: number;
}

export interface SessionComparison {
  a: SessionSide;
  b: SessionSide;
  segments: SegmentPair[];
  sections: CompareSection[];
  hops: HopPair[];
  pages: PagePair[];
  /** "The second session is worse on Wi-Fi and ISP path; its slowest page loads 4.2 s later." */
  summary: string;
}

const RANK: Record<Grade, number> = { unknown: 0, ok: 1, warn: 2, bad: 3 };

export function compareSessions(
  first: UserSessionDetail,
  second: UserSessionDetail,
  names: Readonly<Record<string, string>> = {},
): SessionComparison {
  const nameOf = (s: UserSessionDetail): string | undefined => names[String(s.agentId)];
  const a = sessionOverview(first, nameOf(first));
  const b = sessionOverview(second, nameOf(second));
  const segments = SEGMENTS.map((segment) => {
    const ga = a.verdict.segments.find((s) => s.segment === segment)?.grade ?? 'unknown';
    const gb = b.verdict.segments.find((s) => s.segment === segment)?.grade ?? 'unknown';
    return { segment, label: SEGMENT_LABELS[segment], a: ga, b: gb, differs: ga !== gb };
  });
  const comparison: SessionComparison = {
    a: side(a),
    b: side(b),
    segments,
    sections: [
      section('General', a.general, b.general),
      section('Wi-Fi', a.wireless, b.wireless),
      section('Network', a.network, b.network),
      section('Proxy and VPN', [...a.proxy, ...a.vpn], [...b.proxy, ...b.vpn]),
      section(
        'Ping and TCP connect',
        a.pings.map((p) => ({ label: p.label, value: p.outcome })),
        b.pings.map((p) => ({ label: p.label, value: p.outcome })),
      ),
      section(
        'System',
        a.system.map((g) => ({ label: g.label, value: g.text })),
        b.system.map((g) => ({ label: g.label, value: g.text })),
      ),
    ].filter((s) => s.rows.length > 0),
    hops: alignHops(a.traceroute.hops, b.traceroute.hops),
    pages: matchPages(a.pages, b.pages),
    summary: '',
  };
  comparison.summary = summaryOf(comparison);
  return comparison;
}

function side(view: SessionOverview): SessionSide {
  const field = (label: string): string => view.general.find((f) => f.label === label)?.value ?? '';
  const scoreText = experienceText(view.experienceScore);
  return {
    userSessionId: view.userSessionId,
    title: view.title,
    date: field('Date'),
    agent: field('Agent'),
    verdict: view.verdict.line,
    ...(view.experienceScore === undefined ? {} : { score: view.experienceScore }),
    ...(scoreText ? { scoreText } : {}),
  };
}

function section(heading: string, a: readonly Field[], b: readonly Field[]): CompareSection {
  const labels = [...new Set([...a.map((f) => f.label), ...b.map((f) => f.label)])].slice(0, MAX_COMPARED_ROWS);
  const value = (fields: readonly Field[], label: string): string => fields.find((f) => f.label === label)?.value ?? '';
  return {
    heading,
    rows: labels.map((label) => {
      const x = value(a, label);
      const y = value(b, label);
      return { label, a: x, b: y, differs: x !== y };
    }),
  };
}

function alignHops(a: readonly OverviewHop[], b: readonly OverviewHop[]): HopPair[] {
  const numbers = [...new Set([...a.map((h) => h.hop), ...b.map((h) => h.hop)])]
    .filter((n) => n > 0)
    .sort((x, y) => x - y)
    .slice(0, MAX_COMPARED_ROWS);
  return numbers.map((hop) => {
    const x = a.find((h) => h.hop === hop);
    const y = b.find((h) => h.hop === hop);
    const delta = x && y && x.delayMs >= 0 && y.delayMs >= 0 ? y.delayMs - x.delayMs : undefined;
    const differs =
      !x || !y || x.ipAddress !== y.ipAddress || (delta !== undefined && Math.abs(delta) >= HOP_DELAY_CHANGE_MS);
    return {
      hop,
      ...(x ? { a: x } : {}),
      ...(y ? { b: y } : {}),
      differs,
      ...(delta === undefined ? {} : { delayDeltaMs: delta }),
    };
  });
}

/** Pages paired by title in order (a title seen twice pairs first with first), then the rest by position. */
function matchPages(a: readonly OverviewPage[], b: readonly OverviewPage[]): PagePair[] {
  const left = a.slice(0, MAX_COMPARED_ROWS);
  const right = b.slice(0, MAX_COMPARED_ROWS);
  const used = new Set<number>();
  const pairs: PagePair[] = left.map((page) => {
    const index = right.findIndex((other, i) => !used.has(i) && other.title === page.title);
    if (index < 0) return { title: page.title, a: page };
    used.add(index);
    const other = right[index] as OverviewPage;
    return {
      title: page.title,
      a: page,
      b: other,
      ...(page.onLoad >= 0 && other.onLoad >= 0 ? { onLoadDeltaMs: other.onLoad - page.onLoad } : {}),
    };
  });
  right.forEach((page, i) => {
    if (!used.has(i)) pairs.push({ title: page.title, b: page });
  });
  return pairs;
}

function summaryOf(c: SessionComparison): string {
  const worse = c.segments.filter((s) => RANK[s.b] > RANK[s.a] && RANK[s.b] >= 2).map((s) => s.label);
  const better = c.segments.filter((s) => RANK[s.b] < RANK[s.a] && RANK[s.a] >= 2).map((s) => s.label);
  const slowest = (pages: readonly (OverviewPage | undefined)[]): number =>
    Math.max(-1, ...pages.map((p) => p?.onLoad ?? -1));
  const load = slowest(c.pages.map((p) => p.b)) - slowest(c.pages.map((p) => p.a));
  const parts = [
    worse.length ? `the second session is worse on ${worse.join(', ')}` : undefined,
    better.length ? `better on ${better.join(', ')}` : undefined,
    Math.abs(load) >= 100
      ? `its slowest page loads ${(Math.abs(load) / 1000).toFixed(1)} s ${load > 0 ? 'later' : 'sooner'}`
      : undefined,
    c.hops.some((h) => h.a && h.b && h.a.ipAddress !== h.b.ipAddress)
      ? 'the traceroutes take different routes'
      : undefined,
  ].filter(Boolean);
  const text = parts.length ? `${parts.join('; ')}.` : 'No segment differs.';
  return untrustedLine(text.charAt(0).toUpperCase() + text.slice(1), 400);
}
