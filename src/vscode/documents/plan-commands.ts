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
  PlanDocument,
  PlanExecutor,
  PlannedBinding,
  RuleRun,
  RuleStepsResult,
} from '../../documents';
import { documentsLibrary as lib } from './library';
import { errorText, isNetmonError } from '../errors';
import type { BindingWriter } from './bindings';
import type { ResultsDocuments } from './results';
import { deployTarget, type DeployTarget } from './target';
import { requireTrustedWorkspace, workspaceUri } from '../ui/arguments';
import { showError, showInfo, showWarning, withNotificationProgress } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { ConnectionManager } from '../connection/connection-manager';
import { renderPlan } from './plan-text';
import { planResultsSection } from './plan-results';
import { documentKindOf } from '../../documents/kinds';
import { DEFAULT_PLAN_EXCLUDED_FOLDERS, excludedLine, planScope } from '../../documents/plan-scope';
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
import type { NextStepOffer, WrittenTest } from './offer-next';
import { isAlertRuleFile } from './alert-rule-files';

/** A folder's documents, or (from a document's lens or title action) one document. */
interface PlanScopeArgument {
  folder: vscode.Uri;
  document?: vscode.Uri;
}

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
}

/** What Apply did: the test documents' steps, then the endpoint test documents' ones. */
export type FolderApplyResult = ApplyResult & { endpoint?: EndpointApplyResult };

export const PLAN_EXCLUDED_FOLDERS_SETTING = 'netmon.plan.excludedFolders';

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
            });
      const outcome = merged(result, endpoint, rules);
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
    const documents = included.filter((d) => !isEndpointDocument(d.uri) && !isAlertRuleFile(d.uri));
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
    const rules = await lib().planRuleRun(
      target.client,
      included.filter((d) => isAlertRuleFile(d.uri)),
      lib().testNames(deployed),
      { aid: target.requestAid, signal },
    );
    return {
      rules,
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
    const rules = lib().ruleSection(run.rules, (uri) => vscode.workspace.asRelativePath(vscode.Uri.parse(uri)));
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
  return run.plan.steps.length + (run.endpoint.plan?.steps.length ?? 0) + (run.rules.plan?.steps.length ?? 0);
}

/** Both parts as one outcome: what finished, what was declined, the first failure. */
function merged(
  result: ApplyResult,
  endpoint: EndpointApplyResult | undefined,
  rules?: RuleStepsResult,
): Pick<ApplyResult, 'cancelled'> & {
  completed: unknown[];
  declined: unknown[];
  failed?: { step: { action: string; testName: string }; error: unknown };
} {
  if (!endpoint) return result;
  const ruleFailed = rules?.failed && { step: { ...rules.failed.step, testName: rules.failed.step.ruleName } };
  return {
    completed: [...result.completed, ...endpoint.completed, ...(rules?.completed ?? [])],
    declined: [...result.declined, ...endpoint.declined],
    failed: endpoint.failed ?? (ruleFailed && { ...ruleFailed, error: rules?.failed?.error }),
    cancelled: endpoint.cancelled,
  };
}

function appliedMessage(result: ReturnType<typeof merged>): string {
  const declined = result.declined.length > 0 ? `; ${result.declined.length} delete/replace step(s) skipped` : '';
  return `${stepsDone(result)}${declined}.`;
}

function stepsDone(result: ReturnType<typeof merged>): string {
  return `${result.completed.length} step${result.completed.length === 1 ? '' : 's'} applied`;
}

/**
 * The enterprise tests Apply bound (recovered), created, replaced or updated, each once (the ids of new ones as their
 * documents were bound).
 */
function writtenTests(
  result: ApplyResult,
  bound: ReadonlyMap<string, number>,
  recovered: readonly PlannedBinding[],
): WrittenTest[] {
  const written = new Map<number, WrittenTest>(
    recovered.map((b) => [b.testId, { testId: b.testId, testName: b.testName }]),
  );
  for (const step of result.completed) {
    const testId =
      step.action === 'update'
        ? step.testId
        : step.action === 'delete' || step.uri === undefined
          ? undefined
          : bound.get(step.uri);
    if (testId !== undefined) written.set(testId, { testId, testName: step.testName });
  }
  return [...written.values()];
}

/** A failed or cancelled Apply: what finished, and what to do. */
function report(result: ReturnType<typeof merged>): void {
  const done = stepsDone(result);
  if (result.failed) {
    const { step, error } = result.failed;
    void showError(
      `${done}; then ${errorText(`${step.action} of "${step.testName}"`, error)} Apply stopped there; ` +
        'finished steps are recorded in their documents.',
    );
  } else {
    void showWarning(`${done}; cancelled before the rest. Finished steps are recorded in their documents.`);
  }
}

/** The folder a command works on: its argument (a workspace folder), else one the user picks. */
export async function folderFrom(argument: unknown, openLabel = 'Plan this folder'): Promise<vscode.Uri | undefined> {
  if (argument !== undefined) {
    const folder = workspaceUri(argument, 'a folder');
    if (!((await vscode.workspace.fs.stat(folder)).type & vscode.FileType.Directory))
      throw new Error(
        `${vscode.workspace.asRelativePath(folder)} is not a folder: this command works on a folder of ` +
          '.netmon-test.json documents',
      );
    return folder;
  }
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    canSelectMany: false,
    openLabel,
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    title: 'Folder of .netmon-test.json documents',
  });
  return picked?.[0];
}

/** A test document (from its lens or title action) is planned alone; anything else names a folder. */
/** What a plan's tab is named for: the path below the workspace, else the folder's or file's name. */
function plannedName(uri: vscode.Uri): string {
  const relative = vscode.workspace.asRelativePath(uri, false);
  const name = relative === uri.fsPath ? (uri.path.split('/').pop() ?? 'folder') : relative;
  return name.replace(/[/\\]/g, '-');
}

async function scopeFrom(argument: unknown, openLabel?: string): Promise<PlanScopeArgument | undefined> {
  if (argument instanceof vscode.Uri && documentKindOf(argument.path) === 'test') {
    const document = workspaceUri(argument, 'a test document');
    return { folder: vscode.Uri.joinPath(document, '..'), document };
  }
  const folder = await folderFrom(argument, openLabel);
  return folder && { folder };
}

/** The documents under example folders are left out unless the planned folder is inside one. */
function leaveOutExamples(
  folder: vscode.Uri,
  documents: PlanDocument[],
): { included: PlanDocument[]; excluded: PlanDocument[] } {
  const setting = vscode.workspace.getConfiguration().get<unknown>(PLAN_EXCLUDED_FOLDERS_SETTING);
  const names = Array.isArray(setting)
    ? setting.filter((name): name is string => typeof name === 'string')
    : DEFAULT_PLAN_EXCLUDED_FOLDERS;
  const prefix = `${folder.toString()}/`;
  return planScope(documents, (d) => (d.uri.startsWith(prefix) ? d.uri.slice(prefix.length) : d.uri), names);
}

async function readFolder(folder: vscode.Uri): Promise<PlanDocument[]> {
  return readDocuments(
    await vscode.workspace.findFiles(
      new vscode.RelativePattern(folder, '**/*.{netmon-test,netmon-endpoint-test,netmon-alert-rule}.json'),
      '**/node_modules/**',
    ),
  );
}

async function readDocuments(uris: readonly vscode.Uri[]): Promise<PlanDocument[]> {
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  return Promise.all(
    uris.map(async (uri) => {
      // Unsaved edits count; otherwise the file on disk (an open model may lag behind it).
      const document = open.get(uri.toString());
      const text = document?.isDirty
        ? document.getText()
        : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      return { uri: uri.toString(), text };
    }),
  );
}
