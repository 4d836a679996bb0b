// `netmon capture --out DIR`: one page of every read endpoint of the configured account,
// saved with tokens removed and identifiers, names, e-mails and addresses replaced by
// consistent stand-ins, so a user can attach what their account returns to a bug report
// and we can replay it as a fixture. Credentials: NETMON_TOKEN (+ NETMON_EMAIL for Basic).
import { lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Pseudonymizer } from '../analysis/capture/pseudonymize';
import { terminalSafe } from '../analysis/text/untrusted';
import { createNetmonClient, type Credentials, type NetmonClient } from '../api';
import { writeOutputFile } from './output-file';

export const CAPTURE_USAGE = `usage: netmon capture --out DIR --base-url URL [--window 1h] [--aid N] [--force]
  Saves one page of every read endpoint of the account (agents, networks, endpoint tests and
  their data, sessions, pages, topology) as JSON files in DIR, with tokens removed and ids,
  names, e-mails and addresses replaced consistently. Token from NETMON_TOKEN; with
  NETMON_EMAIL set, the Basic form is used. DIR must be empty unless --force.
  Exit code: 0 saved (failed reads are listed in index.json), 2 usage or connection error.`;

export interface CaptureEntry { name: string; file: string; request: { method: 'GET'; path: string; query: Record<string, string> }; status: 'ok' | 'failed'; error?: string }

interface Io { stdout(line: string): void; stderr(line: string): void; env: NodeJS.ProcessEnv }
const processIo: Io = { stdout: (l) => process.stdout.write(`${l}\n`), stderr: (l) => process.stderr.write(`${l}\n`), env: process.env };

interface Args { out: string; baseUrl: string; window: string; aid?: string; force: boolean }

function parseArgs(args: readonly string[], env: NodeJS.ProcessEnv): Args | string {
  const values = new Map<string, string>();
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--force') force = true;
    else if (['--out', '--base-url', '--window', '--aid'].includes(arg)) values.set(arg, args[++i] ?? '');
    else return `unknown argument ${arg}`;
  }
  const out = values.get('--out');
  const baseUrl = values.get('--base-url') ?? env['NETMON_BASE_URL'];
  if (!out) return '--out DIR is required';
  if (!baseUrl || !/^https?:\/\/[^/]/.test(baseUrl)) return '--base-url (or NETMON_BASE_URL) must be an http(s) URL';
  const window = values.get('--window') ?? '1h';
  if (!/^[0-9]+[smhdw]?$/.test(window)) return `--window ${window} is not a window such as 1h or 2d`;
  return { out, baseUrl, window, aid: values.get('--aid'), force };
}

export async function runCapture(args: readonly string[], io: Io = processIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) { io.stdout(CAPTURE_USAGE); return 0; }
  const parsed = parseArgs(args, io.env);
  if (typeof parsed === 'string') { io.stderr(`netmon capture: ${parsed}\n${CAPTURE_USAGE}`); return 2; }
  const token = io.env['NETMON_TOKEN'];
  if (!token) { io.stderr('netmon capture: set NETMON_TOKEN to the API token (it is never printed or saved)'); return 2; }
  const email = io.env['NETMON_EMAIL'];
  const credentials: Credentials = email ? { kind: 'basic', email, token } : { kind: 'bearer', token };
  const folder = resolve(parsed.out);
  const problem = prepareFolder(folder, parsed.force);
  if (problem) { io.stderr(`netmon capture: ${problem}`); return 2; }
  const client = createNetmonClient({ baseUrl: parsed.baseUrl, credentials, ...(parsed.aid ? { aid: parsed.aid } : {}) });
  try {
    const entries = await capture(client, parsed.window, (entry, body) => {
      writeOutputFile(join(folder, entry.file), `${JSON.stringify({ request: entry.request, body }, null, 2)}\n`, { force: parsed.force });
    });
    writeOutputFile(join(folder, 'index.json'), `${JSON.stringify({ capturedAt: new Date().toISOString(), window: parsed.window, entries }, null, 2)}\n`, { force: parsed.force });
    const failed = entries.filter((e) => e.status === 'failed');
    io.stdout(`saved ${entries.length - failed.length} responses to ${terminalSafe(parsed.out)}${failed.length ? ` (${failed.length} reads failed: ${failed.map((f) => f.name).join(', ')})` : ''}`);
    return 0;
  } catch (error) {
    io.stderr(terminalSafe(`netmon capture: ${error instanceof Error ? error.message : String(error)}`));
    return 2;
  } finally {
    await client.close();
  }
}

function prepareFolder(folder: string, force: boolean): string | undefined {
  try {
    const info = lstatSync(folder);
    if (info.isSymbolicLink() || !info.isDirectory()) return `${folder} is not a folder (a symbolic link is refused)`;
    if (!force && readdirSync(folder).length > 0) return `${folder} is not empty: pass --force to write into it`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folder, { recursive: true });
  }
  return undefined;
}

type Save = (entry: CaptureEntry, body: unknown) => void;

/** Reads one page of each endpoint, in an order that finds the ids the next reads need. */
async function capture(client: NetmonClient, window: string, save: Save): Promise<CaptureEntry[]> {
  const pz = new Pseudonymizer();
  const entries: CaptureEntry[] = [];
  const read = async (name: string, segments: readonly (string | { id: string | number })[], timed: boolean): Promise<Record<string, unknown> | undefined> => {
    const rawPath = `/${segments.map((s) => (typeof s === 'string' ? s : encodeURIComponent(String(s.id)))).join('/')}`;
    const shownPath = `/${segments.map((s) => (typeof s === 'string' ? s : pz.id(String(s.id)))).join('/')}`;
    const query: Record<string, string> = timed ? { window } : {};
    const entry: CaptureEntry = { name, file: `${String(entries.length + 1).padStart(2, '0')}-${name}.json`, request: { method: 'GET', path: shownPath, query }, status: 'ok' };
    entries.push(entry);
    try {
      const body = await client.getPage(rawPath, timed ? { window } : {});
      save(entry, pz.body(body));
      return typeof body === 'object' && body !== null ? body as Record<string, unknown> : undefined;
    } catch (error) {
      entry.status = 'failed';
      entry.error = pz.body(error instanceof Error ? error.message : String(error)) as string;
      return undefined;
    }
  };
  await read('account-groups', ['v6', 'account-groups'], false);
  const agents = await read('endpoint-agents', ['v6', 'endpoint-agents'], false);
  const agentId = first(agents?.['endpointAgents'])?.['agentId'];
  if (isId(agentId)) await read('endpoint-agent', ['v6', 'endpoint-agents', { id: agentId }], false);
  await read('networks', ['v6', 'endpoint-data', 'networks'], false);
  const tests = await read('endpoint-tests', ['v7', 'endpoint-tests'], false);
  const testList = Array.isArray(tests?.['endpointTest']) ? tests['endpointTest'] as Record<string, unknown>[] : [];
  const netTest = testList.find((t) => t['type'] === 'agent-to-server')?.['testId'] ?? testList[0]?.['testId'];
  const httpTest = testList.find((t) => t['type'] === 'http-server')?.['testId'];
  if (isId(netTest)) {
    await read('endpoint-test', ['v7', 'endpoint-tests', { id: netTest }], false);
    await read('net-metrics', ['v7', 'endpoint-data', 'tests', 'net', 'metrics', { id: netTest }], true);
    const pathVis = await read('path-vis', ['v7', 'endpoint-data', 'tests', 'net', 'path-vis', { id: netTest }], true);
    const summary = first((pathVis?.['endpointNet'] as Record<string, unknown> | undefined)?.['pathVis']);
    if (summary && isId(summary['agentId']) && isId(summary['roundId'])) {
      await read('path-trace', ['v7', 'endpoint-data', 'tests', 'net', 'path-vis', { id: netTest }, { id: summary['agentId'] }, String(summary['roundId'])], false);
    }
  }
  if (isId(httpTest)) await read('http-server', ['v7', 'endpoint-data', 'tests', 'web', 'http-server', { id: httpTest }], true);
  const sessions = await read('user-sessions', ['v6', 'endpoint-data', 'user-sessions'], true);
  const sessionId = first(sessions?.['userSessions'])?.['userSessionId'];
  if (isId(sessionId)) {
    const detail = await read('user-session', ['v6', 'endpoint-data', 'user-sessions', { id: sessionId }], false);
    const pageId = first(first(detail?.['userSessions'])?.['pages'])?.['id'];
    if (isId(pageId)) await read('page', ['v6', 'endpoint-data', 'user-sessions', { id: sessionId }, 'page', { id: pageId }], false);
  }
  await read('web-sessions', ['v6', 'endpoint-data', 'user-sessions', 'web'], true);
  await read('network-sessions', ['v6', 'endpoint-data', 'user-sessions', 'network'], true);
  const probes = await read('network-topology', ['v6', 'endpoint-data', 'network-topology'], true);
  const probeId = first(probes?.['networkProbes'])?.['networkProbeId'];
  if (isId(probeId)) await read('network-probe', ['v6', 'endpoint-data', 'network-topology', { id: probeId }], false);
  return entries;
}

function first(value: unknown): Record<string, unknown> | undefined {
  const item = Array.isArray(value) ? value[0] : undefined;
  return typeof item === 'object' && item !== null ? item as Record<string, unknown> : undefined;
}

function isId(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}
