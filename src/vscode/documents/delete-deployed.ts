// "Delete Test…" on a test under Deployed Tests: the test removed from the account after a modal
// that names it and its account group. Delete always asks, whatever called it (a click in our
// tree too: deleting is not undone). Deployed Tests reloads after, and a document bound to the
// test keeps its text (its lenses then offer Create again).
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import { COMMAND } from '../command-ids.generated';
import { reporting, type CommandHandler } from '../command-util';
import type { ConnectionManager } from '../connection/connection-manager';
import { REFRESH_DEPLOYED_TESTS } from '../tree/command-ids';
import { TreeNode } from '../tree/nodes';
import { requireTrustedWorkspace } from '../ui/arguments';
import { showInfo } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import { documentsLibrary as lib } from './library';
import { deployTarget } from './target';

export function deleteDeployedCommands(
  connection: ConnectionManager,
  prompts: Prompts,
): Record<string, CommandHandler> {
  return {
    [COMMAND.deleteDeployedTest]: (arg) =>
      reporting('Deleting the test', () => deleteDeployed(connection, prompts, deployedTestIdOf(arg))),
  };
}

function deployedTestIdOf(arg: unknown): number {
  if (arg instanceof TreeNode && arg.spec.ids?.deployed && arg.spec.ids.testId !== undefined)
    return arg.spec.ids.testId;
  if (typeof arg === 'number' && Number.isSafeInteger(arg) && arg > 0) return arg;
  throw new Error('Run "Delete Test…" on a test under Deployed Tests in the Netmon view');
}

async function deleteDeployed(
  connection: ConnectionManager,
  prompts: Prompts,
  testId: number,
): Promise<number | undefined> {
  requireTrustedWorkspace('Deleting a test');
  const target = deployTarget(connection);
  const aid = target.requestAid;
  const test = (await target.client.listEnterpriseTests({ aid })).find((t) => t.testId === testId);
  if (!test) throw new Error(`Test ${testId} is no longer deployed in ${target.groupLabel}: refresh Deployed Tests`);
  if (!lib().isEnterpriseTestType(test.type)) throw new Error(`Test ${testId} is of a type Netmon cannot delete`);
  const name = `"${untrustedLine(test.testName, 80)}" (${testId})`;
  const answer = await prompts.confirm(
    `Delete test ${name} from ${target.groupLabel}?`,
    `The ${untrustedLine(test.type, 40)} test and its schedule are removed from the account; its agents stop ` +
      'running it. This cannot be undone.',
    'Delete',
  );
  if (answer !== 'Delete') return undefined;
  await target.client.deleteTest(test.type, testId, { aid });
  void showInfo(`Deleted test ${name}.`);
  void vscode.commands.executeCommand(REFRESH_DEPLOYED_TESTS);
  return testId;
}
