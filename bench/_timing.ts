// Median timing of a few runs (after a GC when --expose-gc is on), shared by the benchmarks.

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function timed<T>(runs: number, work: () => T): { ms: number; result: T } {
  const times: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < runs; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    const started = performance.now();
    result = work();
    times.push(performance.now() - started);
  }
  return { ms: median(times), result: result! };
}
