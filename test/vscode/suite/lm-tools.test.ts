// The Netmon tools as VS Code language-model tools, called the way agent mode calls them
// (vscode.lm.invokeTool) against the emulator: the troubleshooting chain names the seeded
// ISP episode, a mistake comes back as a sentence for the model, and a write asks first with
// the live target. Outside a chat request, invokeTool confirms a write in a modal dialog, which
// a suite cannot answer: the confirmation is checked as the tool's prepareInvocation gives it
// (test/ui/lm-tools-confirm.test.ts answers the dialog itself, both ways).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { activateExtension } from '../helpers';
import {
  DEMO_CREDENTIALS,
  EMULATOR_NOW,
  netmonApi,
  netmonLogText,
  signInTo,
  signOut,
  startControlledEmulator,
  SUITE_API,
} from './netmon-fixture';

const AID = 1001;
const DAY_MS = 86_400_000;

async function invoke(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await vscode.lm.invokeTool(
    name,
    { input, toolInvocationToken: undefined },
    new vscode.CancellationTokenSource().token,
  );
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('Language-model tools', function () {
  this.timeout(60_000);
  let emulator: RunningEmulator;

  before(async () => {
    emulator = await startControlledEmulator();
    await signInTo(emulator);
  });
  after(async () => {
    await signOut();
    await emulator.close();
  });

  it('every Netmon tool is registered for agent mode', () => {
    const names = vscode.lm.tools.map((tool) => tool.name);
    for (const name of [
      'find_worst_sessions',
      'explain_session',
      'agent_timeline',
      'localize_path',
      'apply_documents',
      'run_instant_test',
    ]) {
      assert.ok(names.includes(name), `${name} among ${names.join(', ')}`);
    }
  });

  it('worst session of the day → explain: the seeded ISP episode, with the command that opens it', async () => {
    const nowS = EMULATOR_NOW / 1000;
    const episode = emulator.world
      .group(AID)!
      .episodes(nowS - 86400, nowS)
      .filter((e) => e.kind === 'isp' && e.endSeconds <= nowS)
      .at(-1);
    assert.ok(episode, 'a whole ISP episode in the last 24 h');
    const range = {
      from: new Date(EMULATOR_NOW - DAY_MS).toISOString(),
      to: new Date(EMULATOR_NOW).toISOString(),
      limit: 3,
    };
    const worst = await invoke('find_worst_sessions', range);
    assert.ok(worst.includes(episode.computerName), worst);
    assert.match(worst, /command netmon\.openSessionOverview/);
    const fence = worst.slice(worst.indexOf('commands quoted below'));
    assert.match(
      fence,
      /^commands quoted below\.\n<<<UNTRUSTED DATA[^]*openSessionOverview[^]*END UNTRUSTED DATA>>>$/,
      'ids inside the fence',
    );
    // The worst session: the one its "open" line names.
    const id = /command netmon\.openSessionOverview, arguments \["([^"]+)"\]/.exec(worst)?.[1];
    assert.ok(id, `a session id in: ${worst}`);

    const explained = await invoke('explain_session', { userSessionId: id });
    assert.match(explained, /look first at the ISP path segment/, explained);
    assert.match(explained, /Netmon: Open Session Overview/);
  });

  it('a mistake comes back as a sentence the model can act on, not an exception', async () => {
    const text = await invoke('explain_session', { userSessionId: 'no-such-session' });
    assert.match(text, /^explain_session: /);
    assert.ok(text.length < 600, text);
    // An API error is told by class: the tools' bundle uses the connection's own client-lib.
    const missing = await invoke('localize_path', { testId: 999_999 });
    assert.match(
      missing,
      /^localize_path: the API answered with an error \(quoted below\)\n<<<UNTRUSTED DATA/,
      missing,
    );
  });

  it('a write asks first, naming the account it changes; a read only says what it reads', async () => {
    const runner = (await netmonApi()).lmTools();
    const token = new vscode.CancellationTokenSource().token;
    const write = await runner.prepare('run_instant_test', { document: 'probe.netmon-instant.json' }, token);
    assert.ok(write.confirmationMessages, 'a confirmation before an instant test runs');
    const message = write.confirmationMessages.message;
    const text = typeof message === 'string' ? message : message.value;
    assert.ok(text.includes('probe.netmon-instant.json') && text.includes(emulator.url), text);

    const read = await runner.prepare('find_worst_sessions', {}, token);
    assert.equal(read.confirmationMessages, undefined);
    assert.ok(String(read.invocationMessage).includes(emulator.url));
  });

  it('logs each call in the Netmon log: tool, arguments, duration and size, never the token', async () => {
    await invoke('find_agent', { name: 'zz-no-such-agent-zz' });
    const log = await netmonLogText('tool find_agent {"name":"zz-no-such-agent-zz"}');
    const line = log.split('\n').find((l) => l.includes('tool find_agent {"name":"zz-no-such-agent-zz"}')) ?? '';
    assert.match(line, /tool find_agent \{"name":"zz-no-such-agent-zz"\} \d+ ms, \d+ characters/);
    assert.ok(!log.includes(DEMO_CREDENTIALS.admin.token));
  });

  it('apply_documents asks first with the live plan: what it would create on which account, endpoint tests said as such (v6: one sentence)', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the suite runs in a workspace folder');
    const probe = join(folder, 'lm-tools-probe');
    mkdirSync(probe, { recursive: true });
    copyFileSync(
      join((await activateExtension()).extensionPath, 'examples', 'corporate-dns.netmon-test.json'),
      join(probe, 'corporate-dns.netmon-test.json'),
    );
    writeFileSync(
      join(probe, 'vpn.netmon-endpoint-test.json'),
      JSON.stringify({ type: 'agent-to-server', testName: 'VPN probe', interval: 300, server: 'vpn.example.com' }),
    );
    try {
      const prepared = await (
        await netmonApi()
      )
        .lmTools()
        .prepare('apply_documents', { paths: ['lm-tools-probe'] }, new vscode.CancellationTokenSource().token);
      assert.equal(prepared.confirmationMessages?.title, 'Apply Netmon documents?');
      const message = prepared.confirmationMessages.message;
      const text = typeof message === 'string' ? message : message.value;
      assert.match(text, /1 to create/);
      assert.ok(text.includes('corporate-dns.netmon-test.json'), text);
      if (SUITE_API === 'v7')
        assert.match(
          text,
          /create endpoint test "VPN probe" \(agent-to-server\) from lm-tools-probe\/vpn\.netmon-endpoint-test\.json/,
        );
      else
        assert.match(
          text,
          /1 endpoint test document left out: Endpoint tests as code and endpoint labels need the current API \(v7\)/,
        );
    } finally {
      rmSync(probe, { recursive: true, force: true });
    }
  });

  it("Copy MCP Configuration puts a client's configuration of netmon mcp, with this installation's path, on the clipboard", async () => {
    const text = await vscode.commands.executeCommand<string>('netmon.copyMcpConfiguration', 'Cursor');
    assert.equal(await vscode.env.clipboard.readText(), text);
    const config = JSON.parse(text) as { mcpServers: { netmon: { command: string; args: string[] } } };
    assert.equal(config.mcpServers.netmon.command, 'node');
    assert.match(config.mcpServers.netmon.args[0]!, /dist[\\/]netmon\.js$/);
    assert.deepEqual(config.mcpServers.netmon.args.slice(1), ['mcp', '--emulator']);
  });
});
