// Bundle sizes and activation time of Netmon Workbench in the offline VS Code
// (code-server 4.100.3 = VS Code 1.100.3, see ../shared/VSCODE_TESTS_OFFLINE.md).
//
// 1. Production build; sizes of dist/extension.js and of the bundles it loads lazily.
// 2. RUNS fresh VS Code launches (new user-data dir each) with demo mode on; a probe in the
//    extension host (bench/activation-probe.ts) times activate() → tree roots → Endpoint
//    Agents children with data. The manifest's activation events are removed in the copy
//    under test, so the probe, not VS Code's start-up, begins the activation it times. That span includes loading dist/emulator-lib.js, starting
//    the emulator, loading dist/client-lib.js and two HTTP requests.
// 3. Baseline, interleaved with those launches: the same probe activating an empty
//    extension (`activate(){}`), i.e. the harness's own cost of activate(); those launches
//    also time the demo-mode pieces cold, to show where the time goes.
// Noisy: wall-clock on a shared 2-core machine; medians over fresh launches.
//
// 4. One more launch under V8's CPU profiler (not in the medians): self time from activate
//    start to the first data, grouped by src/ folder and npm package via the source maps.
//
//   npm run bench -- activation [--runs N] [--no-profile]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { format } from 'node:util';
import * as esbuild from 'esbuild';
import type { Browser } from 'playwright-core';
import { REPO_ROOT, ensureVSCodeInstalled, launchChromium, startVSCodeServer } from '../scripts/vscode-server.mjs';
import { summarizeProfile } from './activation-profile';
import { RESULT_PREFIX, type BaselineTimings, type NetmonTimings, type ProbeResult } from './activation-result';

const RUNS = Number(process.argv.includes('--runs') ? process.argv[process.argv.indexOf('--runs') + 1] : 5);
const PROFILE = !process.argv.includes('--no-profile');
const PROBE_TIMEOUT_MS = 90_000;
const KEPT_PROFILE = join(REPO_ROOT, 'out/bench/activation.cpuprofile');
/** Quiet time in the extension host before activation, so the workbench's own start-up is over. */
const SETTLE_MS = Number(process.env.NETMON_BENCH_SETTLE_MS ?? 1_000);
const NETMON_ID = 'netmon.netmon-workbench';
const EMPTY_ID = 'netmon-bench.empty-extension';
const LAZY_BUNDLES = ['client-lib.js', 'emulator-lib.js', 'fields-lib.js', 'features-lib.js'];
const LOADED_WHEN: Record<string, string> = {
  'client-lib.js': 'at the first connection (typed client + undici)',
  'emulator-lib.js': 'only in demo mode (embedded emulator)',
  'fields-lib.js': "by emulator-lib (and documents-lib): the vendor's field rules of each v7 test type",
  'features-lib.js': 'at the first panel, document or item command (not on the way to the tree)',
};

const kb = (bytes: number): number => bytes / 1024;
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
};
const spread = (values: number[]): string =>
  `median ${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`;

function buildProduction(): void {
  const result = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('node esbuild.mjs --production failed');
}

/**
 * Copies the built extension into the bench's temp dir, so a concurrent rebuild of dist/
 * (other work in this clone) cannot change what is measured halfway through.
 */
function snapshotExtension(benchDir: string, name: string, withSourceMaps = false): string {
  const root = join(benchDir, name);
  mkdirSync(join(root, 'dist'), { recursive: true });
  for (const entry of ['media', 'schemas', 'syntaxes'])
    cpSync(join(REPO_ROOT, entry), join(root, entry), { recursive: true });
  // No activation events: the probe starts activation itself. Otherwise VS Code activates
  // the extension on its own (onStartupFinished, onLanguage:jsonc) before the timer starts.
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(root, 'package.json'), JSON.stringify({ ...manifest, activationEvents: [] }));
  for (const bundle of ['extension.js', ...LAZY_BUNDLES]) {
    cpSync(join(REPO_ROOT, 'dist', bundle), join(root, 'dist', bundle));
    if (withSourceMaps) cpSync(join(REPO_ROOT, 'dist', `${bundle}.map`), join(root, 'dist', `${bundle}.map`));
  }
  return root;
}

/**
 * The same bundles (these targets are minified in every build) with source maps, for the
 * profiled launch. Also leaves dist/ as the usual development build for everyone else.
 */
function snapshotWithSourceMaps(benchDir: string): string {
  const only = ['extension', ...LAZY_BUNDLES.map((bundle) => bundle.replace(/\.js$/, ''))].join(',');
  const result = spawnSync(process.execPath, ['esbuild.mjs', '--only', only], { cwd: REPO_ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`node esbuild.mjs --only ${only} failed`);
  return snapshotExtension(benchDir, 'netmon-profiled', true);
}

function writeEmptyExtension(benchDir: string): string {
  const root = join(benchDir, 'empty');
  mkdirSync(root, { recursive: true });
  const [publisher, name] = EMPTY_ID.split('.');
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({
      name,
      publisher,
      version: '0.0.0',
      engines: { vscode: '^1.100.0' },
      main: './extension.js',
      activationEvents: [],
    }),
  );
  writeFileSync(join(root, 'extension.js'), 'exports.activate = function activate() {};\n');
  return root;
}

async function bundleProbe(benchDir: string): Promise<string> {
  const outfile = join(benchDir, 'probe', 'index.js');
  await esbuild.build({
    entryPoints: [join(REPO_ROOT, 'bench/activation-probe.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
  return outfile;
}

interface Launch {
  mode: 'netmon' | 'baseline';
  extensionRoot: string;
  extensionId: string;
  settings: Record<string, unknown>;
  /** Where the probe writes a CPU profile of the measured span (an extra launch, not in the medians). */
  profileFile?: string;
}

/** One fresh VS Code (new user-data dir), the probe as its extension tests, its one result. */
async function launchOnce(
  browser: Browser,
  vscodeRoot: string,
  probe: string,
  dist: string,
  launch: Launch,
): Promise<ProbeResult> {
  // The extension host inherits code-server's environment, which is ours at spawn time.
  Object.assign(process.env, {
    NETMON_BENCH_SETTLE_MS: String(SETTLE_MS),
    NETMON_BENCH_MODE: launch.mode,
    NETMON_BENCH_EXTENSION_ID: launch.extensionId,
    NETMON_BENCH_DIST: dist,
    NETMON_BENCH_PROFILE: launch.profileFile ?? '',
    NETMON_BENCH_VSCODE_IMPORTS: String(vscodeImports(dist)),
  });
  const server = await startVSCodeServer({ root: vscodeRoot, settings: launch.settings });
  const page = await browser.newPage();
  try {
    const lines: string[] = [];
    let result: ProbeResult | undefined;
    let finish: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => {
      finish = resolve;
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown) => finish(Number(code)));
    await page.exposeFunction('codeAutomationLog', (_type: unknown, logArgs: unknown) => {
      const text = format(...(Array.isArray(logArgs) ? logArgs : [logArgs]));
      lines.push(text);
      if (text.startsWith(RESULT_PREFIX)) result = JSON.parse(text.slice(RESULT_PREFIX.length)) as ProbeResult;
    });
    await page.goto(
      server.workbenchUrl([
        ['extensionDevelopmentPath', server.remoteUri(launch.extensionRoot)],
        ['extensionTestsPath', server.remoteUri(probe)],
        ['skipWelcome', 'true'],
      ]),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>((resolve) => {
      timer = setTimeout(() => resolve(-1), PROBE_TIMEOUT_MS);
    });
    const code = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    if (code !== 0 || !result) {
      const reason = code === -1 ? `no result within ${PROBE_TIMEOUT_MS / 1000} s` : `probe exited with ${code}`;
      throw new Error(
        `${launch.mode} launch: ${reason}\n${lines
          .filter((line) => !/open-vsx|marketplace|vsda/i.test(line))
          .slice(-20)
          .join('\n')}`,
      );
    }
    if (result.wasActiveBefore)
      throw new Error(
        `${launch.mode} launch: the extension was already active before the probe, so the time would be wrong`,
      );
    return result;
  } finally {
    await page.close();
    await server.stop();
  }
}

/**
 * How many copies of the vscode API dist/extension.js still makes: esbuild's __toESM around
 * require("vscode"), once per importing module, unless esbuild.mjs's shareVscodeNamespace
 * blanked the helper's name out (then only spaces precede the call, and no copy is made).
 */
function vscodeImports(dist: string): number {
  return (
    readFileSync(join(dist, 'extension.js'), 'utf8').match(/[A-Za-z_$][\w$]*\(require\("vscode"\)\)/g)?.length ?? 0
  );
}

function reportSizes(): number {
  const extensionKB = kb(statSync(join(REPO_ROOT, 'dist/extension.js')).size);
  console.log(
    `dist/extension.js            ${extensionKB.toFixed(1)} KB minified (budget 200 KiB, scripts/size-budget.mjs) — loaded at activation`,
  );
  for (const bundle of LAZY_BUNDLES) {
    console.log(
      `dist/${bundle.padEnd(24)} ${kb(statSync(join(REPO_ROOT, 'dist', bundle)).size).toFixed(1)} KB minified — loaded lazily ${LOADED_WHEN[bundle] ?? ''}`,
    );
  }
  return extensionKB;
}

/** The metric is "activate start → the tree's first children" (the roots); first data rows are reported beside it. */
function reportTimings(netmon: NetmonTimings[], baseline: BaselineTimings[]): { rootsMs: number; dataMs: number } {
  const firstData = netmon.map((run) => run.firstDataMs);
  console.log(
    `\nEach launch: a fresh VS Code, ${SETTLE_MS} ms after the probe starts, activate() through the extension API.`,
  );
  console.log(
    `Netmon Workbench, demo mode, ${netmon.length} fresh launches (${netmon[0]?.agents ?? 0} agents in the tree):`,
  );
  console.log(`  activate() alone                          ${spread(netmon.map((run) => run.activateMs))}`);
  console.log(`  activate start → tree roots               ${spread(netmon.map((run) => run.rootsMs))}`);
  console.log(`  activate start → Endpoint Agents children ${spread(firstData)}`);
  console.log('    (includes loading emulator-lib, starting the emulator, loading client-lib and 2 HTTP requests)');
  console.log(`\nBaseline "empty extension" (activate(){}), ${baseline.length} fresh launches:`);
  console.log(`  activate() alone                          ${spread(baseline.map((run) => run.activateMs))}`);
  console.log(
    `  pieces, each cold in a fresh extension host (vscodeImportInterop: esbuild's __toESM copy of the vscode API, as many`,
  );
  console.log(
    `  times as dist/extension.js still makes one: ${vscodeImports(join(REPO_ROOT, 'dist'))}, 0 once the build shares the namespace; the rest: demo-mode start-up):`,
  );
  const pieceNames = Object.keys(baseline[0]?.pieces ?? {}) as (keyof BaselineTimings['pieces'])[];
  for (const piece of pieceNames)
    console.log(`    ${piece.padEnd(20)} ${spread(baseline.map((run) => run.pieces[piece]))}`);
  const netmonActivate = median(netmon.map((run) => run.activateMs));
  const emptyActivate = median(baseline.map((run) => run.activateMs));
  console.log(
    `\nratio activate(): netmon/empty = ${(netmonActivate / emptyActivate).toFixed(2)}; first data/empty activate = ${(median(firstData) / emptyActivate).toFixed(1)}`,
  );
  console.log('Noisy: wall-clock on a shared 2-core machine.');
  return { rootsMs: median(netmon.map((run) => run.rootsMs)), dataMs: median(firstData) };
}

async function main(): Promise<void> {
  buildProduction();
  const bundleKB = reportSizes();
  const vscodeRoot = ensureVSCodeInstalled();
  const benchDir = mkdtempSync(join(tmpdir(), 'netmon-bench-activation-'));
  const browser = await launchChromium();
  try {
    const netmonRoot = snapshotExtension(benchDir, 'netmon');
    const dist = join(netmonRoot, 'dist');
    const probe = await bundleProbe(benchDir);
    const netmonLaunch: Launch = {
      mode: 'netmon',
      extensionRoot: netmonRoot,
      extensionId: NETMON_ID,
      settings: { 'netmon.startInDemoMode': true },
    };
    const launches: Launch[] = [
      { mode: 'baseline', extensionRoot: writeEmptyExtension(benchDir), extensionId: EMPTY_ID, settings: {} },
      netmonLaunch,
    ];
    const netmon: NetmonTimings[] = [];
    const baseline: BaselineTimings[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      for (const launch of launches) {
        const result = await launchOnce(browser, vscodeRoot, probe, dist, launch);
        if (result.mode === 'netmon') netmon.push(result);
        else baseline.push(result);
        process.stdout.write('.');
      }
    }
    const medians = reportTimings(netmon, baseline);
    if (PROFILE) {
      const profiledRoot = snapshotWithSourceMaps(benchDir);
      const profileFile = join(benchDir, 'activation.cpuprofile');
      const profiled = await launchOnce(browser, vscodeRoot, probe, dist, {
        ...netmonLaunch,
        extensionRoot: profiledRoot,
        profileFile,
      });
      console.log(
        `\nWhere the time goes (one extra launch under the CPU profiler, first data at ${profiled.mode === 'netmon' ? profiled.firstDataMs.toFixed(0) : '?'} ms), self time:`,
      );
      for (const line of summarizeProfile(profileFile, join(profiledRoot, 'dist'))) console.log(`  ${line}`);
      mkdirSync(dirname(KEPT_PROFILE), { recursive: true });
      cpSync(profileFile, KEPT_PROFILE);
      console.log(`  (the whole profile: ${KEPT_PROFILE}, opens in Chrome DevTools → Performance)`);
    }
    // ms: activate start → the tree's first children (roots), the metric; dataMs: → first data rows (Endpoint Agents).
    console.log(
      `BENCH activation ms=${medians.rootsMs.toFixed(1)} bundleKB=${bundleKB.toFixed(1)} dataMs=${medians.dataMs.toFixed(1)}`,
    );
  } finally {
    await browser.close();
    rmSync(benchDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
