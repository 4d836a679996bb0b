// `netmon run <document | test name | id>`: runs an enterprise test now and waits for its
// agents — a test document (*.netmon-test.json) runs whole as an instant test, before it is
// deployed; a deployed test (by name or id) runs again. Prints each agent's health in the
// run; exit 1 when an agent failed or never answered. The same wait as the editor's Run Now
// (src/analysis/instant/enterprise-run.ts).
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { RUN_TIMEOUT_MS, runKindOf, waitForRun, type RunOutcome } from '../analysis/instant/enterprise-run';
import { terminalSafe, untrustedLine } from '../analysis/text/untrusted';
import {
  INSTANT_NEEDS_V7,
  type EnterpriseTest,
  type EnterpriseTestCreate,
  type EnterpriseTestType,
} from '../api/types';
import { DOCUMENT_SUFFIXES, namesAgents, resolveAgentNames, testCreateRequest, validateDocument } from '../documents';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { ciJson } from './ci-safe';
import { enterpriseAgents, type CliIo } from './deploy-run';
import { processIo, reportFailure } from './io';
import { findTest } from './results';

export const RUN_USAGE = `usage: netmon run <test document | test name | test id> [--timeout 300] [--json] [account]
  Runs an enterprise test now (API v7) and waits until every agent answered:
  a ${DOCUMENT_SUFFIXES.test} document runs whole as an instant test (nothing is deployed);
  a deployed test, named or numbered, runs again. Prints each agent's health in the run.
  --timeout S      stop waiting after S seconds (default ${RUN_TIMEOUT_MS / 1000}); agents with no answer are listed
  --json           the run (test, each agent's health, agents with no answer) as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 0 every agent answered and none failed, 1 an agent failed or never answered,
  2 could not run (usage, invalid document, unknown test, an API v6 account, connection).`;

export interface RunReport extends RunOutcome {
  testId: number;
  testName: string;
  type: string;
  instant: boolean;
}

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
    if ((await account.client.apiVersion()) === 'v6') throw new Error(INSTANT_NEEDS_V7);
    const since = Math.floor(Date.now() / 1000);
    const started = target.toLowerCase().endsWith(DOCUMENT_SUFFIXES.test)
      ? { test: await runDocument(account, resolveIn(io.cwd, target)), instant: true }
      : { test: await runDeployed(account, target), instant: false };
    const agentIds = (started.test.agents ?? []).map((agent) => String(agent.agentId));
    if (agentIds.length === 0) throw new Error(`test ${started.test.testId} lists no agents to wait for`);
    if (!json)
      io.stderr(
        `netmon run: test ${started.test.testId} started on ${agentIds.length} agent${agentIds.length === 1 ? '' : 's'}; waiting for their answers`,
      );
    const outcome = await waitForRun(account.client, started.test, agentIds, since, {
      timeoutMs,
      aid: account.requestAid,
    });
    const report: RunReport = {
      testId: started.test.testId,
      testName: String(started.test.testName),
      type: String(started.test.type),
      instant: started.instant,
      ...outcome,
    };
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

const resolveIn = (cwd: string, file: string): string => (isAbsolute(file) ? file : resolve(cwd, file));

/** The document, validated and its named agents resolved as apply would, sent whole. */
async function runDocument(account: Account, file: string): Promise<EnterpriseTest> {
  const { type, body } = await documentRunRequest(account, await readFile(file, 'utf8'));
  runKindOf(type); // a type with no instant run (bgp) is refused before anything is sent
  return account.client.runInstantTest(type, body, { aid: account.requestAid });
}

/** A test document's instant run as Create would send it (the agent tool run_instant_test sends the same). */
export async function documentRunRequest(
  account: Account,
  text: string,
): Promise<{ type: EnterpriseTestType; body: EnterpriseTestCreate }> {
  const { parsed, diagnostics } = validateDocument('test', text);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error)
    throw new Error(
      `${error.range.start.line + 1}:${error.range.start.character + 1} ${untrustedLine(error.message, 200)}`,
    );
  let value = parsed.value;
  if (namesAgents(value)) {
    const names = resolveAgentNames(value, await enterpriseAgents(account, []));
    const problem = names.problems[0];
    if (problem) throw new Error(untrustedLine(problem.message, 200));
    value = names.value;
  }
  const request = testCreateRequest(value);
  return { type: request.path.split('/').pop() as EnterpriseTestType, body: request.body };
}

async function runDeployed(account: Account, query: string): Promise<EnterpriseTest> {
  const test = findTest(await account.client.listEnterpriseTests({ aid: account.requestAid }), query);
  runKindOf(String(test.type));
  await account.client.runTest(test.testId, { aid: account.requestAid });
  return test;
}

function runText(report: RunReport): string {
  const name = untrustedLine(report.testName, 120);
  const how = report.instant ? 'instant run' : 'run';
  const lines = [
    `${name} (${report.type} ${how}, test ${report.testId}): ${report.agents.length} agent${report.agents.length === 1 ? '' : 's'} answered`,
    '',
  ];
  for (const agent of report.agents) {
    lines.push(
      `  ${agent.health.toUpperCase().padEnd(9)} ${untrustedLine(agent.agentName, 60)}: ${untrustedLine(agent.reason, 200)}`,
    );
  }
  for (const agentId of report.missing) lines.push(`  ${'NO ANSWER'.padEnd(9)} agent ${untrustedLine(agentId, 20)}`);
  return lines.join('\n');
}
