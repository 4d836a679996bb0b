// Run Now and Show Results of an endpoint test document. Run Now sends the test the document
// describes — its target and the agents it selects by label or by agent — once as an endpoint
// instant test (nothing is deployed) and opens its results in the instant results panel, a
// row per agent. The lens click is the consent (its one-time token, as enterprise Run Now);
// any other caller is asked first; an untrusted folder refuses. Show Results opens the panels
// an endpoint test opens from the Netmon view (metrics with its HTTP phases, then the path).
// Both need the current API (v7): on v6 they say so in one sentence.
import * as vscode from 'vscode';
import { ENDPOINT_TESTS_AS_CODE_NEED_V7, type EndpointTestType } from '../../api/types';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { CommandHandler } from '../command-util';
import type { ConnectionManager } from '../connection/connection-manager';
import { workspaceDocument } from '../ui/arguments';
import type { Prompts } from '../ui/prompts';
import { checkedValue } from './checked';
import { ENDPOINT_TEST_COMMANDS } from './command-ids';
import { readEndpointDirectory } from './endpoint-test-commands';
import { RUN_NOW_CHANGE, RUN_NOW_VERSION, type LensConsent } from './lens-consent';
import { documentsLibrary as lib } from './library';
import type { ResultsDocuments } from './results';
import { runInstantRequest, type InstantResultsViewer, type InstantRunResult } from './run';
import { deployTarget, type DeployTarget } from './target';
import { NeedsCurrentApi } from './enterprise-run';
import { runSaying } from './run-now-commands';
import { COMMAND } from '../command-ids.generated';

/** What Show Results opened: the metrics panel, then the path's. */
export interface EndpointResultsShown {
  testId: number;
  panels: string[];
}

export interface EndpointRunServices {
  connection: ConnectionManager;
  prompts: Prompts;
  consent: LensConsent;
  results: ResultsDocuments;
  viewer: InstantResultsViewer;
  /** Endpoint agents already loaded (the documents' catalog), to name the rows. */
  knownAgents: () => readonly { agentId: string; name: string }[] | undefined;
}

export function endpointRunCommands(services: EndpointRunServices): Record<string, CommandHandler> {
  const { prompts } = services;
  const saying = runSaying(prompts);
  return {
    [ENDPOINT_TEST_COMMANDS.runNow]: (uri, lensToken) =>
      saying('Running the endpoint test now', () => runNow(services, uri, lensToken)),
    [ENDPOINT_TEST_COMMANDS.showResults]: (uri) =>
      saying("Opening the endpoint test's results", () => showResults(services, uri)),
  };
}

async function runNow(
  services: EndpointRunServices,
  uri: unknown,
  lensToken: unknown,
): Promise<InstantRunResult | undefined> {
  const document = await workspaceDocument(uri);
  const value = checkedValue('endpoint-test', document);
  const target = await v7Target(services.connection, document);
  const type = lib().endpointTestTypeOf(value);
  if (type === 'dynamic')
    throw new Error(
      'a dynamic test has no instant form: Create deploys it, and its results come from the agents it selects',
    );
  const consented = services.consent.take(lensToken, document.uri, RUN_NOW_VERSION, 'run', RUN_NOW_CHANGE);
  const name = untrustedLine((value as Record<string, unknown>)['testName'], 60);
  if (
    !consented &&
    (await services.prompts.confirm(
      `Run endpoint test "${name}" once now as an instant test?`,
      `The whole ${type} test, on the endpoint agents it selects; nothing is deployed.`,
      'Run Now',
    )) !== 'Run Now'
  )
    return undefined;
  const request = lib().endpointInstantRequest(value, await readEndpointDirectory(value, target), new Date());
  return runInstantRequest(
    { type: request.type as EndpointTestType, body: request.body, query: { aid: target.requestAid } },
    services.results,
    {
      client: target.client,
      viewer: services.viewer,
      aid: target.requestAid,
      notCarried: request.notCarried,
      from: vscode.workspace.asRelativePath(document.uri),
      knownAgents: services.knownAgents,
    },
  );
}

/** The panels an endpoint test of the Netmon view opens: its metrics (HTTP phases too), then its path on top. */
async function showResults(services: EndpointRunServices, uri: unknown): Promise<EndpointResultsShown | undefined> {
  const document = await workspaceDocument(uri);
  const target = await v7Target(services.connection, document);
  const testId = lib().readBinding(document.getText(), target.connectionKey, target.aidKey);
  if (testId === undefined)
    throw new Error(
      `${vscode.workspace.asRelativePath(document.uri)} is not deployed to ${target.groupLabel}: create it ` +
        'first, then show its results',
    );
  const metrics = await vscode.commands.executeCommand<string | undefined>(COMMAND.openMetrics, testId);
  const path =
    metrics === undefined
      ? undefined
      : await vscode.commands.executeCommand<string | undefined>(COMMAND.openPathVisualization, testId);
  return path === undefined ? undefined : { testId, panels: [metrics as string, path] };
}

async function v7Target(connection: ConnectionManager, document: vscode.TextDocument): Promise<DeployTarget> {
  const target = deployTarget(connection, document.getText());
  if ((await target.client.apiVersion()) === 'v6') throw new NeedsCurrentApi(ENDPOINT_TESTS_AS_CODE_NEED_V7);
  return target;
}
