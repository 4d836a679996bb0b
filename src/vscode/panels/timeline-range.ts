// The time range a timeline reads: a preset of the panel, or the Netmon view's range (its
// default, the current round, is too short for a timeline: the last 24 hours instead).
import { RANGE_PRESETS, type RangePreset } from '../../../webview/timeline/protocol';
import { localRangeLabel, parseLocalRange } from '../../analysis/time/local-range';
import type { TimeOptions } from './data';

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const RETENTION_MS = 7 * 86_400_000;

/**
 * What the lists are asked for (a window the service places by its own clock, or from/to), and where we think it lies.
 */
export interface TimelineRange {
  request: { window: string } | { from: Date; to: Date };
  estimate: { fromMs: number; toMs: number };
  label: string;
}

/** A link's range: this long either side of the record it came from. */
export const AROUND_MS = 3 * 3_600_000;

/**
 * `aroundMs`: the record a link came from (for the "around" preset); `typed`: the text of a "custom" range (local
 * time).
 */
export function timelineRange(
  preset: RangePreset,
  view: TimeOptions,
  nowMs: number,
  aroundMs?: number,
  typed?: string,
): TimelineRange {
  const local = preset === 'today' || preset === 'yesterday' ? preset : preset === 'custom' ? typed : undefined;
  const parsed = local === undefined ? undefined : parseLocalRange(local, nowMs);
  if (parsed?.ok) {
    const { from, to, label } = parsed.value;
    return {
      request: { from, to },
      estimate: { fromMs: from.getTime(), toMs: to.getTime() },
      label: local === preset ? `${preset} (${label})` : label,
    };
  }
  if (preset === 'around' && aroundMs !== undefined) {
    const from = new Date(aroundMs - AROUND_MS);
    const to = new Date(aroundMs + AROUND_MS);
    const utc = (date: Date): string => date.toISOString().slice(11, 16);
    return {
      request: { from, to },
      estimate: { fromMs: from.getTime(), toMs: to.getTime() },
      label: `${utc(from)}–${utc(to)} UTC, 3 hours either side of the session`,
    };
  }
  if (isWindowPreset(preset)) return last(preset, `last ${preset}`, nowMs);
  if (view.from && view.to) {
    return {
      request: { from: view.from, to: view.to },
      estimate: { fromMs: view.from.getTime(), toMs: view.to.getTime() },
      label: `${localRangeLabel(view.from, view.to)} (the view's range)`,
    };
  }
  const length = view.window === undefined ? undefined : windowMs(view.window);
  return length === undefined || length < 3_600_000 || length > RETENTION_MS
    ? last('24h', 'last 24h', nowMs)
    : last(view.window as string, `last ${view.window} (the view's range)`, nowMs);
}

function isWindowPreset(preset: RangePreset): preset is (typeof RANGE_PRESETS)[number] {
  return (RANGE_PRESETS as readonly string[]).includes(preset);
}

function last(window: string, label: string, nowMs: number): TimelineRange {
  const length = Math.min(RETENTION_MS, windowMs(window) ?? 86_400_000);
  return { request: { window }, estimate: { fromMs: nowMs - length, toMs: nowMs }, label };
}

/** "24h" → ms; a bare number is seconds, as the API reads it. */
function windowMs(window: string): number | undefined {
  const match = /^(\d+)([smhdw]?)$/.exec(window.trim());
  return match ? Number(match[1]) * (UNIT_MS[match[2] || 's'] as number) : undefined;
}
