// A new user's task in demo mode, done as a person does it in the offline VS Code: "an HTTP
// server test for https://example.com/health every 5 minutes from two enterprise agents,
// deploy, change the interval, plan, run it as an instant test, delete it". Snippet, agents
// picked by name (completion, then the Enterprise Agents view), the lenses and their
// dialogs, Plan from the explorer — with no error notification on the way. Saves
// docs/screenshots/agent-completion.png and instant-results.png for the README.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoErrors,
  clickLens,
  clickLensAndAnswer,
  clickLensUntil,
  exactly,
  onFailureScreenshot,
  openWorkbench,
  quickOpen,
  replaceAll,
  replaceAllAndSave,
  runCommandFromPalette,
  saveScreenshot,
  treeRow,
  waitForFileText,
  waitForLens,
  webviewFrame,
  type Workbench,
} from './workbench';

const DOCUMENT = 'tests/health.netmon-test.json';

/** Ctrl+Space until the suggestions show `text`: the JSON service reads the schema on first use. */
async function suggestUntil(page: Page, text: string): Promise<void> {
  const row = page.locator('.editor-widget.suggest-widget .monaco-list-row', { hasText: text }).first();
  for (let attempt = 0; ; attempt++) {
    await page.keyboard.press('Control+Space');
    try {
      await row.waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 8) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Ctrl+S in the editor, then waits until the file on disk says what `expected` wants. */
async function save(page: Page, file: string, expected: RegExp): Promise<string> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+S');
  return waitForFileText(page, file, expected);
}

describe('authoring a test as a new user', { timeout: 240_000 }, () => {
  let workbench: Workbench;
  let file: string;
  before(async () => {
    workbench = await openWorkbench(
      { 'netmon.startInDemoMode': true, 'workbench.colorTheme': 'Default Dark Modern' },
      { [DOCUMENT]: '' },
    );
    file = join(workbench.server.workspace, DOCUMENT);
    const { page } = workbench;
    await page
      .locator('.part.activitybar')
      .getByRole('tab', { name: /^Netmon/ })
      .click();
    await page.locator('.statusbar', { hasText: 'Netmon: demo' }).waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await workbench?.close();
  });

  test('snippet, two agents by name, Create, a new interval, Update, Plan, Run Now, Delete', async () => {
    const { page } = workbench;
    await quickOpen(page, 'health.netmon-test.json');
    const editor = page.locator('.monaco-editor .view-lines').first();
    await editor.click();
    const suggest = page.locator('.editor-widget.suggest-widget');

    // The HTTP server snippet, then its tab stops: name, agent (by name, from completion), URL.
    await suggestUntil(page, 'HTTP server test');
    // A click on the suggestion, as a person picks it: typing its label would close the list at the first space.
    await suggest
      .locator('.monaco-list-row')
      .filter({ has: page.locator('.label-name', { hasText: /^HTTP server test$/ }) })
      .first()
      .click();
    await page
      .locator('.monaco-editor .view-lines', { hasText: '"type": "http-server"' })
      .first()
      .waitFor({ timeout: 10_000 });
    await page.keyboard.type('Example health');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+Space');
    const agentRow = suggest.locator('.monaco-list-row').first();
    await agentRow.waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'agent-completion');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await replaceAll(page, 'https://www.example.com/', 'https://example.com/health');
    const written = await save(page, file, /"url": "https:\/\/example\.com\/health"/);
    assert.match(written, /"agentName": "[^"]+"/, written);

    // The second agent: picked by name in the Enterprise Agents view.
    // Deployed Tests opens expanded at first: folded away, the rows below are the agents' alone.
    const deployed = treeRow(page, /^Deployed Tests$/, 1);
    if ((await deployed.getAttribute('aria-expanded')) === 'true') await deployed.click();
    await treeRow(page, /^Enterprise Agents$/, 1).click();
    await treeRow(page, /^Enterprise agents$/, 2).click();
    const firstAgent = /"agentName": "([^"]+)"/.exec(written)?.[1] ?? '';
    const agent = page
      .locator('.part.sidebar .monaco-list-row[aria-level="3"]')
      .filter({ hasNot: page.locator('.label-name', { hasText: exactly(firstAgent) }) })
      .first();
    await agent.hover({ timeout: 20_000 });
    await agent.locator('.action-label[aria-label="Add to Test Document…"]').click();
    await page.locator('.tab.active', { hasText: 'health.netmon-test.json' }).waitFor({ timeout: 15_000 });
    await save(page, file, /\{ "agentId": \d+ \} \/\/ /);
    await assertNoErrors(page, 'writing the document');

    // The lens states the write (name, group, type, agents, interval): its click is the consent, no dialog.
    await clickLens(page, /Create "Example health" in .* · http-server · 2 agents · every 300 s/);
    await waitForLens(page, 'Bound to test');
    assert.match(readFileSync(file, 'utf8'), /"deployments"/);
    await assertNoErrors(page, 'Create');

    // Every 10 minutes instead: edit the number, save, Update.
    await replaceAllAndSave(page, 'health.netmon-test.json', file, {
      find: '"interval": 300',
      replace: '"interval": 600',
      expected: /"interval": 600/,
    });
    await clickLens(page, /Update: interval 300 → 600/);
    await page
      .locator('.notifications-toasts', { hasText: /Updated test "Example health"/ })
      .waitFor({ timeout: 30_000 });
    await assertNoErrors(page, 'Update');

    // Plan the folder from the explorer: nothing left to change.
    await page.keyboard.press('Control+Shift+E');
    await page
      .locator('.explorer-folders-view .monaco-list-row', { hasText: /^tests$/ })
      .first()
      .click({ button: 'right' });
    await page.locator('.context-view .action-label', { hasText: 'Plan Test Documents…' }).hover();
    await page.keyboard.press('Enter');
    await page
      .locator('.tab', { hasText: /plan of \S*tests\.netmon-plan/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.locator('.monaco-editor .view-lines', { hasText: 'No changes' }).first().waitFor({ timeout: 10_000 });
    await assertNoErrors(page, 'Plan');

    // Run it now as an instant test; the results open in their panel beside the document.
    await page.locator('.tab', { hasText: 'health.netmon-test.json' }).first().click();
    // Nothing is deployed, so nothing is asked: the panel opens at the click.
    await clickLensUntil(page, 'Run Now', page.locator('.tab', { hasText: 'Instant: Example health' }).first());
    const results = await webviewFrame(page, 'table tbody tr', 90_000);
    // Both agents answered (the rows show "waiting" until then): a verdict for each.
    await results
      .locator('[role="status"]', { hasText: /^2 agents: \d+ failing, \d+ slow, \d+ fine/ })
      .waitFor({ timeout: 90_000 });
    await page.keyboard.press('Control+B'); // the side bar away: the README shows the results at a readable width
    await page.waitForTimeout(800);
    await saveScreenshot(page, 'instant-results');
    await page.keyboard.press('Control+B');
    await assertNoErrors(page, 'Run Now');

    await page.locator('.tab', { hasText: 'health.netmon-test.json' }).first().click();
    await onFailureScreenshot(page, 'authoring-lens', () => clickLensAndAnswer(page, 'Delete', 'Delete'));
    await waitForLens(page, /Create "Example health" in/);
    await assertNoErrors(page, 'Delete');
    await runCommandFromPalette(page, 'View: Close All Editors');
  });
});
