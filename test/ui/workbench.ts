// Drives the offline VS Code the way a person does: a browser on the workbench URL with
// the extension under development loaded, keyboard and mouse only. Shared by test/ui/*.test.ts.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { REPO_ROOT, launchChromium, startVSCodeServer, type VSCodeServer } from '../../scripts/vscode-server.mjs';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'docs/screenshots');

export interface Workbench {
  page: Page;
  server: VSCodeServer;
  close(): Promise<void>;
}

/**
 * Starts a fresh VS Code with the extension loaded and waits until the workbench is usable.
 * `userFiles` go into the profile's User folder (keybindings.json, …) before the page loads.
 */
export async function openWorkbench(
  settings: Record<string, unknown> = {},
  workspaceFiles: Record<string, string> = {},
  userFiles: Record<string, string> = {},
): Promise<Workbench> {
  const server = await startVSCodeServer({ settings, workspaceFiles });
  let browser: Browser | undefined;
  try {
    for (const [name, text] of Object.entries(userFiles)) writeFileSync(join(server.userDataDir, 'User', name), text);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(
      server.workbenchUrl([
        ['extensionDevelopmentPath', server.remoteUri(REPO_ROOT)],
        ['skipWelcome', 'true'],
      ]),
    );
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 30_000 });
    // The status bar's remote indicator appears once the remote extension host is connected.
    await page.locator('.statusbar-item#status\\.host').or(page.locator('.statusbar')).first().waitFor();
    const openedBrowser = browser;
    return {
      page,
      server,
      close: async () => {
        await openedBrowser.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/**
 * F1, type the command's label, pick it: what a person does to run a command. Right after
 * the page loads, the remote extension host may not have registered the extension's
 * commands yet, so like a person the palette is reopened until the command shows up.
 */
export async function runCommandFromPalette(page: Page, label: string, timeoutMs = 30_000): Promise<void> {
  const row = await findCommandInPalette(page, label, timeoutMs);
  await row.click();
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** Opens the palette on `label` (reopening it until the command is registered) and returns its row. */
export async function findCommandInPalette(page: Page, label: string, timeoutMs = 30_000): Promise<Locator> {
  const deadline = Date.now() + timeoutMs;
  const widget = page.locator('.quick-input-widget');
  const row = widget.locator('.quick-input-list .monaco-list-row', { hasText: label }).first();
  for (;;) {
    await page.keyboard.press('F1');
    await widget.locator('input').fill(`>${label}`);
    try {
      await row.waitFor({ timeout: 2_000 });
      return row;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Saves what the person sees to docs/screenshots/<name>.png and returns the path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Messages of the error toasts on screen: what a person would notice went wrong. */
export async function errorNotifications(page: Page): Promise<string[]> {
  return page
    .locator('.notifications-toasts .notification-list-item:has(.codicon-error) .notification-list-item-message')
    .allTextContents();
}

/** Opens a workspace file by name with Quick Open (Ctrl+P), as a person does. */
export async function quickOpen(page: Page, fileName: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await page.keyboard.press('Control+P');
  await widget.locator('input').fill(fileName);
  await widget.locator('.quick-input-list .monaco-list-row').first().waitFor();
  await page.keyboard.press('Enter');
  await widget.waitFor({ state: 'hidden' });
}

/** Links inside notifications (toasts and the notification center) that would run a command when clicked. */
export function commandLinksInNotifications(page: Page): Locator {
  return page.locator('.notifications-toasts a[href^="command:" i], .notifications-center a[href^="command:" i]');
}

/** The webview frame (VS Code nests the panel's document in an inner iframe) showing `selector`. */
export async function webviewFrame(page: Page, selector: string, timeoutMs = 20_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator(selector)
          .first()
          .isVisible()
          .catch(() => false)
      )
        return frame;
    }
    if (Date.now() > deadline) throw new Error(`no webview shows ${selector} after ${timeoutMs} ms`);
    await page.waitForTimeout(200);
  }
}

/**
 * Resolves once the side bar's tree has not changed for `quietMs`: a row clicked while the tree
 * redraws (a loader that names what it found, agent names arriving) would lose its node.
 */
export async function treeSettled(page: Page, quietMs = 1_200, timeoutMs = 15_000): Promise<void> {
  const rows = page.locator('.part.sidebar .monaco-list-rows').first();
  const deadline = Date.now() + timeoutMs;
  let last = await rows.innerText().catch(() => '');
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs && Date.now() < deadline) {
    await page.waitForTimeout(200);
    const now = await rows.innerText().catch(() => '');
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
}

/** Where a failing step leaves what was on screen, for the log reader. */
const FAILURE_DIR = join(REPO_ROOT, 'test-results');

/** Runs a step; when it fails, saves what was on screen to test-results/<name>.png and fails as it did. */
export async function onFailureScreenshot<T>(page: Page, name: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    mkdirSync(FAILURE_DIR, { recursive: true });
    await page.screenshot({ path: join(FAILURE_DIR, `${name}.png`) }).catch(() => undefined);
    throw error;
  }
}

/** A pattern matching `text` whole and to the letter (a label, an agent's name). */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** A row of the side bar's tree by its label at a depth (1 = root). */
export function treeRow(page: Page, label: string | RegExp, level: number): Locator {
  return page
    .locator(`.part.sidebar .monaco-list-row[aria-level="${level}"]`)
    .filter({ has: page.locator('.label-name', { hasText: label }) })
    .first();
}

/** Resolves once no notification toast covers the window (or after 10 s): what a screenshot should show. */
export async function toastsGone(page: Page): Promise<void> {
  await page
    .locator('.notifications-toasts .notification-toast')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Fails when an error notification is on screen after `step`. */
export async function assertNoErrors(page: Page, step: string): Promise<void> {
  assert.deepEqual(await errorNotifications(page), [], `error notification after: ${step}`);
}

/** Waits until the file on disk (perhaps not written yet) says what `expected` wants, and returns its text. */
export async function waitForFileText(page: Page, file: string, expected: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (expected.test(text)) return text;
    if (Date.now() > deadline) assert.fail(`${file} does not match ${String(expected)}:\n${text}`);
    await page.waitForTimeout(200);
  }
}

/**
 * Counts a walk's user actions (a command run, a click, a dialog answered, an edit-and-save):
 * `act` records what a person did and does it, `actions` is the walk so far.
 */
export interface ActionCounter {
  actions: string[];
  act(what: string, action: () => Promise<void>): Promise<void>;
  /** The most editor groups open after any action so far (counted when the counter was given the page). */
  mostEditorGroups(): number;
}

/**
 * Counts a walk's actions; given its page (read when an action ends: the walk opens it later), it also counts the
 * editor groups open after each action.
 */
export function actionCounter(pageOf?: () => Page | undefined): ActionCounter {
  const actions: string[] = [];
  let most = 0;
  return {
    actions,
    act: async (what, action) => {
      actions.push(what);
      await action();
      const page = pageOf?.();
      if (page) most = Math.max(most, await page.locator('.part.editor .editor-group-container').count());
    },
    mostEditorGroups: () => most,
  };
}

const LENS_TIMEOUT_MS = 30_000;

/** The lens whose title matches, once drawn (lenses are redrawn as diagnostics and the catalog arrive). */
export async function waitForLens(page: Page, title: string | RegExp): Promise<Locator> {
  const found = page.locator('.codelens-decoration a', { hasText: title }).first();
  await found.waitFor({ timeout: LENS_TIMEOUT_MS });
  return found;
}

/** Clicks the lens `text` after scrolling to the top, as a person does: the lenses sit above line 1. */
export async function clickLens(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Home');
  const lens = page.locator('.codelens-decoration a:visible', { hasText: text }).first();
  await lens.waitFor({ timeout: LENS_TIMEOUT_MS });
  await lens.click({ force: true });
}

/**
 * Clicks a lens until `shown` appears. Lenses are redrawn as diagnostics and the catalog
 * arrive, and a click landing during a redraw is lost: a person clicks again when nothing
 * opens, and so does this, up to three times.
 */
export async function clickLensUntil(
  page: Page,
  text: string | RegExp,
  shown: Locator,
  waitMs = 20_000,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await clickLens(page, text);
    try {
      await shown.waitFor({ timeout: waitMs });
      return;
    } catch (error) {
      if (attempt === 3)
        throw new Error(
          `nothing shown after clicking the "${String(text)}" lens three times; notifications: ${JSON.stringify(await errorNotifications(page))}`,
          { cause: error },
        );
    }
  }
}

/** A lens whose write asks first: clicked until its dialog shows, then `button` answered. */
export async function clickLensAndAnswer(page: Page, text: string | RegExp, button: string): Promise<void> {
  const dialog = page.locator('.monaco-dialog-box');
  await clickLensUntil(page, text, dialog, 5_000);
  await dialog.locator('.monaco-button', { hasText: exactly(button) }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Find and Replace (Ctrl+H) in the active editor, replacing every match. */
export async function replaceAll(page: Page, find: string, replace: string): Promise<void> {
  await page.keyboard.press('Control+H');
  const widget = page.locator('.editor-widget.find-widget');
  await widget.waitFor();
  await widget.locator('.find-part textarea, .find-part input').first().fill(find);
  await widget.locator('.replace-part textarea, .replace-part input').first().fill(replace);
  await widget.locator('[aria-label^="Replace All"]').first().click();
  await widget.locator('[aria-label^="Close"]').first().click();
  await page.locator('.editor-widget.find-widget.visible').waitFor({ state: 'detached' });
}

/**
 * In the editor tab titled `tab` (clicked first): Find and Replace every match, save, until the file on disk says
 * `expected` (up to three tries: a click or key that lands while the workbench moves focus is done again; the
 * replacement is idempotent).
 */
export async function replaceAllAndSave(
  page: Page,
  tab: string,
  file: string,
  edit: { find: string; replace: string; expected: RegExp },
): Promise<string> {
  const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  for (let attempt = 1; ; attempt++) {
    await page.locator('.tab', { hasText: tab }).first().click();
    await page.locator('.editor-group-container.active .tab.active', { hasText: tab }).waitFor({ timeout: 10_000 });
    await editor.click();
    await replaceAll(page, edit.find, edit.replace);
    await editor.click();
    await page.keyboard.press('Control+S');
    const saved = await waitForFileText(page, file, edit.expected, 5_000).catch((error: unknown) => {
      if (attempt === 3) throw error;
      return undefined;
    });
    if (saved !== undefined) return saved;
  }
}
