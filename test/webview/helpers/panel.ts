// Opens a built webview panel (dist/webview/<panel>.js) in headless Debian Chromium the
// way VS Code hosts it: a nonce CSP, the bundle as the only script, host messages as
// window `message` events and the panel's postMessage calls collected for assertions.
// Generic on purpose: every panel's webview tests (har, session, path, metrics) use it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { VSCODE_DARK_THEME } from './theme';

const ORIGIN = 'https://panel.test';
const REPO = join(__dirname, '..', '..', '..');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Builds dist/webview/<panel>.js when it is missing (npm test builds everything first). */
export function ensureBuilt(panel: string): void {
  if (existsSync(join(REPO, 'dist', 'webview', `${panel}.js`))) return;
  const result = spawnSync(process.execPath, ['esbuild.mjs', '--only', `webview-${panel}`], {
    cwd: REPO,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`building webview-${panel} failed`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface PanelOptions {
  /** `dist/webview/<panel>.js` is loaded; build first (`node esbuild.mjs --only webview`). */
  panel: string;
  /** CSS files (absolute or repo-relative) linked before the bundle, e.g. media/<panel>.css. */
  css?: string[];
  /** `--vscode-*` variables on :root; defaults to a VS Code Dark+ like set. */
  themeCss?: string;
  viewport?: { width: number; height: number };
  /** A script to serve instead of the built panel (a test's own probe bundle). */
  bundle?: string;
  /** VS Code's body class for the theme kind (vscode-dark, vscode-light, vscode-high-contrast). */
  bodyClass?: string;
}

export interface OpenPanel {
  page: Page;
  /** Messages the panel posted to the host, in order. */
  readonly sent: unknown[];
  /** Uncaught page errors and console errors (CSP violations show up here). */
  readonly errors: string[];
  /** Dialogs (alert/confirm/prompt) that fired: a hostile-input test expects none. */
  readonly dialogs: string[];
  /** Delivers a host → webview message, as VS Code's webview.postMessage would. */
  post(message: unknown): Promise<void>;
  /** Resolves when the panel has posted a message of this type. */
  waitForSent(type: string, timeoutMs?: number): Promise<unknown>;
  close(): Promise<void>;
}

export async function openPanel(browser: Browser, options: PanelOptions): Promise<OpenPanel> {
  if (!options.bundle) ensureBuilt(options.panel);
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const sent: unknown[] = [];
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.exposeFunction('__netmonHostSink', (m: unknown) => {
    sent.push(m);
  });
  await page.addInitScript(() => {
    (globalThis as { __netmonHost?: (m: unknown) => void }).__netmonHost = (m) => {
      void (globalThis as unknown as { __netmonHostSink: (m: unknown) => Promise<void> }).__netmonHostSink(m);
    };
  });
  const nonce = 'n' + Math.random().toString(36).slice(2);
  const cssLinks = (options.css ?? []).map((_, i) => `<link rel="stylesheet" href="${ORIGIN}/css/${i}.css">`).join('');
  // As panelHtml writes it (src/vscode/panels/webview-html.ts): a language and a title.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${options.panel} panel</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${ORIGIN} data:; style-src ${ORIGIN} 'nonce-${nonce}'; script-src 'nonce-${nonce}'; font-src ${ORIGIN};">
<style nonce="${nonce}">${options.themeCss ?? VSCODE_DARK_THEME}</style>${cssLinks}</head>
<body class="${options.bodyClass ?? 'vscode-dark'}"><script nonce="${nonce}" src="${ORIGIN}/panel.js"></script></body></html>`;
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: html });
    if (path === '/panel.js')
      return route.fulfill({
        contentType: 'text/javascript',
        body: readFileSync(options.bundle ?? join(REPO, 'dist', 'webview', `${options.panel}.js`)),
      });
    const css = /^\/css\/(\d+)\.css$/.exec(path);
    const file = css ? options.css?.[Number(css[1])] : undefined;
    if (file)
      return route.fulfill({
        contentType: 'text/css',
        body: readFileSync(file.startsWith('/') ? file : join(REPO, file)),
      });
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto(`${ORIGIN}/`);
  const waitForSent = async (type: string, timeoutMs = 5000): Promise<unknown> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = sent.find((m) => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`panel did not send "${type}" within ${timeoutMs} ms; sent: ${JSON.stringify(sent)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return {
    page,
    sent,
    errors,
    dialogs,
    waitForSent,
    // As JSON text: Playwright's own serialization of a 10,000-entry HAR takes seconds.
    post: (message) =>
      page.evaluate((json) => {
        (globalThis as unknown as { postMessage(message: unknown, target: string): void }).postMessage(
          JSON.parse(json),
          '*',
        );
      }, JSON.stringify(message)),
    close: () => context.close(),
  };
}
