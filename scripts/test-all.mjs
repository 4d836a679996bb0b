// The one test command (npm test): build, static checks, then every suite.
// Each step prints its own summary; the first failure stops the run with its exit code.
// The last line adds up the tests of all suites: `N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { AWKWARD_INSTANTS } from './test-instants.mjs';

/** The extension-host suites whose rows and ranges are written relative to now. */
const CALENDAR_SUITES =
  '^(explorer tree|responses in the published shapes|time range and filters|agent timeline|session overview)';

function clockAt(instant) {
  return { ...process.env, NETMON_TEST_NOW: instant.now, TZ: instant.tz };
}

const steps = [
  ['build', 'node', ['esbuild.mjs']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ['typecheck webview', 'npx', ['tsc', '--noEmit', '-p', 'webview']],
  ['lint', 'npx', ['eslint', '.']],
  ['format (prettier, 120 columns)', 'npx', ['prettier', '--check', 'src', 'webview', 'test', 'scripts', 'bench']],
  ['line length (120 columns, strings and comments too)', 'node', ['scripts/check-line-length.mjs']],
  ['calendar check', 'node', ['scripts/check-test-clock.mjs']],
  ['unit + integration', 'node', ['scripts/run-node-tests.mjs', 'test/unit', 'test/integration']],
];
// The same suites at instants a calendar trips on: no test may pass only by the day it runs.
// The unit suites at each; the integration suites (about 15 minutes on 2 cores) at the first, the
// most awkward, where a client and an emulator, the CLIs they spawn and node's HTTP dates all move.
for (const [index, instant] of AWKWARD_INSTANTS.entries()) {
  const suites = index === 0 ? ['test/unit', 'test/integration'] : ['test/unit'];
  steps.push([
    `${suites.map((suite) => suite.slice(5)).join(' + ')} at ${instant.now} (${instant.tz}): ${instant.name}`,
    'node',
    ['scripts/run-node-tests.mjs', ...suites],
    clockAt(instant),
  ]);
}
if (existsSync('test/webview'))
  steps.push(['webview (headless Chromium)', 'node', ['scripts/run-node-tests.mjs', 'test/webview']]);
if (existsSync('test/vscode')) {
  // Idempotent and cached outside the clone: a fresh machine installs once, later runs skip.
  steps.push(['offline VS Code install', 'bash', ['scripts/install-vscode.sh']]);
  steps.push(['extension host + UI (offline VS Code)', 'node', ['scripts/run-vscode-tests.mjs']]);
  const [instant] = AWKWARD_INSTANTS;
  steps.push([
    `extension host at ${instant.now} (${instant.tz}): the suites that show dates`,
    'node',
    ['scripts/run-vscode-tests.mjs', '--grep', CALENDAR_SUITES],
    clockAt(instant),
  ]);
}

const totals = { passed: 0, failed: 0 };
let exitCode = 0;
for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const { status, output } = await runTeed(cmd, args, env);
  const counts = countTests(output);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (status !== 0) {
    if (counts.failed === 0) totals.failed += 1; // a step that failed without a test count (build, lint…)
    exitCode = status ?? 1;
    break;
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);

/** Runs a step with stdout shown live and kept for counting; stderr goes straight through. */
function runTeed(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'inherit'], env });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', (error) => {
      console.error(error.message);
      resolve({ status: 1, output });
    });
    child.on('close', (status) => resolve({ status, output }));
  });
}

/**
 * A step's own total line (`N passed, N failed`, printed by the VS Code runner) wins;
 * otherwise node's test runner summary lines (`ℹ pass N`, `ℹ fail N`) are added up.
 */
function countTests(rawOutput) {
  const output = rawOutput.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
  const totalLines = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)];
  const last = totalLines.at(-1);
  if (last) return { passed: Number(last[1]), failed: Number(last[2]) };
  const sum = (label) =>
    [...output.matchAll(new RegExp(`^\\S+ ${label} (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  return { passed: sum('pass'), failed: sum('fail') };
}
