// Document text in the editor's own chrome: a document's `aid` reaches the code-lens title,
// which renders `$(icon)` syntax, so a document could draw a "verified" badge of its own; and
// the Apply dialog says which bindings came with the documents rather than from this machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import {
  createTestDirectly,
  endDocumentSuite,
  openDocument,
  startDocumentSuite,
  writeDocument,
  type WorkspaceScratch,
} from './documents-fixture';
import { answeringPrompts, netmonApi } from './netmon-fixture';

describe('document text in lenses and the Apply dialog', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('spoofing'));
  });
  after(() => endDocumentSuite(scratch, emulator));

  it("a document's aid cannot draw icons or links in the code-lens title", async () => {
    const aid = '$(pass-filled) Verified by Netmon [open](command:netmon.signOut)';
    const uri = writeDocument(
      scratch.path,
      'lens/spoof.netmon-test.json',
      `${JSON.stringify({ type: 'http-server', testName: 'Spoof', aid, interval: 300, agents: [{ agentId: 1000 }], url: 'https://a.example/' }, null, 2)}\n`,
    );
    await openDocument(uri);
    const titles = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).map(
      (lens) => lens.command?.title ?? '',
    );
    const create = titles.find((title) => title.startsWith('$(cloud-upload) Create '));
    assert.ok(create, titles.join(' | '));
    assert.ok(create.includes('Verified by Netmon'), 'the text is still shown');
    assert.equal(create.match(/\$\(/g)?.length, 1, `only the lens's own icon: ${create}`);
    assert.doesNotMatch(create, /\]\(/, 'no link syntax');
  });

  it('Apply lists the bindings that came with the documents as not verified', async function () {
    this.timeout(30_000);
    const api = await netmonApi();
    const info = api.connection.current;
    assert.ok(info);
    const test = await createTestDirectly(emulator, 'http-server', {
      testName: 'Elsewhere',
      interval: 300,
      agents: [{ agentId: 1000 }],
      url: 'https://b.example/',
    });
    // Bound in the document (as committed by someone else), never confirmed on this machine.
    const deployments = { [info.serviceKey]: { [String(info.accountGroup?.aid ?? 'default')]: test.testId } };
    writeDocument(
      scratch.path,
      'apply/committed.netmon-test.json',
      `${JSON.stringify({ type: 'http-server', testName: 'Elsewhere', interval: 600, agents: [{ agentId: 1000 }], url: 'https://b.example/', deployments }, null, 2)}\n`,
    );
    const { prompts } = await answeringPrompts(
      () => undefined,
      () => vscode.commands.executeCommand('netmon.documents.apply', vscode.Uri.file(`${scratch.path}/apply`)),
    );
    const asked = prompts.find((prompt) => prompt.kind === 'confirm');
    assert.ok(asked?.kind === 'confirm', JSON.stringify(prompts));
    assert.match(
      asked.detail,
      new RegExp(
        `Not verified: these bindings came with the documents[^\\n]*\\n• update test ${test.testId} \\("Elsewhere"\\)`,
      ),
    );
  });
});
