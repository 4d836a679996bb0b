// Plan / Apply for a folder of test documents, like `terraform plan` / `apply`: Plan
// shows creates, updates, replaces and deletes in a read-only document; Apply runs them
// after a modal that lists every step and where the deployed state came from, with
// progress; it stops at the first failure (each finished step has already written its
// binding) and deletes only when the user chose to. A folder's endpoint test documents plan
// and apply beside the test documents (plan-endpoint.ts), after them. A create an interrupted
// apply from this machine made (journaled, as netmon apply journals it) is bound, not created
// again: Plan shows the binding first, Apply writes it before any step (plan-recovery.ts).
import * as vscode from 'vscode';
import type {
  ApplyResult,
  CatalogAgent,
  DeployedTest,
  EndpointApplyResult,
  EndpointFolderPlan,
  Plan,
  PlanExecutor,
  PlannedBinding,
  RuleRun,
  WindowRun,
} from '../../documents';
import { documentsLibrary as lib } from './library';
import { errorText, isNetmonError } from '../errors';
import type { BindingWriter } from './bindings';
import type { ResultsDocuments } from './results';
import { deployTarget, type DeployTarget } from './target';
import { requireTrustedWorkspace } from '../ui/arguments';
import { showInfo, withNotificationProgress } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { ConnectionManager } from '../connection/connection-manager';
import { renderPlan } from './plan-text';
import { planResultsSection } from './plan-results';
import { excludedLine } from '../../documents/plan-scope';
import {
  leaveOutExamples,
  PLAN_EXCLUDED_FOLDERS_SETTING,
  plannedName,
  readDocuments,
  readFolder,
  isSuppressionWindowFile,
  scopeFrom,
  type PlanScopeArgument,
} from './plan-folder';
import { untrustedLine } from '../../analysis/text/untrusted';
import { applyEndpointPlan, endpointPlanText, isEndpointDocument, planEndpointDocuments } from './plan-endpoint';
import { JournalFile, journalPath, journaledExecutor } from '../../state/apply-journal-file';
import {
  appliedText,
  bindingsText,
  confirmQuestion,
  withRecoveredCreates,
  writeRecoveredBindings,
} from './plan-recovery';
import type { NextStepOffer } from './offer-next';
import { isAlertRuleFile } from './alert-rule-files';
import { appliedMessage, merged, report, writtenTests } from './plan-outcome';
import type { RuleNameDiagnostics } from './rule-name-diagnostics';

export interface PlanRun {
  folder: vscode.Uri;
  document?: vscode.Uri;
  target: DeployTarget;
  plan: Plan;
  endpoint: EndpointFolderPlan;
  source: string;
  excluded: string[];
  /** The deployed tests the plan was computed against (a create is journaled with its same-named ones). */
  deployed: readonly DeployedTest[];
  /**
   * The journal of applies to this service and group (netmon apply's), and the bindings it recovers, written before any
   * step.
   */
  journal: JournalFile;
  bindings: PlannedBinding[];
  /** The folder's alert rule documents' plan (v7), or why they were left out. */
  rules: RuleRun;
  /** The folder's suppression window documents' plan (v7), or why they were left out. */
  windows: WindowRun;
}

/** What Apply did: the test documents' steps, then the endpoint test documents' ones. */
export type FolderApplyResult = ApplyResult & { endpoint?: EndpointApplyResult };

export class PlanCommands {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly bindings: BindingWriter,
    private readonly results: ResultsDocuments,
    private readonly prompts: Prompts,
    /** The account's enterprise agents, for documents that name agents (agentName). */
    private readonly agents: () => Promise<readonly CatalogAgent[]>,
    /** After Apply: Run Now or Show Results of the tests it created or updated. */
    private readonly next: NextStepOffer,
    /** Where the rules test documents name but the plan could not resolve are marked. */
    private readonly ruleNames?: RuleNameDiagnostics,
  ) {}

  /** Computes the plan for `folder` (or a picked one), or for one test document, and shows it. */
  async plan(
    argument?: unknown,
  ): Promise<{ plan: Plan; endpoint: EndpointFolderPlan; document: vscode.TextDocument } | undefined> {
    const scope = await scopeFrom(argument);
    if (!scope) return undefined;
    const run = await this.compute(scope, new AbortController().signal);
    // A language of its own: create / update / delete coloured, long lines wrapped (configurationDefaults).
    const results =
      (await run.target.client.apiVersion()) === 'v6'
        ? ''
        : planResultsSection(run.plan, (uri) => vscode.workspace.asRelativePath(vscode.Uri.parse(uri)));
    // One tab per planned folder or document, named for it: planning it again replaces its plan.
    const planned = plannedName(scope.document ?? scope.folder);
    const document = await this.results.show(
      `plan of ${planned}.netmon-plan`,
      `${this.planText(run)}${results}`,
      'netmon-plan',
      true,
    );
    return { plan: run.plan, endpoint: run.endpoint, document };
  }

  /**
   * Computes the plan of a folder (or of one test document), asks (every step listed), then
   * applies what the user chose, journaled as netmon apply journals it (its tests are ours).
   */
  async apply(argument?: unknown): Promise<FolderApplyResult | undefined> {
    requireTrustedWorkspace('Apply');
    const scope = await scopeFrom(argument, 'Apply this folder');
    if (!scope) return undefined;
    const run = await withNotificationProgress('Netmon: planning…', (_, signal) => this.compute(scope, signal));
    if (total(run) === 0 && run.bindings.length === 0) {
      void showInfo(
        `Nothing to apply: the tests of ${vscode.workspace.asRelativePath(run.document ?? run.folder)} match ` +
          'what is deployed.',
      );
      return { completed: [], declined: [], cancelled: false };
    }
    const allowDeletes = await this.confirmApply(run);
    if (allowDeletes === undefined) return undefined;
    const { journal } = run;
    const bound = new Map<string, number>();
    return withNotificationProgress('Netmon: applying the plan', async (progress, signal) => {
      await writeRecoveredBindings(run, this.bindings, bound);
      const executor = journaledExecutor(this.executor(run.target, signal, bound), journal, {
        plan: run.plan,
        deployed: run.deployed,
        typeOf: (request) => lib().testRequestTarget(request).type,
      });
      const result = await lib().applyPlan(run.plan, executor, {
        confirmDestructive: () => Promise.resolve(allowDeletes),
        onProgress: (done, _enterprise, step) =>
          progress.report({
            increment: 100 / total(run),
            message: `${done}/${total(run)} ${step.action} "${untrustedLine(step.testName)}"`,
          }),
        signal,
      });
      await this.forgetRemovedDocuments(run.target, result);
      const endpoint =
        result.failed || result.cancelled
          ? undefined
          : await applyEndpointPlan(run.target, run.endpoint, this.bindings, {
              allowDestructive: allowDeletes,
              signal,
              journal,
              onStep: (step) =>
                progress.report({
                  increment: 100 / total(run),
                  message: `endpoint ${step.action} "${untrustedLine(step.testName)}"`,
                }),
            });
      // Alert rules last: the tests they watch exist by then.
      const rules =
        result.failed || result.cancelled || endpoint?.failed || endpoint?.cancelled
          ? undefined
          : await lib().applyRuleSteps(run.rules.plan?.steps ?? [], run.target.client, {
              aid: run.target.requestAid,
              signal,
              // A rule a new test's document names watches it by the id its create gave.
              createdTest: (uri) => bound.get(uri),
            });
      // Suppression windows after the rules, as netmon apply runs them.
      const windows =
        !rules || rules.failed
          ? undefined
          : await lib().applyWindowSteps(run.windows.plan?.steps ?? [], run.target.client, {
              aid: run.target.requestAid,
              signal,
              createdTest: (uri) => bound.get(uri),
            });
      const outcome = merged(result, endpoint, rules, windows);
      if (outcome.failed || outcome.cancelled) report(outcome);
      else
        void this.next.offer(
          appliedText(run.bindings, outcome.completed.length + outcome.declined.length, appliedMessage(outcome)),
          run.target.client,
          writtenTests(result, bound, run.bindings),
        );
      return { ...result, ...(endpoint ? { endpoint } : {}) };
    });
  }

  /** true: apply all; false: all but deletes and replaces; undefined: nothing. */
  private async confirmApply(run: PlanRun): Promise<boolean | undefined> {
    const destructive = [...run.plan.steps, ...(run.endpoint.plan?.steps ?? [])].filter(
      (s) => s.action === 'delete' || s.action === 'replace',
    );
    const withoutDeletesNote =
      destructive.length > 0 ? '\n"Apply Without Deletes" skips the deletes and replaces; their data stays.' : '';
    const detail = `${this.planText(run)}${this.unverifiedBindings(run)}${withoutDeletesNote}`;
    const message = confirmQuestion(total(run), run.bindings.length, run.target.groupLabel, destructive.length);
    const answer =
      destructive.length > 0
        ? await this.prompts.confirm(message, detail, 'Apply', 'Apply Without Deletes')
        : await this.prompts.confirm(message, detail, 'Apply');
    return answer === 'Apply' ? true : answer === 'Apply Without Deletes' ? false : undefined;
  }

  /** Steps on tests a document names but this machine never bound: the document alone says the test is its. */
  private unverifiedBindings(run: PlanRun): string {
    const { connectionKey, aidKey } = run.target;
    // A recovered binding is this machine's own (its journal): listed with the bindings, not here.
    const unverified = run.plan.steps.filter(
      (step) =>
        step.action !== 'create' &&
        step.uri !== undefined &&
        !run.bindings.some((b) => b.uri === step.uri) &&
        !this.bindings.isConfirmed(vscode.Uri.parse(step.uri), connectionKey, aidKey, step.testId),
    );
    if (unverified.length === 0) return '';
    const lines = unverified.map(
      (step) =>
        `• ${step.action} test ${'testId' in step ? step.testId : ''} ` +
        `(${lib().quotedTestName(step.testName)}) from ` +
        `${vscode.workspace.asRelativePath(vscode.Uri.parse(step.uri ?? ''))}`,
    );
    return (
      '\nNot verified: these bindings came with the documents, not from this machine; make sure each is the ' +
      `test you mean:\n${lines.join('\n')}\n`
    );
  }

  private async compute(scope: PlanScopeArgument, signal: AbortSignal): Promise<PlanRun> {
    const { folder } = scope;
    const target = deployTarget(this.connection);
    const found = scope.document ? await readDocuments([scope.document]) : await readFolder(folder);
    const { included, excluded } = scope.document ? { included: found, excluded: [] } : leaveOutExamples(folder, found);
    const documents = included.filter(
      (d) => !isEndpointDocument(d.uri) && !isAlertRuleFile(d.uri) && !isSuppressionWindowFile(d.uri),
    );
    const { deployed, source } = await this.deployed(target, signal);
    // A left-out document is not a removed one: its test is not planned for deletion.
    const present = new Set(found.map((d) => d.uri));
    const inFolder = (uri: string): boolean => !scope.document && uri.startsWith(`${folder.toString()}/`);
    const previousBindings = Object.entries(this.bindings.remembered(target.connectionKey, target.aidKey))
      .filter(([uri]) => inFolder(uri) && !present.has(uri) && !isEndpointDocument(uri))
      .map(([uri, testId]) => ({ uri, testId }));
    const journal = new JournalFile(
      journalPath(process.env, { serviceKey: target.connectionKey, aidKey: target.aidKey }),
    );
    const input = {
      documents,
      deployed,
      connectionKey: target.connectionKey,
      aid: target.aidKey,
      previousBindings,
      agents: await this.agents(),
      // As netmon plan: on v7 a field the service updates in place is an update, not a replace.
      apiVersion: await target.client.apiVersion(),
    };
    const { plan: computed, bindings } = withRecoveredCreates(input, journal.read());
    // One document's plan is about that document: the account's other tests are not news.
    const plan = scope.document ? { ...computed, unmanaged: [] } : computed;
    const endpoint = await planEndpointDocuments(
      target,
      included.filter((d) => isEndpointDocument(d.uri)),
      signal,
    );
    // After the test plan: a test document that names rules binds the test the plan leaves (or creates).
    const rules = await lib().planRuleRun(
      target.client,
      included.filter((d) => isAlertRuleFile(d.uri)),
      lib().testNames(deployed),
      { aid: target.requestAid, signal },
      lib().testRuleNames(documents, computed),
    );
    this.ruleNames?.show(documents, rules.plan?.namingProblems ?? []);
    const windows = await lib().planWindowRun(
      target.client,
      included.filter((d) => isSuppressionWindowFile(d.uri)),
      lib().testNames(deployed),
      { aid: target.requestAid, signal },
      lib().pendingTests(computed),
    );
    return {
      rules,
      windows,
      folder,
      document: scope.document,
      target,
      plan,
      endpoint,
      source,
      deployed,
      journal,
      bindings,
      excluded: excluded.map((d) => vscode.workspace.asRelativePath(vscode.Uri.parse(d.uri))).sort(),
    };
  }

  /** The service's list when it has one; else what this workspace last deployed. */
  private async deployed(
    target: DeployTarget,
    signal: AbortSignal,
  ): Promise<{ deployed: DeployedTest[]; source: string }> {
    try {
      return {
        deployed: (await lib().listDeployedTests(target.client, undefined, signal)).map((test) =>
          lib().toDeployedTest(test),
        ),
        source: 'the tests the service lists',
      };
    } catch (error) {
      if (!isNetmonError(error) || error.kind !== 'not-found')
        throw new Error(errorText('Listing the deployed tests (GET /v7/tests)', error));
      const deployed = this.bindings.deployments.list(target.connectionKey, target.aidKey);
      return {
        deployed,
        source:
          'what this workspace last deployed (the service does not list tests; changes made elsewhere are not seen)',
      };
    }
  }

  private planText(run: PlanRun): string {
    const name = (uri: string): string => vscode.workspace.asRelativePath(vscode.Uri.parse(uri));
    const rules = [...lib().ruleSection(run.rules, name), ...lib().windowSection(run.windows, name)];
    return (
      `${bindingsText(run.bindings)}${renderPlan(run.plan, this.describe(run))}${endpointPlanText(run.endpoint)}` +
      rules.map((line) => `${line}\n`).join('')
    );
  }

  private describe(run: PlanRun): string {
    const left = excludedLine(run.excluded, PLAN_EXCLUDED_FOLDERS_SETTING);
    return (
      `${vscode.workspace.asRelativePath(run.document ?? run.folder)} on ${run.target.connectionKey}, ` +
      `${run.target.groupLabel}\nCompared with ${run.source}.${left ? `\n${left}` : ''}`
    );
  }

  /** `bound`: each document's new binding, as Apply writes it. */
  private executor(target: DeployTarget, signal: AbortSignal, bound: Map<string, number>): PlanExecutor {
    const options = { aid: target.requestAid, signal };
    const records = this.bindings.deployments;
    const { connectionKey, aidKey } = target;
    return {
      create: async (request) => {
        const response = await target.client.createTest(lib().testRequestTarget(request).type, request.body, options);
        await records.record(connectionKey, aidKey, response);
        return response.testId;
      },
      update: async (request) => {
        const { type, testId } = lib().testRequestTarget(request);
        await records.record(
          connectionKey,
          aidKey,
          await target.client.updateTest(type, testId, request.body, options),
        );
      },
      delete: async (request) => {
        const { type, testId } = lib().testRequestTarget(request);
        await target.client.deleteTest(type, testId, options);
        await records.forget(connectionKey, aidKey, testId);
      },
      bind: async (uri, testId) => {
        await this.bindings.bind(vscode.Uri.parse(uri), target.connectionKey, target.aidKey, testId);
        if (testId === undefined) bound.delete(uri);
        else bound.set(uri, testId);
      },
    };
  }

  private async forgetRemovedDocuments(target: DeployTarget, result: ApplyResult): Promise<void> {
    for (const step of result.completed) {
      if (step.action === 'delete' && step.reason === 'document-removed' && step.uri)
        await this.bindings.forget(target.connectionKey, target.aidKey, step.uri);
    }
  }
}

function total(run: PlanRun): number {
  return (
    run.plan.steps.length +
    (run.endpoint.plan?.steps.length ?? 0) +
    (run.rules.plan?.steps.length ?? 0) +
    (run.windows.plan?.steps.length ?? 0)
  );
}
