// A person clones a repository written by an attacker and opens it: a .har whose file name
// and a test document whose testName hold Markdown command links. Opening the HAR raises
// an error notification that names the file; creating the test raises "Created test …".
// Neither notification may contain a link that runs a command: the names read as written.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { commandLinksInNotifications, openWorkbench, quickOpen, type Workbench } from './workbench';

const HAR_NAME = 'evil[Open the log](command:netmon.showLog).har';
const DOCUMENT_NAME = 'checkout.netmon-test.json';
const HOSTILE_NAME = '[Delete production](command:netmon.documents.delete)';

describe('a hostile workspace cannot plant command links in notifications', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await openWorkbench(
      { 'netmon.startInDemoMode': true },
      {
        [HAR_NAME]: '{ this is not JSON',
        [DOCUMENT_NAME]: `{\n  "type": "agent-to-server",\n  "testName": ${JSON.stringify(HOSTILE_NAME)},\n  "interval": 300,\n  "agents": [{ "agentId": 1000 }],\n  "server": "checkout.example.com"\n}\n`,
      },
    );
  });
  after(async () => {
    await workbench?.close();
  });

  test("the HAR editor's error names the file without a link", async () => {
    const { page } = workbench;
    await quickOpen(page, 'evil');
    const toast = page.locator('.notifications-toasts .notification-list-item', {
      hasText: 'cannot be shown as a waterfall',
    });
    await toast.waitFor({ timeout: 30_000 });
    assert.equal(await commandLinksInNotifications(page).count(), 0);
    const text = (await toast.locator('.notification-list-item-message').textContent()) ?? '';
    assert.match(text.replace(/\u200B/g, ''), /evil\[Open the log\]\(command:netmon\.showLog\)\.har cannot be shown/);
  });

  test('"Created test …" shows the document\'s testName without a link', async () => {
    const { page } = workbench;
    await page.locator('.statusbar-item', { hasText: 'Netmon: demo' }).first().waitFor({ timeout: 60_000 });
    // Focus may sit in the HAR editor's webview, which keeps Ctrl+P: click the file, as a person would.
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: DOCUMENT_NAME }).click();
    // The Create lens states the write, the testName as plain text; its click is the consent (no dialog).
    const create = page.locator('.codelens-decoration a', { hasText: /^.?Create ".*" in / }).first();
    await create.waitFor({ timeout: 30_000 });
    assert.ok(((await create.textContent()) ?? '').replace(/\u200B/g, '').includes(`Create "${HOSTILE_NAME}" in`));
    await create.click();
    const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'Created test' });
    await toast.waitFor({ timeout: 30_000 });
    assert.equal(await commandLinksInNotifications(page).count(), 0);
    const text = (await toast.locator('.notification-list-item-message').textContent()) ?? '';
    assert.ok(text.replace(/\u200B/g, '').includes(`Created test "${HOSTILE_NAME}"`), text);
  });
});
