// What an enterprise agent of the Netmon view offers: copy its id, or add it to a test
// document's agents (an open one or one of the workspace, picked), named in a comment.
import * as vscode from 'vscode';
import { registerCommands, reporting } from '../command-util';
import { documentsLibrary as lib } from '../documents/library';
import { requireTrustedWorkspace } from '../ui/arguments';
import { flashStatus } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import { TreeNode } from './nodes';
import { COMMAND } from '../command-ids.generated';

export const AGENT_COMMANDS = {
  copyId: COMMAND.copyAgentId,
  copyEndpointId: COMMAND.copyEndpointAgentId,
  addToDocument: COMMAND.addAgentToDocument,
} as const;

export function registerAgentCommands(context: vscode.ExtensionContext, prompts: Prompts): void {
  registerCommands(context, {
    [AGENT_COMMANDS.copyId]: (node) =>
      reporting('Copying the agent id', async () => {
        const { agentId, agentName } = agentOf(node);
        await vscode.env.clipboard.writeText(String(agentId));
        flashStatus(`Netmon: agent id ${agentId} (${agentName}) copied`, 3_000);
        return agentId;
      }),
    // Rows show endpoint agents by name; the id a ticket or a script needs is one click away.
    [AGENT_COMMANDS.copyEndpointId]: (node) =>
      reporting('Copying the agent id', async () => {
        const agentId = node instanceof TreeNode ? node.spec.filterBy?.agentId?.value : undefined;
        if (!agentId) throw new Error('Run this command on an endpoint agent, or a record of one, in the Netmon view');
        await vscode.env.clipboard.writeText(agentId);
        flashStatus(`Netmon: agent id ${agentId} copied`, 3_000);
        return agentId;
      }),
    [AGENT_COMMANDS.addToDocument]: (node) =>
      reporting('Adding the agent to a test document', () => addToDocument(agentOf(node), prompts)),
  });
}

function agentOf(value: unknown): { agentId: number; agentName: string } {
  const agent = value instanceof TreeNode ? value.spec.agent : undefined;
  if (!agent) throw new Error('Run this command on an enterprise agent in the Netmon view');
  return agent;
}

async function addToDocument(
  agent: { agentId: number; agentName: string },
  prompts: Prompts,
): Promise<vscode.Uri | undefined> {
  requireTrustedWorkspace('Editing a test document');
  const uri = await pickTestDocument(prompts, agent.agentName);
  if (!uri) return undefined;
  const document = await vscode.workspace.openTextDocument(uri);
  const edits = lib().addAgentEdits(document.getText(), agent.agentId, agent.agentName);
  if (edits.length > 0) {
    const edit = new vscode.WorkspaceEdit();
    for (const change of edits)
      edit.replace(
        uri,
        new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length)),
        change.content,
      );
    await vscode.workspace.applyEdit(edit);
  }
  await vscode.window.showTextDocument(document);
  flashStatus(
    edits.length > 0
      ? `Netmon: ${agent.agentName} added to ${vscode.workspace.asRelativePath(uri)}`
      : `Netmon: ${agent.agentName} already runs ${vscode.workspace.asRelativePath(uri)}`,
    4_000,
  );
  return uri;
}

/** The active test document first, then the workspace's others; a choice when there are several. */
async function pickTestDocument(prompts: Prompts, agentName: string): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const found = await vscode.workspace.findFiles('**/*.netmon-test.json', '**/node_modules/**', 500);
  const uris = [
    ...(active && active.path.endsWith('.netmon-test.json') ? [active] : []),
    ...found.filter((u) => u.toString() !== active?.toString()),
  ];
  if (uris.length === 0)
    throw new Error('No test document in this workspace: create one with "Netmon: New Test Document…" first');
  if (uris.length === 1) return uris[0];
  const items = uris.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri }));
  return (await prompts.choose(items, { title: `Add ${agentName} to which test document?` }))?.uri;
}
