// What `netmon plan` and `netmon apply` share: the test documents named on the command
// line, the account, what it has deployed, and the plan between them.
import { readFile } from 'node:fs/promises';
import { terminalSafe } from '../analysis/text/untrusted';
import { isNetmonError } from '../api';
import type { EnterpriseTest } from '../api/types';
import { agentsFromList, agentsOfTests, computePlan, DOCUMENT_SUFFIXES, listDeployedTests, mergeAgents, toDeployedTest, type CatalogAgent, type DeployedTest, type Plan, type PlanDocument } from '../documents';
import { openAccount, UsageError, type Account, type AccountFlags } from './account';
import { displayPath, expandDocuments } from './files';

export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Asks a yes/no question on the terminal; undefined when there is no terminal to ask. */
  ask?: (question: string) => Promise<boolean>;
}

export interface DeployRun {
  account: Account;
  documents: PlanDocument[];
  deployed: DeployedTest[];
  /** The account's enterprise agents, for documents that name agents (agentName). */
  agents: CatalogAgent[];
  plan: Plan;
  /** A document's path as the user reads it (relative to the working directory), terminal-safe. */
  name(uri: string): string;
}

const TEST_GLOB = `**/*${DOCUMENT_SUFFIXES.test}`;

export async function readTestDocuments(patterns: readonly string[], cwd: string): Promise<PlanDocument[]> {
  if (patterns.length === 0) throw new UsageError('name a folder, file or glob of test documents');
  const files = (await expandDocuments(patterns, cwd, TEST_GLOB)).filter((file) => file.endsWith(DOCUMENT_SUFFIXES.test));
  if (files.length === 0) throw new UsageError(`no ${DOCUMENT_SUFFIXES.test} documents matched ${patterns.join(' ')}`);
  return Promise.all(files.map(async (file) => ({ uri: file, text: await readFile(file, 'utf8') })));
}

export async function openDeployRun(patterns: readonly string[], flags: AccountFlags, io: CliIo): Promise<DeployRun> {
  const documents = await readTestDocuments(patterns, io.cwd);
  const account = await openAccount(flags, io.env);
  try {
    const tests = await listDeployedTests(account.client, account.requestAid);
    const deployed = tests.map(toDeployedTest);
    const agents = await enterpriseAgents(account, tests);
    const plan = planFor(account, documents, deployed, agents);
    return { account, documents, deployed, agents, plan, name: (uri) => terminalSafe(displayPath(uri, io.cwd)) };
  } catch (error) {
    await account.close();
    throw error;
  }
}

export function planFor(account: Account, documents: readonly PlanDocument[], deployed: readonly DeployedTest[], agents: readonly CatalogAgent[]): Plan {
  return computePlan({ documents, deployed, connectionKey: account.serviceKey, aid: account.aidKey, agents });
}

/** GET /v6/agents (/v7/agents) where the service has it; else the agents its tests run from, as the editor does. */
export async function enterpriseAgents(account: Account, tests: readonly EnterpriseTest[]): Promise<CatalogAgent[]> {
  try {
    const { records } = await account.client.enterpriseAgents({ aid: account.requestAid }).collect({ maxRecords: 20_000 });
    return agentsFromList(records, await account.client.apiVersion());
  } catch (error) {
    if (!isNetmonError(error) || (error.kind !== 'not-found' && error.kind !== 'forbidden')) throw error;
    return mergeAgents([agentsOfTests(tests, 'the tests the service lists')]);
  }
}
