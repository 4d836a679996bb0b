// The process's streams for CLI commands, and the one way a command reports a failure.
// Every line the CLI prints goes through `printLine`: document text and API text reach the
// output, and neither may steer the terminal or the CI runner reading it (see ci-safe.ts).
import { createInterface } from 'node:readline/promises';
import { cliText, printLine } from './ci-safe';
import { usageMessage } from './flags';

export { printLine } from './ci-safe';

export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Asks a yes/no question on the terminal; undefined when there is no terminal to ask. */
  ask?: (question: string) => Promise<boolean>;
}

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

/**
 * Usage mistakes (and a use case's input errors, their fields named by their flags) print the
 * usage; other failures say what failed. Exit code 2 either way.
 */
export function reportFailure(command: string, error: unknown, usage: string, io: CliIo): number {
  const mistake = usageMessage(error);
  if (mistake !== undefined) {
    io.stderr(`netmon ${command}: ${mistake}\n${usage}`);
    return 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`netmon ${command}: ${message}`);
  return 2;
}
