// What tree items do: open details as read-only JSON, copy or open the permalink, export a
// session page as a .har file.
import * as vscode from 'vscode';
import { flashStatus } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { ConnectionManager } from '../connection/connection-manager';
import { registerCommands, reporting } from '../command-util';
import { openHttpUrl } from '../external-links';
import { withCancellableProgress } from '../progress';
import { TreeNode } from '../tree/nodes';
import { probeDetails } from '../tree/session-nodes';
import { DetailsDocumentProvider, DETAILS_SCHEME } from './details-provider';
import { chooseExport, exportHarFile } from '../har-editor/export-har';
import { COMMAND } from '../command-ids.generated';

export function registerItemCommands(
  context: vscode.ExtensionContext,
  connection: ConnectionManager,
  prompts: Prompts,
): DetailsDocumentProvider {
  const details = new DetailsDocumentProvider(() => connection.requireClient());
  context.subscriptions.push(details, vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, details));
  registerCommands(context, {
    [COMMAND.openDetails]: (node) => openDetails(details, node),
    [COMMAND.openProbeDetails]: (probeId) => openProbeDetails(details, probeId),
    [COMMAND.copyPermalink]: (node) => copyPermalink(node),
    [COMMAND.openPermalink]: (node) => openPermalink(node),
    [COMMAND.exportHar]: (node) => exportHar(connection, prompts, node),
  });
  return details;
}

function nodeArgument(value: unknown): TreeNode {
  if (value instanceof TreeNode) return value;
  throw new Error('Run this command from an item of the Netmon view');
}

async function openDetails(details: DetailsDocumentProvider, value: unknown): Promise<vscode.Uri | undefined> {
  return reporting('Opening details', async () => {
    const node = nodeArgument(value);
    const source = node.spec.details;
    if (!source) throw new Error(`"${node.label}" has no details`);
    const uri = await withCancellableProgress(`Loading details of ${node.label}`, (signal) =>
      details.load(source, signal),
    );
    const document = await vscode.languages.setTextDocumentLanguage(
      await vscode.workspace.openTextDocument(uri),
      'json',
    );
    await vscode.window.showTextDocument(document, { preview: true });
    return uri;
  });
}

/** A topology probe's details by id (what the agent timeline opens for a probe). */
async function openProbeDetails(details: DetailsDocumentProvider, probeId: unknown): Promise<vscode.Uri | undefined> {
  return reporting('Opening probe details', async () => {
    if (typeof probeId !== 'string' || probeId.trim() === '')
      throw new Error('Pass the id of a network topology probe');
    const uri = await withCancellableProgress(`Loading probe ${probeId}`, (signal) =>
      details.load(probeDetails(probeId), signal),
    );
    await vscode.window.showTextDocument(
      await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'json'),
      { preview: true },
    );
    return uri;
  });
}

async function copyPermalink(value: unknown): Promise<string | undefined> {
  return reporting('Copying the permalink', async () => {
    const permalink = permalinkOf(nodeArgument(value));
    await vscode.env.clipboard.writeText(permalink);
    flashStatus('Netmon: permalink copied', 3_000);
    return permalink;
  });
}

async function openPermalink(value: unknown): Promise<boolean | undefined> {
  // The permalink comes from the API: only an http(s) link may leave VS Code (false otherwise).
  return reporting('Opening the permalink', () => openHttpUrl(permalinkOf(nodeArgument(value)), 'permalink'));
}

function permalinkOf(node: TreeNode): string {
  const permalink = node.spec.permalink;
  if (!permalink) throw new Error(`"${node.label}" has no permalink`);
  return permalink;
}

/** Redacted unless the user picks the HAR as recorded; the destination is always chosen in the save dialog. */
async function exportHar(connection: ConnectionManager, prompts: Prompts, value: unknown): Promise<string | undefined> {
  return reporting('Exporting the HAR file', async () => {
    const page = nodeArgument(value).spec.harPage;
    if (!page) throw new Error('Only a page of a user session can be exported as HAR');
    const client = connection.requireClient();
    const har = await withCancellableProgress(`Exporting ${page.title || page.pageId}`, (signal) =>
      client.getPageDetails(page.userSessionId, page.pageId, { signal }),
    );
    const redacted = await chooseExport(prompts, page.title || page.pageId, har);
    return redacted === undefined ? undefined : exportHarFile(prompts, har, page.title || page.pageId, redacted);
  });
}
