import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EnterpriseAgentsResponse, UserSessionsResponse } from '../../../src/api/types';
import type { ApplyResult, Plan } from '../../../src/documents';
import type { RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import { panelStates, sendFromWebview, waitForPanels, waitForRendered } from './panels-fixture';
import {
  endDocumentSuite,
  netmonDiagnostics,
  openDocument,
  rangeOf,
  startDocumentSuite,
  writeDocument,
  type WorkspaceScratch,
} from './documents-fixture';
import {
  DEMO_CREDENTIALS,
  SUITE_API,
  WIRE_PATHS,
  acceptConfirmations,
  answeringPrompts,
  apiGet,
  apiPost,
  deployedTest,
  deployedTests,
  emulatorRequests,
  nativeGet,
  isWriteRequest,
  netmonApi,
  signInTo,
  type DeployedTestView,
} from './netmon-fixture';

type InstantRun = { testId: number; records: unknown[]; panelId: string; text: string; json: string };

const AID = '1001'; // the emulator's default account group, which the connection uses

const TEST_DOCUMENT = `{
    // Checked as the user types; deployed with one click.
    "type":  "agent-to-server",
    "testName": "VPN gateway",
    "interval": 300,
    "agents": [ { "agentId": 1000 } ,{ "agentId": 1037 } ],
    "server": "vpn.example.com",   /* port 80 by default */
}
`;

function testDocument(name: string, interval = 300, extra = ''): string {
  return `{\n  "type": "agent-to-server",\n  "testName": "${name}",\n  "interval": ${interval},\n  "agents": [{ "agentId": 1000 }],\n  "server": "${name.toLowerCase().replace(/\W+/g, '-')}.example.com"${extra}\n}\n`;
}

/** Changes a file on disk and waits until an open model of it (Apply opened it) has caught up. */
async function rewrite(path: string, change: (text: string) => string): Promise<void> {
  const text = change(readFileSync(path, 'utf8'));
  await vscode.workspace.fs.writeFile(vscode.Uri.file(path), new TextEncoder().encode(text));
  await waitFor(`the model of ${path} to reload`, () => {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === path);
    return !open || open.getText() === text ? true : undefined;
  });
}

describe('deploying and running documents', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  let connectionKey: string;
  before(async () => {
    // A real clock: instant-test results appear one second after the POST.
    ({ emulator, scratch } = await startDocumentSuite('deploy', {
      emulator: { now: () => Date.now(), instantTestDelaySeconds: 1 },
    }));
    connectionKey = (await netmonApi()).connection.current?.serviceKey ?? '';
  });
  after(() => endDocumentSuite(scratch, emulator));

  const deployed = async (testId: number): Promise<DeployedTestView> => {
    const test = await deployedTest(emulator, 'agent-to-server', testId);
    assert.ok(test, `test ${testId} is not deployed`);
    return test;
  };
  const emulatorWrites = async (): Promise<number> => (await emulatorRequests(emulator)).filter(isWriteRequest).length;
  const deployedStatus = async (testId: number): Promise<number> =>
    (await deployedTest(emulator, 'agent-to-server', testId)) ? 200 : 404;

  it('Create deploys the test and writes the binding without touching the rest of the file; Update and Delete follow it', async () => {
    const uri = writeDocument(scratch.path, 'vpn.netmon-test.json', TEST_DOCUMENT);
    const document = await openDocument(uri);
    const { result: created, prompts: asked } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<{ testId: number } | undefined>('netmon.documents.create', uri),
    );
    assert.ok(created, 'Create reported a failure');
    assert.equal(asked.filter((prompt) => prompt.kind === 'confirm').length, 1);
    assert.match(asked[0]?.kind === 'confirm' ? asked[0].message : '', /^Create test "VPN gateway" in /);
    const test = await deployed(created.testId);
    assert.equal(test?.testName, 'VPN gateway');
    assert.deepEqual(
      test?.agents.map((a) => a.agentId),
      [1000, 1037],
    );

    const bound = readFileSync(uri.fsPath, 'utf8'); // saved: the file was saved before
    assert.ok(!document.isDirty);
    const binding = `"deployments": {\n        "${connectionKey}": {\n            "${AID}": ${created.testId}\n        }\n    },`;
    assert.equal(
      bound,
      TEST_DOCUMENT.replace('/* port 80 by default */\n', `/* port 80 by default */\n    ${binding}\n`),
    );
    assert.equal(connectionKey, emulator.url, 'bindings name the service…');
    assert.ok(!bound.includes(DEMO_CREDENTIALS.admin.email), '…never the user who deployed');

    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.ok(
      lenses.some((lens) => lens.command?.title.includes(`Bound to test ${created.testId}`)),
      lenses.map((l) => l.command?.title).join(' | '),
    );

    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, rangeOf(document, '300'), '600');
    await vscode.workspace.applyEdit(edit);
    const { result: updated, prompts: updateAsked } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<{ testId: number } | undefined>('netmon.documents.update', uri),
    );
    assert.equal(updated?.testId, created.testId);
    const updateDialog = updateAsked[0]?.kind === 'confirm' ? updateAsked[0] : undefined;
    assert.match(updateDialog?.message ?? '', new RegExp(`^Update test "VPN gateway" \\(${created.testId}\\)`));
    assert.match(
      updateDialog?.detail ?? '',
      /Now \(live on the service\): "VPN gateway" · agent-to-server · vpn\.example\.com:80 · every 300 s/,
    );
    assert.match(updateDialog?.detail ?? '', /interval: 300 → 600/);
    assert.doesNotMatch(updateDialog?.detail ?? '', /not by this machine/, 'a binding written here is verified');
    assert.equal((await deployed(created.testId)).interval, 600);

    const { result: deleted } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<{ testId: number } | undefined>('netmon.documents.delete', uri),
    );
    assert.equal(deleted?.testId, created.testId);
    assert.equal(await deployedStatus(created.testId), 404);
    await document.save();
    assert.equal(readFileSync(uri.fsPath, 'utf8'), TEST_DOCUMENT.replace('300', '600'));
  });

  it('Run on an instant-test document posts it, polls until results arrive and shows them', async function () {
    this.timeout(30_000);
    const uri = writeDocument(
      scratch.path,
      'laptops.netmon-instant.json',
      '{\n  "type": "agent-to-server",\n  "testName": "Intranet from laptops",\n  "serverName": "10.20.0.1",\n  "maxMachines": 3\n}\n',
    );
    const { result: run, prompts: asked } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<InstantRun | undefined>('netmon.documents.runInstant', uri),
    );
    assert.ok(run, 'the run reported a failure');
    assert.match(
      asked[0]?.kind === 'confirm' ? asked[0].detail : '',
      /agent-to-server to 10\.20\.0\.1 on up to 3 endpoint agents/,
    );
    assert.ok(run.records.length > 0);
    const shown = JSON.parse(run.json) as { testId: number; results: unknown[] };
    assert.equal(shown.testId, run.testId);
    assert.equal(shown.results.length, run.records.length);
    const panel = await waitForRendered(run.panelId);
    assert.equal(panel.kind, 'instant');
    assert.equal(panel.title, 'Instant: Intranet from laptops');
    const agents = new Set(run.records.map((record) => (record as { agentId: string }).agentId));
    assert.deepEqual(panel.rendered, { testId: run.testId, rows: agents.size }, 'one row per agent');
    assert.match(
      run.text,
      new RegExp(`^Instant test ${run.testId} "Intranet from laptops" \\(agent-to-server\\)\\n\\d+ agents?: `),
    );

    await sendFromWebview(run.panelId, { type: 'openText', params: { testId: run.testId } });
    const text = await waitFor('the results as text', () =>
      vscode.window.visibleTextEditors.find((editor) => editor.document.languageId === 'netmon-instant-results'),
    );
    assert.match(text.document.getText(), /\n {3}Agent +Latency ms +Loss % +Jitter ms +Error\n[✓!✗] {2}\S/);
    assert.doesNotMatch(text.document.getText(), /[0-9a-f]{8}-[0-9a-f]{4}-/, 'agents by name, not by id');

    await sendFromWebview(run.panelId, { type: 'openMetrics', params: { testId: run.testId } });
    await waitForPanels('the metrics panel of the test', (states) =>
      states.find((state) => state.key === `metrics:${run.testId}`),
    );
    const before = (await panelStates()).length;
    await sendFromWebview(run.panelId, { type: 'openMetrics', params: { testId: run.testId + 1 } });
    assert.equal((await panelStates()).length, before, 'a link naming another test opens nothing');
  });

  it('Run Now on an http-server test document, on v6, runs it as an endpoint instant test, shows the results beside it and deploys nothing', async function () {
    // On v7 the document runs whole as an enterprise instant test: the "Run Now of enterprise tests (v7)" suite.
    if (SUITE_API !== 'v6') this.skip();
    this.timeout(30_000);
    const uri = writeDocument(
      scratch.path,
      'run-now.netmon-test.json',
      '{\n  "type": "http-server",\n  "testName": "Portal before deploy",\n  "interval": 300,\n  "agents": [{ "agentId": 1000 }],\n  "url": "https://portal.example.com/"\n}\n',
    );
    const document = await openDocument(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    // On v6 the only Run Now of a test document is from endpoint agents (v6 has no enterprise instant test).
    assert.deepEqual(
      lenses.filter((lens) => lens.command?.title.includes('Run Now')).map((lens) => lens.command?.title),
      ['$(play) Run Now from endpoint agents'],
    );
    const before = (await deployedTests(emulator)).length;
    const { result: run, prompts: asked } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<InstantRun | undefined>('netmon.documents.runNow', uri),
    );
    assert.ok(run, 'the run reported a failure');
    const detail = asked[0]?.kind === 'confirm' ? asked[0].detail : '';
    assert.match(detail, /https:\/\/portal\.example\.com\/ on up to 5 endpoint agents/);
    assert.match(detail, /- agents: instant tests run on endpoint agents/);
    assert.match(detail, /- interval: an instant test runs once/);
    const shown = JSON.parse(run.json) as {
      testName: string;
      runNowOf: string;
      notCarriedOver: { field: string }[];
      results: unknown[];
    };
    assert.match(run.text, /\nRun now of .*run-now\.netmon-test\.json; not carried over: agents, interval\.\n/);
    assert.match(shown.testName, /^Portal before deploy \(run now \d\d:\d\d:\d\d UTC\)$/);
    assert.match(shown.runNowOf, /run-now\.netmon-test\.json$/);
    assert.deepEqual(
      shown.notCarriedOver.map((n) => n.field),
      ['agents', 'interval'],
    );
    assert.ok(shown.results.length > 0);
    await waitForRendered(run.panelId);
    const resultColumn = (await panelStates()).find((state) => state.id === run.panelId)?.column;
    const documentColumn = vscode.window.visibleTextEditors.find(
      (editor) => editor.document.uri.toString() === document.uri.toString(),
    )?.viewColumn;
    assert.ok(
      resultColumn !== undefined && documentColumn !== undefined && resultColumn !== documentColumn,
      'the results are beside the document',
    );
    assert.equal((await deployedTests(emulator)).length, before, 'no scheduled test was created');
    assert.equal(readFileSync(uri.fsPath, 'utf8').includes('deployments'), false);
  });

  it('Run Now on v6: a page-load document, and a deployed test, say in one sentence that running it now needs v7', async function () {
    if (SUITE_API !== 'v6') this.skip();
    const uri = writeDocument(
      scratch.path,
      'home.netmon-test.json',
      '{\n  "type": "page-load",\n  "testName": "Home page",\n  "interval": 300,\n  "agents": [{ "agentId": 1000 }],\n  "url": "https://www.example.com/"\n}\n',
    );
    await openDocument(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.ok(
      lenses.some((lens) => lens.command?.title === '$(play) Run Now'),
      'every type but BGP has the lens',
    );
    const before = await emulatorWrites();
    const { result, prompts } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand('netmon.documents.runNow', uri),
    );
    assert.equal(result, undefined);
    const said = prompts.map((prompt) => (prompt.kind === 'offer' && prompt.error ? prompt.message : prompt.kind));
    assert.deepEqual(
      said,
      ['Running enterprise tests now needs the current API (v7); this account speaks API v6.'],
      JSON.stringify(prompts),
    );
    const { prompts: deployedSaid } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand('netmon.documents.runDeployed', 1234),
    );
    assert.equal(
      deployedSaid[0]?.kind === 'offer' ? deployedSaid[0].message : '',
      'Running enterprise tests now needs the current API (v7); this account speaks API v6.',
    );
    assert.equal(await emulatorWrites(), before, 'nothing was sent');
  });

  it('Run Instant Test… runs the answers and saves them as a document', async function () {
    this.timeout(30_000);
    const saveTo = vscode.Uri.file(join(scratch.path, 'asked.netmon-instant.json'));
    const answers = {
      type: 'http-server' as const,
      target: 'https://portal.example.com',
      maxMachines: 2,
      options: { flagPing: true, flagTraceroute: false, networkProtocol: 'ICMP' },
    };
    const api = await netmonApi();
    const { result: run, prompts } = await answeringPrompts(
      (prompt) =>
        prompt.kind === 'save'
          ? saveTo
          : prompt.kind === 'offer' && prompt.actions.includes('Save…')
            ? 'Save…'
            : undefined,
      () => api.runInstantAnswers(answers, 300),
    );
    assert.ok(run && run.records.length > 0, 'no results');
    assert.ok(
      prompts.some((p) => p.kind === 'save'),
      'the file is chosen in the save dialog',
    );
    assert.ok(
      prompts.some((p) => p.kind === 'offer' && p.message.startsWith('Run Instant Test (6/6): save these answers')),
      'the save question is the numbered last step',
    );
    const saved = JSON.parse(readFileSync(saveTo.fsPath, 'utf8')) as Record<string, unknown>;
    assert.deepEqual(saved, {
      type: 'http-server',
      testName: 'Instant http-server to https://portal.example.com',
      url: 'https://portal.example.com',
      maxMachines: 2,
      flagPing: true,
      flagTraceroute: false,
      networkProtocol: 'ICMP',
    });
  });

  it('Plan and Apply a folder of 5 documents: creates, an update and deletes only after confirmation', async function () {
    this.timeout(30_000);
    const folder = join(scratch.path, 'fleet');
    const names = ['Alpha', 'Bravo', 'Charlie'];
    for (const name of names)
      writeDocument(scratch.path, `fleet/${name.toLowerCase()}.netmon-test.json`, testDocument(name));
    const apply = async (choice: string): Promise<{ result: ApplyResult | undefined; detail: string }> => {
      const { result, prompts } = await answeringPrompts(
        (prompt) => (prompt.kind === 'confirm' ? choice : undefined),
        () =>
          vscode.commands.executeCommand<ApplyResult | undefined>('netmon.documents.apply', vscode.Uri.file(folder)),
      );
      return { result, detail: prompts[0]?.kind === 'confirm' ? prompts[0].detail : '' };
    };
    const first = (await apply('Apply')).result;
    assert.deepEqual(
      first?.completed.map((s) => s.action),
      ['create', 'create', 'create'],
    );
    const idOf = (name: string): number => {
      const text = readFileSync(join(folder, `${name.toLowerCase()}.netmon-test.json`), 'utf8');
      return Number(new RegExp(`"${AID}": ([0-9]+)`).exec(text)?.[1]);
    };
    const [alpha, bravo, charlie] = names.map(idOf) as [number, number, number];

    // Two new documents, one changed interval, one marked for deletion, one file removed.
    await rewrite(join(folder, 'alpha.netmon-test.json'), (text) => text.replace('"interval": 300', '"interval": 900'));
    await rewrite(join(folder, 'bravo.netmon-test.json'), (text) =>
      text.replace('"interval": 300,', '"interval": 300,\n  "markedForDeletion": true,'),
    );
    rmSync(join(folder, 'charlie.netmon-test.json'));
    writeDocument(scratch.path, 'fleet/delta.netmon-test.json', testDocument('Delta'));
    writeDocument(scratch.path, 'fleet/echo.netmon-test.json', testDocument('Echo', 600));

    const planned = await vscode.commands.executeCommand<{ plan: Plan; document: vscode.TextDocument } | undefined>(
      'netmon.documents.plan',
      vscode.Uri.file(folder),
    );
    assert.deepEqual(
      planned?.plan.steps.map((s) => `${s.action} ${s.testName}`),
      ['create Delta', 'create Echo', 'update Alpha', `delete Bravo`, 'delete Charlie'],
    );
    const text = planned?.document.getText() ?? '';
    assert.equal(planned?.document.languageId, 'netmon-plan', 'coloured by the plan grammar');
    assert.equal(
      vscode.workspace.getConfiguration('editor', { languageId: 'netmon-plan' }).get('wordWrap'),
      'on',
      'long plan lines wrap instead of being cut off',
    );
    assert.match(text, /~ update {2}"Alpha" \(test [0-9]+\)[^\n]*\n\s+interval: 300 → 900/);
    assert.match(text, /Plan: 2 to create, 1 to update, 0 to replace, 2 to delete\./);

    const dismissed = await apply('(Escape)');
    assert.equal(dismissed.result, undefined, 'a dismissed dialog applies nothing');
    assert.match(
      dismissed.detail,
      /Plan: 2 to create, 1 to update, 0 to replace, 2 to delete\./,
      'the dialog lists every step',
    );
    assert.equal((await deployed(alpha)).interval, 300);

    const { result: declined } = await apply('Apply Without Deletes');
    assert.deepEqual(
      declined?.completed.map((s) => `${s.action} ${s.testName}`),
      ['create Delta', 'create Echo', 'update Alpha'],
    );
    assert.equal(declined?.declined.length, 2);
    assert.equal(await deployedStatus(bravo), 200, 'a delete ran without confirmation');
    assert.equal(await deployedStatus(charlie), 200, 'a delete ran without confirmation');
    assert.equal((await deployed(alpha)).interval, 900);

    const { result: confirmed } = await apply('Apply');
    assert.deepEqual(
      confirmed?.completed.map((s) => `${s.action} ${s.testName}`),
      ['delete Bravo', 'delete Charlie'],
    );
    assert.equal(await deployedStatus(bravo), 404);
    assert.equal(await deployedStatus(charlie), 404);
    assert.ok(
      !readFileSync(join(folder, 'bravo.netmon-test.json'), 'utf8').includes('deployments'),
      'the deleted test is still bound',
    );
    assert.ok(existsSync(join(folder, 'delta.netmon-test.json')));

    const again = await vscode.commands.executeCommand<{ plan: Plan } | undefined>(
      'netmon.documents.plan',
      vscode.Uri.file(folder),
    );
    assert.deepEqual(again?.plan.steps, []);
    const planTabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.path.endsWith('.netmon-plan'));
    assert.equal(planTabs.length, 1, 'planning the folder again replaced its plan');
    assert.match(planTabs[0]?.label ?? '', /^plan of \S*fleet\.netmon-plan$/, 'its tab is named for the folder');
    assert.ok(vscode.window.tabGroups.all.length <= 2, 'plans open beside the documents, never in a third group');

    // A service that lists no tests (the published API has no GET /v7/tests): Plan compares
    // with what this workspace last deployed.
    await rewrite(join(folder, 'delta.netmon-test.json'), (text) => text.replace('"interval": 300', '"interval": 120'));
    emulator.setFaults([{ fault: 'error', status: 404, pathPrefix: '/v7/tests', times: 1 }]);
    const offline = await vscode.commands.executeCommand<{ plan: Plan; document: vscode.TextDocument } | undefined>(
      'netmon.documents.plan',
      vscode.Uri.file(folder),
    );
    emulator.setFaults([]);
    assert.deepEqual(
      offline?.plan.steps.map((s) => `${s.action} ${s.testName}`),
      ['update Delta'],
    );
    assert.match(offline?.document.getText() ?? '', /Compared with what this workspace last deployed/);
  });

  it("completes enterprise agent ids by name and location from the service's agent list", async () => {
    await vscode.commands.executeCommand('netmon.documents.refreshCatalog');
    const { agents } = await apiGet<EnterpriseAgentsResponse>(emulator, '/v6/agents');
    const agent = agents.find((a) => a.agentId === 1000);
    assert.ok(agent, 'the service lists no agent 1000');
    const uri = writeDocument(
      scratch.path,
      'new.netmon-test.json',
      '{\n  "type": "agent-to-server",\n  "agents": [{ "agentId":  }]\n}\n',
    );
    const document = await openDocument(uri);
    const position = document.positionAt(document.getText().indexOf('"agentId": ') + '"agentId": '.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      uri,
      position,
    );
    const item = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === agent.agentName);
    // v7 names the agent's network provider too (networkProviderInfo); v6 does not send it.
    const wire = await nativeGet<{
      agents: { agentId: unknown; networkProviderInfo?: { name: string; asn: number } }[];
    }>(emulator, WIRE_PATHS.enterpriseAgents);
    const info = wire.agents.find((a) => String(a.agentId) === '1000')?.networkProviderInfo;
    const network = info ? ` · ${info.name} (AS${info.asn})` : '';
    assert.equal(
      item?.detail,
      `agent 1000 · ${agent.location}${network} — from the service's agent list (GET ${WIRE_PATHS.enterpriseAgents})`,
    );
    assert.equal(item?.insertText, '1000', 'listed by name, the id is inserted');
  });

  it('on a service that lists no agents and no tests, knows the agents of what this workspace deployed and of .netmon/agents.json, and says so', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    const catalogFile = join(root, '.netmon', 'agents.json');
    mkdirSync(join(root, '.netmon'), { recursive: true });
    writeFileSync(
      catalogFile,
      JSON.stringify({ enterpriseAgents: [{ agentId: 4242, agentName: 'Lab bench', location: 'Basement' }] }),
    );
    // A service without GET /v6/agents (/v7/agents) and GET /v7/tests: only what the extension saw can be known.
    emulator.setFaults([
      { fault: 'error', status: 404, pathPrefix: '/v7/tests', times: 1000 },
      { fault: 'error', status: 404, pathPrefix: WIRE_PATHS.enterpriseAgents, times: 1000 },
    ]);
    try {
      await vscode.commands.executeCommand('netmon.documents.refreshCatalog');
      const uri = writeDocument(
        scratch.path,
        'learned.netmon-test.json',
        '{\n  "type": "agent-to-server",\n  "agents": [{ "agentId": 999 }, { "agentId":  }]\n}\n',
      );
      const document = await openDocument(uri);
      const position = document.positionAt(document.getText().indexOf('"agentId":  ') + '"agentId": '.length);
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        position,
      );
      const details = new Map(
        list.items.map((i) => [typeof i.label === 'string' ? i.label : i.label.label, i.detail ?? '']),
      );
      assert.match(
        [...details].find(([, detail]) => detail.startsWith('agent 1000 '))?.[1] ?? '',
        / — from tests deployed from this workspace$/,
        [...details].join('\n'),
      );
      assert.equal(details.get('Lab bench'), 'agent 4242 · Basement — from .netmon/agents.json');
      const hint = await netmonDiagnostics(uri, (found) => found.some((d) => d.message.includes('999')));
      assert.equal(hint.find((d) => d.message.includes('999'))?.severity, vscode.DiagnosticSeverity.Information);
      assert.match(
        hint.find((d) => d.message.includes('999'))?.message ?? '',
        /not among those known from \.netmon\/agents\.json and tests deployed from this workspace/,
      );
    } finally {
      emulator.setFaults([]);
      rmSync(join(root, '.netmon'), { recursive: true, force: true });
    }
  });

  it('Run on a filter document shows the filtered sessions', async () => {
    const uri = writeDocument(
      scratch.path,
      'mac.netmon-filter.json',
      '{ "target": "user-sessions", "searchFilters": [{ "key": "platform", "values": ["Mac"] }], "window": "1d" }\n',
    );
    const run = await vscode.commands.executeCommand<{ records: unknown[]; document: vscode.TextDocument } | undefined>(
      'netmon.documents.runFilter',
      uri,
    );
    assert.ok(run, 'the run reported a failure');
    const firstPage = await apiPost<UserSessionsResponse>(emulator, '/v6/endpoint-data/user-sessions?window=1d', {
      searchFilters: [{ key: 'platform', values: ['Mac'] }],
    });
    assert.ok(firstPage.userSessions.length > 0, 'the emulator has no Mac sessions in the last day');
    // The same sessions in the same order (a v7 run's records carry v7's date form and extras).
    const ids = (sessions: readonly unknown[]): unknown[] =>
      sessions.map((session) => (session as { userSessionId?: unknown }).userSessionId);
    assert.deepEqual(ids(run.records.slice(0, firstPage.userSessions.length)), ids(firstPage.userSessions));
    if (SUITE_API === 'v6')
      assert.deepEqual(run.records.slice(0, firstPage.userSessions.length), firstPage.userSessions);
    assert.equal((JSON.parse(run.document.getText()) as { count: number }).count, run.records.length);
  });

  it('a refused Create (403 for a viewer) writes no binding and deploys nothing', async () => {
    const uri = writeDocument(scratch.path, 'refused.netmon-test.json', testDocument('Refused'));
    const before = (await deployedTests(emulator)).length;
    await signInTo(emulator, DEMO_CREDENTIALS.viewer.token);
    try {
      const { result: created } = await answeringPrompts(acceptConfirmations, () =>
        vscode.commands.executeCommand<{ testId: number } | undefined>('netmon.documents.create', uri),
      );
      assert.equal(created, undefined);
    } finally {
      await signInTo(emulator);
    }
    assert.equal(readFileSync(uri.fsPath, 'utf8'), testDocument('Refused'));
    assert.equal((await deployedTests(emulator)).length, before);
  });
});
