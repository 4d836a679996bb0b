// Endpoint test documents in the folder-wide Plan / Apply and in New Test Document…, in a real
// VS Code against the emulator. v7: a folder holding a test document, an endpoint test document
// and an example endpoint document plans both kinds in one plan (each step saying its kind, the
// example left out), applies both and binds both; New Test Document offers the endpoint kinds and
// writes a valid .netmon-endpoint-test.json with the label picked. v6: the endpoint documents are
// one sentence in the plan, the test document still plans; the endpoint kinds say they need v7.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointFolderPlan, Plan } from '../../../src/documents';
import type { RunningEmulator } from '../../../src/emulator';
import {
  endDocumentSuite,
  netmonDiagnostics,
  startDocumentSuite,
  writeDocument,
  type WorkspaceScratch,
} from './documents-fixture';
import { SUITE_API, answeringPrompts, nativeGet } from './netmon-fixture';

const ENDPOINT_DOCUMENT = (name: string): string =>
  `{\n  "type": "agent-to-server",\n  "testName": "${name}",\n  "interval": 300,\n  "agentLabels": ["Mac laptops"],\n  "server": "vpn.example.com"\n}\n`;
const TEST_DOCUMENT =
  '{\n  "type": "agent-to-server",\n  "testName": "Folder gateway",\n  "interval": 300,\n  "agents": [{ "agentId": 1000 }],\n  "server": "gw.example.com"\n}\n';
const ENDPOINT_KINDS = [
  'Endpoint network test (agent-to-server)',
  'Endpoint HTTP server test',
  'Endpoint dynamic test',
];

type Planned = { plan: Plan; endpoint: EndpointFolderPlan; document: vscode.TextDocument } | undefined;
type Applied =
  | {
      completed: { action: string; testName: string }[];
      endpoint?: { completed: { action: string; testName: string }[] };
    }
  | undefined;

describe('endpoint test documents in the folder Plan and in New Test Document', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('endpoint-folder'));
    await vscode.workspace
      .getConfiguration()
      .update(
        'netmon.documents.newDocumentFolder',
        vscode.workspace.asRelativePath(scratch.folder),
        vscode.ConfigurationTarget.Workspace,
      );
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration()
      .update('netmon.documents.newDocumentFolder', undefined, vscode.ConfigurationTarget.Workspace);
    await endDocumentSuite(scratch, emulator);
  });

  function writeFolder(): vscode.Uri {
    writeDocument(scratch.path, 'both/gateway.netmon-test.json', TEST_DOCUMENT);
    writeDocument(scratch.path, 'both/vpn.netmon-endpoint-test.json', ENDPOINT_DOCUMENT('VPN from Macs'));
    writeDocument(scratch.path, 'both/examples/sample.netmon-endpoint-test.json', ENDPOINT_DOCUMENT('Example only'));
    return vscode.Uri.file(join(scratch.path, 'both'));
  }

  const newDocument = (kind: string, label?: string) =>
    answeringPrompts(
      (prompt) => {
        if (prompt.kind === 'choose' && prompt.title === 'New Netmon document') return kind;
        if (prompt.kind === 'choose') return label;
        return undefined;
      },
      () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'),
    );

  if (SUITE_API === 'v7') {
    it('a folder holding both kinds plans them in one plan, each step saying its kind, and Apply creates and binds both', async function () {
      this.timeout(60_000);
      const folder = writeFolder();
      const planned = await vscode.commands.executeCommand<Planned>('netmon.documents.plan', folder);
      assert.deepEqual(
        planned?.plan.steps.map((s) => `${s.action} ${s.testName}`),
        ['create Folder gateway'],
      );
      assert.deepEqual(
        planned?.endpoint.plan?.steps.map((s) => `${s.action} ${s.testName}`),
        ['create VPN from Macs'],
        'the example endpoint document is left out',
      );
      const text = planned?.document.getText() ?? '';
      assert.match(text, /\+ create {2}"Folder gateway" \(agent-to-server\)/);
      assert.match(
        text,
        /\+ create {2}"VPN from Macs" \(endpoint agent-to-server\) from .*both\/vpn\.netmon-endpoint-test\.json/,
      );
      assert.match(text, /Left out \(example folders.*examples\/sample\.netmon-endpoint-test\.json/);

      const { result } = await answeringPrompts(
        (prompt) => (prompt.kind === 'confirm' ? 'Apply' : undefined),
        () => vscode.commands.executeCommand<Applied>('netmon.documents.apply', folder),
      );
      assert.deepEqual(
        result?.completed.map((s) => s.action),
        ['create'],
      );
      assert.deepEqual(
        result?.endpoint?.completed.map((s) => `${s.action} ${s.testName}`),
        ['create VPN from Macs'],
      );
      const { tests } = await nativeGet<{ tests: { testId: string; testName: string }[] }>(
        emulator,
        '/v7/endpoint/tests/scheduled-tests/agent-to-server',
      );
      const created = tests.filter((t) => t.testName === 'VPN from Macs');
      assert.equal(created.length, 1);
      assert.match(
        readFileSync(join(folder.fsPath, 'vpn.netmon-endpoint-test.json'), 'utf8'),
        new RegExp(`"deployments"[^]*: ${created[0]?.testId}`),
      );
      assert.ok(
        !readFileSync(join(folder.fsPath, 'examples', 'sample.netmon-endpoint-test.json'), 'utf8').includes(
          'deployments',
        ),
      );

      const again = await vscode.commands.executeCommand<Planned>('netmon.documents.plan', folder);
      assert.deepEqual([...(again?.plan.steps ?? []), ...(again?.endpoint.plan?.steps ?? [])], []);
    });

    it('New Test Document offers the endpoint kinds and writes a valid endpoint test document on the label picked', async function () {
      this.timeout(30_000);
      const { result: uri, prompts } = await newDocument('Endpoint HTTP server test', 'Mac laptops');
      const kinds = prompts.find((p) => p.kind === 'choose' && p.title === 'New Netmon document');
      for (const kind of ENDPOINT_KINDS) assert.ok(kinds?.kind === 'choose' && kinds.labels.includes(kind), kind);
      const labels = prompts.find((p) => p.kind === 'choose' && p.title !== 'New Netmon document');
      assert.ok(
        labels?.kind === 'choose' &&
          labels.labels.includes('All endpoint agents') &&
          labels.labels.includes('Windows desktops'),
      );
      assert.ok(uri && uri.path.endsWith('.netmon-endpoint-test.json'), uri?.path);
      const text = readFileSync(uri.fsPath, 'utf8');
      assert.match(text, /"type": "http-server"/);
      assert.match(text, /"agentLabels": \["Mac laptops"\]/);
      assert.deepEqual(await netmonDiagnostics(uri, () => true), [], 'valid as written');
    });
  } else {
    it('on v6 the folder Plan says in one sentence that the endpoint documents need the current API, and plans the rest', async function () {
      this.timeout(30_000);
      const planned = await vscode.commands.executeCommand<Planned>('netmon.documents.plan', writeFolder());
      assert.deepEqual(
        planned?.plan.steps.map((s) => `${s.action} ${s.testName}`),
        ['create Folder gateway'],
      );
      assert.equal(planned?.endpoint.plan, undefined);
      assert.match(
        planned?.document.getText() ?? '',
        /\n1 endpoint test document left out: Endpoint tests as code and endpoint labels need the current API \(v7\)/,
      );
    });

    it('on v6 the endpoint kinds of New Test Document say they need the current API and write nothing', async () => {
      const { result, prompts } = await newDocument('Endpoint dynamic test');
      assert.equal(result, undefined);
      assert.match(
        prompts.map((p) => ('message' in p ? p.message : '')).join('\n'),
        /New endpoint dynamic test: Endpoint tests as code and endpoint labels need the current API \(v7\)/,
      );
      assert.ok(!existsSync(join(scratch.path, 'new-endpoint-dynamic.netmon-endpoint-test.json')));
    });
  }
});
