// Registers the troubleshooting panels, the .har editor and "Open Path Trace as Text".
// Commands take ids (for scripts, other panels and tests) or the Netmon tree's node (menus);
// from the command palette, without either, they ask with a quick pick.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/connection-manager';
import { registerCommands, reporting } from '../command-util';
import { createHarEditor, type HarEditorProvider } from '../har-editor/har-editor-provider';
import { withCancellableProgress } from '../progress';
import { registerPathTextDocuments } from '../path-text/path-text';
import { isResultsAt, isTreeNode, testTargetOf, userSessionIdOf, type TestTarget } from './args';
import type { TimeOptions } from './data';
import { AgentPanels } from './agent-panels';
import { BacktestPanels } from './backtest-panels';
import { DeployedResults } from './deployed-results';
import { HealthPanels } from './health-panels';
import { InstantResultsPanels } from './instant-panels';
import { MetricsPanels } from './metrics-panels';
import { PathPanels } from './path-panels';
import { pickEndpointAgent, pickEndpointTest, pickUserSession } from './pickers';
import { PanelRegistry } from './registry';
import { SessionPanels } from './session-panels';
import { WaterfallPanels, type PageRef } from './waterfall-panels';
import { TimelinePanels } from './timeline-panels';
import { ComparePanels } from './compare-panels';
import { HarDiffPanels } from './har-diff-panels';
import { HAR_FILE_NAME } from '../../analysis/har/limits';
import { askForHarFile, fileSource, pageSource } from './har-sources';
import type { PanelServices } from './services';
import type { Prompts } from '../ui/prompts';
import { COMMAND } from '../command-ids.generated';

export function registerPanels(
  context: vscode.ExtensionContext,
  connection: ConnectionManager,
  log: vscode.LogOutputChannel,
  prompts: Prompts,
  timeOptions: () => TimeOptions = () => ({}),
): { instantResults: InstantResultsPanels; harEditor: HarEditorProvider; backtests: BacktestPanels } {
  const registry = new PanelRegistry();
  registry.register(context);
  const services: PanelServices = {
    extensionUri: context.extensionUri,
    registry,
    connection,
    timeOptions,
    log,
    prompts,
  };
  const texts = registerPathTextDocuments(context);
  const waterfalls = new WaterfallPanels(services);
  const paths = new PathPanels(services, texts);
  const metrics = new MetricsPanels(services, paths);
  const timelines = new TimelinePanels(services);
  const compares = new ComparePanels(services);
  const harDiffs = new HarDiffPanels(services);
  const sessions = new SessionPanels(services, waterfalls, paths, metrics, timelines, compares);
  const instantResults = new InstantResultsPanels(services, metrics, paths);
  const agents = new AgentPanels(services);
  const harEditor = createHarEditor(context, services);
  const deployed = new DeployedResults(services, metrics, paths, waterfalls, new HealthPanels(services));

  const testTarget = async (args: unknown[]): Promise<TestTarget | undefined> => {
    const client = connection.requireClient();
    if (args[0] === undefined) {
      const testId = await pickEndpointTest(client);
      return testId === undefined ? undefined : { testId };
    }
    const target = testTargetOf(args);
    if (!target)
      throw new Error('Run this command on an endpoint test (or its data) in the Netmon view, or pass a test id');
    return target;
  };

  registerCommands(context, {
    [COMMAND.openSessionOverview]: (arg) =>
      reporting('Opening the session overview', async () => {
        const id =
          userSessionIdOf(arg) ??
          (arg === undefined ? await pickUserSession(connection.requireClient(), timeOptions()) : undefined);
        if (arg !== undefined && id === undefined)
          throw new Error('Run this command on a user session in the Netmon view, or pass a session id');
        return id === undefined ? undefined : sessions.open(id);
      }),
    [COMMAND.shareSessionForTicket]: (arg) =>
      reporting('Sharing the session for a ticket', async () => {
        const id =
          userSessionIdOf(arg) ??
          (arg === undefined ? await pickUserSession(connection.requireClient(), timeOptions()) : undefined);
        if (arg !== undefined && id === undefined)
          throw new Error('Run this command on a user session in the Netmon view, or pass a session id');
        return id === undefined ? undefined : sessions.shareForTicket(id);
      }),
    [COMMAND.openPageWaterfall]: (arg, pageId, title) =>
      reporting('Opening the page waterfall', () => waterfalls.open(pageRef(arg, pageId, title))),
    [COMMAND.openPathVisualization]: (...args) =>
      reporting('Opening the path visualization', async () => {
        const target = await testTarget(args);
        return target && paths.open(target);
      }),
    [COMMAND.comparePathRounds]: (...args) =>
      reporting('Comparing path rounds', async () => {
        const target = await testTarget(args);
        return target && paths.compareRounds(target);
      }),
    [COMMAND.openMetrics]: (arg, agentId) =>
      reporting('Opening the metrics', async () => {
        const target = await testTarget(arg === undefined ? [] : [arg]);
        if (!target) return undefined;
        return metrics.open(target.testId, typeof agentId === 'string' ? agentId : target.agentId, target.deployed);
      }),
    // A moment to open at comes from Show Alert; an editor title action passes something else after the URI.
    [COMMAND.showTestResults]: (arg, at) =>
      reporting("Opening the test's results", () => deployed.show(arg, isResultsAt(at) ? at : undefined)),
    [COMMAND.openAgent]: (arg) =>
      reporting('Opening the agent', async () => {
        const agentId = isTreeNode(arg) ? arg.spec.ids?.agentId : undefined;
        if (isTreeNode(arg) && agentId) {
          return agents.open(
            agentId,
            arg.spec.details ? () => vscode.commands.executeCommand(COMMAND.openDetails, arg) : undefined,
          );
        }
        if (typeof arg === 'string' && arg !== '') return agents.open(arg);
        throw new Error('Run this command on an endpoint agent in the Netmon view, or pass an agent id');
      }),
    [COMMAND.compareSessions]: (arg, selected) =>
      reporting('Comparing sessions', async () => {
        const ids = sessionPair(arg, selected);
        if (!ids)
          throw new Error('Select two user sessions in the Netmon view (Ctrl/Cmd+click), or pass two session ids');
        return compares.open(ids[0], ids[1]);
      }),
    [COMMAND.comparePages]: (arg, selected) =>
      reporting('Comparing pages', async () => {
        const pages = pagePair(arg, selected);
        if (!pages)
          throw new Error(
            'Select two pages of user sessions in the Netmon view (Ctrl/Cmd+click), or compare one page with ' +
              'a HAR file',
          );
        const client = connection.requireClient();
        return harDiffs.open(pageSource(client, pages[0]), pageSource(client, pages[1]));
      }),
    [COMMAND.comparePageWithHarFile]: (arg, pageId, title) =>
      reporting('Comparing the page with a HAR file', async () => {
        const page = pageRef(arg, pageId, title);
        const uri = await askForHarFile(prompts, `Compare ${page.title || page.pageId} with a HAR file`);
        const file = uri && (await fileSource(uri, prompts));
        return file && harDiffs.open(pageSource(connection.requireClient(), page), file);
      }),
    [COMMAND.compareHars]: (arg, selected) =>
      reporting('Comparing HAR files', async () => {
        const uris = harUris(arg, selected);
        const first = uris[0] ?? (await askForHarFile(prompts, 'Compare HARs: the first (before) file'));
        const second = first && (uris[1] ?? (await askForHarFile(prompts, 'Compare HARs: the second (after) file')));
        if (!first || !second) return undefined;
        const before = await fileSource(first, prompts);
        const after = before && (await fileSource(second, prompts));
        return after && harDiffs.open(before, after);
      }),
    [COMMAND.troubleshootAgent]: (arg) =>
      reporting('Opening the agent timeline', async () => {
        const fromArg = isTreeNode(arg)
          ? arg.spec.ids?.agentId
          : typeof arg === 'string' && arg.trim() !== ''
            ? arg
            : undefined;
        if (arg !== undefined && fromArg === undefined)
          throw new Error('Run this command on an endpoint agent in the Netmon view, or pass an agent id');
        const agentId =
          fromArg ?? (await pickEndpointAgent(connection.requireClient(), prompts, 'Troubleshoot Endpoint Agent'));
        return agentId === undefined ? undefined : timelines.open(agentId);
      }),
    [COMMAND.openPathTraceAsText]: (...args) =>
      reporting('Opening the path trace as text', async () => {
        const target = await testTarget(args);
        if (!target) return undefined;
        const client = connection.requireClient();
        const request = await withCancellableProgress(`Loading path traces of test ${target.testId}`, (signal) =>
          texts.fetch(client, timeOptions(), target, signal),
        );
        return (await texts.show(request)).toString();
      }),
  });
  return { instantResults, harEditor, backtests: new BacktestPanels(services) };
}

function pageRef(arg: unknown, pageId: unknown, title: unknown): PageRef {
  if (isTreeNode(arg) && arg.spec.harPage) return arg.spec.harPage;
  if (typeof arg === 'string' && typeof pageId === 'string')
    return { userSessionId: arg, pageId, title: typeof title === 'string' ? title : undefined };
  throw new Error(
    'Run this command on a page of a user session in the Netmon view, or pass a session id and a page id',
  );
}

/** Two pages of sessions: the view's selection (two page nodes), in the order they were selected. */
function pagePair(arg: unknown, selected: unknown): [PageRef, PageRef] | undefined {
  const nodes = Array.isArray(selected) ? selected : [arg];
  const pages = nodes
    .map((node): PageRef | undefined => (isTreeNode(node) ? node.spec.harPage : undefined))
    .filter((page): page is PageRef => page !== undefined);
  return pages.length === 2 ? [pages[0] as PageRef, pages[1] as PageRef] : undefined;
}

/** .har files: the explorer's selection (or the clicked file); anything else is ignored. */
function harUris(arg: unknown, selected: unknown): vscode.Uri[] {
  const all = Array.isArray(selected) && selected.length > 0 ? selected : [arg];
  const hars = all.filter((uri): uri is vscode.Uri => uri instanceof vscode.Uri && HAR_FILE_NAME.test(uri.path));
  if (all.length > 2) throw new Error(`${all.length} files are selected: select two .har files to compare`);
  if (hars.length < all.filter((uri) => uri !== undefined).length)
    throw new Error('Only HAR files (.har, .har.gz, .zhar) can be compared as HARs');
  return hars;
}

/** Two sessions: the clicked node and the view's selection (two nodes), or two ids (scripts). */
function sessionPair(arg: unknown, selected: unknown): [string, string] | undefined {
  if (typeof arg === 'string' && typeof selected === 'string') return [arg, selected];
  const nodes = Array.isArray(selected) ? selected : [];
  const ids = [...new Set(nodes.map((node) => userSessionIdOf(node)).filter((id): id is string => id !== undefined))];
  return ids.length === 2 ? [ids[0] as string, ids[1] as string] : undefined;
}
