// "Share for a Ticket…" on the session overview: one quick pick (as it is, or pseudonymised,
// its title saying what still identifies), one folder, and the folder holds the evidence as
// HTML and each page's redacted HAR, named after the session. The header states the session's
// own time, not the view's range; Open shows the HTML as its recipient sees it, in a webview.
// The same flow from the path, the agent timeline, the HAR diff and the session comparison:
// their Export Evidence… bundle, with the HARs it holds beside it (none for the path and the
// timeline, and then the notification names none); pseudonymised, no written file names a
// session or an agent of what the panel shows.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse, PageDetailResponse, UserSessionDetailResponse } from '../../../src/api/types';
import type { TimelineDrawn } from '../../../webview/timeline/protocol';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import { apiTimeMs } from '../../../src/analysis/time/api-time';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { agentRows, answeringPrompts, apiGet, childrenOf, netmonApi, records, root } from './netmon-fixture';
import {
  detailsId,
  firstRecord,
  openFirstSessionOverview,
  openPanel,
  sendFromWebview,
  signedInSuite,
  testNodes,
  waitForPanels,
  waitForRendered,
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

/** What one share from a panel asked and wrote. */
interface Shared {
  files: string[];
  prompts: Prompt[];
  /** The notification after writing. */
  offered: string;
}

/** Sends the panel's share message, answers the pick with `form` and the folder with a new one; what it wrote. */
async function shareFrom(panel: string, message: unknown, folder: string, form: string): Promise<Shared> {
  mkdirSync(folder);
  const { answer, offered } = answers(folder, form, undefined);
  const { prompts } = await answeringPrompts(answer, async () => {
    await sendFromWebview(panel, message);
    await offered;
  });
  const offer = prompts.find((p) => p.kind === 'offer');
  assert.ok(offer?.kind === 'offer');
  assert.deepEqual(
    prompts.map((p) => p.kind),
    ['choose', 'folder', 'offer'],
    'one pick, one folder, then Open is offered',
  );
  return { files: readdirSync(folder).sort(), prompts, offered: offer.message };
}

/** No file of the folder names any of `values`, in its name or its text. */
function assertNamesNone(folder: string, values: readonly string[], what: string): void {
  const wanted = [...new Set(values.filter((v) => v.length >= 3))];
  assert.ok(wanted.length > 0, `there are ${what} to look for`);
  for (const name of readdirSync(folder)) {
    const text = readFileSync(join(folder, name), 'utf8');
    for (const value of wanted) {
      assert.ok(!name.includes(value), `${name} is not named after ${value}`);
      assert.equal(text.includes(value), false, `${value} (${what}) is not in ${name}`);
    }
  }
}

/** The folder's HARs: each parses as a HAR. */
function hars(folder: string, files: readonly string[]): string[] {
  const found = files.filter((name) => name.endsWith('.har'));
  for (const name of found) assert.ok(Array.isArray(JSON.parse(readFileSync(join(folder, name), 'utf8')).log.entries));
  return found;
}

/** User sessions in the tree whose first page is listed, with that page's node. */
async function sessionsWithPages(count: number): Promise<{ session: TreeNode; page: TreeNode }[]> {
  const api = await netmonApi();
  const found: { session: TreeNode; page: TreeNode }[] = [];
  for (const session of records(await childrenOf(api, await root(api, 'User Sessions')))) {
    const [page] = await childrenOf(api, session);
    if (page?.spec.harPage) found.push({ session, page });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} sessions with pages in the tree`);
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

  describe('from the other panels', () => {
    /** Every endpoint agent's name and id: a pseudonymised share names none of those it shows. */
    const agents = async (): Promise<{ names: Map<string, string> }> => {
      const { endpointAgents } = await apiGet<EndpointAgentsResponse>(suite.emulator, '/v6/endpoint-agents');
      return { names: new Map(endpointAgents.map((a) => [String(a.agentId), a.computerName])) };
    };
    /** The agent ids of these sessions, as their details say. */
    const sessionAgents = async (ids: readonly string[]): Promise<string[]> =>
      Promise.all(
        ids.map(async (id) => {
          const {
            userSessions: [session],
          } = await apiGet<UserSessionDetailResponse>(suite.emulator, `/v6/endpoint-data/user-sessions/${id}`);
          return String(session!.agentId);
        }),
      );

    it('the path: the HTML alone (no HAR said); pseudonymised, no agent name, no test id', async function () {
      this.timeout(90_000);
      const api = await netmonApi();
      const { test, data } = await testNodes(api, 'agent-to-server');
      const testId = detailsId(test);
      const id = await openPanel('netmon.openPathVisualization', data.get('pathVis'));
      await waitForRendered(id);
      const message = { type: 'shareForTicket', params: { highlightHops: [] } };

      const asItIs = await shareFrom(id, message, join(suite.scratch, 'path'), 'Share as it is');
      assert.deepEqual(asItIs.files, [`evidence-path-${testId}.html`]);
      const folder = asItIs.prompts[1]!;
      assert.ok(folder.kind === 'folder');
      assert.match(
        folder.title,
        new RegExp(`^Share the path of test ${testId} for a ticket: the folder for its evidence$`),
      );
      assert.match(asItIs.offered, new RegExp(`: evidence-path-${testId}\\.html$`));
      assert.doesNotMatch(asItIs.offered, /HAR/, 'a bundle without HARs says none');
      const html = readFileSync(join(suite.scratch, 'path', asItIs.files[0]!), 'utf8');
      assert.match(html, /Where the problem is/);
      const { names } = await agents();
      const shown = [...names.values()].filter((name) => html.includes(name));
      assert.ok(shown.length > 0, 'the path names its agents');

      const pseudonymised = await shareFrom(id, message, join(suite.scratch, 'path-p'), 'Share pseudonymised');
      assert.deepEqual(pseudonymised.files, ['evidence-path-pseudonymised.html']);
      const folderP = pseudonymised.prompts[1]!;
      assert.ok(folderP.kind === 'folder' && !folderP.title.includes(testId), 'the dialog names no test id');
      assertNamesNone(join(suite.scratch, 'path-p'), shown, "the path's agents' names");
      const text = readFileSync(join(suite.scratch, 'path-p', 'evidence-path-pseudonymised.html'), 'utf8');
      assert.ok(!text.includes(`(${testId})`), 'the title names no test id');
      assert.match(text, /Pseudonymised: /);
    });

    it("the agent timeline: the HTML alone; pseudonymised, neither the agent's name nor its id", async function () {
      this.timeout(120_000);
      const api = await netmonApi();
      const agentNode = (await agentRows(api, await root(api, 'Endpoint Agents')))[0];
      const agentId = agentNode?.spec.ids?.agentId;
      assert.ok(agentNode && agentId);
      const id = await vscode.commands.executeCommand<string>('netmon.troubleshootAgent', agentNode);
      await waitForPanels(
        'the complete timeline',
        (states) =>
          (states.find((p) => p.id === id)?.rendered as TimelineDrawn | undefined)?.complete ? true : undefined,
        60_000,
      );
      const name = (await agents()).names.get(agentId);
      assert.ok(name);
      const message = { type: 'shareForTicket', params: undefined };

      const asItIs = await shareFrom(id, message, join(suite.scratch, 'timeline'), 'Share as it is');
      assert.equal(asItIs.files.length, 1, asItIs.files.join(', '));
      assert.match(asItIs.files[0]!, /^evidence-agent-.+\.html$/);
      assert.doesNotMatch(asItIs.offered, /HAR/);
      assert.ok(readFileSync(join(suite.scratch, 'timeline', asItIs.files[0]!), 'utf8').includes(name));

      const pseudonymised = await shareFrom(id, message, join(suite.scratch, 'timeline-p'), 'Share pseudonymised');
      assert.deepEqual(pseudonymised.files, ['evidence-agent-pseudonymised.html']);
      assertNamesNone(join(suite.scratch, 'timeline-p'), [name, agentId], "the agent's name and id");
    });

    it('the HAR diff: both redacted HARs beside the HTML; pseudonymised, no session id or agent name', async function () {
      this.timeout(90_000);
      const [a, b] = await sessionsWithPages(2);
      const id = await openPanel('netmon.comparePages', a!.page, [a!.page, b!.page]);
      await waitForRendered(id);
      const message = { type: 'shareForTicket', params: undefined };

      const asItIs = await shareFrom(id, message, join(suite.scratch, 'har-diff'), 'Share as it is');
      assert.deepEqual(asItIs.files, ['after.har', 'before.har', 'evidence-har-diff.html']);
      assert.equal(hars(join(suite.scratch, 'har-diff'), asItIs.files).length, 2);
      assert.match(asItIs.offered, /: evidence-har-diff\.html and 2 redacted HARs$/);

      const pseudonymised = await shareFrom(id, message, join(suite.scratch, 'har-diff-p'), 'Share pseudonymised');
      assert.deepEqual(pseudonymised.files, ['after.har', 'before.har', 'evidence-har-diff.html']);
      const sessionIds = [a!.page.spec.harPage!.userSessionId, b!.page.spec.harPage!.userSessionId];
      const { names } = await agents();
      const agentNames = (await sessionAgents(sessionIds)).map((agentId) => names.get(agentId) ?? '');
      assertNamesNone(join(suite.scratch, 'har-diff-p'), [...sessionIds, ...agentNames], 'the sessions and agents');
    });

    it("the session comparison: each session's redacted HARs beside it; pseudonymised, no session id or agent", async function () {
      this.timeout(120_000);
      const [a, b] = await sessionsWithPages(2);
      const [first, second] = [detailsId(a!.session), detailsId(b!.session)];
      const id = await vscode.commands.executeCommand<string>('netmon.compareSessions', a!.session, [
        a!.session,
        b!.session,
      ]);
      await waitForRendered(id);
      const message = { type: 'shareForTicket', params: undefined };

      const asItIs = await shareFrom(id, message, join(suite.scratch, 'compare'), 'Share as it is');
      assert.ok(asItIs.files.includes(`evidence-compare-${first}-${second}.html`), asItIs.files.join(', '));
      const written = hars(join(suite.scratch, 'compare'), asItIs.files);
      assert.ok(
        written.some((name) => name.startsWith(`session-${first}-page-`)),
        written.join(', '),
      );
      assert.ok(
        written.some((name) => name.startsWith(`session-${second}-page-`)),
        written.join(', '),
      );
      assert.match(asItIs.offered, new RegExp(` and ${written.length} redacted HARs?$`));
      const html = readFileSync(join(suite.scratch, 'compare', `evidence-compare-${first}-${second}.html`), 'utf8');
      assert.ok(html.includes(`Sessions ${first} and ${second} compared`));
      assert.equal((html.match(/download="[^"]+\.har"/g) ?? []).length, written.length, 'the HTML offers them too');

      const pseudonymised = await shareFrom(id, message, join(suite.scratch, 'compare-p'), 'Share pseudonymised');
      assert.ok(pseudonymised.files.includes('evidence-compare-pseudonymised.html'), pseudonymised.files.join(', '));
      assert.equal(hars(join(suite.scratch, 'compare-p'), pseudonymised.files).length, written.length);
      const { names } = await agents();
      const agentIds = await sessionAgents([first, second]);
      assertNamesNone(
        join(suite.scratch, 'compare-p'),
        [first, second, ...agentIds, ...agentIds.map((agentId) => names.get(agentId) ?? '')],
        'the sessions and their agents',
      );
    });
  });
});
