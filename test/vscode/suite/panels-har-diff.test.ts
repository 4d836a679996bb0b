// The diff waterfall's ways in: two pages selected in the tree, a page against a .har file
// chosen in the open dialog, and "Compare HARs" on two .har files in the explorer (a file of
// several pages asks which). Swap and Copy as Text through the panel's messages.
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { diffHar } from '../../../src/analysis/har/diff';
import type { PageDetailResponse } from '../../../src/api/types';
import type { HarDiffDrawn } from '../../../webview/hardiff/protocol';
import { activateExtension } from '../helpers';
import { answeringPrompts, apiGet, childrenOf, netmonApi, records, root } from './netmon-fixture';
import { openPanel, panelStates, sendFromWebview, signedInSuite, waitForRendered } from './panels-fixture';
import type { TreeNode } from '../../../src/vscode/tree/nodes';

interface RawEntry {
  request: { method: string; url: string };
  time: number;
  timings: { wait: number };
}
interface RawHar {
  log: { pages: { id: string; title: string }[]; entries: (RawEntry & { pageref?: string })[] };
}

describe('HAR diff: pages and files compared', () => {
  const suite = signedInSuite('netmon-har-diff-');
  let fixtures: string;
  before(async () => {
    fixtures = join((await activateExtension()).extensionPath, 'test/fixtures/har-real');
  });

  const firstPages = async (count: number): Promise<TreeNode[]> => {
    const api = await netmonApi();
    const pages: TreeNode[] = [];
    for (const session of records(await childrenOf(api, await root(api, 'User Sessions')))) {
      const [page] = await childrenOf(api, session);
      if (page?.spec.harPage) pages.push(page);
      if (pages.length === count) return pages;
    }
    throw new Error(`fewer than ${count} sessions with pages in the tree`);
  };
  const pageHar = async (page: TreeNode): Promise<RawHar> => {
    const ref = page.spec.harPage!;
    return (
      await apiGet<PageDetailResponse>(
        suite.emulator,
        `/v6/endpoint-data/user-sessions/${ref.userSessionId}/page/${ref.pageId}`,
      )
    ).har as unknown as RawHar;
  };
  const drawn = (state: { rendered: unknown }): HarDiffDrawn => state.rendered as HarDiffDrawn;

  it('two pages selected in the tree open the diff waterfall; one page is not a comparison', async () => {
    const [a, b] = await firstPages(2);
    const expected = diffHar(await pageHar(a!), await pageHar(b!));
    const changed = expected.rows.filter((row) => row.mark !== 'unchanged').length;
    const id = await openPanel('netmon.comparePages', a, [a, b]);
    const state = await waitForRendered(id);
    assert.equal(state.kind, 'har-diff');
    const { title: titleA, userSessionId: sessionA } = a!.spec.harPage!;
    assert.equal(drawn(state).before, `${titleA} · session ${sessionA}`);
    assert.equal(drawn(state).rows, changed);
    const count = (await panelStates()).length;
    assert.equal(await vscode.commands.executeCommand('netmon.comparePages', a, [a]), undefined);
    assert.equal((await panelStates()).length, count, 'one page opens nothing');
  });

  it('a page against a .har file chosen in the open dialog: the request made slower is the first regression', async () => {
    const [page] = await firstPages(1);
    const har = await pageHar(page!);
    const slowed = har.log.entries[0]!;
    slowed.time += 2_000;
    slowed.timings.wait += 2_000;
    const file = vscode.Uri.file(join(suite.scratch, 'slowed.har'));
    writeFileSync(file.fsPath, JSON.stringify(har));
    const { result: id, prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'open' ? file : undefined),
      () => vscode.commands.executeCommand<string>('netmon.comparePageWithHarFile', page),
    );
    assert.ok(
      prompts.some((p) => p.kind === 'open'),
      'the file is chosen in the open dialog',
    );
    const state = await waitForRendered(id);
    assert.equal(drawn(state).after, 'slowed.har');
    assert.equal(drawn(state).rows, 1, 'only the slowed request changed');
    assert.match(drawn(state).first ?? '', new RegExp(`^${slowed.request.method} `));
  });

  it('"Compare HARs" on two files in the explorer; Swap compares the other way; Copy as Text', async () => {
    const before = vscode.Uri.file(join(suite.scratch, 'chrome-before.har'));
    const afterFile = vscode.Uri.file(join(suite.scratch, 'chrome-after.har'));
    copyFileSync(join(fixtures, 'chrome-before.har'), before.fsPath);
    copyFileSync(join(fixtures, 'chrome-after.har'), afterFile.fsPath);
    const id = await openPanel('netmon.compareHars', before, [before, afterFile]);
    const state = await waitForRendered(id);
    assert.deepEqual(drawn(state), {
      before: 'chrome-before.har',
      after: 'chrome-after.har',
      rows: 5,
      first: 'GET https://shop.example.com/static/js/main.[hash].js',
    });

    await sendFromWebview(id, { type: 'swap', params: undefined });
    const swapped = await waitForRendered(id, state.renders + 1);
    assert.deepEqual(drawn(swapped), {
      before: 'chrome-after.har',
      after: 'chrome-before.har',
      rows: 5,
      first: 'GET https://cdn.example.net/lib/analytics.js?v=*',
    });

    await sendFromWebview(id, { type: 'copyText', params: undefined });
    const text = await vscode.env.clipboard.readText();
    assert.match(text, /^HAR diff: chrome-after\.har → chrome-before\.har/);
    assert.match(text, /onLoad:\s+1\.89 s → 1\.45 s \(-440 ms\)/);

    const evidence = join(suite.scratch, 'diff-evidence.html');
    const { prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'save' ? vscode.Uri.file(evidence) : undefined),
      () => sendFromWebview(id, { type: 'exportEvidence', params: undefined }),
    );
    assert.deepEqual(
      prompts.map((p) => p.kind),
      ['save', 'offer'],
    );
    const html = readFileSync(evidence, 'utf8');
    assert.match(html, /chrome-after\.har/);
    assert.equal((html.match(/download="[^"]+\.har"/g) ?? []).length, 2, 'both HARs attached, redacted');
  });

  it('a file of several pages asks which page; a file that is not a HAR is refused', async () => {
    const merged = JSON.parse(readFileSync(join(fixtures, 'chrome-before.har'), 'utf8')) as RawHar;
    const second = JSON.parse(readFileSync(join(fixtures, 'chrome-after.har'), 'utf8')) as RawHar;
    const secondPage = { ...second.log.pages[0]!, id: 'page_after', title: 'After the deploy' };
    merged.log.pages.push(secondPage);
    merged.log.entries.push(...second.log.entries.map((entry) => ({ ...entry, pageref: 'page_after' })));
    const both = vscode.Uri.file(join(suite.scratch, 'both.har'));
    writeFileSync(both.fsPath, JSON.stringify(merged));
    const beforeFile = vscode.Uri.file(join(suite.scratch, 'only-before.har'));
    copyFileSync(join(fixtures, 'chrome-before.har'), beforeFile.fsPath);
    const { result: id, prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'choose' ? prompt.labels.find((l) => l.startsWith('2. ')) : undefined),
      () => vscode.commands.executeCommand<string>('netmon.compareHars', beforeFile, [beforeFile, both]),
    );
    const asked = prompts.find((p) => p.kind === 'choose');
    assert.ok(asked && asked.kind === 'choose', 'the page is asked for');
    assert.deepEqual(asked.labels.slice(1), ['2. After the deploy', 'All requests']);
    const state = await waitForRendered(id);
    assert.deepEqual(drawn(state), {
      before: 'only-before.har',
      after: 'both.har · After the deploy',
      rows: 5,
      first: 'GET https://shop.example.com/static/js/main.[hash].js',
    });

    const text = vscode.Uri.file(join(suite.scratch, 'notes.txt'));
    writeFileSync(text.fsPath, 'not a HAR');
    const count = (await panelStates()).length;
    assert.equal(await vscode.commands.executeCommand('netmon.compareHars', text, [text, beforeFile]), undefined);
    assert.equal((await panelStates()).length, count, 'nothing opens for a file that is not a .har');
  });
});
