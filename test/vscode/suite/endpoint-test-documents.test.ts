// Endpoint test documents in a real VS Code, through their code lenses' commands: in v7 demo
// mode a document choosing its agents by label is created, updated in place and deleted, each
// checked in the demo emulator and in the document's binding; imported back; and the explorer
// groups the agents by the same labels. On a v6 account (the v6 pass)
// Create says in one sentence that it needs the current API, and nothing is written.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import { closeEditors, openDocument, replaceAndSave, workspaceScratch, writeDocument } from './documents-fixture';
import { demoGet, useV7Demo } from './demo-fixture';
import { clickLens, lensCommand } from './lens-fixture';
import {
  SUITE_API,
  acceptConfirmations,
  answeringPrompts,
  childrenOf,
  kindOf,
  netmonApi,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

const TESTS = '/v7/endpoint/tests/scheduled-tests/agent-to-server';

const DOCUMENT = `{
  // Endpoint agents labelled "Mac laptops" test the mail server.
  "type": "agent-to-server",
  "testName": "Mail from Macs",
  "interval": 300,
  "agentLabels": ["Mac laptops"],
  "server": "mail.example.com",
  "port": 443
}
`;

type Result = { testId: number; action: string } | undefined;

type Seen = { kind: string; message?: string; detail?: string };

function runLens(uri: vscode.Uri, title: string): Promise<{ result: Result; prompts: Seen[] }> {
  return clickLens<Result>(uri, title);
}

describe('endpoint test documents', () => {
  let scratch: ReturnType<typeof workspaceScratch>;
  let emulator: RunningEmulator | undefined;
  before(() => {
    scratch = workspaceScratch('endpoint');
  });
  after(async () => {
    await closeEditors();
    scratch.remove();
    await signOut();
    await emulator?.close();
  });

  if (SUITE_API === 'v7') {
    it('in v7 demo mode: Create, Update and Delete lenses deploy, patch and remove the test, and keep the binding', async () => {
      await useV7Demo();
      const uri = writeDocument(scratch.path, 'mail.netmon-endpoint-test.json', DOCUMENT);
      await openDocument(uri);

      const created = await runLens(uri, 'Create endpoint test in');
      assert.equal(created.result?.action, 'create', JSON.stringify(created.prompts));
      assert.match(created.prompts[0]?.message ?? '', /^Create endpoint test "Mail from Macs" in /);
      const testId = created.result.testId;
      const deployed = await demoGet(`${TESTS}/${testId}`);
      assert.equal(deployed.body.testName, 'Mail from Macs');
      const labels = (await demoGet('/v7/endpoint/labels')).body.labels as { id: string; name: string }[];
      assert.deepEqual(deployed.body.agentSelectorConfig, {
        agentSelectorType: 'agent-labels',
        maxMachines: 25,
        endpointAgentLabels: [labels.find((l) => l.name === 'Mac laptops')?.id],
      });
      assert.match(
        readFileSync(uri.fsPath, 'utf8'),
        new RegExp(`"deployments": \\{\\s*"demo": \\{\\s*"\\d+": ${testId}`),
      );

      await replaceAndSave(uri, 'mail.example.com', 'smtp.example.com');
      const updated = await runLens(uri, 'Update');
      assert.deepEqual(updated.result, { testId, action: 'update' });
      assert.match(updated.prompts[0]?.detail ?? '', /server: "mail\.example\.com" → "smtp\.example\.com"/);
      assert.equal((await demoGet(`${TESTS}/${testId}`)).body.server, 'smtp.example.com');

      const deleted = await runLens(uri, 'Delete');
      assert.deepEqual(deleted.result, { testId, action: 'delete' });
      assert.equal((await demoGet(`${TESTS}/${testId}`)).status, 404);
      await waitFor('the binding to go', () =>
        readFileSync(uri.fsPath, 'utf8').includes('"deployments"') ? undefined : true,
      );
      await lensCommand(uri, 'Create endpoint test in');
    });

    it('Import Deployed Tests writes an endpoint test document per endpoint test, each planning as unchanged', async function () {
      this.timeout(60_000);
      const folder = vscode.Uri.joinPath(scratch.folder, 'imported');
      await vscode.workspace.fs.createDirectory(folder);
      const { result } = await answeringPrompts(acceptConfirmations, () =>
        vscode.commands.executeCommand<{ written: vscode.Uri[] } | undefined>('netmon.documents.import', folder),
      );
      const written = (result?.written ?? []).filter((uri) => uri.path.endsWith('.netmon-endpoint-test.json'));
      const listed =
        ((await demoGet('/v7/endpoint/tests/scheduled-tests')).body.tests as unknown[]).length +
        ((await demoGet('/v7/endpoint/tests/dynamic-tests/agent-to-server')).body.tests as unknown[]).length;
      assert.equal(written.length, listed);
      const zoom = written.find((uri) => uri.path.includes('/zoom-meetings-'));
      assert.ok(zoom, written.map((uri) => uri.path).join(', '));
      assert.match(
        readFileSync(zoom.fsPath, 'utf8'),
        /"application": "zoom"[^]*"agentLabels": \["Mac laptops"\]|"agentLabels": \["Mac laptops"\][^]*"application": "zoom"/,
      );
      await openDocument(zoom);
      const planned = await runLens(zoom, 'Plan');
      assert.equal(planned.result?.action, 'unchanged');
    });

    it('the explorer groups the endpoint agents by label: each label lists the loaded agents it holds', async () => {
      const api = await netmonApi();
      const groups = await childrenOf(api, await root(api, 'Endpoint Agents'));
      const labelsNode = groups.find((node) => kindOf(node) === 'agentLabels');
      assert.ok(labelsNode, groups.map((node) => node.label).join(', '));
      const labels = (await demoGet('/v7/endpoint/labels')).body.labels as {
        name: string;
        filters: { key: string; values: string[] }[];
      }[];
      const nodes = await childrenOf(api, labelsNode);
      assert.deepEqual(
        nodes.map((node) => node.label),
        labels.map((label) => label.name),
      );
      const watchlist = labels.find((label) => label.name === 'Troubleshooting watchlist');
      const watched = (await childrenOf(api, nodes[labels.indexOf(watchlist!)]!)).map((node) =>
        String(node.spec.ids?.agentId),
      );
      assert.ok(watched.length > 0);
      assert.deepEqual(
        watched.filter((id) => !watchlist?.filters[0]?.values.includes(id)),
        [],
        'only the agents the label names',
      );
    });

    it('completes label names in "agentLabels" and agent names in "agents" from the account', async () => {
      const text = '{ "type": "dynamic", "testName": "c", "application": "zoom", "agentLabels": [""] }\n';
      const uri = writeDocument(scratch.path, 'complete.netmon-endpoint-test.json', text);
      const document = await openDocument(uri);
      const at = document.positionAt(text.indexOf('[""]') + 2);
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        at,
      );
      const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
      for (const name of ['Mac laptops', 'Windows desktops', 'Troubleshooting watchlist'])
        assert.ok(labels.includes(name), labels.join(', '));
    });
  } else {
    it('on a v6 account, Create says it needs the current API and writes nothing', async () => {
      emulator = await startControlledEmulator();
      await signInTo(emulator);
      const uri = writeDocument(scratch.path, 'v6.netmon-endpoint-test.json', DOCUMENT);
      await openDocument(uri);
      const { result, prompts } = await runLens(uri, 'Create endpoint test in');
      assert.equal(result, undefined);
      assert.match(
        prompts.map((p) => p.message ?? '').join('\n'),
        /need the current API \(v7\): this account speaks API v6/,
      );
      assert.ok(!readFileSync(uri.fsPath, 'utf8').includes('"deployments"'));
    });
  }
});
