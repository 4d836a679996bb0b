// Time ↔ pixel mapping of the waterfall column, and round tick steps for the axis.

export interface TimeRange {
  start: number;
  end: number;
}

export class TimeScale {
  constructor(
    readonly range: TimeRange,
    readonly width: number,
  ) {}

  x(ms: number): number {
    const span = this.range.end - this.range.start;
    return span > 0 ? ((ms - this.range.start) / span) * this.width : 0;
  }

  ms(x: number): number {
    return this.range.start + (x / Math.max(1, this.width)) * (this.range.end - this.range.start);
  }

  /** Ticks about 90 px apart at 1/2/5 × 10^n ms. */
  ticks(): number[] {
    const span = this.range.end - this.range.start;
    if (span <= 0 || this.width <= 0) return [];
    const rough = span / Math.max(1, this.width / 90);
    const magnitude = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
    const ticks: number[] = [];
    for (let t = Math.ceil(this.range.start / step) * step; t <= this.range.end; t += step) ticks.push(t);
    return ticks;
  }
}

export function tickLabel(ms: number): string {
  if (ms === 0) return '0';
  if (Math.abs(ms) >= 1000) return `${+(ms / 1000).toFixed(2)} s`;
  return `${+ms.toFixed(1)} ms`;
}
