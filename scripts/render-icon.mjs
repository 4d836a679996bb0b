// Renders media/icon.svg to the 128x128 media/icon.png the marketplace shows (headless Chromium).
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { REPO_ROOT, launchChromium } from './vscode-server.mjs';
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
await page.setContent(
  `<html><body style="margin:0;background:transparent">${readFileSync(join(REPO_ROOT, 'media/icon.svg'), 'utf8')}</body></html>`,
);
await page.locator('svg').screenshot({ path: join(REPO_ROOT, 'media/icon.png'), omitBackground: true });
await browser.close();
