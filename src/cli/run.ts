// `netmon run <document | test name | id>`: runs an enterprise test now and waits for its
// agents — a test document (*.netmon-test.json) runs whole as an instant test, before it is
// deployed; a deployed test (by name or id) runs again. Prints each agent's health in the
// run; exit 1 when an agent failed or never answered. The same wait as the editor's Run Now
// (src/analysis/instant/enterprise-run.ts).
import { RUN_TIMEOUT_MS } from '../analysis/instant/enterprise-run';
import { terminalSafe, untrustedLine } from '../analysis/text/untrusted';
import { DOCUMENT_SUFFIXES } from '../documents';
import { runTestNow, type RunReport } from '../workflows/run';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { ciJson } from './ci-safe';
import { processIo, reportFailure, type CliIo } from './io';

export const RUN_USAGE = `usage: netmon run <test document | test name | test id> [--timeout 300] [--json] [account]
  Runs an enterprise test now (API v7) and waits until every agent answered:
  a ${DOCUMENT_SUFFIXES.test} document runs whole as an instant test (nothing is deployed);
  a deployed test, named or numbered, runs again. Prints each agent's health in the run.
  --timeout S      stop waiting after S seconds (default ${RUN_TIMEOUT_MS / 1000}); agents with no answer are listed
  --json           the run (test, each agent's health, agents with no answer) as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 0 every agent answered and none failed, 1 an agent failed or never answered,
  2 could not run (usage, invalid document, unknown test, an API v6 account, connection).`;

export async function runRun(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    io.stdout(RUN_USAGE);
    return args.length === 0 ? 2 : 0;
  }
  let account: Account | undefined;
  try {
    const { flags, rest } = takeAccountFlags(args);
    const { json, timeoutMs, words } = readOptions(rest);
    const target = words[0] as string;
    account = await openAccount(flags, io.env);
    const report = await runTestNow(account, target, {
      cwd: io.cwd,
      timeoutMs,
      onStarted: (test, agentIds) => {
        if (!json)
          io.stderr(
            `netmon run: test ${test.testId} started on ${agentIds.length} agent${agentIds.length === 1 ? '' : 's'}` +
              `; waiting for their answers`,
          );
      },
    });
    io.stdout(json ? ciJson(report) : terminalSafe(runText(report)));
    return report.missing.length > 0 || report.agents.some((agent) => agent.health === 'failing') ? 1 : 0;
  } catch (error) {
    return reportFailure('run', error, RUN_USAGE, io);
  } finally {
    await account?.close();
  }
}

function readOptions(rest: readonly string[]): { json: boolean; timeoutMs: number; words: string[] } {
  const words: string[] = [];
  let json = false;
  let timeoutMs = RUN_TIMEOUT_MS;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string;
    if (word === '--json') json = true;
    else if (word === '--timeout') {
      const seconds = Number(rest[++i]);
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600)
        throw new UsageError('--timeout takes whole seconds from 1 to 3600');
      timeoutMs = seconds * 1000;
    } else if (word.startsWith('-')) throw new UsageError(`unknown option ${untrustedLine(word, 40)}`);
    else words.push(word);
  }
  if (words.length !== 1) throw new UsageError('name one test document or one deployed test (its name or id)');
  return { json, timeoutMs, words };
}

function runText(report: RunReport): string {
  const name = untrustedLine(report.testName, 120);
  const how = report.instant ? 'instant run' : 'run';
  const lines = [
    `${name} (${report.type} ${how}, test ${report.testId}): ${report.agents.length} agent` +
      `${report.agents.length === 1 ? '' : 's'} answered`,
    '',
  ];
  for (const agent of report.agents) {
    lines.push(
      `  ${agent.health.toUpperCase().padEnd(9)} ${untrustedLine(agent.agentName, 60)}: ` +
        `${untrustedLine(agent.reason, 200)}`,
    );
  }
  for (const agentId of report.missing) lines.push(`  ${'NO ANSWER'.padEnd(9)} agent ${untrustedLine(agentId, 20)}`);
  return lines.join('\n');
}
