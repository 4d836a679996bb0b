// Drives the offline VS Code the way a person does: a browser on the workbench URL with
// the extension under development loaded, keyboard and mouse only. Shared by test/ui/*.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
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
export async function openWorkbench(settings: Record<string, unknown> = {}, workspaceFiles: Record<string, string> = {}, userFiles: Record<string, string> = {}): Promise<Workbench> {
  const server = await startVSCodeServer({ settings, workspaceFiles });
  let browser: Browser | undefined;
  try {
    for (const [name, text] of Object.entries(userFiles)) writeFileSync(join(server.userDataDir, 'User', name), text);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.workbenchUrl([
      ['extensionDevelopmentPath', server.remoteUri(REPO_ROOT)],
      ['skipWelcome', 'true'],
    ]));
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 30_000 });
    // The status bar's remote indicator appears once the remote extension host is connected.
    await page.locator('.statusbar-item#status\\.host').or(page.locator('.statusbar')).first().waitFor();
    const openedBrowser = browser;
    return { page, server, close: async () => { await openedBrowser.close(); await server.stop(); } };
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
  return page.locator('.notifications-toasts .notification-list-item:has(.codicon-error) .notification-list-item-message').allTextContents();
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
      if (await frame.locator(selector).first().isVisible().catch(() => false)) return frame;
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
    if (now !== last) { last = now; quietSince = Date.now(); }
  }
}
