// The binding of a test document to deployed tests: `"deployments": { "<connectionKey>":
// { "<aid>": testId } }`, read from the tree and written with byte-preserving edits.
import type { Node } from 'jsonc-parser';
import { applyEdits, removeValueEdits, setValueEdits, type TextEdit } from './edits';
import { parseDocument } from './parse';
import { objectProperties, propertyValue } from './tree';

/** The aid key used when no account group was chosen (the connection's default group). */
export const DEFAULT_AID = 'default';
export const DEPLOYMENTS_PROPERTY = 'deployments';

export interface Binding { connectionKey: string; aid: string; testId: number }

function aidKey(aid: string | number | undefined): string {
  return aid === undefined ? DEFAULT_AID : String(aid);
}

export function listBindingsInTree(root: Node | undefined): Binding[] {
  const bindings: Binding[] = [];
  for (const connection of objectProperties(propertyValue(root, DEPLOYMENTS_PROPERTY))) {
    for (const group of objectProperties(connection.value)) {
      const testId = group.value?.value;
      if (typeof testId === 'number' && Number.isInteger(testId)) bindings.push({ connectionKey: connection.name, aid: group.name, testId });
    }
  }
  return bindings;
}

export function listBindings(text: string): Binding[] {
  return listBindingsInTree(parseDocument(text).root);
}

export function readBinding(text: string, connectionKey: string, aid?: string | number): number | undefined {
  const key = aidKey(aid);
  return listBindings(text).find((b) => b.connectionKey === connectionKey && b.aid === key)?.testId;
}

/** Edits recording `testId` for the connection and account group (for a WorkspaceEdit). */
export function bindingEdits(text: string, connectionKey: string, aid: string | number | undefined, testId: number): TextEdit[] {
  return setValueEdits(text, [DEPLOYMENTS_PROPERTY, connectionKey, aidKey(aid)], testId);
}

/** Edits forgetting the binding; empty connection entries and `deployments` go too. */
export function unbindingEdits(text: string, connectionKey: string, aid?: string | number): TextEdit[] {
  return removeValueEdits(text, [DEPLOYMENTS_PROPERTY, connectionKey, aidKey(aid)], true);
}

export function setBinding(text: string, connectionKey: string, aid: string | number | undefined, testId: number): string {
  return applyEdits(text, bindingEdits(text, connectionKey, aid, testId));
}

export function removeBinding(text: string, connectionKey: string, aid?: string | number): string {
  return applyEdits(text, unbindingEdits(text, connectionKey, aid));
}
