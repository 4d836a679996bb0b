// `netmon mcp --help` shows how to add the server to VS Code, Claude Code and Cursor, each in the
// format its documentation gives, with this installation's path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mcpConfig, mcpConfigsText } from '../../../src/tools/mcp-configs';
import { netmon } from '../../integration/cli/run-netmon';

test("each client's own format: VS Code servers with type stdio, Cursor mcpServers, Claude Code's command", () => {
  const script = '/opt/netmon/dist/netmon.js';
  const vscode = JSON.parse(mcpConfig('VS Code', script)) as { servers: Record<string, unknown> };
  assert.deepEqual(vscode.servers['netmon'], { type: 'stdio', command: 'node', args: [script, 'mcp', '--emulator'] });
  const cursor = JSON.parse(mcpConfig('Cursor', script)) as { mcpServers: Record<string, unknown> };
  assert.deepEqual(cursor.mcpServers['netmon'], { command: 'node', args: [script, 'mcp', '--emulator'] });
  assert.equal(mcpConfig('Claude Code', script), `claude mcp add netmon -- node ${script} mcp --emulator`);
  assert.equal(
    mcpConfig('Claude Code', "/home/o'neil/my tools/netmon.js"),
    `claude mcp add netmon -- node '/home/o'\\''neil/my tools/netmon.js' mcp --emulator`,
    'a path with spaces or quotes stays one shell word',
  );
  assert.doesNotMatch(mcpConfigsText(script), /NETMON_TOKEN=|demo-admin-token/, 'no token in a configuration file');
});

test('netmon mcp --help prints the three configurations with the path it runs from', async () => {
  const result = await netmon(['mcp', '--help']);
  assert.equal(result.code, 0, result.stderr);
  for (const client of ['VS Code, .vscode/mcp.json', 'Claude Code', 'Cursor, .cursor/mcp.json'])
    assert.ok(result.stdout.includes(client), client);
  assert.match(result.stdout, /"mcpServers"/);
  assert.match(result.stdout, new RegExp(`claude mcp add netmon -- node \\S*netmon\\.(js|ts) mcp --emulator`));
});
