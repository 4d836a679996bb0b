// Create / Update / Delete of the enterprise test a document describes. Each writes or
// removes the document's binding; Delete asks first (modal, naming the test).
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/connection-manager';
import { errorText, isCancellation } from '../errors';
import { withCancellableProgress } from '../progress';
import type { BindingWriter } from './bindings';
import { documentsLibrary as lib } from './library';
import { deployTarget, documentFrom, optionsFrom } from './target';

export interface TestCommandResult { testId: number }

export class TestCommands {
  constructor(private readonly connection: ConnectionManager, private readonly bindings: BindingWriter, private readonly changed: () => void) {}

  create(argument?: unknown): Promise<TestCommandResult | undefined> {
    return this.run('Creating the test', argument, async (document, text, signal) => {
      const target = deployTarget(this.connection, text);
      const bound = lib().readBinding(text, target.connectionKey, target.aidKey);
      if (bound !== undefined) throw new Error(`this document is already bound to test ${bound} in ${target.groupLabel}: use Update, or Delete it first`);
      const value = checkedValue(document, text);
      const request = lib().testCreateRequest(value);
      const response = await target.client.createTest(lib().testTypeOf(value), request.body, { aid: target.requestAid, signal });
      const testId = response.test[0]?.testId;
      if (testId === undefined) throw new Error('the service answered without a testId');
      await this.bindings.deployments.record(target.connectionKey, target.aidKey, response.test[0]);
      await this.bindings.bind(document.uri, target.connectionKey, target.aidKey, testId);
      void vscode.window.showInformationMessage(`Created test "${request.body.testName}" (${testId}) in ${target.groupLabel}.`);
      return { testId };
    });
  }

  update(argument?: unknown): Promise<TestCommandResult | undefined> {
    return this.run('Updating the test', argument, async (document, text, signal) => {
      const target = deployTarget(this.connection, text);
      const testId = requireBinding(text, target.connectionKey, target.aidKey, target.groupLabel);
      const value = checkedValue(document, text);
      const request = lib().testUpdateRequest(value, testId);
      const response = await target.client.updateTest(lib().testTypeOf(value), testId, request.body, { aid: target.requestAid, signal });
      await this.bindings.deployments.record(target.connectionKey, target.aidKey, response.test[0]);
      void vscode.window.showInformationMessage(`Updated test "${request.body.testName}" (${testId}).`);
      return { testId };
    });
  }

  delete(argument?: unknown, options?: unknown): Promise<TestCommandResult | undefined> {
    return this.run('Deleting the test', argument, async (document, text, signal) => {
      const target = deployTarget(this.connection, text);
      const testId = requireBinding(text, target.connectionKey, target.aidKey, target.groupLabel);
      const value = lib().validateDocument('test', text).parsed.value as Record<string, unknown>;
      const name = typeof value['testName'] === 'string' ? value['testName'] : vscode.workspace.asRelativePath(document.uri);
      if (optionsFrom(options)['confirm'] !== true) {
        const answer = await vscode.window.showWarningMessage(
          `Delete test "${name}" (${testId}) from ${target.groupLabel}?`,
          { modal: true, detail: 'The test and its data are removed from the account. The document stays; its binding is removed.' },
          'Delete',
        );
        if (answer !== 'Delete') return undefined;
      }
      await target.client.deleteTest(lib().testTypeOf(value), testId, { aid: target.requestAid, signal });
      await this.bindings.deployments.forget(target.connectionKey, target.aidKey, testId);
      await this.bindings.bind(document.uri, target.connectionKey, target.aidKey, undefined);
      void vscode.window.showInformationMessage(`Deleted test "${name}" (${testId}).`);
      return { testId };
    }, false);
  }

  /** Failures become one message naming the document, what failed and what to do. */
  private async run<T>(what: string, argument: unknown, work: (document: vscode.TextDocument, text: string, signal: AbortSignal) => Promise<T>, progress = true): Promise<T | undefined> {
    let described = what;
    try {
      const document = await documentFrom(argument);
      described = `${what} of ${vscode.workspace.asRelativePath(document.uri)}`;
      const text = document.getText();
      // Delete asks before any progress notification covers the dialog.
      return await (progress ? withCancellableProgress(`${described}…`, (signal) => work(document, text, signal)) : work(document, text, new AbortController().signal));
    } catch (error) {
      if (!isCancellation(error)) void vscode.window.showErrorMessage(errorText(described, error));
      return undefined;
    } finally {
      this.changed();
    }
  }

}

/** The document's value when it has no errors; otherwise the first error, with its line. */
function checkedValue(document: vscode.TextDocument, text: string): unknown {
  const { parsed, diagnostics } = lib().validateDocument('test', text);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) throw new Error(`${vscode.workspace.asRelativePath(document.uri)}:${error.range.start.line + 1} ${error.message}; fix the document first`);
  return parsed.value;
}

function requireBinding(text: string, connectionKey: string, aidKey: string, groupLabel: string): number {
  const testId = lib().readBinding(text, connectionKey, aidKey);
  if (testId === undefined) throw new Error(`this document is not bound to a test in ${groupLabel} on this connection: use Create first`);
  return testId;
}
