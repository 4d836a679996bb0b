// Regenerates docs/screenshots/har-waterfall.png and session-overview.png from the
// emulator's demo world, in a VS Code Dark+ like theme:
//   node --import tsx test/webview/helpers/take-screenshots.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readHar } from '../../../src/analysis/har';
import { sessionVerdict } from '../../../src/analysis/session';
import type { UserSessionDetail } from '../../../src/api/types';
import { createWorld } from '../../../src/emulator/world/index';
import { launchChromium, openPanel } from './panel';

const OUT = join(__dirname, '..', '..', '..', 'docs', 'screenshots');

/** A session whose verdict blames Wi-Fi and whose first page has a redirect and errors: the interesting case. */
function pickSession(): { session: UserSessionDetail; har: unknown } {
  const world = createWorld({ seed: 7, preset: 'demo' });
  const group = world.group(world.accountGroups[0]?.aid ?? 0);
  if (!group) throw new Error('the demo world has no account group');
  const day = 86400;
  const to = Math.floor(Date.UTC(2026, 10, 20) / 1000 / day) * day;
  let fallback: { session: UserSessionDetail; har: unknown } | undefined;
  for (const { record } of group.userSessions({ from: to - day, to })) {
    const session = group.userSession(record.userSessionId);
    const page = session?.pages[0];
    if (!session || !page) continue;
    const har = group.pageHar(session.userSessionId, page.id);
    const doc = readHar(har);
    const candidate = { session, har };
    fallback ??= candidate;
    if (sessionVerdict(session).worst === 'wifi' && doc.entries.some((e) => e.redirectURL) && doc.entries.length > 60)
      return candidate;
  }
  if (!fallback) throw new Error('no session in the demo world');
  return fallback;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const { session, har } = pickSession();
  const browser = await launchChromium();
  try {
    const waterfall = await openPanel(browser, { panel: 'har', viewport: { width: 1400, height: 820 } });
    await waterfall.waitForSent('ready');
    await waterfall.post({
      type: 'load',
      params: { har, title: `${session.visitedSite} · session ${session.userSessionId}` },
    });
    await waterfall.waitForSent('loaded');
    await waterfall.page.focus('.har-viewport');
    for (let i = 0; i < 3; i++) await waterfall.page.keyboard.press('ArrowDown');
    await waterfall.page.hover('#har-row-8 .har-bar');
    await waterfall.page.waitForTimeout(150);
    await waterfall.page.screenshot({ path: join(OUT, 'har-waterfall.png') });
    await waterfall.page.keyboard.press('Enter');
    await waterfall.page.mouse.move(0, 0);
    await waterfall.page.click('vscode-tab-header:has-text("Timing")');
    await waterfall.page.waitForTimeout(150);
    await waterfall.page.screenshot({ path: join(OUT, 'har-waterfall-detail.png') });
    await waterfall.close();

    const overview = await openPanel(browser, { panel: 'session', viewport: { width: 1280, height: 1080 } });
    await overview.waitForSent('ready');
    await overview.post({ type: 'load', params: { session } });
    await overview.waitForSent('loaded');
    await overview.page.screenshot({ path: join(OUT, 'session-overview.png'), fullPage: true });
    await overview.close();
    console.log(`wrote ${OUT}/har-waterfall.png and session-overview.png (session ${session.userSessionId})`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
