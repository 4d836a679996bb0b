// The process's streams for CLI commands, and the one way a command reports a failure.
import { createInterface } from 'node:readline/promises';
import { terminalSafe } from '../analysis/text/untrusted';
import { UsageError } from './account';
import type { CliIo } from './deploy-run';

export function processIo(): CliIo {
  const interactive = process.stdin.isTTY && process.stderr.isTTY;
  return {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    cwd: process.cwd(),
    env: process.env,
    ...(interactive ? { ask: askOnTerminal } : {}),
  };
}

async function askOnTerminal(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

/** Usage mistakes print the usage; other failures say what failed. Exit code 2 either way. */
export function reportFailure(command: string, error: unknown, usage: string, io: CliIo): number {
  if (error instanceof UsageError) {
    io.stderr(`netmon ${command}: ${error.message}\n${usage}`);
    return 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`netmon ${command}: ${terminalSafe(message)}`);
  return 2;
}
