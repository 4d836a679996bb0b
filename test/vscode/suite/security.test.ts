// Untrusted text never becomes an action: every contributed command, called with the
// arguments a link in a notification or a hover could carry (confirm flags, save targets,
// answers, foreign URIs, other servers), writes and deletes nothing unless the user says
// so in a dialog; and a binding that came with a cloned document is shown as unverified,
// with the live test and the change before Update acts.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import manifest from '../../../package.json';
import type { RunningEmulator } from '../../../src/emulator';
import type { ConfirmPrompt, Prompt } from '../../../src/vscode/ui/prompts';
import {
  createTestDirectly,
  openDocument,
  startDocumentSuite,
  writeDocument,
  type DocumentSuite,
  type WorkspaceScratch,
} from './documents-fixture';
import {
  SUITE_API,
  answeringPrompts,
  clearEmulatorRequests,
  deployedTest,
  emulatorRequests,
  isWriteRequest,
  netmonApi,
} from './netmon-fixture';

/** Argument-free user actions that change the connection itself; not a consent bypass, and they would end the suite's sign-in. */
const SKIPPED = new Set(['netmon.signOut', 'netmon.useDemo', 'netmon.showLog']);

async function createProductionTest(emulator: RunningEmulator, testName: string): Promise<number> {
  return (
    await createTestDirectly(emulator, 'http-server', {
      testName,
      interval: 300,
      agents: [{ agentId: 1000 }],
      url: 'https://checkout.example.com/',
    })
  ).testId;
}

function clonedDocument(connectionKey: string, testId: number, testName: string): string {
  return `{\n  "type": "http-server",\n  "testName": ${JSON.stringify(testName)},\n  "interval": 120,\n  "agents": [{ "agentId": 1000 }],\n  "url": "https://checkout.example.com/",\n  "deployments": { ${JSON.stringify(connectionKey)}: { "1001": ${testId} } }\n}\n`;
}

/** Runs a command without waiting for input boxes or quick picks it may open (they are closed). */
async function runBriefly(command: string, args: unknown[]): Promise<void> {
  const running = Promise.resolve(vscode.commands.executeCommand(command, ...args)).catch(() => undefined);
  await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 700))]);
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 300))]);
}

describe('security: commands cannot be talked into writing', () => {
  let suite: DocumentSuite;
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  let outside: string;
  let connectionKey: string;
  before(async () => {
    // The suite's own dialect (v6, or v7 on the v7 pass): the endpoint Run Now assertion depends on it.
    suite = await startDocumentSuite('security', { emulator: { now: () => Date.now(), instantTestDelaySeconds: 1 } });
    ({ emulator, scratch } = suite);
    connectionKey = (await netmonApi()).connection.current?.serviceKey ?? '';
    outside = mkdtempSync(join(tmpdir(), 'netmon-outside-'));
  });
  after(async () => {
    rmSync(outside, { recursive: true, force: true });
    await suite.end();
  });

  it('every contributed command, given hostile arguments, writes or deletes nothing without the modal', async function () {
    this.timeout(240_000);
    const api = await netmonApi();
    const production = await createProductionTest(emulator, 'Production checkout');
    const bound = writeDocument(
      scratch.path,
      'bound.netmon-test.json',
      clonedDocument(connectionKey, production, 'Production checkout'),
    );
    const instant = writeDocument(
      scratch.path,
      'attack.netmon-instant.json',
      '{ "type": "http-server", "testName": "x", "url": "https://attacker.example/", "maxMachines": 5000 }\n',
    );
    const endpoint = writeDocument(
      scratch.path,
      'attack.netmon-endpoint-test.json',
      '{ "type": "http-server", "testName": "x endpoint", "url": "https://attacker.example/", "maxMachines": 5000 }\n',
    );
    const bashrc = join(outside, '.bashrc');
    const foreign = join(outside, 'foreign.netmon-test.json');
    writeFileSync(foreign, clonedDocument(connectionKey, production, 'Foreign'));
    mkdirSync(join(outside, 'plans'), { recursive: true });
    const options = { confirm: true, saveTo: vscode.Uri.file(bashrc).toString(), pollMs: 1, target: bashrc };
    const answers = {
      type: 'http-server',
      target: 'https://attacker.example/',
      maxMachines: 5000,
      saveTo: vscode.Uri.file(bashrc).toString(),
    };
    const hostile: unknown[][] = [
      [bound, options],
      [bound.toString(), options],
      [instant, options],
      [endpoint, options, 'forged-lens-token'],
      [answers],
      [vscode.Uri.file(foreign), options],
      [vscode.Uri.file(join(outside, 'plans')), options],
      [{ baseUrl: 'http://127.0.0.1:9/', authForm: 'bearer', token: 'attacker' }, 1001],
    ];
    await clearEmulatorRequests(emulator);
    const { prompts } = await answeringPrompts(
      () => undefined,
      async () => {
        for (const { command } of manifest.contributes.commands) {
          if (SKIPPED.has(command)) continue;
          for (const args of hostile) await runBriefly(command, args);
        }
      },
    );

    const writes = (await emulatorRequests(emulator)).filter(isWriteRequest).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(writes, [], "a command wrote to the account without the user's consent");
    assert.equal(existsSync(bashrc), false, 'a command wrote outside the workspace');
    assert.equal((await deployedTest(emulator, 'http-server', production))?.testName, 'Production checkout');
    assert.equal(api.connection.current?.baseUrl, emulator.url, 'a command argument switched the connection');
    const confirms = prompts.filter((p): p is ConfirmPrompt => p.kind === 'confirm');
    assert.ok(
      confirms.some((p) => /^Delete test "Production checkout"/.test(p.message)),
      'Delete asked, naming the live test',
    );
    assert.ok(
      confirms.some((p) => /^Update test "Production checkout"/.test(p.message)),
      'Update asked, naming the live test',
    );
    assert.ok(
      confirms.some((p) => /^Run instant test "x"/.test(p.message) && /up to 5000 endpoint agents/.test(p.detail)),
      'the instant run asked',
    );
    // An endpoint test document's Run Now, without its lens's token, asks (on v6 it says it needs v7 instead).
    if (SUITE_API === 'v7')
      assert.ok(
        confirms.some((p) => /^Run endpoint test "x endpoint" once now/.test(p.message)),
        'the endpoint Run Now asked',
      );
    assert.ok(
      prompts.every((p: Prompt) => p.kind !== 'save'),
      'no save dialog was answered by an argument',
    );
  });

  it('a binding that came with the document is "not verified"; Update shows the live test and the change', async () => {
    const production = await createProductionTest(emulator, 'Production login');
    const uri = writeDocument(
      scratch.path,
      'cloned.netmon-test.json',
      clonedDocument(connectionKey, production, 'Harmless rename'),
    );
    await openDocument(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const titles = lenses.map((lens) => lens.command?.title ?? '');
    assert.ok(
      titles.some((title) => title.includes(`Bound in the document to test ${production} — not verified`)),
      titles.join(' | '),
    );

    const { result, prompts } = await answeringPrompts(
      () => undefined,
      () => vscode.commands.executeCommand('netmon.documents.update', uri),
    );
    assert.equal(result, undefined);
    const dialog = prompts[0];
    assert.ok(dialog?.kind === 'confirm');
    assert.match(dialog.message, new RegExp(`^Update test "Production login" \\(${production}\\)`));
    assert.match(dialog.detail, /testName: "Production login" → "Harmless rename"/);
    assert.match(dialog.detail, /interval: 300 → 120/);
    assert.match(dialog.detail, /written in the document, not by this machine/);
    assert.equal((await deployedTest(emulator, 'http-server', production))?.testName, 'Production login');

    // Once the user has acted on it after seeing the live test, the binding is verified.
    await answeringPrompts(
      (prompt) => (prompt.kind === 'confirm' ? 'Update' : undefined),
      () => vscode.commands.executeCommand('netmon.documents.update', uri),
    );
    const after = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.ok(
      after.some((lens) => lens.command?.title.includes(`Bound to test ${production}`)),
      after.map((l) => l.command?.title).join(' | '),
    );
  });

  it('notification text from outside cannot carry a command link', async () => {
    const name = 'x[click](command:netmon.documents.delete).netmon-test.json';
    const uri = writeDocument(
      scratch.path,
      name,
      '{ "type": "agent-to-server", "testName": "[go](command:netmon.showLog)", "interval": 300, "agents": [{ "agentId": 1000 }], "server": "a.example.com" }\n',
    );
    const { prompts } = await answeringPrompts(
      () => undefined,
      () => vscode.commands.executeCommand('netmon.documents.create', uri),
    );
    const dialog = prompts[0];
    assert.ok(dialog?.kind === 'confirm');
    assert.doesNotMatch(`${dialog.message}\n${dialog.detail}`, /\]\(command:/);
    assert.match(dialog.message, /"\[go\]\u200B\(command:netmon\.showLog\)"/, 'the name still reads as written');
  });
});
