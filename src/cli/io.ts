// The process's streams for CLI commands, and the one way a command reports a failure.
// Every line the CLI prints goes through `printLine`: document text and API text reach the
// output, and neither may steer the terminal or the CI runner reading it (see ci-safe.ts).
import { createInterface } from 'node:readline/promises';
import { UsageError } from './account';
import { cliText, printLine } from './ci-safe';
import type { CliIo } from './deploy-run';

export { printLine } from './ci-safe';

export function processIo(): CliIo {
  const interactive = process.stdin.isTTY && process.stderr.isTTY;
  return {
    stdout: (line) => printLine(process.stdout, line),
    stderr: (line) => printLine(process.stderr, line),
    cwd: process.cwd(),
    env: process.env,
    ...(interactive ? { ask: askOnTerminal } : {}),
  };
}

async function askOnTerminal(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${cliText(question)} [y/N] `)).trim());
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
  io.stderr(`netmon ${command}: ${message}`);
  return 2;
}
