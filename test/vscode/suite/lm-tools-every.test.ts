// Every Netmon tool called the way agent mode calls it, against the emulator of the pass's
// dialect (v6, and v7 in the suite-v7 pass): the reads through vscode.lm.invokeTool, the two
// writes through the tool's own handler, which is what invokeTool runs once the user allowed
// the confirmation (a modal outside chat: test/ui/lm-tools-confirm.test.ts answers it).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { activateExtension } from '../helpers';
import {
  EMULATOR_NOW,
  SUITE_API,
  clearEmulatorRequests,
  emulatorRequests,
  isWriteRequest,
  netmonApi,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

const PROBE = 'lm-tools-every';
const DAY_MS = 86_400_000;

async function invoke(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await vscode.lm.invokeTool(
    name,
    { input, toolInvocationToken: undefined },
    new vscode.CancellationTokenSource().token,
  );
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** The handler invokeTool runs after the user allowed a write. */
async function invokeAllowed(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await (await netmonApi()).lmTools().invoke(name, input, new vscode.CancellationTokenSource().token);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

function har(title: string, url: string, wait: number): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'suite', version: '1' },
      pages: [{ id: 'p', title, startedDateTime: '2026-11-18T10:00:00Z', pageTimings: { onLoad: wait + 10 } }],
      entries: [
        {
          pageref: 'p',
          startedDateTime: '2026-11-18T10:00:00Z',
          time: wait + 10,
          request: {
            method: 'GET',
            url,
            httpVersion: 'HTTP/1.1',
            headers: [{ name: 'Authorization', value: 'Bearer secret-value' }],
            queryString: [],
            cookies: [],
            headersSize: -1,
            bodySize: 0,
          },
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: 'HTTP/1.1',
            headers: [],
            cookies: [],
            content: { size: 1, mimeType: 'text/html' },
            redirectURL: '',
            headersSize: -1,
            bodySize: 1,
          },
          cache: {},
          timings: { send: 1, wait, receive: 9 },
        },
      ],
    },
  });
}

describe('Language-model tools: every tool against the emulator', function () {
  this.timeout(90_000);
  let emulator: RunningEmulator;
  let probe: string;

  before(async () => {
    // The clock runs from the suites' fixed now: an instant test's results appear once time passes.
    const started = Date.now();
    emulator = await startControlledEmulator({
      now: () => EMULATOR_NOW + (Date.now() - started),
      instantTestDelaySeconds: 0,
    });
    await signInTo(emulator);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the suite runs in a workspace folder');
    probe = join(folder, PROBE);
    mkdirSync(probe, { recursive: true });
    const examples = join((await activateExtension()).extensionPath, 'examples');
    copyFileSync(
      join(examples, 'intranet-from-laptops.netmon-instant.json'),
      join(probe, 'intranet.netmon-instant.json'),
    );
    writeFileSync(join(probe, 'before.har'), har('Home', 'https://shop.example/', 40));
    writeFileSync(join(probe, 'after.har'), har('Home', 'https://shop.example/', 900));
  });
  after(async () => {
    rmSync(probe, { recursive: true, force: true });
    await signOut();
    await emulator.close();
  });

  it('each read tool answers through vscode.lm.invokeTool, none as an error and none writing', async () => {
    await clearEmulatorRequests(emulator);
    const range = { from: new Date(EMULATOR_NOW - DAY_MS).toISOString(), to: new Date(EMULATOR_NOW).toISOString() };
    const worst = await invoke('find_worst_sessions', { ...range, limit: 2 });
    const [first, second] = [...worst.matchAll(/^\d+\. ([0-9a-f]{24}) · /gm)].map((m) => m[1]);
    assert.ok(first && second, `two sessions in: ${worst}`);
    const nowS = EMULATOR_NOW / 1000;
    const agent = emulator.world
      .group(1001)
      ?.episodes(nowS - 86400, nowS)
      .at(-1);
    assert.ok(agent, 'an episode in the last 24 h, on an agent');
    const calls: [string, Record<string, unknown>, RegExp][] = [
      ['explain_session', { userSessionId: first }, /verdict|look first/i],
      ['session_path', { userSessionId: first }, /own route/],
      ['compare_sessions', { first, second }, /./],
      ['find_agent', { name: agent.computerName }, new RegExp(agent.computerName)],
      ['agent_timeline', { agent: agent.computerName, ...range }, new RegExp(agent.computerName)],
      ['localize_path', { testId: 100102 }, /./],
      ['diff_path', { testId: 100102 }, /./],
      ['compare_hars', { before: `${PROBE}/before.har`, after: `${PROBE}/after.har` }, /./],
      ['redact_har', { file: `${PROBE}/before.har` }, /./],
      ['validate_documents', { paths: [PROBE] }, /1 document OK/],
    ];
    for (const [name, input, expected] of calls) {
      const text = await invoke(name, input);
      assert.doesNotMatch(text, new RegExp(`^${name}: `), `${name} answered an error: ${text}`);
      assert.match(text, expected, `${name}: ${text}`);
    }
    assert.deepEqual(
      (await emulatorRequests(emulator)).filter(isWriteRequest).map((r) => `${r.method} ${r.path}`),
      [],
    );
  });

  it('redact_har answers without the secret it removes', async () => {
    const text = await invoke('redact_har', { file: `${PROBE}/before.har` });
    assert.doesNotMatch(text, /secret-value/);
    assert.match(text, /authorization|header/i, text);
  });

  it('run_instant_test, once allowed, runs the document on the emulator and answers each agent by name', async () => {
    await clearEmulatorRequests(emulator);
    const text = await invokeAllowed('run_instant_test', { document: `${PROBE}/intranet.netmon-instant.json` });
    assert.match(text, /^Instant test \d+ \([a-z-]+\): [1-9]\d* agent results?\./, text);
    assert.match(text, /^[✓!✗] +[A-Za-z][\w-]* +\d+ /m, 'a row per agent, by computer name');
    const created = (await emulatorRequests(emulator)).filter(isWriteRequest);
    assert.equal(created.length, 1, created.map((r) => `${r.method} ${r.path}`).join(', '));
    assert.ok(created[0] && created[0].status < 300, `the create answered ${created[0]?.status}`);
  });

  it("a test document's confirmation says what runs (type, target, agents); on v6 a DNS test is told it needs the current API", async () => {
    const examples = join((await activateExtension()).extensionPath, 'examples');
    copyFileSync(join(examples, 'corporate-dns.netmon-test.json'), join(probe, 'dns.netmon-test.json'));
    const runner = (await netmonApi()).lmTools();
    const prepared = await runner.prepare(
      'run_instant_test',
      { document: `${PROBE}/dns.netmon-test.json` },
      new vscode.CancellationTokenSource().token,
    );
    const message = prepared.confirmationMessages?.message;
    const said = typeof message === 'string' ? message : (message?.value ?? '');
    assert.match(said, /the dns-server test "Corporate DNS" toward intranet\.example\.com/, said);
    if (SUITE_API === 'v7') {
      assert.match(said, /whole, as an instant test \(nothing is deployed\) from its agents: London, GB/, said);
      return; // the run itself: test/integration/tools/mcp-instant.test.ts (this suite's emulator clock stands still)
    }
    assert.match(said, /cannot run on this account/, said);
    await clearEmulatorRequests(emulator);
    const text = await invokeAllowed('run_instant_test', { document: `${PROBE}/dns.netmon-test.json` });
    assert.match(text, /^run_instant_test: .*dns-server test: running it now needs the current API \(v7\)/, text);
    assert.deepEqual((await emulatorRequests(emulator)).filter(isWriteRequest), [], 'nothing ran');
  });
});
