// The deploy loop in v7 demo mode, as a person does it in the offline VS Code: a new
// http-server document → Run Now (a row per agent, naming the agents the document picked) →
// Create → Results (the metrics with their rounds, and the path) → Update (interval) → Delete;
// then an endpoint test document (agents by label) → Run Now → Create → Results → Update →
// Delete through its lenses. No error notification on the way. Saves docs/screenshots/loop-run-now.png,
// loop-results-metrics.png and loop-results-path.png (the results panels).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertNoErrors,
  clickLensAndAnswer,
  clickLensUntil,
  onFailureScreenshot,
  openWorkbench,
  replaceAllAndSave,
  runCommandFromPalette,
  saveScreenshot,
  toastsGone,
  treeRow,
  waitForFileText,
  waitForLens,
  webviewFrame,
  type Workbench,
} from './workbench';

const TIMEOUT_MS = 30_000;
/** Where New Test Document writes by default (netmon.documents.newDocumentFolder). */
const DOCUMENT = 'netmon-tests/new-http-server.netmon-test.json';
const ENDPOINT_DOCUMENT = 'endpoint/mail.netmon-endpoint-test.json';
const ENDPOINT_TEXT = `{
  // Endpoint agents labelled "Mac laptops" test the mail server.
  "type": "agent-to-server",
  "testName": "Mail from Macs",
  "interval": 300,
  "agentLabels": ["Mac laptops"],
  "server": "mail.example.com",
  "port": 443
}
`;
async function showTab(page: Page, title: string): Promise<void> {
  await page.locator('.tab', { hasText: title }).first().click();
}

describe(
  'the deploy loop in v7 demo mode: Run Now, Create, Results, Update, Delete — of a test document and of an endpoint test document',
  { timeout: 420_000 },
  () => {
    let workbench: Workbench;
    before(async () => {
      workbench = await openWorkbench(
        { 'netmon.startInDemoMode': true, 'netmon.apiVersion': 'v7', 'workbench.colorTheme': 'Default Dark Modern' },
        { [ENDPOINT_DOCUMENT]: ENDPOINT_TEXT },
      );
      const { page } = workbench;
      await page
        .locator('.part.activitybar')
        .getByRole('tab', { name: /^Netmon/ })
        .click();
      await page.locator('.statusbar-item', { hasText: 'Netmon: demo' }).waitFor({ timeout: TIMEOUT_MS });
    });
    after(async () => {
      await workbench?.close();
    });

    test('an http-server document: Run Now names its agents, Create, Results open the metrics and the path, Update, Delete', () =>
      onFailureScreenshot(workbench.page, 'deploy-loop-test', async () => {
        const { page } = workbench;
        const file = join(workbench.server.workspace, DOCUMENT);
        const widget = page.locator('.quick-input-widget');
        const group = treeRow(page, /^http-server$/, 2);
        await group.waitFor({ timeout: TIMEOUT_MS });
        await group.hover();
        await group.locator('.action-label[aria-label="New Test Document of This Type"]').click();
        await widget.locator('.monaco-list-row').nth(1).waitFor({ timeout: TIMEOUT_MS });
        await widget.locator('.monaco-list-row').nth(1).click();
        await widget.getByRole('button', { name: 'OK' }).click();
        await widget.waitFor({ state: 'hidden' });
        await page
          .locator('.tab.active', { hasText: 'new-http-server.netmon-test.json' })
          .waitFor({ timeout: TIMEOUT_MS });
        await waitForFileText(page, file, /"type": "http-server"/);
        // The new document opens with its name selected: typing replaces it (once the selection is drawn).
        await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: TIMEOUT_MS });
        await page.waitForTimeout(300);
        await page.keyboard.type('Loop health');
        await page.keyboard.press('Tab');
        await page.keyboard.type('https://example.com/health');
        await page.keyboard.press('Control+S');
        const written = await waitForFileText(
          page,
          file,
          /"testName": "Loop health",[\s\S]*"url": "https:\/\/example\.com\/health"/,
        );
        // The template names each agent it picked in a comment after its id.
        const agentNames = [...written.matchAll(/\{ "agentId": \d+ \},? \/\/ (.+)$/gm)].map((m) => (m[1] ?? '').trim());
        assert.equal(agentNames.length, 2, `two named agents:\n${written}`);

        // Run Now before deploying: a row per agent, each naming one of the document's agents.
        await clickLensUntil(page, /Run Now/, page.locator('.tab', { hasText: 'Instant: Loop health' }).first());
        const run = await webviewFrame(page, 'table tbody tr', 90_000);
        await run
          .locator('[role="status"]', { hasText: /^2 agents: \d+ failing, \d+ slow, \d+ fine/ })
          .waitFor({ timeout: 90_000 });
        assert.deepEqual(
          (await run.locator('tbody td.ins-agent').allInnerTexts()).map((t) => t.trim()).sort(),
          [...agentNames].sort(),
        );
        await toastsGone(page);
        await saveScreenshot(page, 'loop-run-now');
        await assertNoErrors(page, 'Run Now');

        await showTab(page, 'new-http-server.netmon-test.json');
        await clickLensUntil(
          page,
          /Create "Loop health" in .+ · http-server · 2 agents · every 300 s/,
          page.locator('.codelens-decoration a', { hasText: 'Bound to test' }).first(),
        );
        assert.match(readFileSync(file, 'utf8'), /"deployments":/);
        await assertNoErrors(page, 'Create');

        // Results of the deployed test: the path (drawn first, in front) and the metrics under it, at a
        // readable width for the README (the run's panel closed, the side bar away, the offer dismissed).
        await page.locator('.tab', { hasText: 'Instant: Loop health' }).first().locator('.codicon-close').click();
        await runCommandFromPalette(page, 'Notifications: Clear All Notifications');
        await page.keyboard.press('Control+B');
        await clickLensUntil(page, /Results/, page.locator('.tab', { hasText: 'Path: Loop health' }).first());
        const path = await webviewFrame(page, 'svg.graph .node', 60_000);
        assert.ok((await path.locator('svg.graph .node').count()) > 2, 'the path has its hops');
        await page.waitForTimeout(500);
        await saveScreenshot(page, 'loop-results-path');
        await showTab(page, 'Metrics: Loop health');
        const metrics = await webviewFrame(page, '.chart-summary', 60_000);
        assert.match(await metrics.locator('h1').innerText(), /Loop health/);
        // A chart's summary (p50 / p95 over its rounds) is there only when the chart has points.
        assert.match(await metrics.locator('.chart-summary').first().innerText(), /p50/);
        const agentOptions = await metrics.locator('select#agent option').allInnerTexts();
        for (const name of agentNames)
          assert.ok(agentOptions.includes(name), `the metrics offer ${name}: ${agentOptions.join(', ')}`);
        await page.waitForTimeout(500);
        await saveScreenshot(page, 'loop-results-metrics');
        await page.keyboard.press('Control+B');
        await assertNoErrors(page, 'Results');

        await replaceAllAndSave(page, 'new-http-server.netmon-test.json', file, {
          find: '"interval": 300',
          replace: '"interval": 600',
          expected: /"interval": 600/,
        });
        await clickLensUntil(
          page,
          /Update: interval 300 → 600/,
          page.locator('.notifications-toasts', { hasText: /Updated test "Loop health"/ }),
        );
        await assertNoErrors(page, 'Update');

        await toastsGone(page);
        await clickLensAndAnswer(page, /Delete/, 'Delete');
        await waitForLens(page, /Create "Loop health" in/);
        assert.doesNotMatch(readFileSync(file, 'utf8'), /"deployments":/);
        await assertNoErrors(page, 'Delete');
      }));

    test('an endpoint test document: Run Now, Create, Results, Update (server), Delete through its lenses, the binding kept in the document', () =>
      onFailureScreenshot(workbench.page, 'deploy-loop-endpoint', async () => {
        const { page } = workbench;
        const file = join(workbench.server.workspace, ENDPOINT_DOCUMENT);
        await runCommandFromPalette(page, 'View: Close All Editors');
        await toastsGone(page);
        // Quick Open (Ctrl+P), the file picked by its name once the search lists it.
        await page.keyboard.press('Control+P');
        const widget = page.locator('.quick-input-widget');
        await widget.locator('input').fill('mail.netmon-endpoint-test.json');
        await widget
          .locator('.quick-input-list .monaco-list-row', { hasText: 'mail.netmon-endpoint-test.json' })
          .first()
          .click({ timeout: TIMEOUT_MS });
        await widget.waitFor({ state: 'hidden' });
        await page
          .locator('.tab.active', { hasText: 'mail.netmon-endpoint-test.json' })
          .waitFor({ timeout: TIMEOUT_MS });

        // Run Now before deploying: the test once, as an instant test, on the agents its label holds; a row per agent.
        await clickLensUntil(page, /Run Now/, page.locator('.tab', { hasText: 'Instant: Mail from Macs' }).first());
        const run = await webviewFrame(page, 'table tbody tr', 90_000);
        await run
          .locator('[role="status"]', { hasText: /^\d+ agents?: \d+ failing, \d+ slow, \d+ fine/ })
          .waitFor({ timeout: 90_000 });
        assert.ok((await run.locator('tbody td.ins-agent').count()) > 0, 'a row per agent');
        await assertNoErrors(page, 'Run Now of the endpoint test');
        await page.locator('.tab', { hasText: 'Instant: Mail from Macs' }).first().locator('.codicon-close').click();
        await showTab(page, 'mail.netmon-endpoint-test.json');

        await clickLensAndAnswer(page, /Create endpoint test in/, 'Create');
        await waitForLens(page, /Bound to endpoint test \d+/);
        await waitForFileText(page, file, /"deployments": \{\s*"demo": \{\s*"\d+": \d+/);
        await assertNoErrors(page, 'Create of the endpoint test');

        // Results of the created test: its path (in front) and its metrics, as its node in the Netmon view opens them.
        await runCommandFromPalette(page, 'Notifications: Clear All Notifications');
        await clickLensUntil(page, /Results/, page.locator('.tab', { hasText: 'Path: Mail from Macs' }).first());
        const path = await webviewFrame(page, 'svg.graph .node', 60_000);
        assert.ok((await path.locator('svg.graph .node').count()) > 2, 'the path has its hops');
        await showTab(page, 'Metrics: Mail from Macs');
        const metrics = await webviewFrame(page, '.chart-summary', 60_000);
        assert.match(await metrics.locator('.chart-summary').first().innerText(), /p50/);
        await assertNoErrors(page, 'Results of the endpoint test');

        await replaceAllAndSave(page, 'mail.netmon-endpoint-test.json', file, {
          find: 'mail.example.com',
          replace: 'smtp.example.com',
          expected: /"server": "smtp\.example\.com"/,
        });
        await toastsGone(page);
        await clickLensAndAnswer(page, /Update/, 'Update');
        // The service has the new server: the Plan lens finds nothing left to change.
        await toastsGone(page);
        await clickLensUntil(
          page,
          /Plan/,
          page.locator('.notifications-toasts', {
            hasText: /Plan for endpoint\/mail\.netmon-endpoint-test\.json in .+: no change\./,
          }),
        );
        await assertNoErrors(page, 'Update of the endpoint test');

        await toastsGone(page);
        await clickLensAndAnswer(page, /Delete/, 'Delete');
        await waitForLens(page, /Create endpoint test in/);
        await waitForFileText(page, file, /^(?![\s\S]*"deployments":)/);
        await assertNoErrors(page, 'Delete of the endpoint test');
      }));
  },
);
