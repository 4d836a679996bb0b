// The offline VS Code (code-server 4.100.3 = VS Code 1.100.3) as a library: install it,
// start it on a free loopback port with throwaway user-data/extensions dirs, build the
// workbench URLs (with VS Code's `payload` parameter) and stop it again.
// Used by the extension-host suites, the UI tests, `npm start` and benches.
// See ../shared/VSCODE_TESTS_OFFLINE.md for why this is code-server and not test-electron.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM_PATH = process.env.NETMON_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Settings that keep a throwaway workbench quiet and offline. */
const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'chat.commandCenter.enabled': false,
  'window.commandCenter': false,
};

/** Installs the offline VS Code once (cached outside the clone) and returns its root. */
export function ensureVSCodeInstalled() {
  const result = spawnSync('bash', [join(REPO_ROOT, 'scripts/install-vscode.sh')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`scripts/install-vscode.sh failed (exit ${result.status})`);
  const root = result.stdout.trim().split('\n').pop();
  if (!root) throw new Error('scripts/install-vscode.sh printed no install root');
  return root;
}

/**
 * Starts code-server. Resolves once /healthz answers. Everything it writes (settings,
 * logs, its own config) lives in one temp dir that stop() removes.
 * `workspaceTrust: true` starts with Workspace Trust on, so the folder opens in Restricted Mode;
 * `workspaceFiles` are written into the workspace folder before the workbench opens it.
 * @param {{ root?: string, port?: number, workspace?: string, settings?: Record<string, unknown>, installedExtensions?: string[], workspaceTrust?: boolean, workspaceFiles?: Record<string, string>, onOutput?: (line: string) => void }} [options]
 */
export async function startVSCodeServer(options = {}) {
  const root = options.root ?? ensureVSCodeInstalled();
  const tempDir = mkdtempSync(join(tmpdir(), 'netmon-vscode-'));
  const dirs = { user: join(tempDir, 'user'), extensions: join(tempDir, 'extensions'), xdg: join(tempDir, 'xdg') };
  const workspace = options.workspace ?? join(tempDir, 'workspace');
  for (const dir of [...Object.values(dirs), workspace, join(dirs.user, 'User')]) mkdirSync(dir, { recursive: true });
  const trustSettings = options.workspaceTrust
    ? {
        'security.workspace.trust.enabled': true,
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.banner': 'never',
      }
    : {};
  writeFileSync(
    join(dirs.user, 'User', 'settings.json'),
    JSON.stringify({ ...QUIET_SETTINGS, ...trustSettings, ...options.settings }, null, 2),
  );
  for (const [path, text] of Object.entries(options.workspaceFiles ?? {})) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  writeFileSync(join(tempDir, 'config.yaml'), 'auth: none\ncert: false\n');
  for (const folder of options.installedExtensions ?? []) linkExtension(folder, dirs.extensions);

  const entry = join(root, 'node_modules/code-server/out/node/entry.js');
  const child = spawn(
    process.execPath,
    [
      entry,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${options.port ?? 0}`,
      '--config',
      join(tempDir, 'config.yaml'),
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      '--user-data-dir',
      dirs.user,
      '--extensions-dir',
      dirs.extensions,
      workspace,
    ],
    {
      // XDG dirs so code-server writes nothing into the user's home.
      env: {
        ...process.env,
        XDG_CONFIG_HOME: join(dirs.xdg, 'config'),
        XDG_DATA_HOME: join(dirs.xdg, 'data'),
        XDG_CACHE_HOME: join(dirs.xdg, 'cache'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // own process group, so stop() also ends the extension host and its children
    },
  );
  const output = [];
  let stopped = false;
  if (child.pid !== undefined) liveServers.set(child.pid, tempDir);
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await killGroup(child);
    liveServers.delete(child.pid);
    rmSync(tempDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  try {
    const port = await waitForListeningPort(child, output, options.onOutput);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealthz(baseUrl, child);
    return {
      port,
      baseUrl,
      tempDir,
      workspace,
      userDataDir: dirs.user,
      extensionsDir: dirs.extensions,
      root,
      output,
      stop,
      remoteUri: (path) => `vscode-remote://127.0.0.1:${port}${resolve(path)}`,
      /** URL of the workbench on `folder`, with VS Code's automation `payload` entries. */
      workbenchUrl: (payload = [], folder = workspace) => {
        const query = new URLSearchParams({ folder });
        if (payload.length > 0) query.set('payload', JSON.stringify(payload));
        return `${baseUrl}/?${query}`;
      },
    };
  } catch (error) {
    await stop();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- code-server output ---\n${output.join('\n')}`,
    );
  }
}

/**
 * code-server runs in its own process group (so stop() reaches the extension hosts), which
 * also means it would outlive a test process that is killed or times out. These hooks end
 * every still-running server (and its temp dir) when this process exits or gets a
 * termination signal.
 */
const liveServers = new Map(); // process group id → temp dir
const killLiveGroups = () => {
  for (const [pgid, tempDir] of liveServers) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    try {
      rmSync(tempDir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      /* best effort while exiting */
    }
  }
  liveServers.clear();
};
process.once('exit', killLiveGroups);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    killLiveGroups();
    // Keep the default behaviour (exit by that signal) unless the program handles it itself.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

/**
 * Makes an extension folder (e.g. this repo, built) look installed: VS Code scans the
 * extensions dir on first start and adds what it finds to the default profile.
 */
function linkExtension(folder, extensionsDir) {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  symlinkSync(
    resolve(folder),
    join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`),
    'dir',
  );
}

function waitForListeningPort(child, output, onOutput) {
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error('code-server did not start listening within 30 s')), 30_000);
    const onLine = (line) => {
      output.push(line);
      onOutput?.(line);
      const match = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited early (code ${code})`));
    });
  });
}

async function waitForHealthz(baseUrl, child) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited (code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      /* not accepting yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${baseUrl}/healthz did not answer 200 within 20 s`);
}

async function killGroup(child) {
  if (child.pid === undefined) return;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((r) => child.once('exit', r));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  signalGroup('SIGTERM');
  let timer;
  const timeout = new Promise((r) => {
    timer = setTimeout(() => r('timeout'), 5_000);
  });
  const outcome = await Promise.race([exited, timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    signalGroup('SIGKILL');
    await exited;
  }
  // The extension host may outlive code-server by a moment; make sure the whole group is
  // gone before the temp dir is removed, or a dying process writes logs into it again.
  signalGroup('SIGKILL');
  const deadline = Date.now() + 3_000;
  while (groupAlive(child.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Launches Debian's Chromium headless through playwright-core. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
