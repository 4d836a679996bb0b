// The built CLI and emulator as the installed extension ships them: only dist/'s bundles in a
// folder of their own (no node_modules, no src), so dist/netmon.js and dist/emulator.js must find
// the client, the documents layer, the emulator (with the vendor's field rules), netmon mcp's
// server and the tools' catalogue in their sibling libraries. Runs on the build `npm test` makes
// first (node esbuild.mjs); a missing build fails.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const REPO = join(__dirname, '..', '..', '..');
const BUNDLES = [
  'netmon.js',
  'emulator.js',
  'client-lib.js',
  'documents-lib.js',
  'emulator-lib.js',
  'fields-lib.js',
  'mcp-lib.js',
  'cli-lib.js',
];

interface CallResult {
  content: { type: string; text?: string }[];
  isError?: boolean;
}

describe('the shipped CLI and emulator (dist/ alone)', () => {
  let installed: string;
  let dist: string;
  const netmon = (args: readonly string[]): { status: number | null; stdout: string; stderr: string } =>
    spawnSync(process.execPath, [join(dist, 'netmon.js'), ...args], {
      cwd: installed,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NETMON_TOKEN: undefined },
    });

  before(() => {
    const missing = BUNDLES.filter((name) => !existsSync(join(REPO, 'dist', name)));
    if (missing.length > 0) throw new Error(`dist/ lacks ${missing.join(', ')}: build first (node esbuild.mjs)`);
    installed = mkdtempSync(join(tmpdir(), 'netmon-installed-'));
    dist = join(installed, 'dist');
    cpSync(join(REPO, 'dist'), dist, { recursive: true, filter: (source) => !source.endsWith('.map') });
    cpSync(join(REPO, 'examples', 'portal-health.netmon-test.json'), join(installed, 'portal-health.netmon-test.json'));
  });
  after(() => rmSync(installed, { recursive: true, force: true }));

  test('validates a document and plans it against the emulator (client, documents layer and emulator from their libraries)', () => {
    const validated = netmon(['validate', 'portal-health.netmon-test.json']);
    assert.equal(validated.status, 0, validated.stderr);
    assert.match(validated.stderr, /1 document OK/);
    const planned = netmon(['plan', 'portal-health.netmon-test.json', '--emulator']);
    assert.equal(planned.status, 1, planned.stderr);
    assert.match(planned.stdout, /Plan: 1 to create, 0 to update/);
  });

  test('netmon mcp serves its tools, ajv checks their arguments, and an API error is told as one', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(dist, 'netmon.js'), 'mcp', '--emulator'],
      cwd: installed,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'netmon-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(
        tools.some((tool) => tool.name === 'explain_session'),
        tools.map((tool) => tool.name).join(', '),
      );
      const wrongArgs = (await client.callTool({
        name: 'explain_session',
        arguments: { userSessionId: ['not', 'an', 'id'] }, // a number would do: ids pass as number or text
      })) as CallResult;
      assert.equal(wrongArgs.isError, true);
      assert.match(wrongArgs.content.map((c) => c.text).join('\n'), /userSessionId/);
      const missing = (await client.callTool({
        name: 'explain_session',
        arguments: { userSessionId: 'missing-session' },
      })) as CallResult;
      assert.equal(missing.isError, true);
      assert.match(missing.content.map((c) => c.text).join('\n'), /explain_session: the API answered/);
    } finally {
      await client.close();
    }
  });

  test("netmon-emulator starts and checks a v7 test by the vendor's field rules", async () => {
    const child = spawn(process.execPath, [join(dist, 'emulator.js'), '--port', '0', '--api', 'v7'], {
      cwd: installed,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`the emulator did not start: ${output}`)), 15_000);
        const onData = (chunk: Buffer): void => {
          output += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`the emulator exited with ${code}: ${output}`));
        });
      });
      assert.equal((await fetch(new URL('/v7/tests?aid=1001', url))).status, 401);
      const created = await fetch(new URL('/v7/tests/voice?aid=1001', url), {
        method: 'POST',
        headers: { authorization: 'Bearer demo-admin-token', 'content-type': 'application/json' },
        body: JSON.stringify({ testName: 'x', interval: 300 }),
      });
      assert.equal(created.status, 400);
      assert.match(
        ((await created.json()) as { detail: string }).detail,
        /targetAgentId is required to create a voice test/,
      );
    } finally {
      child.kill();
    }
  });
});
