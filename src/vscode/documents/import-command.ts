// "Netmon: Import Deployed Tests…": one bound test document per deployed test into a folder
// of the workspace, after a modal that lists them. The service's list when it has one;
// else the tests this workspace deployed (a real account's API lists no tests). Tests a
// workspace document is already bound to are left out, so importing again changes nothing.
import * as vscode from 'vscode';
import type { DeployedTest, ImportPlan } from '../../documents';
import { errorText, isNetmonError } from '../errors';
import { requireTrustedWorkspace } from '../ui/arguments';
import { showInfo } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { ConnectionManager } from '../connection/connection-manager';
import type { BindingWriter } from './bindings';
import { SafeWriteError } from '../../files/safe-write';
import { writeNewFile } from '../files/save-files';
import { exists } from './checked';
import { documentsLibrary as lib } from './library';
import { folderFrom } from './plan-folder';
import { deployTarget, type DeployTarget } from './target';
import { endpointImportPlan } from './endpoint-import';

export interface ImportResult {
  written: vscode.Uri[];
  skipped: ImportPlan['skipped'];
}

export class ImportCommand {
  constructor(
    private readonly connection: ConnectionManager,
    private readonly bindings: BindingWriter,
    private readonly prompts: Prompts,
  ) {}

  async run(argument?: unknown): Promise<ImportResult | undefined> {
    requireTrustedWorkspace('Importing tests');
    const target = deployTarget(this.connection);
    const folder = await folderFrom(argument, 'Import into this folder');
    if (!folder) return undefined;
    const { tests, source } = await this.deployedTests(target);
    const plan = lib().planImport(
      tests,
      { serviceKey: target.connectionKey, aidKey: target.aidKey },
      await boundTestIds(target),
    );
    // Endpoint tests (v7) come as endpoint test documents, in the same folder and dialog.
    const endpoint = await endpointImportPlan(target);
    plan.write.push(...endpoint.write);
    plan.skipped.push(...endpoint.skipped);
    if (plan.write.length === 0) {
      const listed = tests.length + endpoint.listed;
      const why =
        listed === 0 ? `${source} has no tests` : `each of the ${listed} tests in ${source} already has a document`;
      void showInfo(`Nothing to import: ${why}.`);
      return { written: [], skipped: plan.skipped };
    }
    const where = vscode.workspace.asRelativePath(folder);
    const detail = [
      `From ${source}, into ${where}:`,
      ...plan.write.map((d) => `+ ${d.fileName}`),
      ...(plan.skipped.length > 0
        ? ['', `Left out: ${plan.skipped.map((s) => `"${s.testName}" (${s.reason})`).join('; ')}`]
        : []),
    ].join('\n');
    const answer = await this.prompts.confirm(
      `Import ${plan.write.length} deployed test${plan.write.length === 1 ? '' : 's'} as documents?`,
      detail,
      'Import',
    );
    if (answer !== 'Import') return undefined;
    const written: vscode.Uri[] = [];
    for (const document of plan.write) {
      const uri = vscode.Uri.joinPath(folder, document.fileName);
      if (await exists(uri)) {
        plan.skipped.push({
          testId: document.testId,
          testName: document.fileName,
          reason: 'a file of that name exists; it was left as it is',
        });
        continue;
      }
      const refused = await writeNewFile(uri, document.text).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof SafeWriteError) return error;
          throw error;
        },
      );
      if (refused) {
        plan.skipped.push({
          testId: document.testId,
          testName: document.fileName,
          reason:
            refused.problem === 'link'
              ? 'a symbolic link of that name exists; nothing was written through it'
              : 'a file of that name exists; it was left as it is',
        });
        continue;
      }
      await this.bindings.confirmBinding(uri, target.connectionKey, target.aidKey, document.testId);
      written.push(uri);
    }
    void showInfo(
      `Imported ${written.length} test${written.length === 1 ? '' : 's'} into ` +
        `${where}${plan.skipped.length > 0 ? `; ${plan.skipped.length} left out` : ''}.`,
    );
    return { written, skipped: plan.skipped };
  }

  private async deployedTests(target: DeployTarget): Promise<{ tests: DeployedTest[]; source: string }> {
    try {
      const tests = await lib().listDeployedTests(target.client, target.requestAid);
      return { tests: tests.map((test) => lib().toDeployedTest(test)), source: 'the tests the service lists' };
    } catch (error) {
      if (!isNetmonError(error) || error.kind !== 'not-found')
        throw new Error(errorText('Listing the deployed tests (GET /v7/tests)', error));
      return {
        tests: this.bindings.deployments.list(target.connectionKey, target.aidKey),
        source: 'the tests this workspace deployed (the service does not list tests)',
      };
    }
  }
}

/** Tests some test document of the workspace is bound to on this connection and group. */
async function boundTestIds(target: DeployTarget): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const uri of await vscode.workspace.findFiles('**/*.netmon-test.json', '**/node_modules/**')) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const testId = lib().readBinding(text, target.connectionKey, target.aidKey);
    if (testId !== undefined) ids.add(testId);
  }
  return ids;
}
