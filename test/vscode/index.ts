// Entry of the extension-host suites. Every VS Code test runner (the offline code-server
// runner in scripts/run-vscode-tests.mjs, or @vscode/test-electron) loads this bundle
// inside the extension host and awaits run(); a rejection means "tests failed".
import { readdirSync } from 'node:fs';
import { findSourceMap, type SourceMapping } from 'node:module';
import { join, relative } from 'node:path';
import Mocha from 'mocha';
import { shiftClock } from '../../scripts/test-clock.mjs';

/** Mocha's hooks get this long by default; the host is a real VS Code on a shared 2-core box. */
const TEST_TIMEOUT_MS = 20_000;

export async function run(): Promise<void> {
  // The runner may name another instant to run at (NETMON_TEST_NOW); the extension shares this host's clock.
  shiftClock(process.env.NETMON_TEST_NOW, process.env.NETMON_TEST_NOW_AT);
  if (process.env.NETMON_TEST_NOW)
    console.log(`extension host clock: ${new Date().toISOString()} (NETMON_TEST_NOW, TZ=${process.env.TZ ?? 'unset'})`);
  // Failures should point at test/vscode/**/*.ts, not at the bundle. Node's own mapping is
  // off whenever Error.prepareStackTrace is set, which VS Code's extension host always does
  // (and it wraps whatever is assigned), so frames are mapped here while the suites run.
  process.setSourceMapsEnabled(true);
  const hostPrepareStackTrace = Error.prepareStackTrace;
  Error.prepareStackTrace = formatMappedStack;
  try {
    await runMocha();
  } finally {
    Error.prepareStackTrace = hostPrepareStackTrace;
  }
}

function formatMappedStack(error: Error, frames: NodeJS.CallSite[]): string {
  const lines = frames.map((frame) => {
    const file = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    const entry =
      file && line !== null && column !== null ? findSourceMap(file)?.findEntry(line - 1, column - 1) : undefined;
    const original =
      entry && isMapping(entry)
        ? `${relative(process.cwd(), entry.originalSource.replace(/^file:\/\//, ''))}:${entry.originalLine + 1}:${entry.originalColumn + 1}`
        : undefined;
    return original ? `    at ${frame.getFunctionName() ?? '<anonymous>'} (${original})` : `    at ${String(frame)}`;
  });
  return [`${error.name}: ${error.message}`, ...lines].join('\n');
}

function isMapping(entry: object): entry is SourceMapping {
  return 'originalSource' in entry;
}

async function runMocha(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false, // the output travels through the browser console, which shows no ANSI
    timeout: TEST_TIMEOUT_MS,
    grep: process.env.NETMON_VSCODE_GREP || undefined,
  });
  // The runner names the folder: `suite` (trusted workbench) or `restricted` (Restricted Mode).
  const suiteDir = join(__dirname, process.env.NETMON_VSCODE_SUITES || 'suite');
  for (const name of readdirSync(suiteDir)
    .filter((file) => file.endsWith('.test.js'))
    .sort()) {
    mocha.addFile(join(suiteDir, name));
  }
  const stats = await new Promise<Mocha.Stats>((resolve, reject) => {
    try {
      const runner = mocha.run(() => resolve(runner.stats ?? emptyStats()));
    } catch (error) {
      reject(error); // a suite file that throws while loading
    }
  });
  // Runners aggregate this exact line across suites.
  console.log(`${stats.passes} passed, ${stats.failures} failed`);
  if (stats.failures > 0) throw new Error(`${stats.failures} extension-host test(s) failed`);
  if (stats.passes === 0) throw new Error('no extension-host test ran (check NETMON_VSCODE_GREP)');
}

function emptyStats(): Mocha.Stats {
  return { suites: 0, tests: 0, passes: 0, pending: 0, failures: 0 };
}
