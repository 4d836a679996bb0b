// Waterfall rows of one page: offsets from the page start and the phase segments.
import { PHASES, type HarDocument, type HarPageInfo, type HarRequestEntry, type Phase } from './model';

export interface PhaseSegment {
  phase: Phase;
  startMs: number;
  durationMs: number;
}

export interface WaterfallRow {
  entry: HarRequestEntry;
  /** Milliseconds from the page start to the request start. */
  offsetMs: number;
  endMs: number;
}

export interface Waterfall {
  page: HarPageInfo;
  rows: WaterfallRow[];
  /** Latest row end or page timing, whichever is later: the natural width of the chart. */
  spanMs: number;
  onContentLoad?: number;
  onLoad?: number;
}

export function buildWaterfall(doc: HarDocument, pageId: string): Waterfall {
  const page = doc.pages.find((p) => p.id === pageId) ??
    doc.pages[0] ?? { id: '', title: '', startedDateTime: '', startMs: 0 };
  const entries = doc.entries.filter((e) => e.pageref === page.id);
  // The page start is the earlier of the declared start and its first request (clocks drift).
  const origin = Math.min(page.startMs, entries[0]?.startMs ?? page.startMs);
  let spanMs = Math.max(page.onLoad ?? 0, page.onContentLoad ?? 0);
  const rows = entries.map((entry): WaterfallRow => {
    const offsetMs = entry.startMs - origin;
    const endMs = offsetMs + entry.totalMs;
    if (endMs > spanMs) spanMs = endMs;
    return { entry, offsetMs, endMs };
  });
  const shift = page.startMs - origin;
  return {
    page,
    rows,
    spanMs,
    ...(page.onContentLoad !== undefined ? { onContentLoad: page.onContentLoad + shift } : {}),
    ...(page.onLoad !== undefined ? { onLoad: page.onLoad + shift } : {}),
  };
}

/** Consecutive, non-overlapping phase segments of a row (zero-length phases omitted). */
export function phaseSegments(row: WaterfallRow): PhaseSegment[] {
  const segments: PhaseSegment[] = [];
  let at = row.offsetMs;
  for (const phase of PHASES) {
    const durationMs = row.entry.phases[phase];
    if (durationMs <= 0) continue;
    segments.push({ phase, startMs: at, durationMs });
    at += durationMs;
  }
  return segments;
}

/** Time to first byte: everything before the response body starts arriving. */
export function timeToFirstByte(entry: HarRequestEntry): number {
  const p = entry.phases;
  return p.blocked + p.dns + p.connect + p.ssl + p.send + p.wait;
}
