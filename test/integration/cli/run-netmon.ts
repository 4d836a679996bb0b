// Runs the real `netmon` entry point (src/cli/netmon.ts through tsx) in a child process,
// in any working directory, with stdin not a terminal (as in CI), its apply journal in a
// state folder of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO = join(__dirname, '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = join(REPO, 'src', 'cli', 'netmon.ts');

/** The apply journal's state folder for this test process, never the user's ~/.local/state. */
const STATE_DIR = mkdtempSync(join(tmpdir(), 'netmon-state-'));
process.once('exit', () => rmSync(STATE_DIR, { recursive: true, force: true }));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function netmon(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    const env = {
      ...process.env,
      NETMON_TOKEN: undefined,
      NETMON_EMAIL: undefined,
      NETMON_BASE_URL: undefined,
      NETMON_STATE_DIR: STATE_DIR,
      ...options.env,
    };
    const child = spawn(process.execPath, ['--import', TSX, ENTRY, ...args], {
      cwd: options.cwd ?? REPO,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end();
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
