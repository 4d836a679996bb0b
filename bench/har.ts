// HAR waterfall: time from a parsed HAR to a painted waterfall, and to interactive (the
// main thread idle again after that paint), in headless Debian Chromium — ours (the panel's
// HarApp) vs PerfCascade 3 (perf-cascade, WebPageTest's waterfall) at 500, 2,000 and
// 10,000 entries. Both get the same parsed object; each run uses a fresh page.
// Then HARs bounded by what they hold (_har-limits.ts): peak RSS of `netmon har insights`
// and of the editor's reading worker on 45 million empty entries and on 100,000 entries,
// each under 600 MB, against JSON.parse of the 100,000 (the whole read the readers did).
// Results on a shared 2-core machine are noisy: medians of a few runs are printed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/webview/helpers/panel';
import { syntheticHar } from '../test/webview/helpers/synthetic-har';
import { benchHarLimits, RSS_LIMIT_MB, type Measured } from './_har-limits';
import { benchInsights, benchInsightsCorpus } from './_insights';

const REPO = join(__dirname, '..');
const SIZES = [500, 2000, 10000];
// PerfCascade takes seconds at 10,000 entries: fewer baseline runs keep the bench under 2 min.
const OUR_RUNS = 5;
const BASELINE_RUNS: Record<number, number> = { 500: 3, 2000: 3, 10000: 1 };

interface Timing {
  painted: number;
  interactive: number;
}

// Shared by both pages: resolves once the frame after `render` has been produced, then once
// the main thread is idle (the TTI idea: no more work queued by the renderer).
const MEASURE = `
window.measure = (render) => new Promise((resolve) => {
  const start = performance.now();
  render();
  requestAnimationFrame(() => setTimeout(() => {
    const painted = performance.now() - start;
    requestIdleCallback(() => resolve({ painted, interactive: performance.now() - start }), { timeout: 5000 });
  }, 0));
});`;

async function oursBundle(): Promise<string> {
  const result = await esbuild.build({
    stdin: {
      contents: `
        import { HarApp } from './webview/har/app';
        import { adoptStyles } from './webview/shared/sheet';
        import { HAR_CSS } from './webview/har/styles';
        adoptStyles(HAR_CSS);
        const root = document.createElement('div');
        document.body.append(root);
        const app = new HarApp(root, { loaded() {}, openExternal() {}, saveState() {} });
        (globalThis as unknown as { renderHar(har: unknown): void }).renderHar = (har) => app.load({ har });`,
      resolveDir: REPO,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}

function baselineBundle(): { js: string; css: string } {
  const dist = join(REPO, 'node_modules', 'perf-cascade', 'dist');
  return {
    js: `${readFileSync(join(dist, 'perf-cascade.min.js'), 'utf8')}
      window.renderHar = (har) => { const box = document.getElementById('root'); box.replaceChildren(perfCascade.fromHar(har)); };`,
    css: readFileSync(join(dist, 'perf-cascade.css'), 'utf8'),
  };
}

async function runOnce(browser: Browser, script: string, css: string, harJson: string): Promise<Timing> {
  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.setContent(
      `<!doctype html><html><head><style>${css}</style></head><body><div id="root"></div></body></html>`,
    );
    await page.addScriptTag({ content: MEASURE });
    await page.addScriptTag({ content: script });
    await page.evaluate((json) => {
      (globalThis as { benchHar?: unknown }).benchHar = JSON.parse(json);
    }, harJson);
    return await page.evaluate(() => {
      const g = globalThis as unknown as {
        measure(render: () => void): Promise<Timing>;
        renderHar(har: unknown): void;
        benchHar: unknown;
      };
      return g.measure(() => g.renderHar(g.benchHar));
    });
  } finally {
    await page.close();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const ours = await oursBundle();
  const baseline = baselineBundle();
  const controls = await esbuild.build({
    stdin: {
      contents: ['vscode-textfield', 'vscode-tabs', 'vscode-tab-header', 'vscode-tab-panel']
        .map((c) => `import '@vscode-elements/elements/dist/${c}/index.js';`)
        .join('\n'),
      resolveDir: REPO,
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    logLevel: 'error',
  });
  const controlsBytes = controls.outputFiles[0]?.contents.length ?? 0;
  console.log(
    `bundle: ours ${(ours.length / 1024).toFixed(1)} kB minified, of which @vscode-elements (textfield, tabs) + lit ${(controlsBytes / 1024).toFixed(1)} kB; perf-cascade ${(baseline.js.length / 1024).toFixed(1)} kB`,
  );
  const browser = await launchChromium();
  const results = new Map<number, { ours: Timing; baseline: Timing }>();
  try {
    await runOnce(browser, ours, '', JSON.stringify(syntheticHar(200, 99)));
    await runOnce(browser, baseline.js, baseline.css, JSON.stringify(syntheticHar(200, 99)));
    for (const size of SIZES) {
      const harJson = JSON.stringify(syntheticHar(size, 7));
      const oursRuns: Timing[] = [];
      const baselineRuns: Timing[] = [];
      for (let run = 0; run < OUR_RUNS; run++) {
        oursRuns.push(await runOnce(browser, ours, '', harJson));
        if (run < (BASELINE_RUNS[size] ?? 1))
          baselineRuns.push(await runOnce(browser, baseline.js, baseline.css, harJson));
      }
      const summary = (runs: Timing[]): Timing => ({
        painted: median(runs.map((r) => r.painted)),
        interactive: median(runs.map((r) => r.interactive)),
      });
      const result = { ours: summary(oursRuns), baseline: summary(baselineRuns) };
      results.set(size, result);
      console.log(
        `${String(size).padStart(6)} entries: ours painted ${result.ours.painted.toFixed(1)} ms, interactive ${result.ours.interactive.toFixed(1)} ms | perf-cascade painted ${result.baseline.painted.toFixed(1)} ms, interactive ${result.baseline.interactive.toFixed(1)} ms | ratio ${(result.baseline.interactive / result.ours.interactive).toFixed(1)}x (medians of ${oursRuns.length} / ${baselineRuns.length} runs)`,
      );
    }
  } finally {
    await browser.close();
  }
  const at2000 = results.get(2000);
  const at10k = results.get(10000);
  if (!at2000 || !at10k) throw new Error('missing results');
  console.log('times: interactive = painted, then main thread idle; machine shared and noisy');
  const insights = benchInsights();
  console.log(
    `insights of 10,000 entries: ours ${insights.oursMs.toFixed(1)} ms (${insights.findings} findings, path of ${insights.links}) | naive all pairs ${insights.baselineMs.toFixed(0)} ms | ratio ${(insights.baselineMs / insights.oursMs).toFixed(0)}x | same last link: ${insights.agree ? 'yes' : 'NO'}`,
  );
  const corpus = benchInsightsCorpus();
  console.log(
    `insights of the real-HAR corpus (${corpus.files} files, ${corpus.pages} pages): ${corpus.insightsMs.toFixed(1)} ms | baseline: building their waterfalls ${corpus.waterfallsMs.toFixed(1)} ms`,
  );
  const limits = await benchHarLimits();
  const { manyEntries: many, entries100k: large } = limits;
  const line = (what: string, run: Measured): string =>
    `${what}: ${run.ms.toFixed(0)} ms, peak RSS ${run.rssMb.toFixed(0)} MB (${run.answer.slice(0, 160)})`;
  console.log(line(`netmon har insights, ${many.gzipKb.toFixed(0)} KB gzip of 45 million entries`, many.cli));
  console.log(line('editor reading worker, the same file', many.editor));
  console.log(line(`netmon har insights, 100,000 entries (${large.mb.toFixed(1)} MB)`, large.cli));
  console.log(line('editor reading worker, the same file', large.editor));
  console.log(line('baseline: JSON.parse of the same file, nothing else', large.baseline));
  const over = [many.cli, many.editor, large.cli, large.editor].filter((run) => run.rssMb >= RSS_LIMIT_MB);
  if (over.length > 0) {
    console.error(`peak RSS over ${RSS_LIMIT_MB} MB: ${over.map((run) => run.rssMb.toFixed(0)).join(', ')} MB`);
    process.exitCode = 1;
  }
  console.log(
    `BENCH har ours=${at2000.ours.interactive.toFixed(1)} baseline=${at2000.baseline.interactive.toFixed(1)} ratio=${(at2000.baseline.interactive / at2000.ours.interactive).toFixed(2)} ours10k=${at10k.ours.interactive.toFixed(1)} insights_10k_ms=${insights.oursMs.toFixed(1)} insights_baseline_10k_ms=${insights.baselineMs.toFixed(0)} insights_ratio=${(insights.baselineMs / insights.oursMs).toFixed(1)}` +
      ` insights_corpus_ms=${corpus.insightsMs.toFixed(1)} corpus_waterfalls_ms=${corpus.waterfallsMs.toFixed(1)} insights_corpus_ratio=${(corpus.insightsMs / corpus.waterfallsMs).toFixed(2)}` +
      ` many_entries_cli_rss_mb=${many.cli.rssMb.toFixed(0)} many_entries_cli_ms=${many.cli.ms.toFixed(0)} many_entries_editor_rss_mb=${many.editor.rssMb.toFixed(0)} many_entries_editor_ms=${many.editor.ms.toFixed(0)}` +
      ` entries_100k_cli_rss_mb=${large.cli.rssMb.toFixed(0)} entries_100k_cli_ms=${large.cli.ms.toFixed(0)} entries_100k_editor_rss_mb=${large.editor.rssMb.toFixed(0)} entries_100k_editor_ms=${large.editor.ms.toFixed(0)}` +
      ` entries_100k_json_parse_rss_mb=${large.baseline.rssMb.toFixed(0)} entries_100k_editor_rss_ratio=${(large.editor.rssMb / large.baseline.rssMb).toFixed(2)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
