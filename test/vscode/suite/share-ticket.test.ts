// "Share for a Ticket…" on the session overview: one quick pick (as it is, or pseudonymised,
// its title saying what still identifies), one folder, and the folder holds the evidence as
// HTML and each page's redacted HAR, named after the session. The header states the session's
// own time, not the view's range; Open shows the HTML as its recipient sees it, in a webview.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { PageDetailResponse, UserSessionDetailResponse } from '../../../src/api/types';
import { apiTimeMs } from '../../../src/analysis/time/api-time';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { answeringPrompts, apiGet, netmonApi, root } from './netmon-fixture';
import {
  detailsId,
  firstRecord,
  openFirstSessionOverview,
  sendFromWebview,
  signedInSuite,
  type SignedInSuite,
} from './panels-fixture';

/** Resolves when the next offer after writing has been asked (and answered with `action`). */
function answers(
  folder: string,
  form: string,
  action: string | undefined,
): { answer: (prompt: Prompt) => vscode.Uri | string | undefined; offered: Promise<void> } {
  let offered!: () => void;
  const done = new Promise<void>((resolve) => {
    offered = resolve;
  });
  const answer = (prompt: Prompt): vscode.Uri | string | undefined => {
    if (prompt.kind === 'choose') return form;
    if (prompt.kind === 'folder') return vscode.Uri.file(folder);
    if (prompt.kind === 'offer' && /shared in/.test(prompt.message)) {
      offered();
      return action;
    }
    return undefined;
  };
  return { answer, offered: done };
}

/** The evidence preview's tab, once it is open. */
async function previewTab(): Promise<vscode.Tab> {
  for (let i = 0; i < 100; i++) {
    const tab = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('netmon.evidencePreview'));
    if (tab) return tab;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no evidence preview was opened');
}

/** What identifies the session in the records: its id, the agent's id and the addresses the agent reported. */
async function originalIdentifiers(emulator: SignedInSuite['emulator'], userSessionId: string): Promise<string[]> {
  const {
    userSessions: [session],
  } = await apiGet<UserSessionDetailResponse>(emulator, `/v6/endpoint-data/user-sessions/${userSessionId}`);
  const profile = session!.network.networkProfile;
  const values = [userSessionId, String(session!.agentId), profile.ipAddress, profile.gateway, session!.sourceAddr];
  for (const page of session!.pages ?? []) {
    const { har } = await apiGet<PageDetailResponse>(
      emulator,
      `/v6/endpoint-data/user-sessions/${userSessionId}/page/${page.id}`,
    );
    for (const entry of har.log.entries as unknown as { serverIPAddress?: string }[])
      if (entry.serverIPAddress) values.push(entry.serverIPAddress);
  }
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length >= 7))];
}

describe('Share for a Ticket', () => {
  const suite = signedInSuite('netmon-share-ticket-');

  it("writes the HTML and the redacted HARs into the chosen folder, stating the session's own time; Open previews it", async function () {
    this.timeout(90_000);
    const { userSessionId, overview } = await openFirstSessionOverview();
    const folder = join(suite.scratch, 'as-it-is');
    mkdirSync(folder);
    const { answer, offered } = answers(folder, 'Share as it is', 'Open');
    const { prompts } = await answeringPrompts(answer, async () => {
      await sendFromWebview(overview, { type: 'shareForTicket', params: { userSessionId } });
      await offered;
      return previewTab();
    });
    assert.deepEqual(
      prompts.map((p) => p.kind),
      ['choose', 'folder', 'offer'],
      'one pick, one folder, then Open is offered',
    );
    const choose = prompts[0]!;
    assert.ok(choose.kind === 'choose');
    assert.deepEqual(choose.labels, ['Share as it is', 'Share pseudonymised']);
    assert.match(choose.title, /holds \d+ public IP address(es)?, \d+ internal IP address(es)?/);

    const files = readdirSync(folder).sort();
    assert.ok(files.includes(`evidence-session-${userSessionId}.html`), files.join(', '));
    const hars = files.filter((name) => name.endsWith('.har'));
    assert.ok(hars.length > 0 && hars.every((name) => name.startsWith(`session-${userSessionId}-page-`)), files.join());
    for (const name of hars) assert.ok(Array.isArray(JSON.parse(readFileSync(join(folder, name), 'utf8')).log.entries));

    const {
      userSessions: [session],
    } = await apiGet<UserSessionDetailResponse>(suite.emulator, `/v6/endpoint-data/user-sessions/${userSessionId}`);
    const start = new Date(apiTimeMs(session!.date)!).toISOString().slice(0, 16).replace('T', ' ');
    const html = readFileSync(join(folder, `evidence-session-${userSessionId}.html`), 'utf8');
    assert.match(html, new RegExp(`<dt>Time range</dt><dd>the session at ${start} UTC`));

    assert.equal(vscode.window.activeTextEditor, undefined, 'Open shows no source in a text editor');
  });

  it('pseudonymised: no written file holds the session id, the agent id or an address of the records', async function () {
    this.timeout(90_000);
    const { userSessionId, overview } = await openFirstSessionOverview();
    const folder = join(suite.scratch, 'pseudonymised');
    mkdirSync(folder);
    const { answer, offered } = answers(folder, 'Share pseudonymised', undefined);
    await answeringPrompts(answer, async () => {
      await sendFromWebview(overview, { type: 'shareForTicket', params: { userSessionId } });
      await offered;
    });
    const files = readdirSync(folder);
    assert.ok(files.includes('evidence-session-pseudonymised.html'), files.join(', '));
    assert.ok(
      files.some((name) => name.endsWith('.har')),
      `the redacted HARs are beside it: ${files.join(', ')}`,
    );
    const identifiers = await originalIdentifiers(suite.emulator, userSessionId);
    for (const name of files) {
      assert.ok(!identifiers.some((value) => name.includes(value)), `${name} names no record`);
      const text = readFileSync(join(folder, name), 'utf8');
      for (const value of identifiers) assert.equal(text.includes(value), false, `${value} is not in ${name}`);
    }
    assert.match(readFileSync(join(folder, 'evidence-session-pseudonymised.html'), 'utf8'), /Pseudonymised: /);
  });

  it("from a session in the Netmon view's context menu: the same files, no overview opened", async function () {
    this.timeout(90_000);
    const api = await netmonApi();
    const sessionNode = await firstRecord(api, await root(api, 'User Sessions'));
    const userSessionId = detailsId(sessionNode);
    const folder = join(suite.scratch, 'from-the-tree');
    mkdirSync(folder);
    const { answer } = answers(folder, 'Share as it is', undefined);
    const { result } = await answeringPrompts(answer, () =>
      vscode.commands.executeCommand<string | undefined>('netmon.shareSessionForTicket', sessionNode),
    );
    assert.equal(result, join(folder, `evidence-session-${userSessionId}.html`));
    assert.ok(readdirSync(folder).some((name) => name.startsWith(`session-${userSessionId}-page-`)));
  });
});
