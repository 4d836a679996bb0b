// The endpoint tests part of "Netmon: Import Deployed Tests…" (v7 accounts): one bound
// endpoint test document per scheduled or dynamic test no endpoint test document of the
// workspace is bound to yet. A v6 account has no endpoint tests to import: nothing is asked.
import * as vscode from 'vscode';
import type { EndpointAgent } from '../../api/types';
import type { ImportPlan } from '../../documents';
import { documentsLibrary as lib } from './library';
import type { DeployTarget } from './target';

const MAX_AGENTS = 5_000;

export async function endpointImportPlan(target: DeployTarget): Promise<ImportPlan & { listed: number }> {
  if ((await target.client.apiVersion()) !== 'v7') return { write: [], skipped: [], listed: 0 };
  const aid = target.requestAid;
  const [tests, labels, agents] = await Promise.all([
    target.client.listManagedEndpointTests({ aid }),
    target.client.listEndpointLabels({ aid }),
    target.client.endpointAgents({ aid }).collect({ maxRecords: MAX_AGENTS }),
  ]);
  const plan = lib().planEndpointImport(
    tests,
    { labels, agents: agents.records as EndpointAgent[] },
    { serviceKey: target.connectionKey, aidKey: target.aidKey },
    await boundEndpointTestIds(target),
  );
  return { ...plan, listed: tests.length };
}

async function boundEndpointTestIds(target: DeployTarget): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const uri of await vscode.workspace.findFiles('**/*.netmon-endpoint-test.json', '**/node_modules/**')) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const testId = lib().readBinding(text, target.connectionKey, target.aidKey);
    if (testId !== undefined) ids.add(testId);
  }
  return ids;
}
