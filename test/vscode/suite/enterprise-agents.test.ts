// The Enterprise Agents root: the service's agents grouped enterprise / cloud, named with
// their location; Copy Agent Id; Add to Test Document… (once, named in a comment, with no
// diagnostic); and a service without GET /v6/agents says so instead of failing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EnterpriseAgentsResponse } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import {
  endDocumentSuite,
  netmonDiagnostics,
  startDocumentSuite,
  writeDocument,
  type WorkspaceScratch,
} from './documents-fixture';
import {
  WIRE_PATHS,
  acceptConfirmations,
  answeringPrompts,
  apiGet,
  childrenOf,
  deployedTest,
  kindOf,
  netmonApi,
  root,
} from './netmon-fixture';

describe('the Enterprise Agents root', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('enterprise-agents'));
  });
  after(() => endDocumentSuite(scratch, emulator));

  const agentNodes = async () => {
    const api = await netmonApi();
    const groups = await childrenOf(api, await root(api, 'Enterprise Agents'));
    const members = await Promise.all(
      groups.map(async (group) => ({ group: group.label, agents: await childrenOf(api, group) })),
    );
    return { groups, members };
  };

  it("lists the service's agents, grouped enterprise / cloud, by name with location and id", async () => {
    const { agents } = await apiGet<EnterpriseAgentsResponse>(emulator, '/v6/agents');
    const { groups, members } = await agentNodes();
    assert.deepEqual(
      groups.map((g) => g.label),
      ['Enterprise agents', 'Cloud agents'],
    );
    const shown = members.flatMap((m) => m.agents.map((node) => [m.group, node.label, node.spec.description]));
    assert.equal(shown.length, agents.length);
    for (const agent of agents) {
      const group = agent.agentType === 'Cloud' ? 'Cloud agents' : 'Enterprise agents';
      assert.ok(
        shown.some(
          ([g, label, description]) =>
            g === group && label === agent.agentName && description === `${agent.location} · ${agent.agentId}`,
        ),
        agent.agentName,
      );
    }
  });

  it('Copy Agent Id puts the id on the clipboard; Add to Test Document adds it once, named, with no diagnostic', async function () {
    this.timeout(30_000);
    const { members } = await agentNodes();
    const node = members[0]!.agents[0]!;
    assert.equal(kindOf(node), 'enterpriseAgent');
    const copied = await vscode.commands.executeCommand<number>('netmon.copyAgentId', node);
    assert.equal(await vscode.env.clipboard.readText(), String(copied));

    const uri = writeDocument(
      scratch.path,
      'portal.netmon-test.json',
      '{\n  "type": "http-server",\n  "testName": "Portal",\n  "interval": 300,\n  "agents": [\n    { "agentId": 1000 }\n  ],\n  "url": "https://portal.example.com/"\n}\n',
    );
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const target = members.flatMap((m) => m.agents).find((n) => n.spec.agent?.agentId !== 1000)!;
    for (let twice = 0; twice < 2; twice++) await vscode.commands.executeCommand('netmon.addAgentToDocument', target);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), uri.toString());
    const text = editor.document.getText();
    assert.equal(text.split(`"agentId": ${target.spec.agent!.agentId}`).length, 2, 'added once');
    assert.ok(text.includes(`{ "agentId": ${target.spec.agent!.agentId} } // ${target.spec.agent!.agentName}`));
    await editor.document.save();
    assert.equal(readFileSync(uri.fsPath, 'utf8'), text);
    await netmonDiagnostics(uri, (found) => found.length === 0);
  });

  it('an agent id the account does not have: a warning naming the nearest agents, and a quick fix that replaces it', async function () {
    this.timeout(30_000);
    await vscode.commands.executeCommand('netmon.documents.refreshCatalog');
    const uri = writeDocument(
      scratch.path,
      'typo.netmon-test.json',
      '{\n  "type": "http-server",\n  "testName": "Typo",\n  "interval": 300,\n  "agents": [{ "agentId": 1001 }],\n  "url": "https://portal.example.com/"\n}\n',
    );
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const [warning] = await netmonDiagnostics(uri, (found) => found.some((d) => d.code === 'live/unknown-agent'));
    const { agents } = await apiGet<EnterpriseAgentsResponse>(emulator, '/v6/agents');
    const nearest = agents.find((a) => a.agentId === 1000)!;
    assert.match(
      warning?.message ?? '',
      new RegExp(
        `^No enterprise agent 1001 in this account; did you mean ${nearest.agentName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(1000\\)`,
      ),
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      warning!.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.isPreferred);
    assert.equal(fix?.title, `Replace with ${nearest.agentName} (1000)`);
    await vscode.workspace.applyEdit(fix!.edit!);
    assert.match(document.getText(), /"agents": \[\{ "agentId": 1000 \}\]/);
    await netmonDiagnostics(uri, (found) => !found.some((d) => d.code === 'live/unknown-agent'));
  });

  it('a document naming agents deploys on their ids; an unknown name is an error that suggests the nearest', async function () {
    this.timeout(30_000);
    const { agents } = await apiGet<EnterpriseAgentsResponse>(emulator, '/v6/agents');
    const [first, second] = agents;
    const uri = writeDocument(
      scratch.path,
      'named.netmon-test.json',
      `{\n  "type": "http-server",\n  "testName": "Named",\n  "interval": 300,\n  "agents": [{ "agentName": ${JSON.stringify(first!.agentName)} }, { "agentName": ${JSON.stringify(second!.agentName)} }],\n  "url": "https://named.example.com/"\n}\n`,
    );
    const { result, prompts } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<{ testId: number } | undefined>('netmon.documents.create', uri),
    );
    assert.ok(result?.testId);
    assert.match(
      prompts[0]?.kind === 'confirm' ? prompts[0].detail : '',
      new RegExp(`Agent "${first!.agentName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" → ${first!.agentId}`),
    );
    const deployed = await deployedTest(emulator, 'http-server', result.testId);
    assert.deepEqual(
      deployed?.agents.map((a) => a.agentId),
      [first!.agentId, second!.agentId],
    );

    const typo = writeDocument(
      scratch.path,
      'typo-name.netmon-test.json',
      `{\n  "type": "http-server",\n  "testName": "Typo name",\n  "interval": 300,\n  "agents": [{ "agentName": ${JSON.stringify(`${first!.agentName}x`)} }],\n  "url": "https://named.example.com/"\n}\n`,
    );
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(typo));
    const [error] = await netmonDiagnostics(typo, (found) => found.some((d) => d.code === 'live/unknown-agent-name'));
    assert.equal(error?.severity, vscode.DiagnosticSeverity.Error);
    assert.ok(error?.message.includes(`did you mean "${first!.agentName}"`), error?.message);
  });

  it('a service without GET /v6/agents (/v7/agents) says so in the root', async () => {
    emulator.setFaults([{ fault: 'error', status: 404, pathPrefix: WIRE_PATHS.enterpriseAgents, times: 1000 }]);
    try {
      const api = await netmonApi();
      await vscode.commands.executeCommand('netmon.refreshAll');
      const children = await childrenOf(api, await root(api, 'Enterprise Agents'));
      assert.equal(children.length, 1);
      assert.equal(kindOf(children[0]!), 'empty');
      assert.equal(
        children[0]!.label.split(';')[0],
        `This service lists no enterprise agents (GET ${WIRE_PATHS.enterpriseAgents})`,
      );
    } finally {
      emulator.setFaults([]);
    }
  });
});
