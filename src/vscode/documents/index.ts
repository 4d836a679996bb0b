// Document features of test, instant-test and filter documents: diagnostics, completion
// and hovers, code lenses, deploy/run commands, Plan / Apply and Run Instant Test….
// Commands take the document or folder (a workspace URI) or a node of the Netmon view,
// never options: every write asks the user through `Prompts`.
import * as vscode from 'vscode';
import { documentsLibrary as lib, locateDocumentsLibrary } from './library';
import { registerCommands, reporting } from '../command-util';
import type { ConnectionManager } from '../connection/connection-manager';
import { withCancellableProgress } from '../progress';
import { TreeNode } from '../tree/nodes';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import { showInfo } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import { BindingWriter } from './bindings';
import { CatalogCache } from './catalog';
import { checkedValue } from './checked';
import { COMMANDS } from './command-ids';
import { DocumentDiagnostics } from './diagnostics';
import { AlertRuleDiagnostics } from './alert-rule-diagnostics';
import { registerAlertRuleCompletion } from './alert-rule-completion';
import { ALERT_RULE_GLOB } from './alert-rule-files';
import { ruleDeployCommands } from './alert-rule-deploy';
import { AlertRuleLenses } from './alert-rule-lenses';
import { windowDeployCommands } from './suppression-window-deploy';
import { SUPPRESSION_WINDOW_GLOB } from './suppression-window-files';
import { SuppressionWindowLenses } from './suppression-window-lenses';
import { backtestCommands } from './backtest-command';
import type { BacktestPanels } from '../panels/backtest-panels';
import {
  askInstantAnswers,
  checkInstantDocument,
  instantDocument,
  offerToSave,
  type InstantAnswers,
} from './instant-command';
import { registerLanguageFeatures } from './language';
import { registerEndpointCompletion } from './endpoint-completion';
import { DocumentLenses } from './lenses';
import { LensConsent } from './lens-consent';
import { EndpointTestCommands, registerEndpointTestCommands } from './endpoint-test-commands';
import { ImportCommand } from './import-command';
import { NewDocumentCommand } from './new-document';
import { NextStepOffer } from './offer-next';
import { PlanCommands } from './plan-commands';
import { LiveRuleNames } from './live-rule-names';
import { RuleNameDiagnostics } from './rule-name-diagnostics';
import { PlanResultsLenses } from './plan-results';
import { AgentQuickFixes } from './quick-fixes';
import { RESULTS_SCHEME, ResultsDocuments } from './results';
import { runFilter, runInstantTest, type InstantResultsViewer, type InstantRunResult } from './run';
import { deployTarget } from './target';
import { TestCommands } from './test-commands';
import { EnterpriseRuns, NeedsCurrentApi } from './enterprise-run';
import { runTestNowCommands } from './run-now-commands';
import { endpointRunCommands } from './endpoint-run';
import { REFRESH_DEPLOYED_TESTS } from '../tree/command-ids';

export { COMMANDS } from './command-ids';

export interface DocumentsApi {
  /** Run Instant Test… with answers instead of the quick inputs (the save offer is still asked). */
  runWithAnswers(
    answers: InstantAnswers,
    pollMs?: number,
  ): Promise<(InstantRunResult & { saved?: vscode.Uri }) | undefined>;
}

/** A write that happened changes what Deployed Tests lists. */
async function afterWrite<T>(write: Promise<T | undefined>): Promise<T | undefined> {
  const result = await write;
  if (result !== undefined) void vscode.commands.executeCommand(REFRESH_DEPLOYED_TESTS);
  return result;
}

export function registerDocuments(
  context: vscode.ExtensionContext,
  connection: ConnectionManager,
  prompts: Prompts,
  viewer: InstantResultsViewer,
  backtests: BacktestPanels,
): DocumentsApi {
  locateDocumentsLibrary(context.extensionPath);
  const log = vscode.window.createOutputChannel('Netmon Documents', { log: true });
  const bindings = new BindingWriter(context.workspaceState);
  const catalog = new CatalogCache(connection, (message) => log.warn(message), bindings.deployments);
  const diagnostics = new DocumentDiagnostics(catalog);
  const alertRuleDiagnostics = new AlertRuleDiagnostics();
  const results = new ResultsDocuments();
  const consent = new LensConsent();
  const alertRuleLenses = new AlertRuleLenses(connection, consent);
  const windowLenses = new SuppressionWindowLenses(connection, consent);
  const lenses = new DocumentLenses(
    connection,
    bindings,
    consent,
    () => catalog.current?.validation.enterpriseAgents ?? [],
  );
  consent.onTaken = () => {
    lenses.refresh();
    alertRuleLenses.refresh();
    windowLenses.refresh();
  };
  const enterpriseAgents = async () => (await catalog.ready())?.validation.enterpriseAgents ?? [];
  const knownAgents = () => catalog.current?.validation.endpointAgents;
  const enterpriseRuns = new EnterpriseRuns(connection, viewer, results, enterpriseAgents);
  const next = new NextStepOffer(prompts, enterpriseRuns);
  const tests = new TestCommands(
    connection,
    bindings,
    prompts,
    () => {
      lenses.refresh();
      catalog.learnedChanged();
    },
    enterpriseAgents,
    consent,
    next,
  );
  const ruleNames = new RuleNameDiagnostics();
  const plans = new PlanCommands(connection, bindings, results, prompts, enterpriseAgents, next, ruleNames);
  const newDocument = new NewDocumentCommand(connection, catalog, prompts);
  const importer = new ImportCommand(connection, bindings, prompts);
  registerEndpointTestCommands(
    context,
    new EndpointTestCommands(connection, bindings, prompts, () => lenses.refresh(), next),
  );
  context.subscriptions.push(
    log,
    catalog,
    diagnostics,
    ruleNames,
    new LiveRuleNames(connection, ruleNames),
    results,
    lenses,
    vscode.workspace.registerTextDocumentContentProvider(RESULTS_SCHEME, results),
    vscode.languages.registerCodeLensProvider(
      [{ pattern: '**/*.netmon-{test,instant,filter,endpoint-test}.json' }],
      lenses,
    ),
    vscode.languages.registerCodeLensProvider(
      { scheme: RESULTS_SCHEME, language: 'netmon-plan' },
      new PlanResultsLenses(),
    ),
    registerLanguageFeatures(catalog),
    registerEndpointCompletion(connection),
    alertRuleDiagnostics,
    alertRuleLenses,
    vscode.languages.registerCodeLensProvider({ pattern: ALERT_RULE_GLOB }, alertRuleLenses),
    windowLenses,
    vscode.languages.registerCodeLensProvider({ pattern: SUPPRESSION_WINDOW_GLOB }, windowLenses),
    registerAlertRuleCompletion(),
    vscode.workspace.onDidCloseTextDocument((document) => consent.forget(document.uri)),
    vscode.languages.registerCodeActionsProvider({ pattern: '**/*.netmon-test.json' }, new AgentQuickFixes(catalog), {
      providedCodeActionKinds: AgentQuickFixes.kinds,
    }),
  );

  const runWithAnswers = async (
    answers: InstantAnswers,
    pollMs?: number,
  ): Promise<(InstantRunResult & { saved?: vscode.Uri }) | undefined> => {
    requireTrustedWorkspace('Running an instant test');
    const document = instantDocument(answers);
    checkInstantDocument(document);
    const run = await runInstantTest(document, results, {
      client: connection.requireClient(),
      viewer,
      pollMs,
      knownAgents,
    });
    const saved = run ? await offerToSave(document, prompts) : undefined;
    return run && { ...run, saved };
  };

  /**
   * v6 has no enterprise instant API: agent-to-server and http-server documents run from endpoint agents, as they
   * always did.
   */
  const runNowOnV6 = async (document: vscode.TextDocument): Promise<InstantRunResult | undefined> => {
    const plan = lib().runNowPlan(checkedValue('test', document));
    if (!plan) throw new NeedsCurrentApi();
    const request = lib().instantTestRequest(plan.instant);
    const notCarried = plan.notCarried.map((n) => `- ${n.field}: ${n.why}`).join('\n');
    const detail =
      `${instantDetail(request.type, request.body)}\n\n` +
      `Not carried over from the document:\n${notCarried}\nNothing is deployed.`;
    const answer = await prompts.confirm(
      `Run "${String(request.body['testName'])}" once now from endpoint agents?`,
      detail,
      'Run Now',
    );
    if (answer !== 'Run Now') return undefined;
    const from = vscode.workspace.asRelativePath(document.uri);
    return runInstantTest(plan.instant, results, {
      client: connection.requireClient(),
      viewer,
      notCarried: plan.notCarried,
      from,
      knownAgents,
    });
  };

  registerCommands(context, {
    [COMMANDS.newDocument]: () => reporting('Creating the document', () => newDocument.run()),
    [COMMANDS.newDocumentOfType]: (node) => reporting('Creating the document', () => newDocument.run(node)),
    [COMMANDS.importTests]: async (folder) => {
      const result = await reporting('Importing the deployed tests', () => importer.run(folder));
      lenses.refresh();
      return result;
    },
    [COMMANDS.create]: (uri, lensToken) => afterWrite(tests.create(uri, lensToken)),
    [COMMANDS.update]: (uri, lensToken) => afterWrite(tests.update(uri, lensToken)),
    [COMMANDS.delete]: (uri) => afterWrite(tests.delete(uri)),
    [COMMANDS.showBinding]: (uri) =>
      reporting('Showing the binding', async () => {
        const document = await workspaceDocument(uri);
        const target = deployTarget(connection, document.getText());
        void showInfo(
          `${vscode.workspace.asRelativePath(document.uri)} is deployed on ${target.connectionKey} in ` +
            `${target.groupLabel}; "Update" sends its testName, interval and agents, ` +
            '"Plan" compares every field.',
        );
      }),
    [COMMANDS.runInstantDocument]: (uri) =>
      reporting('Running the instant test', async () => {
        requireTrustedWorkspace('Running an instant test');
        const value = checkedValue('instant', await workspaceDocument(uri));
        const request = lib().instantTestRequest(value);
        const answer = await prompts.confirm(
          `Run instant test "${String(request.body['testName'])}"?`,
          instantDetail(request.type, request.body),
          'Run',
        );
        if (answer !== 'Run') return undefined;
        return runInstantTest(value, results, { client: connection.requireClient(), viewer, knownAgents });
      }),
    ...runTestNowCommands(enterpriseRuns, prompts, consent, (document) => runNowOnV6(document)),
    ...endpointRunCommands({ connection, prompts, consent, results, viewer, knownAgents }),
    [COMMANDS.runFilter]: (uri) =>
      reporting('Running the filter', async () => {
        const value = checkedValue('filter', await workspaceDocument(uri));
        return withCancellableProgress('Running the filter…', (signal) =>
          runFilter(value, connection.requireClient(), results, signal),
        );
      }),
    [COMMANDS.runInstantTest]: (node) =>
      reporting('Running the instant test', async () => {
        requireTrustedWorkspace('Running an instant test');
        connection.requireClient();
        const answers = await askInstantAnswers(node instanceof TreeNode ? node : undefined);
        return answers && runWithAnswers(answers);
      }),
    [COMMANDS.plan]: (folder) => reporting('Planning the folder', () => plans.plan(folder)),
    [COMMANDS.apply]: async (folder) => {
      const result = await afterWrite(reporting('Applying the folder', () => plans.apply(folder)));
      lenses.refresh();
      catalog.learnedChanged();
      return result;
    },
    [COMMANDS.refreshCatalog]: () => catalog.refresh(),
    ...backtestCommands({ connection, prompts, diagnostics: alertRuleDiagnostics, panels: backtests }),
    ...ruleDeployCommands({ connection, prompts, consent, changed: () => alertRuleLenses.refresh() }),
    ...windowDeployCommands({ connection, prompts, consent, changed: () => windowLenses.refresh() }),
  });
  return { runWithAnswers };
}

function instantDetail(type: string, body: Record<string, unknown>): string {
  const target = body['url'] ?? body['serverName'];
  return (
    `${type} to ${String(target)} on up to ${String(body['maxMachines'])} endpoint agents of the account ` +
    'group, with your token.' +
    '\nThe test is created on the service and runs on those machines; its results stay in the account.'
  );
}
