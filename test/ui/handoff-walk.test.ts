// "Hand the session to a ticket": from a user session's overview (where the troubleshooting walk ends,
// opened in `before` and not counted), Share for a Ticket… → Share pseudonymised → the folder, done as a
// person in demo mode speaking API v7, counting every user action: at most three. The folder then holds
// the evidence's HTML and the redacted HARs, none of them naming the session. Open in the notification
// shows the evidence as its recipient sees it. Saves docs/screenshots/handoff-pick.png (the quick pick:
// as it is, or pseudonymised) and handoff-preview.png (the preview of what was written).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Frame } from 'playwright-core';
import {
  actionCounter,
  errorNotifications,
  exactly,
  onFailureScreenshot,
  openWorkbench,
  saveScreenshot,
  toastsGone,
  treeRow,
  webviewFrame,
  type Workbench,
} from './workbench';

const TIMEOUT_MS = 30_000;
/** Writing the HARs runs redaction on a worker: on a loaded machine it takes a while. */
const WRITE_TIMEOUT_MS = 90_000;
const MAX_ACTIONS = 3;

describe(
  'hand-off in v7 demo mode: a session overview → Share for a Ticket… → pseudonymised → a folder',
  {
    timeout: 300_000,
  },
  () => {
    let workbench: Workbench;
    let overview: Frame;
    /** One user action: a click, a pick or a dialog answered. */
    const { actions, act, mostEditorGroups } = actionCounter(() => workbench?.page);

    // The troubleshooting walk's end state, not counted: the worst session of yesterday afternoon, its overview open.
    before(async () => {
      workbench = await openWorkbench(
        { 'netmon.startInDemoMode': true, 'netmon.apiVersion': 'v7', 'workbench.colorTheme': 'Default Dark Modern' },
        { 'docs/README.md': '# Support notes\n' },
      );
      const { page } = workbench;
      await onFailureScreenshot(page, 'handoff-walk-before', async () => {
        await page
          .locator('.part.activitybar')
          .getByRole('tab', { name: /^Netmon/ })
          .click();
        const status = page.locator('.statusbar-item', { hasText: 'Netmon: demo' });
        await status.waitFor({ timeout: TIMEOUT_MS });
        assert.match(
          (await status.locator('a, .statusbar-item-label').first().getAttribute('aria-label')) ??
            (await status.innerText()),
          /API v7/,
          'demo mode speaks API v7',
        );
        const sessions = treeRow(page, 'User Sessions', 1);
        await sessions.waitFor({ timeout: TIMEOUT_MS });
        await page.locator('.part.sidebar').getByRole('button', { name: 'Set Time Range' }).click();
        await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Yesterday afternoon' }).click();
        await sessions
          .locator('.label-description', { hasText: /^Yesterday afternoon \(/ })
          .waitFor({ timeout: TIMEOUT_MS });
        if ((await sessions.getAttribute('aria-expanded')) !== 'true') await sessions.click();
        await treeRow(page, 'Worst Sessions', 2).waitFor({ timeout: TIMEOUT_MS });
        await treeRow(page, 'Worst Sessions', 2).click();
        const worst = page.locator('.part.sidebar .monaco-list-row[aria-level="3"]').first();
        await worst.waitFor({ timeout: 60_000 });
        const worstRow = treeRow(page, (await worst.locator('.label-name').textContent()) ?? '', 3);
        await worstRow.hover();
        await worstRow.locator('.action-label[aria-label="Open Session Overview"]').click();
        overview = await webviewFrame(page, '.ses-head .ses-sub', TIMEOUT_MS);
        await overview.locator('.ses-verdict').waitFor({ timeout: TIMEOUT_MS });
      });
    });
    after(async () => {
      await workbench?.close();
    });

    test(`in ${MAX_ACTIONS} actions or fewer, pseudonymised, with no error`, () =>
      onFailureScreenshot(workbench.page, 'handoff-walk', async () => {
        const { page } = workbench;
        const widget = page.locator('.quick-input-widget');
        // The session as its overview names it: what the pseudonymised files must not hold.
        const sub = (await overview.locator('.ses-head .ses-sub').innerText()).trim();
        const sessionId = /^Session (\S+)$/.exec(sub)?.[1];
        assert.ok(sessionId && sessionId.length >= 8, `the overview's header names the session: "${sub}"`);
        // The folder a person picks: outside the workspace, on the disk the workbench runs on.
        const folder = join(workbench.server.tempDir, 'ticket-4711');
        mkdirSync(folder, { recursive: true });

        const pseudonymisedRow = widget.locator('.quick-input-list .monaco-list-row', {
          has: page.locator('.label-name', { hasText: exactly('Share pseudonymised') }),
        });
        await act('click "Share for a Ticket…" in the overview', async () => {
          await overview.getByRole('button', { name: /^Share for a Ticket/ }).click();
          await pseudonymisedRow.waitFor({ timeout: WRITE_TIMEOUT_MS });
        });
        // One quick pick: its title says what identifying data the evidence still holds.
        assert.match(
          await widget.locator('.quick-input-title').innerText(),
          /^Share for a ticket: the evidence holds /,
        );
        assert.equal(
          await widget.locator('.quick-input-list .monaco-list-row').count(),
          2,
          'as it is, or pseudonymised',
        );
        await toastsGone(page);
        await saveScreenshot(page, 'handoff-pick');

        const dialogRows = widget.locator('.quick-input-list .monaco-list-row');
        await act('pick "Share pseudonymised"', async () => {
          await pseudonymisedRow.click();
          // The folder dialog (VS Code's simple file dialog in the browser) once it lists the suggested folder.
          await widget
            .locator('.quick-input-title', { hasText: /for a ticket: the folder for its evidence and HARs$/ })
            .waitFor({ timeout: TIMEOUT_MS });
          await dialogRows
            .filter({ has: page.locator('.label-name', { hasText: /^docs\/?$/ }) })
            .waitFor({ timeout: TIMEOUT_MS });
        });
        // The dialog opens on the workspace (it lists its docs folder); the typed folder is listed once the dialog
        // has read it (only "..": the folder is empty). Enter before that only moves VS Code's simple file dialog
        // into the folder: a person sees the list change, then presses Enter.
        const rowNamed = (name: RegExp) => dialogRows.filter({ has: page.locator('.label-name', { hasText: name }) });
        const listsChosenFolder = async (): Promise<boolean> =>
          (await rowNamed(/^docs\/?$/).count()) === 0 && (await rowNamed(/^\.\.$/).count()) === 1;
        await act('answer the folder dialog: type the folder, Enter', async () => {
          await widget.locator('.quick-input-box input').fill(`${folder}/`);
          const deadline = Date.now() + TIMEOUT_MS;
          while (!(await listsChosenFolder())) {
            if (Date.now() > deadline)
              assert.fail(
                `the folder dialog does not list ${folder}: ${(await dialogRows.allInnerTexts()).join(' | ')}`,
              );
            await page.waitForTimeout(100);
          }
          await page.keyboard.press('Enter');
          await widget.waitFor({ state: 'hidden', timeout: TIMEOUT_MS });
        });

        const toast = page
          .locator('.notifications-toasts .notification-list-item')
          .filter({ has: page.locator('.notification-list-item-message', { hasText: 'Netmon: shared in ' }) });
        await toast.first().waitFor({ timeout: WRITE_TIMEOUT_MS });
        assert.match(
          await toast.first().locator('.notification-list-item-message').innerText(),
          /evidence-session-pseudonymised\.html and \d+ redacted HARs?/,
        );
        assert.deepEqual(await errorNotifications(page), [], 'no error notification');

        // What the folder holds: the HTML and the redacted HARs, none naming the session.
        const written = readdirSync(folder).sort();
        assert.ok(
          written.includes('evidence-session-pseudonymised.html'),
          `the evidence's HTML: ${written.join(', ')}`,
        );
        const hars = written.filter((name) => name.endsWith('.har'));
        assert.ok(hars.length >= 1, `at least one redacted HAR: ${written.join(', ')}`);
        for (const name of written) {
          assert.ok(!name.includes(sessionId), `${name}: its name holds the session's id`);
          assert.ok(!readFileSync(join(folder, name), 'utf8').includes(sessionId), `${name} holds the session's id`);
        }

        assert.ok(actions.length <= MAX_ACTIONS, `${actions.length} actions: ${actions.join(' → ')}`);
        assert.equal(new Set(actions).size, actions.length, `nothing redone: ${actions.join(' → ')}`);

        // Not counted: Open shows the evidence as its recipient sees it, beside the overview.
        await toast
          .first()
          .locator('.monaco-button', { hasText: exactly('Open') })
          .click();
        await page
          .locator('.tab', { hasText: 'Preview: evidence-session-pseudonymised.html' })
          .waitFor({ timeout: TIMEOUT_MS });
        const preview = await webviewFrame(page, 'header p.eyebrow', TIMEOUT_MS);
        assert.match((await preview.locator('header p.eyebrow').textContent()) ?? '', /^Evidence bundle · /);
        assert.ok(
          !(await preview.locator('body').innerText()).includes(sessionId),
          "the preview names no session's id",
        );
        const groups = Math.max(mostEditorGroups(), await page.locator('.part.editor .editor-group-container').count());
        assert.ok(groups >= 1 && groups <= 2, `${groups} editor groups open`);
        await toastsGone(page);
        await saveScreenshot(page, 'handoff-preview');

        assert.deepEqual(await errorNotifications(page), []);
        console.log(
          `hand-off walk (v7 demo): ${actions.length} actions: ${actions.join(' → ')}; ${written.join(', ')}`,
        );
      }));
  },
);
