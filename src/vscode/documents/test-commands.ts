// Create / Update / Delete of the enterprise test a document describes. Each asks first in
// a modal: Create shows what will be deployed; Update and Delete show the test as the
// service has it now (not as the document describes it) and the change. A binding this
// machine did not write is said to be unverified in that dialog.
import * as vscode from 'vscode';
import type { ApiVersion } from '../../api/client';
import type { CatalogAgent, FieldChange } from '../../documents';
import type { ConnectionManager } from '../connection/connection-manager';
import { errorText, isCancellation, isNetmonError } from '../errors';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import { showInfo, withNotificationProgress } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { BindingWriter } from './bindings';
import { checkedValue, DocumentProblem } from './checked';
import { documentsLibrary as lib } from './library';
import { describeTest, fetchLiveTest, type LiveTest } from './live-test';
import type { NextStepOffer } from './offer-next';
import { deployTarget, type DeployTarget } from './target';
import {
  consentedChange,
  createChange,
  oneLineUpdate,
  planAgainst,
  updateChange,
  updateChanges,
  type LensConsent,
} from './lens-consent';

export interface TestCommandResult {
  testId: number;
}

const GO_TO_PROBLEM = 'Show in Document';

interface Bound {
  document: vscode.TextDocument;
  text: string;
  target: DeployTarget;
  testId: number;
  verified: boolean;
}

export class TestCommands {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly bindings: BindingWriter,
    private readonly prompts: Prompts,
    private readonly changed: () => void,
    /** The account's enterprise agents, for documents that name agents (agentName). */
    private readonly agents: () => Promise<readonly CatalogAgent[]>,
    /** A fresh token from the lens that showed this exact write stands for the modal. */
    private readonly consent: LensConsent,
    /** After a write: Run Now or Show Results of the test written. */
    private readonly next: NextStepOffer,
  ) {}

  /** The document's value with named agents given their ids, and what was resolved, for the dialog. */
  private async withAgentIds(value: unknown): Promise<{ value: unknown; named: string }> {
    if (!lib().namesAgents(value)) return { value, named: '' };
    const resolution = lib().resolveAgentNames(value, await this.agents());
    if (resolution.problems.length > 0)
      throw new Error(`${resolution.problems.map((p) => p.message).join('; ')}; fix the document first`);
    return {
      value: resolution.value,
      named: `\n${resolution.resolved.map((r) => `Agent "${r.agentName}" → ${r.agentId}`).join('\n')}`,
    };
  }

  /** `lensToken`: from the Create lens only; anything else asks in the modal. */
  create(argument?: unknown, lensToken?: unknown): Promise<TestCommandResult | undefined> {
    return this.run('Creating the test', argument, async (document, text) => {
      const target = deployTarget(this.connection, text);
      const bound = lib().readBinding(text, target.connectionKey, target.aidKey);
      if (bound !== undefined)
        throw new Error(
          `this document is already bound to test ${bound} in ${target.groupLabel}: use Update, or Delete it first`,
        );
      const { value, named } = await this.withAgentIds(checkedValue('test', document, text));
      const type = lib().testTypeOf(value);
      const request = lib().testCreateRequest(value);
      const title = createChange(text, target);
      const consented = this.consent.take(
        lensToken,
        document.uri,
        document.version,
        'create',
        title && consentedChange(target, title),
      );
      const answer = consented
        ? 'Create'
        : await this.prompts.confirm(
            `Create test "${request.body.testName}" in ${target.groupLabel}?`,
            `${describeTest({ ...request.body, agents: request.body.agents ?? [], type })}${named}\n\nOn ` +
              `${target.connectionKey}. The agents start running it at the next interval.`,
            'Create',
          );
      if (answer !== 'Create') return undefined;
      const response = await progress(`Creating "${request.body.testName}"…`, (signal) =>
        target.client.createTest(type, request.body, { aid: target.requestAid, signal }),
      );
      const testId = response.testId;
      await this.bindings.deployments.record(target.connectionKey, target.aidKey, response);
      await this.bindings.bind(document.uri, target.connectionKey, target.aidKey, testId);
      void this.next.offer(
        `Created test "${request.body.testName}" (${testId}) in ${target.groupLabel}.`,
        target.client,
        [{ testId, testName: request.body.testName, document: document.uri }],
      );
      return { testId };
    });
  }

  /**
   * `lensToken`: from the Update lens only; it stands for the modal while the live test is still what was last
   * deployed.
   */
  update(argument?: unknown, lensToken?: unknown): Promise<TestCommandResult | undefined> {
    return this.run('Updating the test', argument, async (document, text) => {
      const bound = this.bound(document, text);
      const { value } = await this.withAgentIds(checkedValue('test', document, text));
      const type = lib().testTypeOf(value);
      const apiVersion = await bound.target.client.apiVersion();
      const shown = await this.lensUpdate(bound, apiVersion);
      const tokenValid = this.consent.take(
        lensToken,
        document.uri,
        document.version,
        'update',
        shown && consentedChange(bound.target, shown),
      );
      const live = await this.live(bound);
      if (live.gone) return this.boundTestGone(bound, live.source);
      const agents = await this.agents();
      const plan = live.test && planAgainst(document.uri, text, live.test, bound.target, agents, apiVersion);
      const step = plan ? plan.steps[0] : undefined;
      const changes = step && 'changes' in step ? step.changes : [];
      // On v7 the plan's update also carries the fields v7 changes in place (a url); v6 changes the three it can.
      const request = lib().testUpdateRequest(
        value,
        bound.testId,
        step?.action === 'update' ? { ...step.request.body } : {},
      );
      const sent = new Set(Object.keys(request.body));
      // The click consented to the change against the record; the live test must not have drifted from it.
      const liveChanges = plan && oneLineUpdate(plan);
      const consented = tokenValid && liveChanges !== undefined && updateChange(liveChanges) === shown;
      const answer = consented
        ? 'Update'
        : await this.prompts.confirm(
            `Update test ${quotedLiveName(live, bound.testId)} in ${bound.target.groupLabel}?`,
            updateDetail(bound, live, changes, sent),
            'Update',
          );
      if (answer !== 'Update') return undefined;
      let response;
      try {
        response = await progress(`Updating test ${bound.testId}…`, (signal) =>
          bound.target.client.updateTest(type, bound.testId, request.body, { aid: bound.target.requestAid, signal }),
        );
      } catch (error) {
        // Gone since the dialog (or the service does not list tests): the same way out as above.
        if (isNetmonError(error) && error.kind === 'not-found')
          return this.boundTestGone(bound, `the service answered ${error.message}`);
        throw error;
      }
      await this.bindings.deployments.record(bound.target.connectionKey, bound.target.aidKey, response);
      await this.bindings.confirmBinding(document.uri, bound.target.connectionKey, bound.target.aidKey, bound.testId);
      void this.next.offer(`Updated test "${request.body.testName}" (${bound.testId}).`, bound.target.client, [
        { testId: bound.testId, testName: String(response.testName ?? request.body.testName), document: document.uri },
      ]);
      return { testId: bound.testId };
    });
  }

  /**
   * The Update lens's title for this binding, as the lens computed it: against this machine's record, verified bindings
   * only.
   */
  private async lensUpdate(bound: Bound, apiVersion: ApiVersion): Promise<string | undefined> {
    if (!bound.verified) return undefined;
    const record = this.bindings.deployments
      .list(bound.target.connectionKey, bound.target.aidKey)
      .find((test) => test.testId === bound.testId);
    const agents = await this.agents();
    const changes = record && updateChanges(bound.document.uri, bound.text, record, bound.target, agents, apiVersion);
    return changes && updateChange(changes);
  }

  delete(argument?: unknown): Promise<TestCommandResult | undefined> {
    return this.run('Deleting the test', argument, async (document, text) => {
      const bound = this.bound(document, text);
      const value = lib().parseDocument(text).value;
      const type = lib().testTypeOf(value);
      const live = await this.live(bound);
      if (live.gone) return this.boundTestGone(bound, live.source);
      const documentName = (value as Record<string, unknown> | undefined)?.['testName'];
      const answer = await this.prompts.confirm(
        `Delete test ${quotedLiveName(live, bound.testId)} from ${bound.target.groupLabel}?`,
        deleteDetail(bound, live, documentName),
        'Delete',
      );
      if (answer !== 'Delete') return undefined;
      const deleteType = live.test && lib().isEnterpriseTestType(live.test.type) ? live.test.type : type;
      await progress(`Deleting test ${bound.testId}…`, (signal) =>
        bound.target.client.deleteTest(deleteType, bound.testId, { aid: bound.target.requestAid, signal }),
      );
      await this.bindings.deployments.forget(bound.target.connectionKey, bound.target.aidKey, bound.testId);
      await this.bindings.bind(document.uri, bound.target.connectionKey, bound.target.aidKey, undefined);
      void showInfo(`Deleted test ${quotedLiveName(live, bound.testId)}.`);
      return { testId: bound.testId };
    });
  }

  /**
   * The document is bound to a test the service no longer has (deleted elsewhere, or an undo
   * after Delete brought the binding back): Update cannot help. Unbind, or create it anew.
   */
  private async boundTestGone(bound: Bound, why: string): Promise<TestCommandResult | undefined> {
    const { connectionKey, aidKey, groupLabel } = bound.target;
    const answer = await this.prompts.confirm(
      `Test ${bound.testId} no longer exists in ${groupLabel}`,
      `${capitalize(why)}. The document is still bound to it (an undo after Delete brings a binding back).\n\n` +
        '"Create Anew" deploys the document as a new test and binds it; ' +
        '"Unbind" only removes the binding from the document.',
      'Create Anew',
      'Unbind',
    );
    if (answer === undefined) return undefined;
    await this.bindings.deployments.forget(connectionKey, aidKey, bound.testId);
    await this.bindings.bind(bound.document.uri, connectionKey, aidKey, undefined);
    if (answer === 'Create Anew') return this.create(bound.document.uri);
    void showInfo(
      `${vscode.workspace.asRelativePath(bound.document.uri)} is no longer bound to test ${bound.testId}; ` +
        'Create deploys it again.',
    );
    return undefined;
  }

  private bound(document: vscode.TextDocument, text: string): Bound {
    const target = deployTarget(this.connection, text);
    const testId = lib().readBinding(text, target.connectionKey, target.aidKey);
    if (testId === undefined)
      throw new Error(
        `this document is not bound to a test in ${target.groupLabel} on this connection: use Create first`,
      );
    return {
      document,
      text,
      target,
      testId,
      verified: this.bindings.isConfirmed(document.uri, target.connectionKey, target.aidKey, testId),
    };
  }

  private async live(bound: Bound): Promise<LiveTest> {
    return await progress(`Reading test ${bound.testId} from the service…`, (signal) =>
      fetchLiveTest(bound.target, bound.testId, this.bindings.deployments, signal),
    );
  }

  /** A problem in the document offers to go to it: the message names it, the button shows it. */
  private async reportFailure(described: string, error: unknown): Promise<void> {
    const message = errorText(described, error);
    if (!(error instanceof DocumentProblem)) {
      await this.prompts.fail(message);
      return;
    }
    if ((await this.prompts.fail(message, GO_TO_PROBLEM)) !== GO_TO_PROBLEM) return;
    const editor = await vscode.window.showTextDocument(error.uri);
    editor.selection = new vscode.Selection(error.range.start, error.range.end);
    editor.revealRange(error.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  /** Failures become one message naming the document, what failed and what to do. */
  private async run<T>(
    what: string,
    argument: unknown,
    work: (document: vscode.TextDocument, text: string) => Promise<T>,
  ): Promise<T | undefined> {
    let described = what;
    try {
      requireTrustedWorkspace(what);
      const document = await workspaceDocument(argument);
      described = `${what} of ${vscode.workspace.asRelativePath(document.uri)}`;
      return await work(document, document.getText());
    } catch (error) {
      if (!isCancellation(error)) void this.reportFailure(described, error);
      return undefined;
    } finally {
      this.changed();
    }
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function progress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return withNotificationProgress(title, (_progress, signal) => work(signal));
}

function quotedLiveName(live: LiveTest, testId: number): string {
  return live.test ? `"${live.test.testName}" (${testId})` : String(testId);
}

function trustLine(bound: Bound): string {
  return bound.verified
    ? ''
    : `\n\nThe binding to test ${bound.testId} was written in the document, not by this machine: make sure ` +
        'this is the test you mean.';
}

function nowLine(live: LiveTest): string {
  return live.test ? `Now (${live.source}): ${describeTest(live.test)}` : `Now: ${live.source}.`;
}

/** `sent`: the fields an update carries (the request builder decides); other changes need a replace. */
function updateDetail(
  bound: Bound,
  live: LiveTest,
  changes: readonly FieldChange[],
  sent: ReadonlySet<string>,
): string {
  const change = !live.test
    ? "Update sends the document's testName, interval and agents."
    : changes.length === 0
      ? "No change: the service already has the document's values."
      : `Changes:\n${changes.map((c) => `  ${c.field}: ${formatValue(c.from)} → ${formatValue(c.to)}`).join('\n')}`;
  const fixed = changes.filter((c) => !sent.has(c.field));
  const replaceNote =
    fixed.length > 0
      ? `\n\nUpdate cannot change ${fixed.map((c) => c.field).join(', ')}: use Plan / Apply to replace the test.`
      : '';
  return `${nowLine(live)}\n\n${change}${replaceNote}${trustLine(bound)}`;
}

function deleteDetail(bound: Bound, live: LiveTest, documentName: unknown): string {
  const named = typeof documentName === 'string' ? `\nThe document calls it "${documentName}".` : '';
  return (
    `${nowLine(live)}${named}\n\nThe test and its data are removed from the account. The document stays; its ` +
    `binding is removed.${trustLine(bound)}`
  );
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? 'none');
}
