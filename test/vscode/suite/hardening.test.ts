// What data from the API, a webview, a file or a cloned folder's settings must not be able
// to do: open a non-http link, break the .har watcher with glob characters, load a file too
// large for the extension host, crash a panel with a malformed message, redirect API traffic.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { proxyHasCredentials, warnIfProxyHasCredentials } from '../../../src/vscode/connection/settings';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import { activateExtension, waitFor } from '../helpers';
import {
  childrenOf,
  netmonApi,
  netmonLogText,
  records,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';
import { closeAllEditors, openPanel, sendFromWebview, waitForPanels, waitForRendered } from './panels-fixture';

/** The same tree node (the extension's own class, so commands accept it) with another permalink. */
function withPermalink(node: TreeNode, permalink: string): TreeNode {
  return Object.assign(Object.create(Object.getPrototypeOf(node) as object) as TreeNode, node, {
    spec: { ...node.spec, permalink },
  });
}

describe('hardening against hostile data', () => {
  let emulator: RunningEmulator;
  let scratch: string;
  before(async () => {
    emulator = await startControlledEmulator();
    scratch = mkdtempSync(join(tmpdir(), 'netmon-hardening-'));
    await signInTo(emulator);
  });
  afterEach(closeAllEditors);
  after(async () => {
    await vscode.commands.executeCommand('netmon.internal.setHarSizeLimit', undefined);
    await signOut();
    await emulator.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('Open Permalink refuses a permalink that is not http(s), Copy Permalink still copies it', async () => {
    const api = await netmonApi();
    const [sessionNode] = records(await childrenOf(api, await root(api, 'User Sessions')));
    assert.ok(sessionNode);
    for (const permalink of [
      'file:///etc/passwd',
      'command:workbench.action.quit',
      'vscode://settings',
      'javascript:alert(1)',
    ]) {
      const opened: boolean | undefined = await vscode.commands.executeCommand<boolean | undefined>(
        'netmon.openPermalink',
        withPermalink(sessionNode, permalink),
      );
      assert.equal(opened, false, `${permalink} must not be opened`);
    }
    const copied = await vscode.commands.executeCommand<string | undefined>(
      'netmon.copyPermalink',
      withPermalink(sessionNode, 'file:///etc/passwd'),
    );
    assert.equal(copied, 'file:///etc/passwd');
  });

  it('reloads a .har file whose name holds glob characters when it changes', async () => {
    const file = join(scratch, 'session [prod] {a,b}.har');
    copyFileSync(join((await activateExtension()).extensionPath, 'test/fixtures/vscode/portal.har'), file);
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
    const editor = await waitForPanels('the .har editor', (states) =>
      states.find((panel) => panel.kind === 'har-file' && panel.renders > 0),
    );
    assert.deepEqual(editor.rendered, { pages: 1, entries: 14, warnings: [], heading: 'session [prod] {a,b}.har' });
    const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: unknown[] } };
    har.log.entries = har.log.entries.slice(0, 3);
    writeFileSync(file, JSON.stringify(har));
    const redrawn = await waitForRendered(editor.id, editor.renders + 1);
    assert.deepEqual(redrawn.rendered, { pages: 1, entries: 3, warnings: [], heading: 'session [prod] {a,b}.har' });
  });

  it('opens a .har.gz and a .zhar as the waterfall; a gzip that inflates past the limit is refused, not inflated', async () => {
    const fixture = readFileSync(join((await activateExtension()).extensionPath, 'test/fixtures/vscode/portal.har'));
    for (const name of ['portal.har.gz', 'portal.zhar']) {
      writeFileSync(join(scratch, name), gzipSync(fixture));
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(join(scratch, name)));
      const editor = await waitForPanels(`the ${name} editor`, (states) =>
        states.find((panel) => panel.kind === 'har-file' && panel.title === name && panel.renders > 0),
      );
      assert.deepEqual(editor.rendered, { pages: 1, entries: 14, warnings: [], heading: name });
    }
    // 200 kB of zeros compress to a few hundred bytes: under the file limit, far over it inflated.
    const bomb = join(scratch, 'bomb.har.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(200_000)));
    await vscode.commands.executeCommand('netmon.internal.setHarSizeLimit', 50_000);
    try {
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(bomb));
      const editor = await waitForPanels('the gzip bomb editor', (states) =>
        states.find((panel) => panel.kind === 'har-file' && panel.title === 'bomb.har.gz' && panel.error),
      );
      assert.match(
        editor.error ?? '',
        /^bomb\.har\.gz cannot be shown as a waterfall: bomb\.har\.gz decompresses to more than the limit of 0\.0 MB for a HAR read whole\. Decompress it to inspect it\./,
      );
      assert.equal(editor.renders, 0);
    } finally {
      await vscode.commands.executeCommand('netmon.internal.setHarSizeLimit', undefined);
    }
  });

  it('does not load a .har file above the size limit and says its size and the limit', async () => {
    const file = join(scratch, 'huge.har');
    copyFileSync(join((await activateExtension()).extensionPath, 'test/fixtures/vscode/portal.har'), file);
    await vscode.commands.executeCommand('netmon.internal.setHarSizeLimit', (1024 * 1024) / 1000); // ~1 KB, the fixture is larger
    try {
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
      const editor = await waitForPanels('the over-limit .har editor', (states) =>
        states.find((panel) => panel.kind === 'har-file' && panel.error),
      );
      assert.match(
        editor.error ?? '',
        /^huge\.har is not shown as a waterfall: it is \d+\.\d MB, more than the limit of 0\.0 MB/,
      );
      assert.equal(editor.renders, 0);
    } finally {
      await vscode.commands.executeCommand('netmon.internal.setHarSizeLimit', undefined);
    }
  });

  it('ignores and logs malformed webview messages; the panel keeps working', async () => {
    const api = await netmonApi();
    const [sessionNode] = records(await childrenOf(api, await root(api, 'User Sessions')));
    const id = await openPanel('netmon.openSessionOverview', sessionNode);
    await waitForRendered(id);
    await sendFromWebview(id, { type: 'openPage', params: { userSessionId: 42, pageId: null } });
    await sendFromWebview(id, { type: 'openPage', params: { userSessionId: '', pageId: '', title: '' } });
    await sendFromWebview(id, 'not even an object');
    await netmonLogText(`${id}: ignored a "openPage" message`);
    await netmonLogText(`${id}: ignored a "string" message`);
    assert.ok(
      !(await waitForPanels('the panels', (states) => states)).some((panel) => panel.kind === 'waterfall'),
      'no waterfall was opened',
    );
  });

  it('drops the text of a closed details document', async () => {
    const api = await netmonApi();
    const [sessionNode] = records(await childrenOf(api, await root(api, 'User Sessions')));
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.openDetails', sessionNode);
    assert.ok(uri);
    const before = api.heldDetailsTexts();
    assert.ok(before >= 1);
    // VS Code releases a closed editor's document only minutes later; a language change
    // closes it at once (onDidCloseTextDocument), which is the event the provider evicts on.
    const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri.toString());
    assert.ok(document, 'the details document is open');
    await vscode.languages.setTextDocumentLanguage(document, 'plaintext');
    await waitFor(
      'the closed details text to be dropped',
      () => api.heldDetailsTexts() === before - 1 || undefined,
      10_000,
    );
  });

  it("reads the API address, proxy and demo mode from user settings only, never from a folder's .vscode/settings.json", async () => {
    const api = await netmonApi();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suites run on a workspace folder');
    const settingsFile = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    const previous = await vscode.workspace.fs.readFile(settingsFile).then(
      (bytes) => bytes,
      () => undefined,
    );
    // What a cloned repository could hold; editor.tabSize (harmless) shows when VS Code has read the file.
    const hostile = {
      'netmon.baseUrl': 'http://127.0.0.1:9/attacker',
      'netmon.proxy': 'http://127.0.0.1:9',
      'netmon.authForm': 'query',
      'netmon.email': 'x@attacker',
      'netmon.startInDemoMode': true,
      'editor.tabSize': 3,
    };
    const markerRead = (): boolean =>
      vscode.workspace.getConfiguration('editor').inspect('tabSize')?.workspaceValue !== undefined;
    await vscode.workspace.fs.writeFile(settingsFile, Buffer.from(JSON.stringify(hostile)));
    try {
      await waitFor('VS Code to read the folder settings', () => markerRead() || undefined, 10_000);
      await api.connection.restore();
      assert.equal(api.connection.current?.kind, 'remote', 'the folder switched the connection to demo mode');
      assert.equal(api.connection.current?.baseUrl, emulator.url);
      assert.ok(
        (await childrenOf(api, await root(api, 'User Sessions'))).length > 0,
        "the API is still reached directly, not through the folder's proxy",
      );
    } finally {
      if (previous) await vscode.workspace.fs.writeFile(settingsFile, previous);
      else await vscode.workspace.fs.delete(settingsFile);
      // The next suites must not see a settings change (and a reconnect) in the middle of their work.
      await waitFor('VS Code to drop the folder settings', () => !markerRead() || undefined, 10_000);
    }
  });

  it('warns once that proxy credentials sit in plain settings', () => {
    assert.equal(proxyHasCredentials('http://user:secret@proxy.example:3128'), true);
    assert.equal(proxyHasCredentials('http://proxy.example:3128'), false);
    const warnings: string[] = [];
    assert.equal(
      warnIfProxyHasCredentials('http://proxy.example:3128', (message) => warnings.push(message)),
      false,
    );
    assert.equal(
      warnIfProxyHasCredentials('http://user:secret@proxy.example:3128', (message) => warnings.push(message)),
      true,
    );
    assert.equal(
      warnIfProxyHasCredentials('http://user:secret@proxy.example:3128', (message) => warnings.push(message)),
      false,
    );
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /credentials .* plain text/);
    assert.ok(!(warnings[0] ?? '').includes('secret'), 'the warning must not repeat the password');
  });
});
