// HARs bounded by what they hold: peak RSS and time of the two readers that once ran out of
// memory, on the security review's file (131 KB of gzip, 45 million empty entries, 135 MB
// inflated) and on a 100,000-entry HAR of real shape. Each run is a child process, so its
// peak RSS is its own: `netmon har insights` (the CLI, bundled as shipped), and the .har
// editor's reading worker (dist/har-read-worker.js) answering one read. Both must stay under
// 600 MB. The baseline is the whole-file read the readers did before the count: node's own
// JSON.parse of the 100k file (the 45-million file took 3–5 GB and minutes that way).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHarCliChild, runHarCliChild } from '../test/fixtures/har/cli-child';
import { writeManyEntriesHar } from '../test/fixtures/har/many-entries';
import { syntheticHar } from '../test/webview/helpers/synthetic-har';

const MB = 1024 * 1024;
const REPO = join(__dirname, '..');
export const RSS_LIMIT_MB = 600;

/** Reads a file the way the editor does: its path to the reading worker, the text back. Prints what it took. */
const EDITOR_CHILD = `
const { Worker } = require('node:worker_threads');
const [workerPath, file] = process.argv.slice(2);
const started = performance.now();

const worker = new Worker(workerPath, { resourceLimits: { maxOldGenerationSizeMb: 2048 } });
worker.on('message', (reply) => {
  const ms = performance.now() - started;
  const answer = reply.type === 'read' ? 'read ' + reply.text.length + ' bytes' : reply.message;
  process.stdout.write(JSON.stringify({ ms, answer, peakRss: process.resourceUsage().maxRSS * 1024 }));
  process.exit(0);
});
worker.postMessage({ kind: 'read', source: { path: file }, name: file.split('/').pop(), sizeLimitBytes: 150 * 1024 * 1024 });
`;

/** Reads a file whole as the readers did before the count: JSON.parse of all of it. */
const BASELINE_CHILD = `
const started = performance.now();
const har = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));
process.stdout.write(JSON.stringify({ ms: performance.now() - started, answer: har.log.entries.length + ' entries', peakRss: process.resourceUsage().maxRSS * 1024 }));
`;

export interface Measured {
  ms: number;
  rssMb: number;
  answer: string;
}

export interface HarLimitsBench {
  manyEntries: { gzipKb: number; cli: Measured; editor: Measured };
  entries100k: { mb: number; cli: Measured; editor: Measured; baseline: Measured };
}

function runChild(args: string[]): Measured {
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20, timeout: 300_000 });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed (${run.status ?? run.signal}): ${run.stderr}`);
  const out = JSON.parse(run.stdout) as { ms: number; answer: string; peakRss: number };
  return { ms: out.ms, rssMb: out.peakRss / MB, answer: out.answer };
}

function cli(child: string, file: string): Measured {
  const run = runHarCliChild(child, ['insights', file], 300_000);
  const said = run.stderr.slice(run.stderr.lastIndexOf(': ') + 2); // the reason, without the file's temporary path
  const answer = run.code === 0 ? `exit 0, ${run.stdout.split('\n').length} lines` : `exit ${run.code}: ${said}`;
  return { ms: run.ms, rssMb: run.peakRss / MB, answer };
}

export async function benchHarLimits(): Promise<HarLimitsBench> {
  const built = spawnSync(process.execPath, ['esbuild.mjs', '--only', 'har-read-worker'], { cwd: REPO });
  if (built.status !== 0) throw new Error('building dist/har-read-worker.js failed');
  const worker = join(REPO, 'dist', 'har-read-worker.js');
  const dir = mkdtempSync(join(tmpdir(), 'netmon-bench-har-limits-'));
  try {
    const cliChild = await buildHarCliChild(dir);
    const editorChild = join(dir, 'editor-child.cjs');
    const baselineChild = join(dir, 'baseline-child.cjs');
    writeFileSync(editorChild, EDITOR_CHILD);
    writeFileSync(baselineChild, BASELINE_CHILD);
    const many = join(dir, 'many-entries.har.gz');
    await writeManyEntriesHar(many);
    const manyEntries = {
      gzipKb: statSync(many).size / 1024,
      cli: cli(cliChild, many),
      editor: runChild([editorChild, worker, many]),
    };
    const large = join(dir, 'entries-100k.har');
    writeFileSync(large, JSON.stringify(syntheticHar(100_000, 11)));
    const entries100k = {
      mb: statSync(large).size / MB,
      cli: cli(cliChild, large),
      editor: runChild([editorChild, worker, large]),
      baseline: runChild([baselineChild, large]),
    };
    return { manyEntries, entries100k };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
