// `netmon <command> …`: the CLI for CI pipelines. Each command is a module exporting
// `(args) => Promise<exitCode>`; add new ones (e.g. `har`) to COMMANDS. Every command prints
// through io.ts's printLine (the ones with an io of their own are given processIo here).
import { runAgent } from './agent';
import { runAlerts } from './alerts';
import { runApply } from './apply';
import { runCapture } from './capture';
import { runHar } from './har-report';
import { runImport } from './import';
import { printLine, processIo } from './io';
import { runPath } from './path';
import { runPlan } from './plan';
import { runResults } from './results';
import { runRun } from './run';
import { runValidate } from './validate';

type Command = (args: readonly string[]) => Promise<number>;

const COMMANDS: Readonly<Record<string, { run: Command; summary: string }>> = {
  validate: { run: runValidate, summary: 'check test, instant-test and filter documents' },
  plan: { run: runPlan, summary: 'what apply would change between test documents and the account (exit 1: changes)' },
  apply: {
    run: runApply,
    summary: 'create, update and delete tests (and alert rules) as the documents say; records bindings',
  },
  import: {
    run: (args) => runImport(args, processIo()),
    summary: "import --rules|--windows <folder>: the account's alert rules or suppression windows as documents (v7)",
  },
  har: {
    run: (args) => runHar(args, processIo()),
    summary:
      'HAR tools: report <in.har> -o <out.html>; diff <a.har> <b.har>; redact <in.har> -o <out.har>; insights <in.har>',
  },
  agent: { run: runAgent, summary: 'agent timeline <name|id>: one endpoint agent over time, with the verdict' },
  path: { run: runPath, summary: "path diff --test <id>: what changed on a test's network path between two rounds" },
  results: {
    run: (args) => runResults(args, processIo()),
    summary:
      "results <test name|id>: a deployed test's health per agent and, for network tests, where the path loses packets",
  },
  alerts: {
    run: (args) => runAlerts(args, processIo()),
    summary:
      'alerts [<alertId>]: the active and cleared alerts, or one explained with where its path loses packets ' +
      '(exit 1: one is active)',
  },
  run: {
    run: (args) => runRun(args, processIo()),
    summary:
      'run <document|test name|id>: run an enterprise test now, wait for every agent, health per agent ' +
      '(exit 1: an agent failed)',
  },
  capture: {
    run: (args) => runCapture(args, processIo()),
    summary: "save the account's responses, anonymised, for a bug report",
  },
  mcp: {
    run: async (args) => (await import('./mcp')).runMcp(args),
    summary: 'serve the analyses as MCP tools on stdio for an AI agent (read-only unless --allow-writes)',
  },
  evidence: {
    run: async (args) => (await import('./evidence')).runEvidence(args),
    summary:
      'evidence session <id> | path --test <id> | timeline <agent> | har-diff <a.har> <b.har>: ' +
      'one offline HTML (and Markdown) file for a ticket',
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, { summary }]) => `  netmon ${name.padEnd(10)} ${summary}`);
  return ['usage: netmon <command> [args]', ...lines, 'Run `netmon <command> --help` for details.'].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    printLine(
      process.stderr,
      `${name && name !== '--help' && name !== '-h' ? `netmon: unknown command ${name}\n` : ''}${usage()}`,
    );
    return name === '--help' || name === '-h' ? 0 : 2;
  }
  return command.run(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    printLine(process.stderr, `netmon: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
