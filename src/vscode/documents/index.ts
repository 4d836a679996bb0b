// Document features of test, instant-test and filter documents: diagnostics, completion
// and hovers, code lenses, deploy/run commands, Plan / Apply and Run Instant Test….
import * as vscode from 'vscode';
import { documentsLibrary as lib, locateDocumentsLibrary } from './library';
import { registerCommands, reporting } from '../command-util';
import type { ConnectionManager } from '../connection/connection-manager';
import { withCancellableProgress } from '../progress';
import type { TreeNode } from '../tree/nodes';
import { BindingWriter } from './bindings';
import { CatalogCache } from './catalog';
import { COMMANDS } from './command-ids';
import { DocumentDiagnostics } from './diagnostics';
import { askInstantAnswers, checkInstantDocument, instantDocument, offerToSave, type InstantAnswers } from './instant-command';
import { registerLanguageFeatures } from './language';
import { DocumentLenses } from './lenses';
import { PlanCommands } from './plan-commands';
import { RESULTS_SCHEME, ResultsDocuments } from './results';
import { runFilter, runInstantTest } from './run';
import { deployTarget, documentFrom, optionsFrom } from './target';
import { TestCommands } from './test-commands';

export { COMMANDS } from './command-ids';

export function registerDocuments(context: vscode.ExtensionContext, connection: ConnectionManager): void {
  locateDocumentsLibrary(context.extensionPath);
  const log = vscode.window.createOutputChannel('Netmon Documents', { log: true });
  const catalog = new CatalogCache(connection, (message) => log.warn(message));
  const diagnostics = new DocumentDiagnostics(catalog);
  const results = new ResultsDocuments();
  const lenses = new DocumentLenses(connection);
  const bindings = new BindingWriter(context.workspaceState);
  const tests = new TestCommands(connection, bindings, () => lenses.refresh());
  const plans = new PlanCommands(connection, bindings, results);
  context.subscriptions.push(
    log, catalog, diagnostics, results, lenses,
    vscode.workspace.registerTextDocumentContentProvider(RESULTS_SCHEME, results),
    vscode.languages.registerCodeLensProvider([{ pattern: '**/*.netmon-{test,instant,filter}.json' }], lenses),
    registerLanguageFeatures(catalog),
  );

  registerCommands(context, {
    [COMMANDS.create]: (uri) => tests.create(uri),
    [COMMANDS.update]: (uri) => tests.update(uri),
    [COMMANDS.delete]: (uri, options) => tests.delete(uri, options),
    [COMMANDS.showBinding]: (uri) => reporting('Showing the binding', async () => {
      const document = await documentFrom(uri);
      const target = deployTarget(connection, document.getText());
      void vscode.window.showInformationMessage(`${vscode.workspace.asRelativePath(document.uri)} is deployed on ${target.connectionKey} in ${target.groupLabel}; "Update" sends its testName, interval and agents, "Plan" compares every field.`);
    }),
    [COMMANDS.runInstantDocument]: (uri, options) => reporting('Running the instant test', async () => {
      const document = await documentFrom(uri);
      const { parsed, diagnostics: problems } = lib().validateDocument('instant', document.getText());
      const error = problems.find((d) => d.severity === 'error');
      if (error) throw new Error(`line ${error.range.start.line + 1}: ${error.message}; fix the document first`);
      return runInstantTest(parsed.value, results, { client: connection.requireClient(), pollMs: pollMsOf(options) });
    }),
    [COMMANDS.runFilter]: (uri) => reporting('Running the filter', async () => {
      const document = await documentFrom(uri);
      const { parsed, diagnostics: problems } = lib().validateDocument('filter', document.getText());
      const error = problems.find((d) => d.severity === 'error');
      if (error) throw new Error(`line ${error.range.start.line + 1}: ${error.message}; fix the document first`);
      return withCancellableProgress('Running the filter…', (signal) => runFilter(parsed.value, connection.requireClient(), results, signal));
    }),
    [COMMANDS.runInstantTest]: (nodeOrAnswers, maybeAnswers) => reporting('Running the instant test', async () => {
      const client = connection.requireClient();
      const given = isAnswers(nodeOrAnswers) ? nodeOrAnswers : isAnswers(maybeAnswers) ? maybeAnswers : undefined;
      const answers = given ?? await askInstantAnswers(isTreeNode(nodeOrAnswers) ? nodeOrAnswers : undefined);
      if (!answers) return undefined;
      const document = instantDocument(answers);
      checkInstantDocument(document);
      const run = await runInstantTest(document, results, { client, pollMs: pollMsOf(given) });
      const saved = run ? await offerToSave(document, answers.saveTo) : undefined;
      return run && { ...run, saved };
    }),
    [COMMANDS.plan]: (folder) => reporting('Planning the folder', () => plans.plan(folder)),
    [COMMANDS.apply]: async (folder, options) => {
      const result = await reporting('Applying the folder', () => plans.apply(folder, options));
      lenses.refresh();
      return result;
    },
    [COMMANDS.refreshCatalog]: () => catalog.refresh(),
  });
}

function pollMsOf(options: unknown): number | undefined {
  const value = optionsFrom(options)['pollMs'];
  return typeof value === 'number' ? value : undefined;
}

function isAnswers(value: unknown): value is InstantAnswers {
  const record = optionsFrom(value);
  return (record['type'] === 'http-server' || record['type'] === 'agent-to-server') && typeof record['target'] === 'string' && typeof record['maxMachines'] === 'number';
}

function isTreeNode(value: unknown): value is TreeNode {
  return typeof value === 'object' && value !== null && 'spec' in value && typeof (value as { label?: unknown }).label === 'string';
}
