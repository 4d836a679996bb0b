// The security review's finding through `netmon mcp` itself, driven by the MCP SDK's client
// over stdio, in a cloned repository that commits `out -> ../outside`. Read-only (the default):
// the write tool is not listed, and calling it or slipping an `output` into the report is
// refused. With --allow-writes: it is listed as destructive, and a write through the link is
// refused with a sentence, nothing created in ../outside; a real folder of the workspace takes it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { FIXTURE_DIR, REDACT_FIXTURES } from '../../fixtures/har-redact/expectations';
import { NOW_MS } from './context';

const REPO = join(__dirname, '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = join(REPO, 'src', 'cli', 'netmon.ts');

interface CallResult {
  content: { type: string; text?: string }[];
  isError?: boolean;
}

describe('netmon mcp in a repository with a planted folder link', () => {
  let emulator: RunningEmulator;
  let dir: string;
  let repository: string;
  let outside: string;
  const clients: Client[] = [];

  async function connect(extra: readonly string[]): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', TSX, ENTRY, 'mcp', '--base-url', emulator.url, '--aid', '1001', '--api', 'v6', ...extra],
      cwd: repository,
      env: { ...(process.env as Record<string, string>), NETMON_TOKEN: DEMO_CREDENTIALS.admin.token },
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'netmon-test', version: '1.0.0' });
    await mcp.connect(transport);
    clients.push(mcp);
    return mcp;
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<CallResult> =>
    (await client.callTool({ name, arguments: args })) as CallResult;
  const textOf = (result: CallResult): string => result.content.map((c) => c.text ?? '').join('\n');

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'netmon-mcp-link-'));
    repository = join(dir, 'repository');
    outside = join(dir, 'outside');
    mkdirSync(join(repository, 'reports'), { recursive: true });
    mkdirSync(outside);
    symlinkSync('../outside', join(repository, 'out'));
    copyFileSync(join(FIXTURE_DIR, 'chrome.har'), join(repository, 'a.har'));
    emulator = await startEmulator({ port: 0, now: () => NOW_MS });
  });
  after(async () => {
    for (const client of clients) await client.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('read-only: the write tool is unlisted and refused, an output slipped into the report is refused, the report works', async () => {
    const client = await connect([]);
    const names = (await client.listTools()).tools.map((t) => t.name);
    assert.ok(names.includes('redact_har'), names.join(', '));
    assert.ok(!names.includes('write_redacted_har'), 'not served without --allow-writes');

    const report = await call(client, 'redact_har', { file: 'a.har' });
    assert.equal(report.isError, false, textOf(report));
    assert.match(textOf(report), /values redacted in \d+ entries\./);

    const slipped = await call(client, 'redact_har', { file: 'a.har', output: 'out/x.har' });
    assert.equal(slipped.isError, true);
    assert.match(textOf(slipped), /unknown argument "output"/);
    const write = await call(client, 'write_redacted_har', { file: 'a.har', output: 'out/x.har' });
    assert.equal(write.isError, true);
    assert.match(textOf(write), /write_redacted_har writes a file in the workspace, and writes are not allowed here/);
    assert.deepEqual(readdirSync(outside), []);
  });

  test('--allow-writes: listed as destructive; through the link refused with a sentence, nothing in ../outside', async () => {
    const client = await connect(['--allow-writes']);
    // The review's call: before the split, this wrote ../outside/x.har.
    const slipped = await call(client, 'redact_har', { file: 'a.har', output: 'out/x.har' });
    assert.deepEqual(readdirSync(outside), [], 'nothing was created where the link points');
    assert.equal(slipped.isError, true, 'the report takes no output, writes allowed or not');

    const tool = (await client.listTools()).tools.find((t) => t.name === 'write_redacted_har');
    assert.equal(tool?.annotations?.destructiveHint, true);
    assert.equal(tool?.annotations?.readOnlyHint, false);

    for (const output of ['out/x.har', 'out/../out/x.har']) {
      const refused = await call(client, 'write_redacted_har', { file: 'a.har', output });
      assert.equal(refused.isError, true, output);
      assert.match(textOf(refused), /goes through out, a symbolic link in the workspace: a file is never written/);
    }
    assert.deepEqual(readdirSync(outside), [], 'nothing was created where the link points');

    const written = await call(client, 'write_redacted_har', { file: 'a.har', output: 'reports/a-redacted.har' });
    assert.equal(written.isError, false, textOf(written));
    const copy = readFileSync(join(repository, 'reports', 'a-redacted.har'), 'utf8');
    for (const secret of REDACT_FIXTURES.find((f) => f.name === 'chrome')?.secrets ?? [])
      assert.ok(!copy.includes(secret), 'the copy is redacted');
    assert.equal(existsSync(join(outside, 'a-redacted.har')), false);
  });
});
