// Runs the extension in a real, offline VS Code (code-server 4.100.3 = VS Code 1.100.3):
// 1. the extension-host suites (test/vscode/suite/*.test.ts, mocha inside the extension
//    host, loaded through the web workbench's `payload` automation hooks), then the
//    Restricted Mode suites (test/vscode/restricted/*.test.ts) in a workbench with
//    Workspace Trust on, whose folder is not trusted and carries a hostile settings file, then
// 2. the Playwright UI tests (test/ui/*.test.ts, node:test, each drives its own workbench).
// Exit code 0 only when both pass. Ends with one line `N passed, N failed`.
//
// The extension-host suites run against a v6 emulator, then the suites that talk to the API
// again against a v7 one (NETMON_TEST_API=v7: the service every account speaks today).
//
//   node scripts/run-vscode-tests.mjs [--grep <mocha pattern>] [--suites suite|restricted|suite-v7] [--no-ui] [--only-ui] [--verbose]
//
// --grep narrows the `suite` pass, in the dialect NETMON_TEST_API names (v6 unless it says v7).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { REPO_ROOT, ensureVSCodeInstalled, startVSCodeServer, launchChromium } from './vscode-server.mjs';
import { buildVSCodeTests } from './build-vscode-tests.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const verbose = flag('--verbose');
// The extension host inherits code-server's environment, which inherits ours; test/vscode/index.ts reads it.
if (option('--grep')) process.env.NETMON_VSCODE_GREP = option('--grep');
// NETMON_TEST_NOW (scripts/test-clock.mjs) moves the extension host's clock (test/vscode/index.ts);
// the UI tests' workbenches keep the real one.
if (process.env.NETMON_TEST_NOW)
  process.env.NETMON_TEST_NOW_AT ??= String(Math.round(performance.timeOrigin + performance.now()));

/** Workbench log lines that are expected offline and say nothing about the extension. */
const NOISE = [
  /open-vsx|openvsx|marketplace|gallery/i,
  /vsda/i,
  /Failed to fetch/i,
  /ERR_NAME_NOT_RESOLVED|ENOTFOUND|getaddrinfo/i,
  /\[Extension Host\] (debugger|Debugger) listening/i,
  /Found unexpected service worker controller/i,
  /^(Resolving|Resolved) connection token|^Creating a socket|^Updating additional builtin|^\[Service Worker\]|^ChatSessionStore|^Creation of workbench contribution/,
];

/**
 * The suites whose work depends on the dialect (paths, paging, filters, ranges, record shapes,
 * test management), run a second time against a v7 emulator: the explorer and its paging,
 * range, filters and errors; the session, path and timeline panels; documents deployed and
 * run; enterprise agents; evidence; the write guards; every agent-mode tool. Left to the v6 pass: suites about the
 * workbench (activation, walkthrough, bundle cache, sign-in), v6-only shapes, the 10,000-agent
 * preset (its paging is the same code as "Load more") and the document layer. About 3 minutes.
 */
const V7_SUITES =
  '^(explorer tree|account groups|"Load more" paging|time range and filters|error nodes|session overview|path visualization' +
  '|agent timeline|deploying and running documents|endpoint test documents|the Enterprise Agents root|Export Evidence|security|Language-model tools)';

/** The restricted pass opens a folder the user never trusted, as a cloned repository would be. */
const EXTENSION_HOST_PASSES = [
  { suites: 'suite' },
  { name: 'suite-v7', suites: 'suite', api: 'v7', grep: V7_SUITES },
  {
    suites: 'restricted',
    workspaceTrust: true,
    workspaceFiles: {
      '.vscode/settings.json': JSON.stringify({
        'netmon.startInDemoMode': true,
        'netmon.baseUrl': 'http://127.0.0.1:9',
      }),
      'cloned.netmon-test.json':
        '{ "type": "agent-to-server", "testName": "Cloned", "interval": 300, "agents": [{ "agentId": 1000 }], "server": "a.example.com" }\n',
      'cloned.netmon-instant.json':
        '{ "type": "http-server", "testName": "Cloned", "url": "https://attacker.example/", "maxMachines": 5 }\n',
      'cloned.netmon-endpoint-test.json':
        '{ "type": "http-server", "testName": "Cloned", "url": "https://attacker.example/", "maxMachines": 5000, "deployments": { "demo": { "1001": 1 } } }\n',
      'cloned.netmon-alert-rule.json':
        '{ "ruleName": "Cloned", "alertType": "end-to-end-server", "expression": "((loss >= 1%))", "severity": "major" }\n',
    },
  },
];

/** --grep narrows the normal suites; --suites picks one pass (restricted, suite-v7) alone. */
function passesWanted() {
  if (flag('--only-ui')) return [];
  const wanted = option('--suites') ?? (option('--grep') ? 'suite' : undefined);
  return EXTENSION_HOST_PASSES.filter((pass) => !wanted || (pass.name ?? pass.suites) === wanted);
}

/**
 * Twenty-four minutes for the v6 passes and the UI tests, six more when the v7 pass runs: a fresh clone's
 * CI on 2026-11-28 spent 7 min in the v6 suites, 3 in the v7 ones and more than 6 in the 13 UI files,
 * and reached the old 16 minutes before the last UI file. A hang still ends by name, well before CI's own limit.
 */
const OVERALL_TIMEOUT_MS = Number(
  process.env.NETMON_VSCODE_TIMEOUT_MS ?? 1_440_000 + (passesWanted().some((pass) => pass.api) ? 360_000 : 0),
);

const cleanups = [];
const cleanUp = async () => {
  while (cleanups.length > 0)
    await cleanups
      .pop()()
      .catch(() => {});
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    void cleanUp().then(() => process.exit(130));
  });
const totals = { passed: 0, failed: 0 };
/** What each failing pass printed about its failures, said again before the total line: a CI log's tail is what people read. */
const failureReports = [];
const REPORT_LINES_PER_PASS = 60;
try {
  const root = ensureVSCodeInstalled(); // minutes on a fresh machine, so before the clock starts
  setTimeout(() => {
    console.error(`run-vscode-tests: overall timeout of ${OVERALL_TIMEOUT_MS / 1000} s reached`);
    void cleanUp().then(() => {
      console.log(`${totals.passed} passed, ${totals.failed + 1} failed`);
      process.exit(1);
    });
  }, OVERALL_TIMEOUT_MS).unref();
  await build();
  for (const pass of passesWanted()) {
    const counts = await runExtensionHostSuites(root, pass);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
  }
  if (!flag('--no-ui') && !option('--grep') && !option('--suites')) {
    const ui = await runUiTests();
    totals.passed += ui.passed;
    totals.failed += ui.failed;
  }
} catch (error) {
  console.error(`run-vscode-tests: ${error instanceof Error ? error.stack : String(error)}`);
  totals.failed += 1;
} finally {
  await cleanUp();
}
printFailureReports();
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);

function printFailureReports() {
  for (const { label, lines } of failureReports) {
    if (lines.length === 0) continue;
    const shown = lines.slice(0, REPORT_LINES_PER_PASS);
    console.log(`\nfailures of ${label}, again:`);
    for (const line of shown) console.log(`  ${line}`);
    if (lines.length > shown.length) console.log(`  … ${lines.length - shown.length} more line(s) above`);
  }
}

async function build() {
  const started = Date.now();
  // Everything, not just the extension: UI tests open webview panels too.
  const result = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the extension failed');
  await buildVSCodeTests();
  console.log(`built extension + suites in ${Date.now() - started} ms`);
}

/** The extension host inherits code-server's environment: test/vscode/index.ts and netmon-fixture.ts read these. */
async function runExtensionHostSuites(root, pass) {
  const environment = {
    NETMON_VSCODE_SUITES: pass.suites,
    NETMON_TEST_API: pass.api,
    NETMON_VSCODE_GREP: option('--grep') ?? pass.grep,
  };
  const before = Object.fromEntries(Object.keys(environment).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(environment)) if (value !== undefined) process.env[name] = value;
  try {
    return await runPass(root, pass);
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

async function runPass(root, pass) {
  const started = Date.now();
  const label = pass.name ?? pass.suites;
  const server = await startVSCodeServer({
    root,
    workspaceTrust: pass.workspaceTrust,
    workspaceFiles: pass.workspaceFiles,
    onOutput: verbose ? (line) => console.log(`[code-server] ${line}`) : undefined,
  });
  cleanups.push(server.stop);
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const page = await browser.newPage();

  const counts = { passed: 0, failed: 0, reported: false };
  const report = { label, lines: [] };
  failureReports.push(report);
  let inFailures = false;
  let resolveExit;
  const exitCode = new Promise((resolve) => {
    resolveExit = resolve;
  });
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit(Number(code)));
  await page.exposeFunction('codeAutomationLog', (type, logArgs) => {
    // The host forwards console calls unformatted (mocha logs printf-style: '%s (%dms)', ...).
    const text = format(...(Array.isArray(logArgs) ? logArgs : [logArgs]));
    const summary = /^(\d+) passed, (\d+) failed$/m.exec(text);
    if (summary) Object.assign(counts, { passed: Number(summary[1]), failed: Number(summary[2]), reported: true });
    if (/^\s*\d+ failing\s*$/m.test(text))
      inFailures = true; // mocha's epilogue: each failure follows, numbered
    else if (inFailures && !summary) report.lines.push(...text.split('\n').filter((line) => line.trim() !== ''));
    if (verbose || !NOISE.some((pattern) => pattern.test(text))) (type === 'error' ? console.error : console.log)(text);
  });
  if (verbose) page.on('console', (message) => console.log(`[browser ${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => console.error(`[workbench] ${error.message}`));

  const url = server.workbenchUrl([
    ['extensionDevelopmentPath', server.remoteUri(REPO_ROOT)],
    ['extensionTestsPath', server.remoteUri(join(REPO_ROOT, 'out/test/vscode/index.js'))],
    ['skipWelcome', 'true'],
  ]);
  console.log(`extension-host suites (${label}): ${server.baseUrl} (VS Code in ${server.root})`);
  await page.goto(url);
  const code = await exitCode;
  console.log(
    `extension-host suites (${label}) exited with ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (code !== 0 && counts.failed === 0) counts.failed = 1; // crashed before mocha could report
  if (code === 0 && !counts.reported) throw new Error('suite exited 0 without reporting any result');
  await cleanUp();
  return { passed: counts.passed, failed: counts.failed };
}

async function runUiTests() {
  const uiDir = join(REPO_ROOT, 'test/ui');
  const files = existsSync(uiDir)
    ? readdirSync(uiDir)
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => join(uiDir, name))
    : [];
  if (files.length === 0) return { passed: 0, failed: 0 };
  console.log(`\nUI tests (Playwright): ${files.length} file(s)`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', ...files],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
  cleanups.push(async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    }
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const code = await new Promise((resolve) => child.once('exit', (exit) => resolve(exit ?? 1)));
  const count = (label) => Number(new RegExp(`^\\S* ?${label} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
  const result = { passed: count('pass'), failed: count('fail') };
  if (code !== 0 && result.failed === 0) result.failed = 1;
  const failing = output.indexOf('✖ failing tests:');
  if (failing >= 0)
    failureReports.push({
      label: 'the UI tests',
      lines: output
        .slice(failing)
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(1),
    });
  return result;
}
