// The endpoint test documents' part of the folder-wide Plan / Apply: planned and applied by
// the endpoint plan of src/documents (the one each document's own commands use), shown after
// the enterprise plan with each step saying it is an endpoint step; on a v6 account one
// sentence says they need the current API.
import * as vscode from 'vscode';
import type { EndpointApplyResult, EndpointFolderPlan, PlanDocument } from '../../documents';
import { documentKindOf } from '../../documents/kinds';
import { journaledEndpointBind, type JournalFile } from '../../state/apply-journal-file';
import type { BindingWriter } from './bindings';
import { documentsLibrary as lib } from './library';
import type { DeployTarget } from './target';

export function isEndpointDocument(uri: string): boolean {
  return documentKindOf(vscode.Uri.parse(uri).path) === 'endpoint-test';
}

export function planEndpointDocuments(
  target: DeployTarget,
  documents: readonly PlanDocument[],
  signal: AbortSignal,
): Promise<EndpointFolderPlan> {
  return lib().planEndpointFolder({
    documents,
    client: target.client,
    connectionKey: target.connectionKey,
    aidKey: target.aidKey,
    options: { aid: target.requestAid, signal },
  });
}

/** The plan text's endpoint part (nothing when the folder has no endpoint test documents). */
export function endpointPlanText(endpoint: EndpointFolderPlan): string {
  const lines = lib().renderEndpointPlan(endpoint, (uri) => vscode.workspace.asRelativePath(vscode.Uri.parse(uri)));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * Runs the endpoint steps after the enterprise ones, binding each document as its step
 * finishes; the endpoint tests it creates are journaled as ours, as netmon apply journals them.
 */
export function applyEndpointPlan(
  target: DeployTarget,
  endpoint: EndpointFolderPlan,
  bindings: BindingWriter,
  options: {
    allowDestructive: boolean;
    signal: AbortSignal;
    journal: JournalFile;
    onStep(step: { action: string; testName: string }): void;
  },
): Promise<EndpointApplyResult> {
  const steps = endpoint.plan?.steps ?? [];
  return lib().applyEndpointSteps(steps, target.client, {
    call: { aid: target.requestAid, signal: options.signal },
    allowDestructive: options.allowDestructive,
    bind: journaledEndpointBind(
      (uri, testId) => bindings.bind(vscode.Uri.parse(uri), target.connectionKey, target.aidKey, testId),
      options.journal,
      steps,
    ),
    onProgress: (_done, _total, step) => options.onStep(step),
  });
}
