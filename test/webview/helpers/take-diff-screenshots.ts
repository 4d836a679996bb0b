// Regenerates docs/screenshots/path-diff.png and har-diff.png, in a VS Code Dark+ like theme:
//   node --import tsx test/webview/helpers/take-diff-screenshots.ts
// The path diff is the emulator's seeded route change (src/emulator/README.md): its test's
// round after the change against the round before, read over HTTP as the panel reads them.
// The HAR diff is Chrome's export of one shop page before and after a deploy
// (test/fixtures/har-real).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffHar } from '../../../src/analysis/har/diff';
import { readPathRounds, readRoundTraces } from '../../../src/analysis/path/read-rounds';
import { createNetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator } from '../../../src/emulator';
import { launchChromium, openPanel } from './panel';

const REPO = join(__dirname, '..', '..', '..');
const OUT = join(REPO, 'docs', 'screenshots');
const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);

async function pathDiffLoad(): Promise<unknown> {
  const emulator = await startEmulator({ port: 0, now: () => NOW_MS });
  try {
    const change = emulator.world
      .group(1001)
      ?.pathEpisodes(NOW_MS / 1000 - 2 * 86400, NOW_MS / 1000 - 1800)
      .filter((e) => e.kind === 'routeChange')
      .at(-1);
    if (!change) throw new Error('the emulator seeded no route change in the last two days');
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    const rounds = await readPathRounds(client, change.testId, { window: '7d' });
    const at = (seconds: number): (typeof rounds)[number] =>
      rounds.reduce((best, r) => (Math.abs(r.roundId - seconds) < Math.abs(best.roundId - seconds) ? r : best));
    const [after, before] = [at(change.startSeconds + 900), at(change.startSeconds - 900)];
    const [traces, baseline, directory, test] = await Promise.all([
      readRoundTraces(client, change.testId, after.agentIds, after.roundId),
      readRoundTraces(client, change.testId, before.agentIds, before.roundId),
      client.agentDirectory().ready(),
      client.getEndpointTest(change.testId),
    ]);
    return {
      title: test.testName ?? `test ${change.testId}`,
      roundId: after.roundId,
      agentNames: directory.names(),
      traces,
      rounds: rounds.slice(0, 48).map((r) => ({ roundId: r.roundId, agents: r.agentIds.length })),
      baseline: { roundId: before.roundId, traces: baseline },
    };
  } finally {
    await emulator.close();
  }
}

function harDiffLoad(): unknown {
  const read = (name: string): unknown =>
    JSON.parse(readFileSync(join(REPO, 'test/fixtures/har-real', `${name}.har`), 'utf8'));
  return {
    diff: diffHar(read('chrome-before'), read('chrome-after')),
    names: { before: 'shop-before-deploy.har', after: 'shop-after-deploy.har' },
  };
}

async function main(): Promise<void> {
  const browser = await launchChromium();
  try {
    const path = await openPanel(browser, { panel: 'path', viewport: { width: 1400, height: 900 } });
    await path.waitForSent('ready');
    await path.post({ type: 'load', params: await pathDiffLoad() });
    await path.waitForSent('rendered', 20_000);
    await path.page.click('.diff-summary button:has-text("Show")');
    await path.page.waitForTimeout(300);
    await path.page.screenshot({ path: join(OUT, 'path-diff.png') });
    await path.close();

    const har = await openPanel(browser, { panel: 'hardiff', viewport: { width: 1400, height: 900 } });
    await har.waitForSent('ready');
    await har.post({ type: 'load', params: harDiffLoad() });
    await har.waitForSent('loaded');
    await har.page.focus('.hd-rows tbody tr[tabindex="0"]');
    await har.page.keyboard.press('Enter');
    await har.page.waitForTimeout(150);
    await har.page.screenshot({ path: join(OUT, 'har-diff.png') });
    await har.close();
    console.log(`wrote ${OUT}/path-diff.png and har-diff.png`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
