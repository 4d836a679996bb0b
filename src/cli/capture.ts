// `netmon capture --out DIR`: one page of every read endpoint of the configured account,
// saved with tokens removed and identifiers, names, e-mails and addresses replaced by
// consistent stand-ins, so a user can attach what their account returns to a bug report
// and we can replay it as a fixture. Whichever dialect the account speaks (the client detects
// it), every read goes through the client's methods, and the files hold the domain's records
// (the same in both dialects) with the request as it was sent. Credentials: NETMON_TOKEN (+ NETMON_EMAIL for Basic).
import { lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Pseudonymizer } from '../analysis/capture/pseudonymize';
import { terminalSafe } from '../analysis/text/untrusted';
import { API_VERSION_SETTINGS, createNetmonClient, type ApiVersionSetting, type Credentials } from '../api';
import { captureReads, type CaptureEntry } from './capture-reads';
import { printLine } from './ci-safe';
import { writeOutputFile } from './output-file';

export type { CaptureEntry } from './capture-reads';

export const CAPTURE_USAGE =
  `usage: netmon capture --out DIR --base-url URL [--window 1h] [--aid N] ` +
  `[--api auto|v7|v6] [--force]
  Saves one page of every read endpoint of the account (agents, networks, endpoint tests and
  their data, sessions, pages, topology), in whichever API version the account speaks
  (index.json says which), as JSON files in DIR, with tokens removed and ids,
  names, e-mails and addresses replaced consistently. Token from NETMON_TOKEN; with
  NETMON_EMAIL set, the Basic form is used. DIR must be empty unless --force. --api forces
  the API version (default auto: one small v7 read decides).
  Exit code: 0 saved (failed reads are listed in index.json), 2 usage or connection error.`;

interface Io {
  stdout(line: string): void;
  stderr(line: string): void;
  env: NodeJS.ProcessEnv;
}
// Called from outside netmon.ts (library.ts), the default prints through printLine too: account names reach it.
const processIo: Io = {
  stdout: (l) => printLine(process.stdout, l),
  stderr: (l) => printLine(process.stderr, l),
  env: process.env,
};

interface Args {
  out: string;
  baseUrl: string;
  window: string;
  aid?: string;
  api: ApiVersionSetting;
  force: boolean;
}

function parseArgs(args: readonly string[], env: NodeJS.ProcessEnv): Args | string {
  const values = new Map<string, string>();
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--force') force = true;
    else if (['--out', '--base-url', '--window', '--aid', '--api'].includes(arg)) values.set(arg, args[++i] ?? '');
    else return `unknown argument ${arg}`;
  }
  const out = values.get('--out');
  const baseUrl = values.get('--base-url') ?? env['NETMON_BASE_URL'];
  if (!out) return '--out DIR is required';
  if (!baseUrl || !/^https?:\/\/[^/]/.test(baseUrl)) return '--base-url (or NETMON_BASE_URL) must be an http(s) URL';
  const window = values.get('--window') ?? '1h';
  if (!/^[0-9]+[smhdw]?$/.test(window)) return `--window ${window} is not a window such as 1h or 2d`;
  const api = API_VERSION_SETTINGS.find((setting) => setting === (values.get('--api') ?? 'auto'));
  if (!api) return '--api must be auto, v7 or v6';
  return { out, baseUrl, window, aid: values.get('--aid'), api, force };
}

export async function runCapture(args: readonly string[], io: Io = processIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(CAPTURE_USAGE);
    return 0;
  }
  const parsed = parseArgs(args, io.env);
  if (typeof parsed === 'string') {
    io.stderr(`netmon capture: ${parsed}\n${CAPTURE_USAGE}`);
    return 2;
  }
  const token = io.env['NETMON_TOKEN'];
  if (!token) {
    io.stderr('netmon capture: set NETMON_TOKEN to the API token (it is never printed or saved)');
    return 2;
  }
  const email = io.env['NETMON_EMAIL'];
  const credentials: Credentials = email ? { kind: 'basic', email, token } : { kind: 'bearer', token };
  const folder = resolve(parsed.out);
  const problem = prepareFolder(folder, parsed.force);
  if (problem) {
    io.stderr(`netmon capture: ${problem}`);
    return 2;
  }
  const client = createNetmonClient({
    baseUrl: parsed.baseUrl,
    credentials,
    apiVersion: parsed.api,
    ...(parsed.aid ? { aid: parsed.aid } : {}),
  });
  try {
    const api = await client.apiVersion();
    const entries = await captureReads(client, parsed.window, new Pseudonymizer(), (entry, body) => {
      writeOutputFile(join(folder, entry.file), `${JSON.stringify({ request: entry.request, body }, null, 2)}\n`, {
        force: parsed.force,
      });
    });
    writeOutputFile(
      join(folder, 'index.json'),
      `${JSON.stringify({ capturedAt: new Date().toISOString(), api, window: parsed.window, entries }, null, 2)}\n`,
      { force: parsed.force },
    );
    report(io, parsed.out, api, entries);
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

function report(io: Io, out: string, api: string, entries: readonly CaptureEntry[]): void {
  const failed = entries.filter((e) => e.status === 'failed');
  io.stdout(
    `saved ${entries.length - failed.length} responses (API ${api}) to ${terminalSafe(out)}` +
      `${failed.length ? ` (${failed.length} reads failed: ${failed.map((f) => f.name).join(', ')})` : ''}`,
  );
}
