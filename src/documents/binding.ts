// The binding of a test document to deployed tests: `"deployments": { "<service>":
// { "<aid>": testId } }`, read from the tree and written with byte-preserving edits.
// Tests belong to an account group of a service, not to a user: the key is the API's base
// URL (or "demo"), never a login. Documents written before carry `<baseUrl>|<e-mail>`;
// they are read as the same service and rewritten in the new form on the next write.
import type { Node } from 'jsonc-parser';
import { applyEdits, removeValueEdits, setValueEdits, type TextEdit } from './edits';
import { parseDocument } from './parse';
import { objectProperties, propertyValue } from './tree';

/** The aid key used when no account group was chosen (the connection's default group). */
export const DEFAULT_AID = 'default';
export const DEPLOYMENTS_PROPERTY = 'deployments';

export interface Binding {
  connectionKey: string;
  aid: string;
  testId: number;
}

function aidKey(aid: string | number | undefined): string {
  return aid === undefined ? DEFAULT_AID : String(aid);
}

/** True when a document's key names this service: the key itself, or its older `<key>|<e-mail>` form. */
export function isServiceKey(documentKey: string, serviceKey: string): boolean {
  return (
    documentKey === serviceKey ||
    (documentKey.startsWith(`${serviceKey}|`) && !documentKey.slice(serviceKey.length + 1).includes('/'))
  );
}

export function listBindingsInTree(root: Node | undefined): Binding[] {
  const bindings: Binding[] = [];
  for (const connection of objectProperties(propertyValue(root, DEPLOYMENTS_PROPERTY))) {
    for (const group of objectProperties(connection.value)) {
      const testId = group.value?.value;
      if (typeof testId === 'number' && Number.isInteger(testId))
        bindings.push({ connectionKey: connection.name, aid: group.name, testId });
    }
  }
  return bindings;
}

export function listBindings(text: string): Binding[] {
  return listBindingsInTree(parseDocument(text).root);
}

/** The binding of this service and account group (the current key first, then an older one). */
export function findBinding(
  bindings: readonly Binding[],
  serviceKey: string,
  aid?: string | number,
): Binding | undefined {
  const key = aidKey(aid);
  const candidates = bindings.filter((b) => b.aid === key && isServiceKey(b.connectionKey, serviceKey));
  return candidates.find((b) => b.connectionKey === serviceKey) ?? candidates[0];
}

export function readBinding(text: string, connectionKey: string, aid?: string | number): number | undefined {
  return findBinding(listBindings(text), connectionKey, aid)?.testId;
}

/** Edits recording `testId` for the service and account group (for a WorkspaceEdit); older keys of it are dropped. */
export function bindingEdits(
  text: string,
  connectionKey: string,
  aid: string | number | undefined,
  testId: number,
): TextEdit[] {
  // `deployments` stays where it is: the new key takes the old one's place.
  const withoutOld = dropOlderKeys(text, connectionKey, aid, false);
  return editsBetween(
    text,
    applyEdits(withoutOld, setValueEdits(withoutOld, [DEPLOYMENTS_PROPERTY, connectionKey, aidKey(aid)], testId)),
  );
}

/** Edits forgetting the binding (older keys of it too); empty connection entries and `deployments` go too. */
export function unbindingEdits(text: string, connectionKey: string, aid?: string | number): TextEdit[] {
  const withoutOld = dropOlderKeys(text, connectionKey, aid, true);
  return editsBetween(
    text,
    applyEdits(withoutOld, removeValueEdits(withoutOld, [DEPLOYMENTS_PROPERTY, connectionKey, aidKey(aid)], true)),
  );
}

/**
 * Moves this aid's binding out of older `<key>|<e-mail>` entries: an entry that holds only
 * it is renamed in place (so `deployments` and comments stay where they are); otherwise the
 * aid is taken out of it. `pruneEmpty` also drops entries left empty.
 */
function dropOlderKeys(
  text: string,
  serviceKey: string,
  aid: string | number | undefined,
  pruneEmpty: boolean,
): string {
  const key = aidKey(aid);
  let current = text;
  for (;;) {
    const root = parseDocument(current).root;
    const services = objectProperties(propertyValue(root, DEPLOYMENTS_PROPERTY));
    const hasNewKey = services.some((entry) => entry.name === serviceKey);
    const old = services.find(
      (entry) =>
        entry.name !== serviceKey &&
        isServiceKey(entry.name, serviceKey) &&
        objectProperties(entry.value).some((group) => group.name === key),
    );
    if (!old) return current;
    const alone = objectProperties(old.value).length === 1;
    current =
      alone && !hasNewKey && !pruneEmpty
        ? applyEdits(current, [{ offset: old.key.offset, length: old.key.length, content: JSON.stringify(serviceKey) }])
        : applyEdits(
            current,
            removeValueEdits(current, [DEPLOYMENTS_PROPERTY, old.name, ...(alone ? [] : [key])], pruneEmpty),
          );
  }
}

/** One edit covering what changed between two texts (the bytes around it stay as they are). */
function editsBetween(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return [{ offset: start, length: before.length - start - end, content: after.slice(start, after.length - end) }];
}

export function setBinding(
  text: string,
  connectionKey: string,
  aid: string | number | undefined,
  testId: number,
): string {
  return applyEdits(text, bindingEdits(text, connectionKey, aid, testId));
}

export function removeBinding(text: string, connectionKey: string, aid?: string | number): string {
  return applyEdits(text, unbindingEdits(text, connectionKey, aid));
}
