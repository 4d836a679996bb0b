// "Open Path Trace as Text": an mtr-style report of one agent's routes over its rounds,
// one row per hop number (extra rows for ECMP alternatives), stars as `???`.
import { editorLine } from '../text/untrusted';
import type { PathRoute, PathTrace } from '../../api/types';
import { mplsLabels } from '../../api/types';
import { isUsableRound, usableRoutes, usableTraces } from './usable';
import { localizePathTraces } from './localize';

export interface HopRow {
  hop: number;
  /** `rdns (ip)`, the bare IP, or `???` for a star. */
  host: string;
  network: string;
  lossPct: number;
  sent: number;
  avgMs?: number;
  bestMs?: number;
  worstMs?: number;
  mpls: string[];
  /** A second or later address answering for the same hop (ECMP or a route change). */
  alternative: boolean;
  /**
   * No router answered for this hop, yet later hops answer without loss: it does not reply
   * to probes (filtered or rate-limited), which is not loss. Printed as mtr does: `???` alone.
   */
  silentTransit?: boolean;
}

interface Seen {
  host: string;
  network: string;
  times: number[];
  replies: number;
  mpls: Set<string>;
}

/** API strings go into an editor: keep each on one line without control characters. */
const oneLine = editorLine;

export function hopRows(traces: readonly PathTrace[]): HopRow[] {
  const routes = usableTraces(traces).flatMap((trace) =>
    usableRoutes(trace).map((route) => ({ ...route, stopped: stoppedShort(route, trace) })),
  );
  const depth = routes.reduce((max, r) => Math.max(max, ...r.hops.map((h) => h.hop)), 0);
  const rows: HopRow[] = [];
  for (let hop = 1; hop <= depth; hop++) {
    // As mtr counts: a traversal that stopped short of the destination sent a probe for every
    // later hop too and lost it, so forwarding loss shows where it starts.
    const reaching = routes.filter((r) => r.stopped || r.hops.some((h) => h.hop >= hop));
    const byIp = new Map<string, Seen>();
    for (const route of reaching) {
      const found = route.hops.find((h) => h.hop === hop && h.ipAddress);
      if (!found) continue;
      const seen = byIp.get(found.ipAddress) ?? {
        host: hostLabel(found.ipAddress, found.rdns),
        network: oneLine(found.network),
        times: [],
        replies: 0,
        mpls: new Set<string>(),
      };
      if (found.responseTime !== undefined) seen.times.push(found.responseTime);
      seen.replies++;
      for (const label of mplsLabels(found.mpls)) seen.mpls.add(oneLine(label));
      byIp.set(found.ipAddress, seen);
    }
    const answered = [...byIp.values()].reduce((n, s) => n + s.replies, 0);
    const lossPct = reaching.length === 0 ? 0 : (100 * (reaching.length - answered)) / reaching.length;
    if (byIp.size === 0) {
      rows.push({ hop, host: '???', network: '', lossPct: 100, sent: reaching.length, mpls: [], alternative: false });
      continue;
    }
    [...byIp.values()]
      .sort((a, b) => b.replies - a.replies)
      .forEach((seen, i) =>
        rows.push({
          hop,
          host: seen.host,
          network: seen.network,
          lossPct,
          sent: reaching.length,
          mpls: [...seen.mpls],
          alternative: i > 0,
          ...latency(seen.times),
        }),
      );
  }
  return markSilentTransit(rows);
}

/** The route ends before the destination: its last hop is not the trace's server (when the trace names it). */
function stoppedShort(route: PathRoute, trace: PathTrace): boolean {
  const destination = typeof trace.serverIp === 'string' ? trace.serverIp : '';
  const last = route.hops.reduce<PathRoute['hops'][number] | undefined>(
    (a, h) => (!a || h.hop > a.hop ? h : a),
    undefined,
  );
  return destination !== '' && last !== undefined && last.ipAddress !== destination;
}

/** A `???` hop is only loss when the hops after it lose too (or it is the last one). */
function markSilentTransit(rows: HopRow[]): HopRow[] {
  return rows.map((row, index) => {
    if (row.host !== '???') return row;
    const later = rows.slice(index + 1).filter((r) => r.hop > row.hop);
    return later.length > 0 && later.every((r) => r.host !== '???' && r.lossPct === 0)
      ? { ...row, silentTransit: true }
      : row;
  });
}

function hostLabel(ip: string, rdns: string | undefined): string {
  const name = oneLine(rdns);
  return name && name !== ip ? `${name} (${oneLine(ip)})` : oneLine(ip);
}

function latency(times: number[]): Pick<HopRow, 'avgMs' | 'bestMs' | 'worstMs'> {
  if (times.length === 0) return {};
  return {
    avgMs: times.reduce((a, b) => a + b, 0) / times.length,
    bestMs: Math.min(...times),
    worstMs: Math.max(...times),
  };
}

// mtr's "Snt" counts probes; path traces report one answer per hop per traversal and no probe
// counts, so the column counts traversals and is named for them (the note under the table says so).
const HEADERS = ['Hop', 'Host', 'ASN / network', 'Loss%', 'Trav', 'Avg', 'Best', 'Worst'] as const;
export const TRAVERSALS_NOTE =
  'Trav: traversals (routes traced) that reached or passed each hop, not probes (path traces give no probe counts); ' +
  'a traversal that stopped short counts as lost at every later hop, as mtr counts.';

const ms = (value: number | undefined): string => (value === undefined ? '-' : value.toFixed(1));

/** The report for one agent's traces (all rounds), ready for a read-only editor. */
export function pathTraceText(traces: readonly PathTrace[], agentLabel?: string): string {
  const usable = usableTraces(traces);
  const first = usable[0];
  if (!first) return 'No path trace data.\n';
  const rounds = [...new Set(usable.map((t) => t.roundId))].filter(isUsableRound).sort((a, b) => a - b);
  const routeCount = new Set(
    usable.flatMap((t) => usableRoutes(t).map((r) => r.hops.map((h) => h.ipAddress).join(' '))),
  ).size;
  const when = rounds.map((r) => new Date(r * 1000).toISOString().replace('.000Z', 'Z'));
  const span =
    rounds.length === 0 ? 'time not reported' : `${when[0]}${rounds.length > 1 ? ` .. ${when[when.length - 1]}` : ''}`;
  const header = [
    `Path trace from ${oneLine(agentLabel ?? String(first.agentId))} ` +
      `(${oneLine(first.sourceIp) || 'unknown source'}) to ${oneLine(first.server)} (${oneLine(first.serverIp)})`,
    `Rounds: ${rounds.length} (${span}), distinct routes: ${routeCount}`,
    '',
  ];
  const body = hopRows(traces).map((row) => [
    row.alternative ? '' : `${row.hop}.`,
    row.host + (row.mpls.length ? ` [MPLS ${row.mpls.join(', ')}]` : ''),
    row.network || '-',
    row.silentTransit ? '-' : `${row.lossPct.toFixed(1)}%`,
    String(row.sent),
    ms(row.avgMs),
    ms(row.bestMs),
    ms(row.worstMs),
  ]);
  return [...header, ...table([[...HEADERS], ...body]), '', TRAVERSALS_NOTE, ''].join('\n');
}

/** Left-aligned text columns, right-aligned numbers, two spaces apart. */
function table(rows: string[][]): string[] {
  const widths = HEADERS.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const rightAligned = new Set([0, 3, 4, 5, 6, 7]);
  return rows.map((row) =>
    row
      .map((cell, c) => (rightAligned.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** Reports of several agents one after another (all agents when "Open as Text" names none). */
export function pathTraceTextByAgent(
  traces: readonly PathTrace[],
  agentName: (agentId: string) => string = (id) => id,
): string {
  const byAgent = new Map<string, PathTrace[]>();
  for (const trace of traces) {
    const id = String(trace.agentId);
    if (!byAgent.has(id)) byAgent.set(id, []);
    byAgent.get(id)!.push(trace);
  }
  if (byAgent.size === 0) return pathTraceText([]);
  return [...byAgent.entries()]
    .sort(([a], [b]) => agentName(a).localeCompare(agentName(b)))
    .map(([id, own]) => pathTraceText(own, agentName(id)))
    .join('\n');
}

/**
 * "Open Path Trace as Text": where the problem is (the localization over every agent shown),
 * then the hop table of one agent or of each agent.
 */
export function pathReportText(
  traces: readonly PathTrace[],
  agentName: (agentId: string) => string = (id) => id,
  agentId?: string,
): string {
  const found = localizePathTraces(usableTraces(traces), { agentName });
  const section =
    found.traversals === 0
      ? []
      : [
          'Where the problem is:',
          `  ${oneLine(found.headline)}`,
          ...found.lines.filter((line) => line !== found.headline).map((line) => `  - ${oneLine(line)}`),
          '',
        ];
  const table =
    agentId === undefined
      ? pathTraceTextByAgent(traces, agentName)
      : pathTraceText(
          traces.filter((t) => String(t.agentId) === agentId),
          agentName(agentId),
        );
  return [...section, table].join('\n');
}
