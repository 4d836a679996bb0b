// The Run Now commands: a test document's lenses (the document whole, as an instant test from
// its enterprise agents; or, for agent-to-server and http-server, the same target from endpoint
// agents, as an endpoint instant test) and "Run Deployed Test Now" on a Deployed Tests node or a
// bound document (the deployed test run again). A Run Now lens's click is the consent (its
// one-time token, as Create's); a deployed test's node in our tree likewise. Any other caller —
// the palette, a command URI, a number — is asked first, once. A failure is said through
// Prompts, as the deploy commands say theirs.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { CommandHandler } from '../command-util';
import { errorText, isCancellation } from '../errors';
import { TreeNode } from '../tree/nodes';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import type { Prompts } from '../ui/prompts';
import { checkedValue } from './checked';
import { COMMANDS } from './command-ids';
import { BGP_NO_INSTANT_RUN } from '../../analysis/instant/enterprise-run';
import { NeedsCurrentApi, type EnterpriseRuns } from './enterprise-run';
import { RUN_NOW_CHANGE, RUN_NOW_ENDPOINT_CHANGE, RUN_NOW_VERSION, type LensConsent } from './lens-consent';
import { documentsLibrary as lib } from './library';
import { COMMAND } from '../command-ids.generated';

/** BGP tests watch routes; the instant API runs every other type. */
const NO_INSTANT_RUN = new Set(['bgp']);

/**
 * A Run Now command's body: only in a trusted folder; a failure is said (a "needs v7" in its own sentence), a
 * cancellation is not.
 */
export function runSaying(prompts: Prompts) {
  return async <T>(what: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      requireTrustedWorkspace(what);
      return await work();
    } catch (error) {
      if (!isCancellation(error))
        void prompts.fail(error instanceof NeedsCurrentApi ? error.message : errorText(what, error));
      return undefined;
    }
  };
}

export function runTestNowCommands(
  runs: EnterpriseRuns,
  prompts: Prompts,
  consent: LensConsent,
  onV6: (document: vscode.TextDocument) => Promise<unknown>,
): Record<string, CommandHandler> {
  const saying = runSaying(prompts);
  const asked = async (message: string, detail: string): Promise<boolean> =>
    (await prompts.confirm(message, detail, 'Run Now')) === 'Run Now';
  return {
    [COMMANDS.runNow]: (uri, lensToken) =>
      saying('Running the test now', async () => {
        const document = await workspaceDocument(uri);
        const value = checkedValue('test', document);
        const type = String((value as Record<string, unknown>)['type']);
        if (NO_INSTANT_RUN.has(type)) throw new Error(BGP_NO_INSTANT_RUN);
        if (!(await runs.speaksV7(document.getText()))) return onV6(document);
        const consented = consent.take(lensToken, document.uri, RUN_NOW_VERSION, 'run', RUN_NOW_CHANGE);
        if (
          !consented &&
          !(await asked(
            `Run "${untrustedLine((value as Record<string, unknown>)['testName'], 60)}" once now as an instant test?`,
            `The whole ${type} test, from its agents; nothing is deployed.`,
          ))
        )
          return undefined;
        return runs.runDocument(document, value);
      }),
    [COMMAND.documentsRunNowFromEndpointAgents]: (uri, lensToken) =>
      saying('Running the test now from endpoint agents', async () => {
        const document = await workspaceDocument(uri);
        const value = checkedValue('test', document);
        const endpoint = lib().endpointRunNow(value);
        if (!endpoint.plan) throw new Error(endpoint.reason);
        const { instant, notCarried } = endpoint.plan;
        const consented = consent.take(
          lensToken,
          document.uri,
          RUN_NOW_VERSION,
          'run-endpoint',
          RUN_NOW_ENDPOINT_CHANGE,
        );
        if (
          !consented &&
          !(await asked(
            `Run "${untrustedLine((value as Record<string, unknown>)['testName'], 60)}" once now from endpoint agents?`,
            `${String(instant['type'])} to ${untrustedLine(instant['url'] ?? instant['serverName'], 80)} on up to ` +
              `${String(instant['maxMachines'])} endpoint agents, as an instant test; nothing is deployed.` +
              (notCarried.length > 0 ? `\nNot carried over: ${notCarried.map((n) => n.field).join(', ')}.` : ''),
          ))
        )
          return undefined;
        return runs.runFromEndpointAgents(document, endpoint.plan);
      }),
    [COMMANDS.runDeployed]: (arg) =>
      saying('Running the deployed test now', async () => {
        // A node of our tree cannot come from a command URI (its arguments are JSON): the click is the consent.
        if (arg instanceof TreeNode && arg.spec.ids?.testId !== undefined && arg.spec.ids.deployed)
          return runs.runDeployed(arg.spec.ids.testId);
        // On v6 the one sentence comes first: no question about what cannot run.
        if (typeof arg === 'number') {
          if (!(await runs.speaksV7())) throw new NeedsCurrentApi();
          return (await asked(
            `Run deployed test ${arg} once now?`,
            'Its agents run it once more; its schedule does not change.',
          ))
            ? runs.runDeployed(arg)
            : undefined;
        }
        const document = await workspaceDocument(arg);
        if (!(await runs.speaksV7(document.getText()))) throw new NeedsCurrentApi();
        return (await asked(
          `Run the test ${vscode.workspace.asRelativePath(document.uri)} is bound to once now?`,
          'Its agents run it once more; its schedule does not change.',
        ))
          ? runs.runBound(document)
          : undefined;
      }),
  };
}
