// One click on the Create or Update lens is consent to the write its title states, through a
// one-time token bound to the document version, the action and the change; every other way in
// (no token, a forged one, a lens drawn before an edit, a live test changed elsewhere since)
// gets the modal. Against the emulator: the writes it received say what really happened.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import {
  endDocumentSuite,
  openDocument,
  rangeOf,
  startDocumentSuite,
  writeDocument,
  type WorkspaceScratch,
} from './documents-fixture';
import {
  DEMO_CREDENTIALS,
  WIRE_PATHS,
  answeringPrompts,
  clearEmulatorRequests,
  deployedTest,
  emulatorRequests,
} from './netmon-fixture';

const DOCUMENT = `${JSON.stringify({ type: 'http-server', testName: 'Consent probe', interval: 300, agents: [{ agentId: 1000 }, { agentId: 1037 }], url: 'https://consent.example/' }, null, 2)}\n`;

async function lensCommand(uri: vscode.Uri, titleStart: string): Promise<vscode.Command> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  const found = lenses.find((lens) => lens.command?.title.startsWith(titleStart))?.command;
  assert.ok(found, `no lens "${titleStart}…" in ${lenses.map((l) => l.command?.title).join(' | ')}`);
  return found;
}

/** The lens titled `title`, waiting a moment for lenses drawn again (the client learns its API version with a request). */
async function lensTitled(uri: vscode.Uri, title: string): Promise<vscode.Command> {
  for (let tries = 0; tries < 20; tries++) {
    const lens = await lensCommand(uri, title.split(':')[0]!);
    if (lens.title === title || tries === 19) {
      assert.equal(lens.title, title);
      return lens;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('unreachable');
}

/** Runs `command` declining every question; resolves to the confirmations asked and the result. */
async function runDeclining(command: string, ...args: unknown[]): Promise<{ asked: string[]; result: unknown }> {
  const { result, prompts } = await answeringPrompts(
    () => undefined,
    () => vscode.commands.executeCommand(command, ...args),
  );
  return { asked: prompts.flatMap((p) => (p.kind === 'confirm' ? [p.message] : [])), result };
}

async function setInterval(document: vscode.TextDocument, from: string, to: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, rangeOf(document, `"interval": ${from}`), `"interval": ${to}`);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

describe('one-click Create and Update from the lens (consent token)', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('lens-consent'));
  });
  after(() => endDocumentSuite(scratch, emulator));

  it('Create: no token, a forged one or a stale lens get the modal; the fresh lens writes exactly what its title says', async function () {
    this.timeout(30_000);
    const uri = writeDocument(scratch.path, 'consent.netmon-test.json', DOCUMENT);
    const document = await openDocument(uri);
    const create = await lensCommand(uri, '$(cloud-upload) Create ');
    assert.match(
      create.title,
      /^\$\(cloud-upload\) Create "Consent probe" in .+ · http-server · 2 agents · every 300 s$/,
    );
    const [lensUri, token] = create.arguments ?? [];
    assert.equal(typeof token, 'string');

    for (const [why, args] of [
      ['palette (no token)', [lensUri]],
      ['forged token', [lensUri, 'f'.repeat(32)]],
      ["another document's token shape", [lensUri, { token }]],
    ] as const) {
      const { asked, result } = await runDeclining(create.command, ...args);
      assert.equal(asked.length, 1, `${why}: the modal`);
      assert.match(asked[0] ?? '', /^Create test "Consent probe" in .+\?$/);
      assert.equal(result, undefined, `${why}: declined, nothing created`);
    }
    // The lens drawn before an edit: its token is for another version of the document.
    await setInterval(document, '300', '600');
    const stale = await runDeclining(create.command, lensUri, token);
    assert.equal(stale.asked.length, 1, 'a stale lens gets the modal');

    const fresh = await lensCommand(uri, '$(cloud-upload) Create ');
    assert.match(fresh.title, /· every 600 s$/);
    const { asked, result } = await runDeclining(fresh.command, ...(fresh.arguments ?? []));
    assert.deepEqual(asked, [], 'the fresh lens click is the consent');
    const testId = (result as { testId?: number } | undefined)?.testId;
    assert.ok(testId, 'created');
    assert.equal((await deployedTest(emulator, 'http-server', testId))?.interval, 600);
    await document.save();
  });

  it('Update: the lens says the change against the last deployment; one click updates; a stale lens or a drifted live test gets the modal', async function () {
    this.timeout(30_000);
    const uri = vscode.Uri.joinPath(scratch.folder, 'consent.netmon-test.json');
    const document = await openDocument(uri);
    await setInterval(document, '600', '900');
    const first = await lensCommand(uri, '$(sync) Update');
    assert.equal(first.title, '$(sync) Update: interval 600 → 900');

    await setInterval(document, '900', '1800');
    const stale = await runDeclining(first.command, ...(first.arguments ?? []));
    assert.equal(stale.asked.length, 1, 'a lens drawn before the last edit gets the modal');
    assert.ok(stale.asked[0]?.startsWith('Update test "Consent probe"'));

    const forged = await runDeclining(first.command, uri, 'forged');
    assert.equal(forged.asked.length, 1, 'a forged token gets the modal');

    const fresh = await lensCommand(uri, '$(sync) Update');
    assert.equal(fresh.title, '$(sync) Update: interval 600 → 1800');
    const [, token] = fresh.arguments ?? [];
    const clicked = await runDeclining(fresh.command, ...(fresh.arguments ?? []));
    assert.deepEqual(clicked.asked, [], 'one click, no modal');
    const testId = (clicked.result as { testId?: number } | undefined)?.testId;
    assert.ok(testId);
    assert.equal((await deployedTest(emulator, 'http-server', testId))?.interval, 1800);
    const replayed = await runDeclining(fresh.command, uri, token);
    assert.equal(replayed.asked.length, 1, 'a token is taken once: the same click replayed gets the modal');

    // Someone renames the test elsewhere after this machine deployed it: the lens (from the record) cannot know.
    await setInterval(document, '1800', '3600');
    const response = await fetch(`${emulator.url}${WIRE_PATHS.enterpriseTest('http-server', testId)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ testName: 'Renamed elsewhere' }),
    });
    assert.equal(response.status, 200, await response.text());
    const drifted = await lensCommand(uri, '$(sync) Update');
    assert.equal(drifted.title, '$(sync) Update: interval 1800 → 3600');
    const afterDrift = await runDeclining(drifted.command, ...(drifted.arguments ?? []));
    assert.equal(afterDrift.asked.length, 1, 'the live test drifted from the record: the modal, showing it');
    assert.equal((await deployedTest(emulator, 'http-server', testId))?.interval, 1800, 'declined: nothing sent');
    await document.save();
  });
});

describe('one-click Update on v7: a field v6 can only replace is updated in place', () => {
  let suite: Awaited<ReturnType<typeof startDocumentSuite>>;
  before(async function () {
    this.timeout(60_000);
    suite = await startDocumentSuite('lens-consent-v7', { v7: true });
  });
  after(() => suite.end());

  const live = async (testId: number): Promise<{ status: number; url?: string }> => {
    const response = await fetch(`${suite.emulator.url}/v7/tests/http-server/${testId}`, {
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
    });
    const body = response.status === 200 ? ((await response.json()) as { url?: string }) : {};
    return { status: response.status, ...(body.url ? { url: body.url } : {}) };
  };

  it('the Update lens names the url change, one click PUTs it to the same test, nothing deleted or created', async function () {
    this.timeout(60_000);
    const uri = writeDocument(suite.scratch.path, 'url.netmon-test.json', DOCUMENT);
    const document = await openDocument(uri);
    const create = await lensCommand(uri, '$(cloud-upload) Create ');
    const created = await runDeclining(create.command, ...(create.arguments ?? []));
    const testId = (created.result as { testId?: number } | undefined)?.testId;
    assert.ok(testId, 'created');
    await document.save();

    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, rangeOf(document, 'https://consent.example/'), 'https://consent.example/v2');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const update = await lensTitled(
      uri,
      '$(sync) Update: url "https://consent.example/" → "https://consent.example/v2"',
    );

    await clearEmulatorRequests(suite.emulator);
    const clicked = await runDeclining(update.command, ...(update.arguments ?? []));
    assert.deepEqual(clicked.asked, [], 'the lens click is the consent: no modal');
    assert.equal((clicked.result as { testId?: number } | undefined)?.testId, testId, 'the same test');
    const writes = (await emulatorRequests(suite.emulator)).filter((request) => request.method !== 'GET');
    assert.deepEqual(
      writes.map((request) => `${request.method} ${request.path}`),
      [`PUT /v7/tests/http-server/${testId}`],
      'one update, no delete and create',
    );
    assert.deepEqual(await live(testId), { status: 200, url: 'https://consent.example/v2' });
    await document.save();
  });
});
