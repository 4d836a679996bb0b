// "Import Deployed Tests…": one bound, valid document per test the service lists, after a
// modal listing them; Plan right after shows nothing to change; a second import writes
// nothing and changes no byte.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type * as DocumentsLayer from '../../../src/documents';
import type { Plan } from '../../../src/documents';
import { EXTENSION_ID } from '../helpers';
import type { RunningEmulator } from '../../../src/emulator';
import type { ImportResult } from '../../../src/vscode/documents/import-command';
import { createTestDirectly, endDocumentSuite, startDocumentSuite, type WorkspaceScratch } from './documents-fixture';
import { acceptConfirmations, answeringPrompts, deployedTests } from './netmon-fixture';

const TESTS = [
  {
    type: 'http-server',
    body: {
      testName: 'Portal',
      interval: 120,
      agents: [{ agentId: 1000 }, { agentId: 1037 }],
      url: 'https://portal.example.com/',
    },
  },
  {
    type: 'agent-to-server',
    body: { testName: 'VPN gateway', interval: 60, agents: [{ agentId: 1074 }], server: 'vpn.example.com' },
  },
  {
    type: 'dns-trace',
    body: { testName: 'Trace example.com', interval: 600, agents: [{ agentId: 1000 }], domain: 'example.com' },
  },
];

/** The documents layer as the extension loads it (its bundle), to check the files it wrote. */
function documentsLayer(): typeof DocumentsLayer {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(extension.extensionPath, 'dist', 'documents-lib.js')) as typeof DocumentsLayer;
}

describe('Import Deployed Tests', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('import', {
      beforeSignIn: async (started) => {
        for (const { type, body } of TESTS) await createTestDirectly(started, type, body);
      },
    }));
  });
  after(() => endDocumentSuite(scratch, emulator));

  it('writes a valid, bound document per listed test; Plan then has nothing to do; importing again changes nothing', async function () {
    this.timeout(60_000);
    const listed = await deployedTests(emulator);
    const { result: first, prompts } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<ImportResult | undefined>('netmon.documents.import', scratch.folder),
    );
    assert.equal(first?.written.length, listed.length);
    assert.match(prompts[0]?.kind === 'confirm' ? prompts[0].detail : '', /\+ portal-\d+\.netmon-test\.json/);
    const files = readdirSync(scratch.path).sort();
    const contents = new Map(files.map((file) => [file, readFileSync(join(scratch.path, file), 'utf8')]));
    for (const [file, text] of contents) {
      assert.deepEqual(
        documentsLayer()
          .validateDocument('test', text)
          .diagnostics.filter((d) => d.severity === 'error')
          .map((d) => d.message),
        [],
        file,
      );
    }
    const portal = [...contents.entries()].find(([file]) => file.startsWith('portal-'))?.[1] ?? '';
    assert.match(portal, /"url": "https:\/\/portal\.example\.com\/"/);
    assert.match(portal, /"deployments": \{/);

    const planned = await vscode.commands.executeCommand<{ plan: Plan } | undefined>(
      'netmon.documents.plan',
      scratch.folder,
    );
    assert.deepEqual(planned?.plan.steps, []);
    assert.equal(planned?.plan.unchanged.length, listed.length);

    const { result: second } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<ImportResult | undefined>('netmon.documents.import', scratch.folder),
    );
    assert.equal(second?.written.length, 0);
    assert.equal(second?.skipped.length, listed.length);
    assert.deepEqual(readdirSync(scratch.path).sort(), files);
    for (const [file, text] of contents)
      assert.equal(readFileSync(join(scratch.path, file), 'utf8'), text, `${file} unchanged`);
  });
});
