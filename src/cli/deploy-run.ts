// What `netmon plan` and `netmon apply` share: the test and endpoint test documents named on
// the command line, the account, what it has deployed, and the plans between them.
import { readFile } from 'node:fs/promises';
import { terminalSafe } from '../analysis/text/untrusted';
import { isNetmonError } from '../api';
import type { EnterpriseTest } from '../api/types';
import {
  agentsFromList,
  agentsOfTests,
  computePlan,
  DOCUMENT_SUFFIXES,
  listDeployedTests,
  mergeAgents,
  planEndpointFolder,
  toDeployedTest,
  type CatalogAgent,
  type DeployedTest,
  type EndpointFolderPlan,
  type Plan,
  type PlanDocument,
} from '../documents';
import { openAccount, UsageError, type Account, type AccountFlags } from './account';
import { displayPath, expandWithBases } from './files';
import { DEFAULT_PLAN_EXCLUDED_FOLDERS, planScope } from '../documents/plan-scope';
import { relative, sep } from 'node:path';

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
  /** The API the account speaks: on v7 a changed field the service can update is an update, not a replace. */
  apiVersion: 'v6' | 'v7';
  plan: Plan;
  /** The endpoint test documents' plan (v7), or why they were left out (v6). */
  endpoint: EndpointFolderPlan;
  /** A document's path as the user reads it (relative to the working directory), terminal-safe. */
  name(uri: string): string;
  /** Documents left out because they sit in an example folder (--include-examples takes them in). */
  excluded: string[];
}

export const INCLUDE_EXAMPLES_FLAG = '--include-examples';
export const INCLUDE_EXAMPLES_USAGE = `  ${INCLUDE_EXAMPLES_FLAG} also take the documents under folders named ${DEFAULT_PLAN_EXCLUDED_FOLDERS.map((f) => `"${f}"`).join(', ')}
                   (left out by default, as in the editor: examples are not for deploying);
                   naming such a folder itself, or a file in it, includes it too`;

/** The line saying which example documents were left out, or none. */
export function leftOutLine(run: Pick<DeployRun, 'excluded' | 'name'>): string[] {
  if (run.excluded.length === 0) return [];
  const shown = run.excluded
    .slice(0, 6)
    .map((uri) => run.name(uri))
    .join(', ');
  const more = run.excluded.length > 6 ? ` and ${run.excluded.length - 6} more` : '';
  return [
    `Left out (example folders): ${shown}${more}. Name that folder, or pass ${INCLUDE_EXAMPLES_FLAG}, to include them.`,
  ];
}

export interface DeployDocuments {
  documents: PlanDocument[];
  endpointDocuments: PlanDocument[];
  excluded: string[];
}

/** The documents netmon plan and apply (and plan_documents, apply_documents) deploy. */
const DEPLOYABLE = [DOCUMENT_SUFFIXES.test, DOCUMENT_SUFFIXES['endpoint-test']];
export const DEPLOY_GLOB = `**/*{${DEPLOYABLE.join(',')}}`;

export async function readTestDocuments(
  patterns: readonly string[],
  cwd: string,
  includeExamples = false,
): Promise<DeployDocuments> {
  if (patterns.length === 0) throw new UsageError('name a folder, file or glob of test documents');
  const found = [...(await expandWithBases(patterns, cwd, DEPLOY_GLOB)).entries()]
    .filter(([file]) => DEPLOYABLE.some((suffix) => file.endsWith(suffix)))
    .sort(([a], [b]) => a.localeCompare(b));
  if (found.length === 0) throw new UsageError(`no ${DEPLOYABLE.join(' or ')} documents matched ${patterns.join(' ')}`);
  // The editor's rule and default (netmon.plan.excludedFolders): folders below the one named, never the one named itself.
  const scope = planScope(
    found,
    ([file, base]) =>
      base === undefined ? (file.split(sep).pop() ?? file) : relative(base, file).split(sep).join('/'),
    includeExamples ? [] : DEFAULT_PLAN_EXCLUDED_FOLDERS,
  );
  if (scope.included.length === 0) {
    throw new UsageError(
      `only example documents matched ${patterns.join(' ')} (${scope.excluded.length} left out); name their folder, or pass ${INCLUDE_EXAMPLES_FLAG}`,
    );
  }
  const read = await Promise.all(
    scope.included.map(async ([file]) => ({ uri: file, text: await readFile(file, 'utf8') })),
  );
  const isEndpoint = (d: PlanDocument): boolean => d.uri.endsWith(DOCUMENT_SUFFIXES['endpoint-test']);
  return {
    documents: read.filter((d) => !isEndpoint(d)),
    endpointDocuments: read.filter(isEndpoint),
    excluded: scope.excluded.map(([file]) => file),
  };
}

export async function openDeployRun(
  patterns: readonly string[],
  flags: AccountFlags,
  io: CliIo,
  includeExamples = false,
): Promise<DeployRun> {
  const read = await readTestDocuments(patterns, io.cwd, includeExamples);
  const account = await openAccount(flags, io.env);
  try {
    return await planDeployRun(account, read, (uri) => terminalSafe(displayPath(uri, io.cwd)));
  } catch (error) {
    await account.close();
    throw error;
  }
}

/** Both plans of the documents read, against what the account has deployed (the account stays open: the caller owns it). */
export async function planDeployRun(
  account: Account,
  read: DeployDocuments,
  name: (uri: string) => string,
): Promise<DeployRun> {
  const { documents, endpointDocuments, excluded } = read;
  const tests = await listDeployedTests(account.client, account.requestAid);
  const deployed = tests.map(toDeployedTest);
  const agents = await enterpriseAgents(account, tests);
  const apiVersion = await account.client.apiVersion();
  const plan = planFor(account, documents, deployed, agents, apiVersion);
  const endpoint = await planEndpointFolder({
    documents: endpointDocuments,
    client: account.client,
    connectionKey: account.serviceKey,
    aidKey: account.aidKey,
    options: { aid: account.requestAid },
  });
  return { account, documents, deployed, agents, apiVersion, plan, endpoint, excluded, name };
}

export function planFor(
  account: Account,
  documents: readonly PlanDocument[],
  deployed: readonly DeployedTest[],
  agents: readonly CatalogAgent[],
  apiVersion: 'v6' | 'v7',
): Plan {
  return computePlan({
    documents,
    deployed,
    connectionKey: account.serviceKey,
    aid: account.aidKey,
    agents,
    apiVersion,
  });
}

/** GET /v6/agents (/v7/agents) where the service has it; else the agents its tests run from, as the editor does. */
export async function enterpriseAgents(account: Account, tests: readonly EnterpriseTest[]): Promise<CatalogAgent[]> {
  try {
    const { records } = await account.client
      .enterpriseAgents({ aid: account.requestAid })
      .collect({ maxRecords: 20_000 });
    return agentsFromList(records, await account.client.apiVersion());
  } catch (error) {
    if (!isNetmonError(error) || (error.kind !== 'not-found' && error.kind !== 'forbidden')) throw error;
    return mergeAgents([agentsOfTests(tests, 'the tests the service lists')]);
  }
}
