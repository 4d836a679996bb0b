// Plan / Apply for a folder of test documents, like `terraform plan` / `apply`: Plan
// shows creates, updates, replaces and deletes in a read-only document; Apply runs them
// with progress, stops at the first failure (each finished step has already written its
// binding) and never deletes without a modal confirmation.
import * as vscode from 'vscode';
import type { EnterpriseTestType } from '../../api/types';
import type { ApiRequest, ApplyResult, DeployedTest, Plan, PlanDocument, PlanExecutor, PlanStep } from '../../documents';
import { documentsLibrary as lib } from './library';
import { errorText, isNetmonError } from '../errors';
import type { BindingWriter } from './bindings';
import { listDeployedTests, toDeployedTest } from './catalog';
import type { ResultsDocuments } from './results';
import { deployTarget, optionsFrom, type DeployTarget } from './target';
import type { ConnectionManager } from '../connection/connection-manager';
import { renderPlan } from './plan-text';

export interface PlanRun { folder: vscode.Uri; target: DeployTarget; plan: Plan; source: string }

export class PlanCommands {
  constructor(private readonly connection: ConnectionManager, private readonly bindings: BindingWriter, private readonly results: ResultsDocuments) {}

  /** Computes the plan for `folder` (or a picked one) and shows it. */
  async plan(argument?: unknown): Promise<{ plan: Plan; document: vscode.TextDocument } | undefined> {
    const folder = await folderFrom(argument);
    if (!folder) return undefined;
    const run = await this.compute(folder, new AbortController().signal);
    const document = await this.results.show('plan.txt', renderPlan(run.plan, this.describe(run)), 'plaintext');
    return { plan: run.plan, document };
  }

  /** `options.confirm`: true/false answers the delete confirmation without asking (tests). */
  async apply(argument?: unknown, options?: unknown): Promise<ApplyResult | undefined> {
    const folder = await folderFrom(argument);
    if (!folder) return undefined;
    const preset = optionsFrom(options)['confirm'];
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Netmon: applying the plan', cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        const run = await this.compute(folder, controller.signal);
        if (run.plan.steps.length === 0) {
          void vscode.window.showInformationMessage(`Nothing to apply: the tests of ${vscode.workspace.asRelativePath(folder)} match what is deployed.`);
          return { completed: [], declined: [], cancelled: false };
        }
        const result = await lib().applyPlan(run.plan, this.executor(run.target, controller.signal), {
          confirmDestructive: (steps) => (typeof preset === 'boolean' ? Promise.resolve(preset) : confirmDeletes(steps)),
          onProgress: (done, total, step) => progress.report({ increment: 100 / total, message: `${done}/${total} ${step.action} "${step.testName}"` }),
          signal: controller.signal,
        });
        await this.forgetRemovedDocuments(run.target, result);
        report(result);
        return result;
      } finally {
        subscription.dispose();
      }
    });
  }

  private async compute(folder: vscode.Uri, signal: AbortSignal): Promise<PlanRun> {
    const target = deployTarget(this.connection);
    const documents = await readFolder(folder);
    const { deployed, source } = await this.deployed(target, signal);
    const present = new Set(documents.map((d) => d.uri));
    const inFolder = (uri: string): boolean => uri.startsWith(`${folder.toString()}/`);
    const previousBindings = Object.entries(this.bindings.remembered(target.connectionKey, target.aidKey))
      .filter(([uri]) => inFolder(uri) && !present.has(uri))
      .map(([uri, testId]) => ({ uri, testId }));
    const plan = lib().computePlan({ documents, deployed, connectionKey: target.connectionKey, aid: target.aidKey, previousBindings });
    return { folder, target, plan, source };
  }

  /** The service's list when it has one; else what this workspace last deployed. */
  private async deployed(target: DeployTarget, signal: AbortSignal): Promise<{ deployed: DeployedTest[]; source: string }> {
    try {
      return { deployed: (await listDeployedTests(target.client, undefined, signal)).map(toDeployedTest), source: 'the tests the service lists' };
    } catch (error) {
      if (!isNetmonError(error) || error.kind !== 'not-found') throw new Error(errorText('Listing the deployed tests (GET /v7/tests)', error));
      const deployed = this.bindings.deployments.list(target.connectionKey, target.aidKey);
      return { deployed, source: 'what this workspace last deployed (the service does not list tests; changes made elsewhere are not seen)' };
    }
  }

  private describe(run: PlanRun): string {
    return `${vscode.workspace.asRelativePath(run.folder)} on ${run.target.connectionKey}, ${run.target.groupLabel}\nCompared with ${run.source}.`;
  }

  private executor(target: DeployTarget, signal: AbortSignal): PlanExecutor {
    const options = { aid: target.requestAid, signal };
    const records = this.bindings.deployments;
    const { connectionKey, aidKey } = target;
    return {
      create: async (request) => {
        const response = await target.client.createTest(testPath(request).type, request.body, options);
        const testId = response.test[0]?.testId;
        if (testId === undefined) throw new Error(`creating "${request.body.testName}": the service answered without a testId`);
        await records.record(connectionKey, aidKey, response.test[0]);
        return testId;
      },
      update: async (request) => {
        const { type, testId } = testPath(request);
        await records.record(connectionKey, aidKey, (await target.client.updateTest(type, testId, request.body, options)).test[0]);
      },
      delete: async (request) => {
        const { type, testId } = testPath(request);
        await target.client.deleteTest(type, testId, options);
        await records.forget(connectionKey, aidKey, testId);
      },
      bind: (uri, testId) => this.bindings.bind(vscode.Uri.parse(uri), target.connectionKey, target.aidKey, testId),
    };
  }

  private async forgetRemovedDocuments(target: DeployTarget, result: ApplyResult): Promise<void> {
    for (const step of result.completed) {
      if (step.action === 'delete' && step.reason === 'document-removed' && step.uri) await this.bindings.forget(target.connectionKey, target.aidKey, step.uri);
    }
  }
}

function testPath(request: ApiRequest<unknown>): { type: EnterpriseTestType; testId: number } {
  const [, , , type, id] = request.path.split('/');
  return { type: type as EnterpriseTestType, testId: Number(id) };
}

async function confirmDeletes(steps: readonly PlanStep[]): Promise<boolean> {
  const lines = steps.map((s) => `${s.action === 'replace' ? 'Replace' : 'Delete'} "${s.testName}" (${'testId' in s ? s.testId : ''})`);
  const answer = await vscode.window.showWarningMessage(
    `Apply deletes ${steps.length} deployed test${steps.length === 1 ? '' : 's'}. Delete them?`,
    { modal: true, detail: `${lines.join('\n')}\n\nTheir data is removed from the account. "Skip Deletes" applies the rest.` },
    'Delete', 'Skip Deletes',
  );
  return answer === 'Delete';
}

function report(result: ApplyResult): void {
  const done = `${result.completed.length} step${result.completed.length === 1 ? '' : 's'} applied`;
  const declined = result.declined.length > 0 ? `; ${result.declined.length} delete/replace step(s) skipped` : '';
  if (result.failed) {
    const { step, error } = result.failed;
    void vscode.window.showErrorMessage(`${done}; then ${errorText(`${step.action} of "${step.testName}"`, error)} Apply stopped there; finished steps are recorded in their documents.`);
  } else if (result.cancelled) {
    void vscode.window.showWarningMessage(`${done}; cancelled before the rest. Finished steps are recorded in their documents.`);
  } else {
    void vscode.window.showInformationMessage(`${done}${declined}.`);
  }
}

async function folderFrom(argument: unknown): Promise<vscode.Uri | undefined> {
  if (argument instanceof vscode.Uri) return argument;
  if (typeof argument === 'string') return vscode.Uri.parse(argument);
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: 'Plan this folder',
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri, title: 'Folder of .netmon-test.json documents',
  });
  return picked?.[0];
}

async function readFolder(folder: vscode.Uri): Promise<PlanDocument[]> {
  const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*.netmon-test.json'), '**/node_modules/**');
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  return Promise.all(uris.map(async (uri) => {
    // Unsaved edits count; otherwise the file on disk (an open model may lag behind it).
    const document = open.get(uri.toString());
    const text = document?.isDirty ? document.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    return { uri: uri.toString(), text };
  }));
}
