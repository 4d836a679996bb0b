// The shared time axis of the timeline: the visible window inside the loaded range, zoomed
// and panned without leaving it, and tick marks far enough apart to read.

const MINUTE = 60_000;
const STEPS = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  60 * MINUTE,
  3 * 60 * MINUTE,
  6 * 60 * MINUTE,
  12 * 60 * MINUTE,
  24 * 60 * MINUTE,
];
/** The narrowest window one can zoom to. */
export const MIN_SPAN_MS = 5 * MINUTE;
/** Tick labels at least this far apart (px). */
export const TICK_SPACING_PX = 96;

export interface Window {
  fromMs: number;
  toMs: number;
}

export class TimeScale {
  constructor(
    readonly range: Window,
    readonly view: Window,
    readonly width: number,
  ) {}

  static of(range: Window, width: number): TimeScale {
    return new TimeScale(range, range, width);
  }

  get span(): number {
    return this.view.toMs - this.view.fromMs;
  }

  x(t: number): number {
    return ((t - this.view.fromMs) / Math.max(1, this.span)) * this.width;
  }

  t(x: number): number {
    return this.view.fromMs + (x / Math.max(1, this.width)) * this.span;
  }

  withWidth(width: number): TimeScale {
    return new TimeScale(this.range, this.view, width);
  }

  /** Zoomed by `factor` (< 1 zooms in) around `anchor`, kept inside the range. */
  zoom(factor: number, anchor = (this.view.fromMs + this.view.toMs) / 2): TimeScale {
    const full = this.range.toMs - this.range.fromMs;
    const span = Math.min(full, Math.max(MIN_SPAN_MS, this.span * factor));
    const ratio = (anchor - this.view.fromMs) / Math.max(1, this.span);
    return this.to({ fromMs: anchor - span * ratio, toMs: anchor - span * ratio + span });
  }

  /** Moved by `deltaMs`, kept inside the range. */
  pan(deltaMs: number): TimeScale {
    return this.to({ fromMs: this.view.fromMs + deltaMs, toMs: this.view.toMs + deltaMs });
  }

  /** Shows `window` (clamped to the range, at least MIN_SPAN_MS wide). */
  to(window: Window): TimeScale {
    const full = this.range.toMs - this.range.fromMs;
    const span = Math.min(full, Math.max(MIN_SPAN_MS, window.toMs - window.fromMs));
    const fromMs = Math.min(Math.max(this.range.fromMs, window.fromMs), this.range.toMs - span);
    return new TimeScale(this.range, { fromMs, toMs: fromMs + span }, this.width);
  }

  reset(): TimeScale {
    return new TimeScale(this.range, this.range, this.width);
  }

  /** Tick times in the view, on round local times, at least TICK_SPACING_PX apart. */
  ticks(offsetMinutes = new Date(this.view.fromMs).getTimezoneOffset()): number[] {
    const perPx = this.span / Math.max(1, this.width);
    const step = STEPS.find((s) => s / perPx >= TICK_SPACING_PX) ?? STEPS[STEPS.length - 1]!;
    const offset = offsetMinutes * MINUTE;
    const first = Math.ceil((this.view.fromMs - offset) / step) * step + offset;
    const ticks: number[] = [];
    for (let t = first; t <= this.view.toMs && ticks.length < 200; t += step) ticks.push(t);
    return ticks;
  }
}

const two = (n: number): string => String(n).padStart(2, '0');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A tick's label in local time: "08:30", or the day at midnight ("Tue 24"). */
export function tickLabel(t: number): string {
  const date = new Date(t);
  if (date.getHours() === 0 && date.getMinutes() === 0) return `${WEEKDAYS[date.getDay()]} ${date.getDate()}`;
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Local "HH:MM" for lines and tooltips (the verdict's clock in the panel). */
export function localClock(t: number): string {
  const date = new Date(t);
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Local "Mon 24 08:30" when the range spans days. */
export function localDateTime(t: number): string {
  const date = new Date(t);
  return `${WEEKDAYS[date.getDay()]} ${date.getDate()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
