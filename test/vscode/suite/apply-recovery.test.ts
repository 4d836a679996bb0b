// The editor's Plan and Apply after an interrupted apply, against the emulator speaking v7:
// the service has the test a journaled create made (its answer lost), so Plan shows the
// binding first in netmon apply's words, Apply writes it into the document and creates
// nothing, and a second Apply has nothing to do; a journaled create the service never got
// is simply created, and the journal forgets it. netmon apply's journal (documents by path) is read the same.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { journalPath } from '../../../src/state/apply-journal-file';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { waitFor } from '../helpers';
import {
  closeEditors,
  createTestDirectly,
  startDocumentSuite,
  writeDocument,
  type DocumentSuite,
} from './documents-fixture';
import { clearEmulatorRequests, emulatorRequests, netmonApi } from './netmon-fixture';

type Planned = { document: vscode.TextDocument } | undefined;
type Applied = { completed: { action: string; testName: string }[] } | undefined;
interface Journal {
  pending: { uri: string }[];
  owned: number[];
}

describe("the editor's Plan and Apply after an interrupted apply: bound, not created twice (v7)", function () {
  this.timeout(90_000);
  let emulator: RunningEmulator;
  let suite: DocumentSuite;
  let state: string;
  let journalFile: string;
  const previousState = process.env['NETMON_STATE_DIR'];
  let agents: { agentId: number }[];

  before(async () => {
    state = mkdtempSync(join(tmpdir(), 'netmon-apply-recovery-'));
    process.env['NETMON_STATE_DIR'] = state;
    suite = await startDocumentSuite('apply-recovery', { v7: true });
    emulator = suite.emulator;
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    agents = (group?.enterpriseAgents() ?? []).slice(0, 2).map((agent) => ({ agentId: Number(agent.agentId) }));
    assert.equal(agents.length, 2);
    // The file netmon apply and the editor's Apply journal to for this service and group.
    const info = (await netmonApi()).connection.current;
    assert.ok(info, 'signed in');
    journalFile = journalPath(process.env, {
      serviceKey: info.serviceKey,
      aidKey: info.accountGroup ? String(info.accountGroup.aid) : 'default',
    });
  });
  after(async () => {
    (await netmonApi()).prompts.respondWith(undefined);
    await suite.end();
    rmSync(state, { recursive: true, force: true });
    if (previousState === undefined) delete process.env['NETMON_STATE_DIR'];
    else process.env['NETMON_STATE_DIR'] = previousState;
  });

  /** The test's fields as the service takes them (its type is in the path); a document adds `type`. */
  function httpFields(testName: string): Record<string, unknown> {
    return { testName, interval: 300, agents, url: 'https://portal.example.com/' };
  }

  function httpTest(testName: string): Record<string, unknown> {
    return { type: 'http-server', ...httpFields(testName) };
  }

  /** A create journaled before it was sent, as the interrupted apply left it (the editor names the document by its URI, netmon apply by its path). */
  function journalPending(document: vscode.Uri, testName: string, by: 'editor' | 'netmon apply' = 'editor'): void {
    mkdirSync(dirname(journalFile), { recursive: true });
    const uri = by === 'editor' ? document.toString() : document.fsPath;
    writeFileSync(
      journalFile,
      JSON.stringify({
        version: 1,
        pending: [{ uri, type: 'http-server', testName, existingTestIds: [] }],
        owned: [],
        endpointOwned: [],
      }),
    );
  }

  function journal(): Journal {
    return JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  }

  function boundTestId(document: vscode.Uri): number | undefined {
    const match = /"deployments"[^]*?: (\d+)/.exec(readFileSync(document.fsPath, 'utf8'));
    return match ? Number(match[1]) : undefined;
  }

  /** Apply of `scope`, answered "Apply", until its offer of the next step (which comes after Apply returns) is seen. */
  async function apply(scope: vscode.Uri): Promise<{ result: Applied; prompts: Prompt[] }> {
    const api = await netmonApi();
    const prompts: Prompt[] = [];
    api.prompts.respondWith((prompt) => {
      prompts.push(prompt);
      return prompt.kind === 'confirm' ? 'Apply' : undefined;
    });
    try {
      const result = await vscode.commands.executeCommand<Applied>('netmon.documents.apply', scope);
      await waitFor(
        'the offer after Apply',
        () => (prompts.some((p) => p.kind === 'offer') ? true : undefined),
        30_000,
      );
      return { result, prompts };
    } finally {
      api.prompts.respondWith(undefined);
    }
  }

  async function createPosts(): Promise<string[]> {
    return (await emulatorRequests(emulator))
      .filter((r) => r.method === 'POST' && r.path.startsWith('/v7/tests/') && !r.path.endsWith('/run'))
      .map((r) => r.path);
  }

  it('Plan shows the binding first, Apply writes it and creates nothing, and a second Apply has nothing to do', async () => {
    const document = writeDocument(
      suite.scratch.path,
      'recovered/portal.netmon-test.json',
      JSON.stringify(httpTest('Recovered portal'), null, 2),
    );
    const before = readFileSync(document.fsPath, 'utf8');
    journalPending(document, 'Recovered portal');
    const made = await createTestDirectly(emulator, 'http-server', httpFields('Recovered portal'));

    const planned = await vscode.commands.executeCommand<Planned>('netmon.documents.plan', document);
    assert.ok(planned, 'Plan reported a failure');
    const lines = planned.document.getText().split('\n');
    const name = vscode.workspace.asRelativePath(document);
    assert.deepEqual(
      lines.slice(0, 2),
      [
        'Bindings apply will write into the documents first:',
        `  = bind ${name} → test ${made.testId} ("Recovered portal"): created by an interrupted apply from this machine`,
      ],
      lines.join('\n'),
    );
    assert.ok(!lines.some((line) => line.startsWith('  + create') || /conflict/i.test(line)), lines.join('\n'));
    await closeEditors();

    await clearEmulatorRequests(emulator);
    const { result, prompts } = await apply(vscode.Uri.joinPath(document, '..'));
    const confirm = prompts.find((p) => p.kind === 'confirm');
    assert.ok(confirm?.kind === 'confirm');
    assert.match(confirm.message, /^Bind 1 document to the test an interrupted apply created in /, confirm.message);
    assert.ok(
      confirm.detail.includes(
        `test ${made.testId} ("Recovered portal"): created by an interrupted apply from this machine`,
      ),
      confirm.detail,
    );
    assert.deepEqual(result?.completed, [], 'no step: the test is as the document says');
    assert.equal(boundTestId(document), made.testId, 'the document is bound to the test the interrupted apply made');
    assert.ok(
      readFileSync(document.fsPath, 'utf8').startsWith(before.slice(0, before.lastIndexOf('\n}'))),
      'the rest of the document as it was',
    );
    assert.deepEqual(await createPosts(), [], 'no test created');
    const offer = prompts.find((p) => p.kind === 'offer');
    assert.equal(
      offer?.kind === 'offer' && offer.message,
      '1 document bound to the test an interrupted apply created.',
    );
    assert.deepEqual(journal().pending, [], 'the create is no longer in flight');
    assert.ok(journal().owned.includes(made.testId), 'the test is one apply made from this machine');

    const api = await netmonApi();
    const asked: Prompt[] = [];
    api.prompts.respondWith((prompt) => {
      asked.push(prompt);
      return undefined;
    });
    const again = await vscode.commands.executeCommand<Applied>(
      'netmon.documents.apply',
      vscode.Uri.joinPath(document, '..'),
    );
    api.prompts.respondWith(undefined);
    assert.deepEqual([again?.completed, asked], [[], []], 'nothing to do, nothing asked');
    assert.deepEqual(await createPosts(), [], 'still no test created');
  });

  it("a create an interrupted netmon apply made (journaled by its path) is bound by the editor's Apply too", async () => {
    const document = writeDocument(
      suite.scratch.path,
      'from-cli/search.netmon-test.json',
      JSON.stringify(httpTest('Search from the CLI'), null, 2),
    );
    journalPending(document, 'Search from the CLI', 'netmon apply');
    const made = await createTestDirectly(emulator, 'http-server', httpFields('Search from the CLI'));
    await clearEmulatorRequests(emulator);
    const { result } = await apply(document);
    assert.deepEqual(result?.completed, []);
    assert.equal(boundTestId(document), made.testId);
    assert.deepEqual(await createPosts(), [], 'no test created');
    assert.deepEqual(journal().pending, [], 'the path the CLI journaled is the same document');
  });

  it('a journaled create the service never got is created, once, and the journal forgets it', async () => {
    const document = writeDocument(
      suite.scratch.path,
      'lost/checkout.netmon-test.json',
      JSON.stringify(httpTest('Never arrived'), null, 2),
    );
    journalPending(document, 'Never arrived');
    await clearEmulatorRequests(emulator);
    const { result, prompts } = await apply(document);
    assert.deepEqual(
      result?.completed.map((step) => `${step.action} ${step.testName}`),
      ['create Never arrived'],
    );
    const confirm = prompts.find((p) => p.kind === 'confirm');
    assert.ok(confirm?.kind === 'confirm' && !confirm.detail.includes('= bind'), 'nothing to bind');
    assert.deepEqual(await createPosts(), ['/v7/tests/http-server']);
    const testId = boundTestId(document);
    assert.ok(testId !== undefined && Number.isSafeInteger(testId), 'the document is bound to the test created');
    assert.deepEqual(journal().pending, [], 'the create is no longer in flight');
    assert.ok(journal().owned.includes(testId));
    await closeEditors();
  });
});
