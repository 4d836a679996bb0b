import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse, UserSessionDetailResponse, UserSessionsResponse } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import {
  closeEditors,
  endDocumentSuite,
  netmonDiagnostics,
  openDocument,
  rangeOf,
  startDocumentSuite,
  writeDocument,
  type WorkspaceScratch,
} from './documents-fixture';
import { apiGet } from './netmon-fixture';

const HTTP_INSTANT = `{
  // a comment, allowed in these documents
  "type": "http-server",
  "testName": "Portal from laptops",
  "url": "https://portal.example.com",
  "maxMachines": 5,
  "networkProtocol": "ICMP",
  "tcpProbeMode": "SYN",
}
`;

describe('documents in the editor', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('editor'));
    await vscode.commands.executeCommand('netmon.documents.refreshCatalog');
  });
  after(() => endDocumentSuite(scratch, emulator));

  it("shows a rule's diagnostic on the exact range in an open editor, and updates it as the user types", async () => {
    const document = await openDocument(writeDocument(scratch.path, 'portal.netmon-instant.json', HTTP_INSTANT));
    const [diagnostic, ...others] = await netmonDiagnostics(document.uri, (found) => found.length > 0);
    assert.equal(others.length, 0, others.map((d) => d.message).join('\n'));
    assert.equal(diagnostic?.code, 'instant/tcp-only-field');
    assert.equal(diagnostic?.severity, vscode.DiagnosticSeverity.Error);
    assert.deepEqual(diagnostic?.range, rangeOf(document, '"tcpProbeMode"'));

    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, rangeOf(document, '"ICMP"'), '"TCP"');
    await vscode.workspace.applyEdit(edit);
    await netmonDiagnostics(document.uri, (found) => found.length === 0);
  });

  it('flags a testName used by two documents of the workspace, naming the other file', async () => {
    const text = (name: string): string =>
      `{ "type": "agent-to-server", "testName": "${name}", "interval": 300, "agents": [{ "agentId": 1000 }], "server": "vpn.example.com" }\n`;
    writeDocument(scratch.path, 'closed.netmon-test.json', text('Same name'));
    const document = await openDocument(writeDocument(scratch.path, 'open.netmon-test.json', text('Same name')));
    const [duplicate] = await netmonDiagnostics(document.uri, (found) =>
      found.some((d) => d.code === 'workspace/duplicate-test-name'),
    );
    assert.deepEqual(duplicate?.range, rangeOf(document, '"Same name"'));
    assert.match(duplicate?.message ?? '', /closed\.netmon-test\.json/);
  });

  it('warns about an endpoint agent id the connected account does not have, and completes the real ones with names', async () => {
    const { endpointAgents } = await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents');
    const text =
      '{\n  "target": "user-sessions",\n  "searchFilters": [{ "key": "agentId", "values": ["no-such-agent", ""] }],\n  "window": "1h"\n}\n';
    const document = await openDocument(writeDocument(scratch.path, 'agents.netmon-filter.json', text));
    const [unknown] = await netmonDiagnostics(document.uri, (found) =>
      found.some((d) => d.code === 'live/unknown-agentId'),
    );
    assert.deepEqual(unknown?.range, rangeOf(document, '"no-such-agent"'));
    assert.equal(unknown?.severity, vscode.DiagnosticSeverity.Warning);

    const inside = document.positionAt(document.getText().indexOf('""') + 1);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      inside,
    );
    const offered = new Map(
      list.items.map((item) => [typeof item.label === 'string' ? item.label : item.label.label, item]),
    );
    for (const agent of endpointAgents) {
      const item = offered.get(agent.agentId);
      assert.ok(item, `completion lacks agent ${agent.agentId}`);
      assert.equal(item.detail, agent.computerName);
    }

    const [hover] = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      document.positionAt(document.getText().indexOf('no-such-agent')),
    );
    const markdown =
      hover?.contents.map((c) => (c instanceof vscode.MarkdownString ? c.value : String(c))).join('\n') ?? '';
    const hoverText = markdown.replace(/&nbsp;/g, ' ').replace(/\\/g, '');
    assert.match(hoverText, /not in the cached data/);
  });

  it("completes locations seen in the account's sessions", async () => {
    const { userSessions } = await apiGet<UserSessionsResponse>(emulator, '/v6/endpoint-data/user-sessions?window=1d');
    const first = userSessions[0];
    assert.ok(first, 'no user session in the last day');
    const detail = await apiGet<UserSessionDetailResponse>(
      emulator,
      `/v6/endpoint-data/user-sessions/${first.userSessionId}`,
    );
    const location = detail.userSessions[0]?.coordinates.location ?? '';
    const text =
      '{ "target": "user-sessions", "searchFilters": [{ "key": "location", "values": [""] }], "window": "1h" }\n';
    const document = await openDocument(writeDocument(scratch.path, 'where.netmon-filter.json', text));
    const inside = document.positionAt(document.getText().indexOf('[""]') + 2);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      inside,
    );
    assert.ok(
      list.items.some((item) => item.insertText === JSON.stringify(location)),
      `no completion for ${location}`,
    );
  });

  it("reports a foreign field once (ours, with the explanation), not also through VS Code's JSON service", async function () {
    this.timeout(30_000);
    const text =
      '{\n  "type": "agent-to-server",\n  "testName": "Once",\n  "interval": "soon",\n  "agents": [{ "agentId": 1000 }],\n  "server": "a.example.com",\n  "flagPing": true\n}\n';
    const document = await openDocument(writeDocument(scratch.path, 'once.netmon-test.json', text));
    const onFlag = (d: vscode.Diagnostic): boolean => d.range.contains(rangeOf(document, '"flagPing"').start);
    // The JSON service reports the wrong interval type; once it has, it has also judged flagPing.
    const all = await waitFor(
      "VS Code's JSON diagnostics and ours",
      () => {
        const found = vscode.languages.getDiagnostics(document.uri);
        const jsonSeen = found.some(
          (d) => !d.source?.startsWith('netmon') && d.range.contains(rangeOf(document, '"soon"').start),
        );
        return jsonSeen && found.some(onFlag) ? found : undefined;
      },
      20_000,
    );
    assert.deepEqual(
      all.filter(onFlag).map((d) => d.source),
      ['netmon semantic'],
      all.map((d) => `${d.source}: ${d.message}`).join('\n'),
    );
  });

  it("clears a document's diagnostics when it is closed", async () => {
    const document = await openDocument(
      writeDocument(
        scratch.path,
        'closing.netmon-instant.json',
        HTTP_INSTANT.replace('Portal from laptops', 'Closing soon'),
      ),
    );
    await netmonDiagnostics(document.uri, (found) => found.length === 1);
    await closeEditors();
    await netmonDiagnostics(document.uri, (found) => found.length === 0);
  });
});
