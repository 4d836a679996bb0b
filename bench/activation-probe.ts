// Runs inside the offline VS Code's extension host, loaded as `extensionTestsPath` by
// bench/activation.ts (bundled there; `vscode` is the host's). One probe per fresh VS Code:
//  - mode "netmon": activate Netmon Workbench (demo mode on through its setting) and time
//    activate() alone, the tree's roots and the first children with data (Endpoint Agents);
//  - mode "baseline": activate an empty extension (`activate(){}`), the harness's own cost,
//    then time the pieces of demo-mode start-up one by one, cold, in this fresh host
//    (that is where the time goes when the tree is slow).
// Results leave as one console line `NETMON_BENCH {json}`, which the workbench forwards
// through codeAutomationLog.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type * as ApiModule from '../src/api';
import type * as EmulatorModule from '../src/emulator';
import type { NetmonExtensionApi } from '../src/vscode/test-api';
import type { TreeNode } from '../src/vscode/tree/nodes';
import { RESULT_PREFIX, type BaselineTimings, type NetmonTimings, type ProbeResult } from './activation-result';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this probe through bench/activation.ts`);
  return value;
}

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

function extensionToActivate(): vscode.Extension<unknown> {
  const id = requiredEnv('NETMON_BENCH_EXTENSION_ID');
  const extension = vscode.extensions.getExtension(id);
  if (!extension) throw new Error(`extension ${id} is not loaded in this VS Code`);
  return extension;
}

function isNetmonApi(value: unknown): value is NetmonExtensionApi {
  return typeof value === 'object' && value !== null && 'tree' in value && 'ready' in value;
}

/** CPU profile of the measured span when NETMON_BENCH_PROFILE names a file (an extra, unmeasured launch). */
async function startProfiler(): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.NETMON_BENCH_PROFILE;
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

async function probeNetmon(): Promise<NetmonTimings> {
  const extension = extensionToActivate();
  const wasActiveBefore = extension.isActive;
  const stopProfiler = await startProfiler();
  const started = performance.now();
  const api: unknown = await extension.activate();
  const activateMs = performance.now() - started;
  if (!isNetmonApi(api)) throw new Error('activate() returned no test API (is the extension in development mode?)');
  // Roots exist as soon as the connection state is known (demo mode starting), as VS Code asks
  // for them; older builds only had them once the connection was up, hence the fallback.
  let roots = await api.tree.getChildren();
  if (roots.length === 0) {
    await api.ready;
    roots = await api.tree.getChildren();
  }
  const rootsMs = performance.now() - started;
  const agentsRoot = roots.find((node) => node.label === 'Endpoint Agents');
  if (!agentsRoot)
    throw new Error(
      `no "Endpoint Agents" root among ${roots.map((node) => node.label).join(', ') || 'no roots (demo mode off?)'}`,
    );
  const groups = await api.tree.getChildren(agentsRoot);
  // Agents come grouped by status; the groups' rows are already loaded.
  const agents = (
    await Promise.all(
      groups.map((node: TreeNode) => (node.spec.kind === 'agentGroup' ? api.tree.getChildren(node) : [node])),
    )
  ).flat();
  const firstDataMs = performance.now() - started;
  await stopProfiler?.();
  const placeholder = agents.find((node: TreeNode) => node.spec.kind === 'error' || node.spec.kind === 'empty');
  if (placeholder) throw new Error(`Endpoint Agents shows "${placeholder.label}" instead of agents`);
  return { mode: 'netmon', wasActiveBefore, activateMs, rootsMs, firstDataMs, agents: agents.length };
}

/**
 * What esbuild's __toESM does for each `import * as vscode from 'vscode'` of a bundled
 * module: a fresh object with a getter per export of the API, done as many times as the
 * bench counted in dist/extension.js. esbuild.mjs's shareVscodeNamespace removes them, so
 * the count (and this piece) is 0 unless that step stops working.
 */
function copyLikeEsbuildInterop(api: object): object {
  const copy: object = Object.create(Object.getPrototypeOf(api) as object | null) as object;
  Object.defineProperty(copy, 'default', { value: api, enumerable: true });
  for (const key of Object.getOwnPropertyNames(api)) {
    if (key === 'default') continue;
    const enumerable = Object.getOwnPropertyDescriptor(api, key)?.enumerable ?? true;
    Object.defineProperty(copy, key, { get: () => (api as Record<string, unknown>)[key], enumerable });
  }
  return copy;
}

async function probeBaseline(): Promise<BaselineTimings> {
  const extension = extensionToActivate();
  const wasActiveBefore = extension.isActive;
  const activation = await timed(() => extension.activate());
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the raw API object, as a bundle's require('vscode') gets it
  const rawApi = require('vscode') as object;
  const copies = Number(process.env.NETMON_BENCH_VSCODE_IMPORTS ?? 0);
  const interop = await timed(() => {
    for (let i = 0; i < copies; i += 1) copyLikeEsbuildInterop(rawApi);
  });
  const dist = requiredEnv('NETMON_BENCH_DIST');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same runtime require the extension does
  const emulatorLib = await timed(() => require(path.join(dist, 'emulator-lib.js')) as typeof EmulatorModule);
  const emulator = await timed(() => emulatorLib.value.startEmulator({ host: '127.0.0.1', port: 0, preset: 'demo' }));
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same runtime require the extension does
    const clientLib = await timed(() => require(path.join(dist, 'client-lib.js')) as typeof ApiModule);
    const client = clientLib.value.createNetmonClient({
      baseUrl: emulator.value.url,
      credentials: { kind: 'bearer', token: 'demo-admin-token' },
    });
    try {
      const firstRequest = await timed(() => client.listAccountGroups());
      const agentsRequest = await timed(() => client.listEndpointAgents());
      return {
        mode: 'baseline',
        wasActiveBefore,
        activateMs: activation.ms,
        pieces: {
          vscodeImportInterop: interop.ms,
          requireEmulatorLib: emulatorLib.ms,
          startEmulator: emulator.ms,
          requireClientLib: clientLib.ms,
          firstRequest: firstRequest.ms,
          agentsRequest: agentsRequest.ms,
        },
      };
    } finally {
      await client.close();
    }
  } finally {
    await emulator.value.close();
  }
}

/** Entry point, as for any extension-host test runner; a rejection reports failure. */
export async function run(): Promise<void> {
  const mode = requiredEnv('NETMON_BENCH_MODE');
  // The probe starts while the workbench is still loading; a person opens the view after
  // that, and the measurement should not be the workbench's own start-up competing for CPU.
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.NETMON_BENCH_SETTLE_MS ?? 0)));
  const result: ProbeResult = mode === 'baseline' ? await probeBaseline() : await probeNetmon();
  console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
}
