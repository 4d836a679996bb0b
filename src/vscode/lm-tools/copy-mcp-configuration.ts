// "Netmon: Copy MCP Configuration…": the configuration that adds `netmon mcp` (this installation's
// dist/netmon.js, against the demo data) to VS Code, Claude Code or Cursor, copied for pasting —
// the same text `netmon mcp --help` prints.
import * as vscode from 'vscode';
import { join } from 'node:path';
import { MCP_CLIENTS, mcpConfig, type McpClient } from '../../tools/mcp-configs';
import { showInfo } from '../ui/notify';
import { pick } from '../ui/quick-pick';
import { COMMAND } from '../command-ids.generated';

export const COPY_MCP_CONFIGURATION = COMMAND.copyMcpConfiguration;

const WHERE: Record<McpClient, string> = {
  'VS Code': 'paste it into .vscode/mcp.json',
  'Claude Code': 'run it in a terminal in your project',
  Cursor: 'paste it into .cursor/mcp.json',
};

export function registerCopyMcpConfiguration(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(COPY_MCP_CONFIGURATION, async (client?: unknown) => {
      const picked = MCP_CLIENTS.find((name) => name === client) ?? (await pickClient());
      if (!picked) return undefined;
      const text = mcpConfig(picked, join(context.extensionPath, 'dist', 'netmon.js'));
      await vscode.env.clipboard.writeText(text);
      void showInfo(`The ${picked} configuration of netmon mcp is on the clipboard: ${WHERE[picked]}.`);
      return text;
    }),
  );
}

async function pickClient(): Promise<McpClient | undefined> {
  const item = await pick(
    MCP_CLIENTS.map((label) => ({ label, detail: WHERE[label] })),
    { title: 'Copy the netmon mcp configuration for', placeHolder: 'The MCP client to add Netmon to' },
  );
  return item?.label;
}
