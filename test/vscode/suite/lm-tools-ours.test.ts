// apply_documents in VS Code's agent mode follows the same rule as in netmon mcp
// (src/documents/ours.ts): once the user allowed it, it still changes only tests that are
// ours. A test someone deployed without it — though a document's deployments binds it — is
// neither updated nor deleted, and the documents stay as they were.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import {
  clearEmulatorRequests,
  deployedTest,
  emulatorRequests,
  isWriteRequest,
  netmonApi,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

const PROBE = 'lm-tools-ours';

/** The handler invokeTool runs after the user allowed the write. */
async function invokeAllowed(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await (await netmonApi()).lmTools().invoke(name, input, new vscode.CancellationTokenSource().token);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('Language-model tools: apply_documents changes only tests that are ours', function () {
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let probe: string;
  let state: string;
  const previousState = process.env['NETMON_STATE_DIR'];
  const theirs: Record<'updated' | 'deleted', number> = { updated: 0, deleted: 0 };
  const files = (): string[] =>
    ['updated', 'deleted'].map((name) => readFileSync(join(probe, `${name}.netmon-test.json`), 'utf8'));

  before(async () => {
    // The tools keep the apply journal where the CLI does; this suite's goes to a folder of its own.
    state = mkdtempSync(join(tmpdir(), 'netmon-lm-ours-'));
    process.env['NETMON_STATE_DIR'] = state;
    emulator = await startControlledEmulator();
    await signInTo(emulator);
    const api = await netmonApi();
    const info = api.connection.current;
    const client = api.connection.client;
    assert.ok(info && client, 'signed in');
    const agentId = emulator.world.group(info.accountGroup?.aid ?? 1001)?.enterpriseAgents()[0]?.agentId;
    assert.ok(agentId !== undefined, 'an enterprise agent');
    const aidKey = info.accountGroup ? String(info.accountGroup.aid) : 'default';
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the suite runs in a workspace folder');
    probe = join(folder, PROBE);
    mkdirSync(probe, { recursive: true });
    for (const name of ['updated', 'deleted'] as const) {
      // Deployed by someone else, with the extension's own client: no apply from here made it.
      const testId = (
        await client.createTest('agent-to-server', {
          testName: `Theirs, ${name}`,
          interval: 300,
          agents: [{ agentId }],
          server: 'a.example',
        })
      ).testId;
      theirs[name] = testId;
      const document = {
        type: 'agent-to-server',
        testName: `Theirs, ${name}`,
        interval: name === 'updated' ? 600 : 300,
        agents: [{ agentId }],
        server: 'a.example',
        ...(name === 'deleted' ? { markedForDeletion: true } : {}),
        deployments: { [info.serviceKey]: { [aidKey]: testId } },
      };
      writeFileSync(join(probe, `${name}.netmon-test.json`), `${JSON.stringify(document, null, 2)}\n`);
    }
  });
  after(async () => {
    rmSync(probe, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
    if (previousState === undefined) delete process.env['NETMON_STATE_DIR'];
    else process.env['NETMON_STATE_DIR'] = previousState;
    await signOut();
    await emulator.close();
  });

  it('a bound test that is not ours is neither updated nor deleted, even once the user allowed the call', async () => {
    const before = files();
    await clearEmulatorRequests(emulator);
    const text = await invokeAllowed('apply_documents', { paths: [PROBE] });
    assert.match(
      text,
      /^apply_documents: nothing was applied: the plan would update test \d+, delete test \d+, and those tests are not ours/,
      text,
    );
    assert.deepEqual(
      (await emulatorRequests(emulator)).filter(isWriteRequest).map((r) => `${r.method} ${r.path}`),
      [],
    );
    assert.equal((await deployedTest(emulator, 'agent-to-server', theirs.updated))?.interval, 300, 'not updated');
    assert.ok(await deployedTest(emulator, 'agent-to-server', theirs.deleted), 'not deleted');
    assert.deepEqual(files(), before, 'the documents stay as they were');
  });

  it('the confirmation shows the same refusal in the plan before the user allows anything', async () => {
    const prepared = await (
      await netmonApi()
    )
      .lmTools()
      .prepare('apply_documents', { paths: [PROBE] }, new vscode.CancellationTokenSource().token);
    const message = prepared.confirmationMessages?.message;
    const text = typeof message === 'string' ? message : (message?.value ?? '');
    assert.match(text, /2 steps would change tests that are not ours/, text);
  });
});
