// The diffs of issue "what changed": a HAR diff of two 5,000-entry HARs (the second one a
// later load of the same page: cache-busted queries, re-hashed file names, some requests
// slower, gone or new) and a path diff of 200 agents × 30 hops × 2 rounds, with the
// localization of those rounds beside it. Baselines in the same run: for the HAR, a naive
// pairing by exact URL (a linear search per request, no normalisation — it pairs far fewer);
// for the path, merging the two rounds into graphs (what any diff must at least do).
// Times are medians of several runs on a shared 2-core machine: noisy. Bundled first, as shipped:
// bench: bundled
import { diffHar } from '../src/analysis/har/diff';
import { diffPathTraces } from '../src/analysis/path/diff';
import { localizePathTraces } from '../src/analysis/path/localize';
import { mergePathTraces } from '../src/analysis/path/merge';
import type { Har, HarEntry, PathTrace } from '../src/api/types';
import { syntheticTraces } from '../test/unit/path/synthetic';
import { syntheticHar } from '../test/webview/helpers/synthetic-har';
import { timed } from './_timing';

/** The same page loaded again later: new cache-busters, re-hashed bundles, some slower, some gone, some new. */
function laterLoad(har: Har): Har {
  const entries: HarEntry[] = [];
  har.log.entries.forEach((entry, i) => {
    if (i % 97 === 5) return; // gone
    const copy = structuredClone(entry);
    const url = new URL(copy.request.url);
    if (i % 3 === 0) url.searchParams.set('v', String(1_763_700_000 + i)); // cache-buster
    if (i % 5 === 0)
      url.pathname = url.pathname.replace(
        /(\.[a-z0-9]+)$/,
        `.${((i * 2654435761) >>> 0).toString(16).padStart(8, '0')}$1`,
      ); // re-hashed bundle
    copy.request.url = url.toString();
    if (i % 11 === 0) {
      copy.timings.wait += 180;
      copy.time += 180;
    } // slower
    entries.push(copy);
  });
  for (let k = 0; k < 40; k++)
    entries.push({
      ...structuredClone(har.log.entries[1]!),
      request: { ...structuredClone(har.log.entries[1]!.request), url: `https://new.example.com/tag-${k}.js` },
    });
  return { log: { ...har.log, entries } };
}

/** Naive pairing: exact URL, first unused match by linear search. */
function naiveHarPairs(a: Har, b: Har): number {
  const used = new Set<number>();
  let paired = 0;
  for (const entry of a.log.entries) {
    const index = b.log.entries.findIndex((other, i) => !used.has(i) && other.request.url === entry.request.url);
    if (index >= 0) {
      used.add(index);
      paired++;
    }
  }
  return paired;
}

function main(): void {
  const before = syntheticHar(5000, 11);
  const after = laterLoad(before);
  // Outside data arrives as JSON: both sides parsed fresh, as a file or a response would be.
  const [jsonA, jsonB] = [JSON.stringify(before), JSON.stringify(after)];
  const ours = timed(7, () => diffHar(JSON.parse(jsonA), JSON.parse(jsonB), { beforePage: '*', afterPage: '*' }));
  const naive = timed(3, () => naiveHarPairs(JSON.parse(jsonA) as Har, JSON.parse(jsonB) as Har));
  const paired = ours.result.rows.filter((row) => row.before && row.after).length;
  console.log(
    `HAR diff of ${before.log.entries.length} and ${after.log.entries.length} entries: ours ${ours.ms.toFixed(1)} ms (${paired} pairs), naive exact-URL pairing ${naive.ms.toFixed(1)} ms (${naive.result} pairs); ratio naive/ours ${(naive.ms / ours.ms).toFixed(2)}`,
  );

  const traces = syntheticTraces({ agents: 200, hops: 30, rounds: 2, ecmp: true, silentRouters: 0.08, seed: 7 });
  const rounds = [...new Set(traces.map((t) => t.roundId))].sort((a, b) => a - b);
  const first: PathTrace[] = traces.filter((t) => t.roundId === rounds[0]);
  const second: PathTrace[] = traces.filter((t) => t.roundId === rounds[1]);
  const path = timed(7, () => diffPathTraces(first, second));
  const merge = timed(7, () => [mergePathTraces(first), mergePathTraces(second)]);
  const localize = timed(7, () => localizePathTraces(traces));
  console.log(
    `path diff, 200 agents × 30 hops × 2 rounds: ours ${path.ms.toFixed(1)} ms (${path.result.summary}), merging the two rounds alone ${merge.ms.toFixed(1)} ms; ratio ours/merge ${(path.ms / merge.ms).toFixed(2)}`,
  );
  console.log(`localization of the same two rounds: ${localize.ms.toFixed(1)} ms (${localize.result.headline})`);
  console.log(
    `BENCH diff har=${ours.ms.toFixed(0)} path=${path.ms.toFixed(0)} har_baseline_naive=${naive.ms.toFixed(0)} path_baseline_merge=${merge.ms.toFixed(0)} localize=${localize.ms.toFixed(0)}`,
  );
}

main();
