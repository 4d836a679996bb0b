// The Run Now commands: a test document's lens (the document whole, as an instant test) and
// "Run Deployed Test Now" on a Deployed Tests node or a bound document (the deployed test run
// again). A valid document runs at the click: nothing is deployed, so nothing is asked. A
// failure is said through Prompts, as the deploy commands say theirs.
import type * as vscode from 'vscode';
import type { CommandHandler } from '../command-util';
import { errorText, isCancellation } from '../errors';
import { TreeNode } from '../tree/nodes';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import type { Prompts } from '../ui/prompts';
import { checkedValue } from './checked';
import { COMMANDS } from './command-ids';
import { BGP_NO_INSTANT_RUN } from '../../analysis/instant/enterprise-run';
import { NeedsCurrentApi, type EnterpriseRuns } from './enterprise-run';

/** BGP tests watch routes; the instant API runs every other type. */
const NO_INSTANT_RUN = new Set(['bgp']);

export function runTestNowCommands(runs: EnterpriseRuns, prompts: Prompts, onV6: (document: vscode.TextDocument) => Promise<unknown>): Record<string, CommandHandler> {
  const saying = async <T>(what: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      requireTrustedWorkspace(what);
      return await work();
    } catch (error) {
      if (!isCancellation(error)) void prompts.fail(error instanceof NeedsCurrentApi ? error.message : errorText(what, error));
      return undefined;
    }
  };
  return {
    [COMMANDS.runNow]: (uri) => saying('Running the test now', async () => {
      const document = await workspaceDocument(uri);
      const value = checkedValue('test', document);
      const type = String((value as Record<string, unknown>)['type']);
      if (NO_INSTANT_RUN.has(type)) throw new Error(BGP_NO_INSTANT_RUN);
      if (!(await runs.speaksV7(document.getText()))) return onV6(document);
      return runs.runDocument(document, value);
    }),
    [COMMANDS.runDeployed]: (arg) => saying('Running the deployed test now', async () => {
      if (arg instanceof TreeNode && arg.spec.ids?.testId !== undefined && arg.spec.ids.deployed) return runs.runDeployed(arg.spec.ids.testId);
      if (typeof arg === 'number') return runs.runDeployed(arg);
      return runs.runBound(await workspaceDocument(arg));
    }),
  };
}
