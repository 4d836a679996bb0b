// How to add `netmon mcp` to the MCP clients people use, with this installation's own path: shown
// by `netmon mcp --help` and copied by VS Code's "Netmon: Copy MCP Configuration". Each client's
// format as its documentation gives it: VS Code `.vscode/mcp.json` ("servers", type stdio),
// Claude Code `claude mcp add`, Cursor `.cursor/mcp.json` ("mcpServers").

export const MCP_CLIENTS = ['VS Code', 'Claude Code', 'Cursor'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** The configuration for `client`, running `script` (dist/netmon.js) with node against the demo data. */
export function mcpConfig(client: McpClient, script: string): string {
  const args = [script, 'mcp', '--emulator'];
  if (client === 'Claude Code') return `claude mcp add netmon -- node ${shellWord(script)} mcp --emulator`;
  const server = { command: 'node', args };
  const body =
    client === 'VS Code' ? { servers: { netmon: { type: 'stdio', ...server } } } : { mcpServers: { netmon: server } };
  return JSON.stringify(body, null, 2);
}

/** Every client's configuration, for --help: where each goes, then what to write there. */
export function mcpConfigsText(script: string): string {
  const where: Record<McpClient, string> = {
    'VS Code': '.vscode/mcp.json in the workspace',
    'Claude Code': 'in a terminal, in the project',
    Cursor: '.cursor/mcp.json in the project (or ~/.cursor/mcp.json)',
  };
  return [
    'Configuration (demo data; for an account replace --emulator with --base-url URL and set NETMON_TOKEN in the',
    "client's environment, never in the file):",
    ...MCP_CLIENTS.flatMap((client) => [
      `  ${client}, ${where[client]}:`,
      ...mcpConfig(client, script)
        .split('\n')
        .map((line) => `    ${line}`),
    ]),
  ].join('\n');
}

/** A path as one shell word: quoted when it holds anything but safe characters. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
