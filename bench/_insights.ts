// Findings and critical path of a 10,000-entry HAR (src/analysis/har/insights.ts) against the
// same questions answered naively, all pairs: every request's predecessor found by scanning
// every other request, repeats found by comparing every pair. Both from the same parsed HAR.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildWaterfall, readHar, type WaterfallRow } from '../src/analysis/har';
import { readHarFile } from '../src/workflows/har-file';
import { pageInsights } from '../src/analysis/har/insights';
import { INSIGHT_RULES } from '../src/analysis/har/insight-rules';
import { syntheticHar } from '../test/webview/helpers/synthetic-har';
import { timed } from './_timing';

export interface InsightsBench {
  oursMs: number;
  baselineMs: number;
  findings: number;
  links: number;
  agree: boolean;
}

export function benchInsights(size = 10_000): InsightsBench {
  const doc = readHar(syntheticHar(size, 7));
  const source = buildWaterfall(doc, doc.pages[0]?.id ?? '');
  const rows = source.rows;
  pageInsights(source);
  const ours = timed(5, () => pageInsights(source));
  const baseline = timed(1, () => naive(rows, source.onLoad));
  const last = ours.result.criticalPath.links.at(-1)?.row;
  return {
    oursMs: ours.ms,
    baselineMs: baseline.ms,
    findings: ours.result.findings.length,
    links: ours.result.criticalPath.links.length,
    agree: last === baseline.result.last,
  };
}

/** The naive form: O(n²) predecessors and repeat pairs, then the same walk from onLoad. */
function naive(rows: readonly WaterfallRow[], onLoad: number | undefined): { last?: WaterfallRow; repeats: number } {
  const until = onLoad ?? Math.max(...rows.map((row) => row.endMs));
  const parent = new Map<WaterfallRow, WaterfallRow>();
  for (const row of rows) {
    let best: WaterfallRow | undefined;
    for (const other of rows)
      if (
        other !== row &&
        other.endMs <= row.offsetMs + 1 &&
        other.offsetMs <= row.offsetMs &&
        (!best || other.endMs > best.endMs)
      )
        best = other;
    if (best) parent.set(row, best);
  }
  let last: WaterfallRow | undefined;
  for (const row of rows) if (row.endMs <= until + 1 && (!last || row.endMs > last.endMs)) last = row;
  let repeats = 0;
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const a = rows[i]!.entry;
      const b = rows[j]!.entry;
      if (
        a.method === b.method &&
        a.url === b.url &&
        (a.postData?.text ?? '') === (b.postData?.text ?? '') &&
        Math.abs(rows[j]!.offsetMs - rows[i]!.offsetMs) <= INSIGHT_RULES.storms.windowMs
      )
        repeats++;
    }
  }
  return { ...(last ? { last } : {}), repeats };
}

export interface CorpusBench {
  pages: number;
  files: number;
  /** Insights of every page of the corpus (waterfalls built beforehand), median of 5 runs. */
  insightsMs: number;
  /** Baseline: building those pages' waterfalls, which every view does before insights. */
  waterfallsMs: number;
}

/** The real HARs of test/fixtures/har-corpus, every page: what insights cost on data browsers wrote. */
export function benchInsightsCorpus(): CorpusBench {
  const dir = join(__dirname, '..', 'test', 'fixtures', 'har-corpus');
  const docs = readdirSync(dir)
    .filter((name) => /\.har(\.gz)?$/.test(name))
    .map((name) => readHar(readHarFile(join(dir, name))));
  const pages = docs.flatMap((doc) => doc.pages.map((page) => ({ doc, id: page.id })));
  const build = () => pages.map(({ doc, id }) => buildWaterfall(doc, id));
  const waterfalls = timed(5, build);
  const insights = timed(5, () => waterfalls.result.map((waterfall) => pageInsights(waterfall)));
  return { pages: pages.length, files: docs.length, insightsMs: insights.ms, waterfallsMs: waterfalls.ms };
}
