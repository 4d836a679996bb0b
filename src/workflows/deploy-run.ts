// What planning and applying test documents share, from `netmon plan`/`apply` and from the
// plan_documents/apply_documents tools alike: the test and endpoint test documents named, the
// account, what it has deployed, and the plans between them.
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { isNetmonError } from '../api';
import type { EnterpriseTest } from '../api/types';
import {
  ALERT_RULE_SUFFIX,
  planRuleRun,
  planWindowRun,
  pendingTests,
  SUPPRESSION_WINDOW_SUFFIX,
  testNames,
  testRuleNames,
  type WindowRun,
  type RuleRun,
  agentsFromList,
  agentsOfTests,
  computePlan,
  DOCUMENT_SUFFIXES,
  endpointStepsNotOurs,
  listDeployedTests,
  mergeAgents,
  planEndpointFolder,
  toDeployedTest,
  type ApplyJournal,
  type CatalogAgent,
  type DeployedTest,
  type EndpointFolderPlan,
  type EndpointPlanStep,
  type Plan,
  type PlanDocument,
} from '../documents';
import { DEFAULT_PLAN_EXCLUDED_FOLDERS, planScope } from '../documents/plan-scope';
import type { Account } from './account';
import { expandWithBases } from './files';
import { InputError } from './input-error';
import { networkProviderText } from '../analysis/agents/network-provider';
import { ruleSteps, windowSteps } from './alert-rules';

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
  /** The alert rule documents' plan (v7), or why they were left out (v6). */
  rules: RuleRun;
  /** The suppression window documents' plan (v7), or why they were left out (v6). */
  windows: WindowRun;
  /** A document's path as the front door shows it (relative to the working directory, made safe for where it goes). */
  name(uri: string): string;
  /**
   * Documents left out because they sit in an example folder (naming that folder, or includeExamples, takes them in).
   */
  excluded: string[];
}

export interface DeployDocuments {
  documents: PlanDocument[];
  endpointDocuments: PlanDocument[];
  ruleDocuments: PlanDocument[];
  windowDocuments: PlanDocument[];
  excluded: string[];
}

/** The documents netmon plan and apply (and plan_documents, apply_documents) deploy. */
const DEPLOYABLE = [
  DOCUMENT_SUFFIXES.test,
  DOCUMENT_SUFFIXES['endpoint-test'],
  ALERT_RULE_SUFFIX,
  SUPPRESSION_WINDOW_SUFFIX,
];
export const DEPLOY_GLOB = `**/*{${DEPLOYABLE.join(',')}}`;

export async function readTestDocuments(
  patterns: readonly string[],
  cwd: string,
  includeExamples = false,
): Promise<DeployDocuments> {
  if (patterns.length === 0) throw new InputError('paths', () => 'name a folder, file or glob of test documents');
  const found = [...(await expandWithBases(patterns, cwd, DEPLOY_GLOB)).entries()]
    .filter(([file]) => DEPLOYABLE.some((suffix) => file.endsWith(suffix)))
    .sort(([a], [b]) => a.localeCompare(b));
  if (found.length === 0)
    throw new InputError('paths', () => `no ${DEPLOYABLE.join(' or ')} documents matched ${patterns.join(' ')}`);
  // The editor's rule and default (netmon.plan.excludedFolders): folders below the one named, never the one named
  // itself.
  const scope = planScope(
    found,
    ([file, base]) =>
      base === undefined ? (file.split(sep).pop() ?? file) : relative(base, file).split(sep).join('/'),
    includeExamples ? [] : DEFAULT_PLAN_EXCLUDED_FOLDERS,
  );
  if (scope.included.length === 0) {
    throw new InputError(
      'includeExamples',
      (n) =>
        `only example documents matched ${patterns.join(' ')} (${scope.excluded.length} left out); name ` +
        `their folder, or pass ${n('includeExamples')}`,
    );
  }
  const read = await Promise.all(
    scope.included.map(async ([file]) => ({ uri: file, text: await readFile(file, 'utf8') })),
  );
  const isEndpoint = (d: PlanDocument): boolean => d.uri.endsWith(DOCUMENT_SUFFIXES['endpoint-test']);
  const isRule = (d: PlanDocument): boolean => d.uri.endsWith(ALERT_RULE_SUFFIX);
  return {
    documents: read.filter((d) => d.uri.endsWith(DOCUMENT_SUFFIXES.test)),
    endpointDocuments: read.filter(isEndpoint),
    ruleDocuments: read.filter(isRule),
    windowDocuments: read.filter((d) => d.uri.endsWith(SUPPRESSION_WINDOW_SUFFIX)),
    excluded: scope.excluded.map(([file]) => file),
  };
}

/**
 * Both plans of the documents read, against what the account has deployed (the account stays open: the caller owns it).
 */
export async function planDeployRun(
  account: Account,
  read: DeployDocuments,
  name: (uri: string) => string,
): Promise<DeployRun> {
  const { documents, endpointDocuments, ruleDocuments, windowDocuments, excluded } = read;
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
  // After the test plan: a test document that names rules binds the test the plan leaves (or creates).
  const rules = await planRuleRun(
    account.client,
    ruleDocuments,
    testNames(deployed),
    { aid: account.requestAid },
    testRuleNames(documents, plan),
  );
  // A window may name a test this plan creates: it gets the test's id when the apply has made it.
  const windows = await planWindowRun(
    account.client,
    windowDocuments,
    testNames(deployed),
    { aid: account.requestAid },
    pendingTests(plan),
  );
  return { account, documents, deployed, agents, apiVersion, plan, endpoint, rules, windows, excluded, name };
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
    return agentsFromList(records, await account.client.apiVersion(), (agent) =>
      networkProviderText(agent.networkProviderInfo),
    );
  } catch (error) {
    if (!isNetmonError(error) || (error.kind !== 'not-found' && error.kind !== 'forbidden')) throw error;
    return mergeAgents([agentsOfTests(tests, 'the tests the service lists')]);
  }
}

export function endpointSteps(run: DeployRun): EndpointPlanStep[] {
  return run.endpoint.plan?.steps ?? [];
}

export function totalSteps(run: DeployRun): number {
  return run.plan.steps.length + endpointSteps(run).length + ruleSteps(run).length + windowSteps(run).length;
}

export function skippedDocuments(run: DeployRun): number {
  return (
    run.plan.skipped.length +
    (run.endpoint.plan?.skipped.length ?? 0) +
    (run.rules.plan?.skipped.length ?? 0) +
    (run.windows.plan?.skipped.length ?? 0)
  );
}

/**
 * Endpoint replaces and deletes of endpoint tests that are not ours: each needs allowReplace, as an enterprise one
 * does.
 */
export function endpointRemovals(run: DeployRun, journal: ApplyJournal): EndpointPlanStep[] {
  return endpointStepsNotOurs(endpointSteps(run), journal, ['replace', 'delete']);
}
