// Running an enterprise test now (API v7) and waiting for its agents, as `netmon run`, the
// editor's Run Now and the run_instant_test tool do: a test document runs whole as an instant
// test, before it is deployed; a deployed test (by name or id) runs again. The same wait for
// all (src/analysis/instant/enterprise-run.ts).
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { runKindOf, waitForRun, type RunOutcome } from '../analysis/instant/enterprise-run';
import { untrustedLine } from '../analysis/text/untrusted';
import {
  INSTANT_NEEDS_V7,
  type EnterpriseTest,
  type EnterpriseTestCreate,
  type EnterpriseTestType,
} from '../api/types';
import { DOCUMENT_SUFFIXES, namesAgents, resolveAgentNames, testCreateRequest, validateDocument } from '../documents';
import type { Account } from './account';
import { enterpriseAgents } from './deploy-run';
import { findTest } from './find-test';

export interface RunReport extends RunOutcome {
  testId: number;
  testName: string;
  type: string;
  instant: boolean;
}

export interface RunWaiting {
  /** The folder a relative document path is read from. */
  cwd: string;
  timeoutMs: number;
  /** Said once the test started, before the wait. */
  onStarted?(test: EnterpriseTest, agentIds: readonly string[]): void;
}

/** Runs `target` (a test document's path, or a deployed test's name or id) now, and waits for every agent's answer. */
export async function runTestNow(account: Account, target: string, waiting: RunWaiting): Promise<RunReport> {
  if ((await account.client.apiVersion()) === 'v6') throw new Error(INSTANT_NEEDS_V7);
  const since = Math.floor(Date.now() / 1000);
  const instant = target.toLowerCase().endsWith(DOCUMENT_SUFFIXES.test);
  const test = instant
    ? await runDocument(account, isAbsolute(target) ? target : resolve(waiting.cwd, target))
    : await runDeployed(account, target);
  const agentIds = (test.agents ?? []).map((agent) => String(agent.agentId));
  if (agentIds.length === 0) throw new Error(`test ${test.testId} lists no agents to wait for`);
  waiting.onStarted?.(test, agentIds);
  const outcome = await waitForRun(account.client, test, agentIds, since, {
    timeoutMs: waiting.timeoutMs,
    aid: account.requestAid,
  });
  return { testId: test.testId, testName: String(test.testName), type: String(test.type), instant, ...outcome };
}

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
