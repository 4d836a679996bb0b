// HAR redaction (`netmon har redact`): throughput and peak memory of the streaming CLI on a
// 5,000-entry HAR and on a generated 200 MB HAR, against the naive baseline in the same
// run — read the whole file, JSON.parse, redactHar, JSON.stringify, write. Each run is a
// child process (an esbuild bundle, as the shipped CLI is), so its peak RSS is its own.
// Also the pure redactors in this process, without I/O, on ordinary entries and on the
// crafted runs of issue #27 (worst_case_mbps: linear scanners keep it the same order as
// pure_mbps; the quadratic patterns they replaced ran at kilobytes per second). Medians of a few runs on a shared
// 2-core machine: noisy.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarRedactStream, redactHar } from '../src/analysis/har/redact';
import { craftedHar, writeGzipBomb } from '../test/fixtures/har-redact/crafted';
import { writeLargeHar } from '../test/fixtures/har-redact/generate-large';
import { buildRedactChild, runRedactChild, type ChildMeasure } from '../test/fixtures/har-redact/measure';
import { median, timed } from './_timing';

const MB = 1024 * 1024;
const LARGE_MB = Number(process.env.NETMON_REDACT_BENCH_MB ?? 200);

interface Measured {
  mbps: number;
  rssRatio: number;
  peakMb: number;
}

function measure(child: string, mode: 'stream' | 'naive', input: string, output: string, runs: number): Measured {
  const bytes = statSync(input).size;
  const all: ChildMeasure[] = [];
  for (let i = 0; i < runs; i++) all.push(runRedactChild(child, mode, input, output));
  const ms = median(all.map((r) => r.ms));
  const peak = median(all.map((r) => r.peakRss));
  return { mbps: bytes / MB / (ms / 1000), rssRatio: peak / bytes, peakMb: peak / MB };
}

function pureThroughput(input: string): { stream: number; naive: number } {
  const text = readFileSync(input, 'utf8');
  const mb = text.length / MB;
  const stream = timed(5, () => {
    const redactor = createHarRedactStream();
    let chars = 0;
    for (let i = 0; i < text.length; i += 65536) chars += redactor.write(text.slice(i, i + 65536)).length;
    return chars + redactor.end().tail.length;
  });
  const naive = timed(5, () => JSON.stringify(redactHar(JSON.parse(text)).har).length);
  return { stream: mb / (stream.ms / 1000), naive: mb / (naive.ms / 1000) };
}

/** The stream redactor over a HAR of 1 MB crafted runs in every free-text place (test/fixtures/har-redact/crafted.ts). */
function worstCaseThroughput(): number {
  const text = JSON.stringify(craftedHar(MB).har);
  const run = timed(3, () => {
    const redactor = createHarRedactStream();
    let chars = 0;
    for (let i = 0; i < text.length; i += 65536) chars += redactor.write(text.slice(i, i + 65536)).length;
    return chars;
  });
  return text.length / MB / (run.ms / 1000);
}

const line = (what: string, ours: Measured, base: Measured): string =>
  `${what}: stream ${ours.mbps.toFixed(1)} MB/s, peak RSS ${ours.peakMb.toFixed(0)} MB (${ours.rssRatio.toFixed(3)} of the file); ` +
  `naive ${base.mbps.toFixed(1)} MB/s, peak RSS ${base.peakMb.toFixed(0)} MB (${base.rssRatio.toFixed(3)}); ` +
  `speed stream/naive ${(ours.mbps / base.mbps).toFixed(2)}, memory naive/stream ${(base.peakMb / ours.peakMb).toFixed(1)}`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-bench-redact-'));
  try {
    const child = await buildRedactChild(dir);
    const small = join(dir, 'entries-5000.har');
    const smallInfo = writeLargeHar(small, { count: 5000 });
    const pure = pureThroughput(small);
    const worst = worstCaseThroughput();
    console.log(
      `crafted runs (eyJ…, a.a.a…://, near-tokens; 1 MB each in URL, header, body, custom field): ${worst.toFixed(1)} MB/s, ${(worst / pure.stream).toFixed(2)} of ordinary entries`,
    );
    console.log(
      `pure redactors on ${smallInfo.entries} entries (${(smallInfo.bytes / MB).toFixed(1)} MB, no I/O): stream ${pure.stream.toFixed(1)} MB/s, parse + redactHar + stringify ${pure.naive.toFixed(1)} MB/s`,
    );
    const smallOurs = measure(child, 'stream', small, join(dir, 'out.har'), 5);
    const smallBase = measure(child, 'naive', small, join(dir, 'out.har'), 5);
    console.log(
      line(`CLI, ${smallInfo.entries} entries (${(smallInfo.bytes / MB).toFixed(1)} MB)`, smallOurs, smallBase),
    );
    rmSync(small);

    const large = join(dir, 'large.har');
    const largeInfo = writeLargeHar(large, { targetBytes: LARGE_MB * MB });
    const ours = measure(child, 'stream', large, join(dir, 'out.har'), 3);
    const base = measure(child, 'naive', large, join(dir, 'out.har'), 3);
    console.log(line(`CLI, ${(largeInfo.bytes / MB).toFixed(0)} MB (${largeInfo.entries} entries)`, ours, base));
    rmSync(large);

    // The review's bomb: ~150 KB of gzip inflating to 148 MB, through `netmon har report`.
    const bomb = join(dir, 'bomb.har.gz');
    await writeGzipBomb(bomb);
    const bombRun = runRedactChild(child, 'report', bomb, join(dir, 'bomb.html'));
    const bombRssMb = bombRun.peakRss / MB;
    console.log(
      `har report on a ${(statSync(bomb).size / 1024).toFixed(0)} KB gzip bomb inflating to 148 MB: exit ${bombRun.code} (capped) after ${(bombRun.ms / 1000).toFixed(1)} s, peak RSS ${bombRssMb.toFixed(0)} MB (the whole-file read took 1.4 GB), ${(bombRssMb / 64).toFixed(1)} × the 64 MB report cap`,
    );
    console.log(
      `BENCH redact mbps=${ours.mbps.toFixed(1)} rss_ratio=${ours.rssRatio.toFixed(3)} baseline_mbps=${base.mbps.toFixed(1)} baseline_rss_ratio=${base.rssRatio.toFixed(3)} small_mbps=${smallOurs.mbps.toFixed(1)} small_baseline_mbps=${smallBase.mbps.toFixed(1)} pure_mbps=${pure.stream.toFixed(1)} pure_baseline_mbps=${pure.naive.toFixed(1)} worst_case_mbps=${worst.toFixed(1)} bomb_rss_mb=${bombRssMb.toFixed(0)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
