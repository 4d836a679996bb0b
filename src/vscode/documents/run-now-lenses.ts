// The Run Now lenses of a test document. A type with an endpoint-agent instant counterpart
// (agent-to-server, http-server) offers two: "from enterprise agents" (the document whole, from
// its own agents) and "from endpoint agents" (the same target, as an endpoint instant test), each
// with its own one-time token: the click is the one consent. Every other type but BGP has one
// Run Now, its tooltip saying why endpoint agents cannot run it. On v6 (no enterprise instant
// API) only the endpoint run is offered where there is one.
import * as vscode from 'vscode';
import type { ApiVersion } from '../../api/client';
import { COMMAND } from '../command-ids.generated';
import { COMMANDS } from './command-ids';
import { RUN_NOW_CHANGE, RUN_NOW_ENDPOINT_CHANGE, RUN_NOW_VERSION, type LensConsent } from './lens-consent';
import { documentsLibrary as lib } from './library';

/**
 * Every type but BGP runs now from its enterprise agents (a cheap look at the text: the command checks properly, and
 * says on v6 that it needs v7).
 */
const RUN_NOW_TYPE = /"type"\s*:\s*"(?!bgp")/;

export const RUN_NOW_ENTERPRISE_TITLE = '$(play) Run Now from enterprise agents';
export const RUN_NOW_ENDPOINT_TITLE = '$(play) Run Now from endpoint agents';

export function runNowLenses(
  document: vscode.TextDocument,
  text: string,
  consent: LensConsent,
  apiVersion: ApiVersion | undefined,
): vscode.CodeLens[] {
  const top = new vscode.Range(0, 0, 0, 0);
  const lens = (title: string, command: string, tooltip: string, token: string): vscode.CodeLens =>
    new vscode.CodeLens(top, { title, command, tooltip, arguments: [document.uri, token] });
  const enterpriseToken = (): string => consent.issue(document.uri, RUN_NOW_VERSION, 'run', RUN_NOW_CHANGE);
  const endpoint = lib().endpointRunNow(lib().parseDocument(text).value);
  if (!endpoint.plan)
    return RUN_NOW_TYPE.test(text)
      ? [lens('$(play) Run Now', COMMANDS.runNow, `From its enterprise agents (${endpoint.reason})`, enterpriseToken())]
      : [];
  const machines = String(endpoint.plan.instant['maxMachines']);
  const fromEndpoints = lens(
    RUN_NOW_ENDPOINT_TITLE,
    COMMAND.documentsRunNowFromEndpointAgents,
    `The same target once as an endpoint instant test, on up to ${machines} endpoint agents; nothing is deployed`,
    consent.issue(document.uri, RUN_NOW_VERSION, 'run-endpoint', RUN_NOW_ENDPOINT_CHANGE),
  );
  if (apiVersion === 'v6') return [fromEndpoints];
  return [
    lens(
      RUN_NOW_ENTERPRISE_TITLE,
      COMMANDS.runNow,
      "The whole test once as an instant test, from the document's agents; nothing is deployed",
      enterpriseToken(),
    ),
    fromEndpoints,
  ];
}
