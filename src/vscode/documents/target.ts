// Where a document's requests go and under which key its binding is recorded: the
// connection's key plus the account group (the document's own `aid`, else the one the
// connection uses, else the connection's default group).
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import { documentKindOf, type DocumentKind } from '../../documents/kinds';
import { documentsLibrary as lib } from './library';
import type { ConnectionManager } from '../connection/connection-manager';
import { untrustedLine } from '../../analysis/text/untrusted';

export interface DeployTarget {
  client: NetmonClient;
  connectionKey: string;
  /** The binding's aid key ("default" when no group is known). */
  aidKey: string;
  /** Sent as `aid` on requests when the document names a group. */
  requestAid: string | undefined;
  /** For messages: "ACME Corp (1001)". */
  groupLabel: string;
}

export function deployTarget(connection: ConnectionManager, documentText?: string): DeployTarget {
  const client = connection.requireClient();
  const info = connection.current;
  if (!info) throw new Error('Not signed in: run "Netmon: Sign In" or "Netmon: Use Demo Account" first');
  const documentAid = documentText === undefined ? undefined : aidOf(documentText);
  const group = info.accountGroup;
  const aidKey = documentAid ?? (group ? String(group.aid) : lib().DEFAULT_AID);
  // Shown in code-lens titles (which render `$(icon)`) and dialogs: the document's aid and
  // the API's group name are outside text.
  const groupLabel =
    documentAid !== undefined && documentAid !== String(group?.aid)
      ? `account group ${untrustedLine(documentAid, 40)}`
      : group
        ? `${untrustedLine(group.accountGroupName, 80)} (${untrustedLine(group.aid, 20)})`
        : 'the default account group';
  return { client, connectionKey: info.serviceKey, aidKey, requestAid: documentAid, groupLabel };
}

function aidOf(text: string): string | undefined {
  const value = lib().parseDocument(text).value;
  if (typeof value !== 'object' || value === null) return undefined;
  const aid = (value as Record<string, unknown>)['aid'];
  return typeof aid === 'number' || typeof aid === 'string' ? String(aid) : undefined;
}

export function kindOfDocument(document: vscode.TextDocument): DocumentKind | undefined {
  return documentKindOf(document.uri.path);
}
