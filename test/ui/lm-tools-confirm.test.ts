// A write tool asks before it writes: apply_documents called as agent mode calls it
// (vscode.lm.invokeTool, outside a chat request, so VS Code asks in a modal dialog), in demo
// mode, answered by a person both ways. Cancel: the document keeps no binding and the apply
// journal records no test. Yes: the test is created — its document is bound to it and the
// journal records it as ours. The call goes through the development-only command
// netmon.test.invokeTool, bound to a key in this profile's keybindings.json.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server.mjs';
import { openWorkbench, type Workbench } from './workbench';

const TIMEOUT_MS = 30_000;
const KEY = 'ctrl+alt+shift+f9';
const DOCUMENT = 'tests/corporate-dns.netmon-test.json';

/** Test ids the apply journals in `state` record as created from here. */
function journalOwned(state: string): number[] {
  const folder = join(state, 'apply');
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap(
    (name) => (JSON.parse(readFileSync(join(folder, name), 'utf8')) as { owned?: number[] }).owned ?? [],
  );
}

/** Presses the key that calls apply_documents, and returns the dialog VS Code shows before it runs. */
async function askToApply(page: Page): Promise<ReturnType<Page['locator']>> {
  await page.locator('.monaco-workbench').click({ position: { x: 640, y: 400 } });
  await page.keyboard.press('Control+Alt+Shift+F9');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: TIMEOUT_MS });
  return dialog;
}

describe(
  'apply_documents asks in a modal before it writes, and the answer is kept both ways',
  { timeout: 180_000 },
  () => {
    let workbench: Workbench;
    const state = mkdtempSync(join(tmpdir(), 'netmon-ui-state-'));
    // The extension host inherits the environment: the tool's apply journal goes to a folder of this test's own.
    const previousState = process.env['NETMON_STATE_DIR'];
    const documentPath = (): string => join(workbench.server.workspace, DOCUMENT);

    before(async () => {
      process.env['NETMON_STATE_DIR'] = state;
      const keybindings = [
        { key: KEY, command: 'netmon.test.invokeTool', args: { name: 'apply_documents', input: { paths: ['tests'] } } },
      ];
      workbench = await openWorkbench(
        { 'netmon.startInDemoMode': true },
        { [DOCUMENT]: readFileSync(join(REPO_ROOT, 'examples', 'corporate-dns.netmon-test.json'), 'utf8') },
        { 'keybindings.json': JSON.stringify(keybindings) },
      );
      await workbench.page.locator('.statusbar-item', { hasText: 'Netmon: demo' }).waitFor({ timeout: TIMEOUT_MS });
    });
    after(async () => {
      await workbench?.close();
      rmSync(state, { recursive: true, force: true });
      if (previousState === undefined) delete process.env['NETMON_STATE_DIR'];
      else process.env['NETMON_STATE_DIR'] = previousState;
    });

    test('the dialog shows the live plan; Cancel writes nothing', async () => {
      const { page } = workbench;
      const dialog = await askToApply(page);
      assert.match(await dialog.innerText(), /Apply Netmon documents\?/);
      assert.match(
        await dialog.innerText(),
        /the demo account[\s\S]*1 to create[\s\S]*corporate-dns\.netmon-test\.json/,
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page
        .locator('.notification-list-item-message', { hasText: 'Tool apply_documents did not run: the user declined.' })
        .waitFor({ timeout: TIMEOUT_MS });
      assert.doesNotMatch(readFileSync(documentPath(), 'utf8'), /deployments/, 'the document is not bound');
      assert.deepEqual(journalOwned(state), [], 'no test was created');
    });

    test('Yes applies: the test is created, its document bound to it and the journal records it as ours', async () => {
      const { page } = workbench;
      const dialog = await askToApply(page);
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await page
        .locator('.notification-list-item-message', { hasText: 'Tool apply_documents answered: Applied.' })
        .waitFor({ timeout: TIMEOUT_MS });
      const testId = Number(
        /"deployments":\s*\{\s*"demo":\s*\{\s*"[^"]+":\s*(\d+)/.exec(readFileSync(documentPath(), 'utf8'))?.[1],
      );
      assert.ok(testId > 0, `the document is bound: ${readFileSync(documentPath(), 'utf8')}`);
      assert.deepEqual(journalOwned(state), [testId]);
    });
  },
);
