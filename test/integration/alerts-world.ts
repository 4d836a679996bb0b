// The emulator's v7 world the alert tests share: two network tests deployed two days before a
// seeded loss episode of 10 % or more (one crosses the group's lossy transit, the other its route
// change), the clock then twenty minutes into the episode. The clock stays the test's to move.
import assert from 'node:assert/strict';
import { createNetmonClient, type NetmonClient } from '../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type PathEpisode, type RunningEmulator } from '../../src/emulator';

const DAY = 86400;
export const ALERT_TESTS = ['Outlook from the offices', 'Zoom from the offices'] as const;

export interface AlertWorld {
  emulator: RunningEmulator;
  /** A v7 client of the world; the caller closes it. */
  client: NetmonClient;
  loss: PathEpisode;
  /** The world's now, ms. */
  now(): number;
  setClock(seconds: number): void;
}

export async function startAlertWorld(): Promise<AlertWorld> {
  let clock = 0;
  const emulator = await startEmulator({ port: 0, api: 'v7', now: () => clock * 1000 });
  const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
  assert.ok(group);
  // A day whose loss episode reaches 10 % (the default loss rule's 5 % and more); the world is the same on any day.
  const first = Math.floor(Date.UTC(2026, 5, 1) / 1000);
  const loss = Array.from({ length: 20 }, (_, i) => first + i * DAY)
    .flatMap((day) => group.pathEpisodes(day, day + DAY))
    .find((e) => e.kind === 'lossEpisode' && Number(e.detail['lossPercent']) >= 10);
  assert.ok(loss);
  clock = loss.startSeconds - 2 * DAY;
  const client = createNetmonClient({
    baseUrl: emulator.url,
    apiVersion: 'v7',
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
  });
  const agents = group
    .enterpriseAgents()
    .slice(0, 5)
    .map((a) => ({ agentId: a.agentId }));
  for (const [testName, server] of [
    [ALERT_TESTS[0], 'outlook.office365.com'],
    [ALERT_TESTS[1], 'zoom.us'],
  ] as const)
    await client.createTest('agent-to-server', { testName, interval: 300, agents, server, port: 443 });
  clock = loss.startSeconds + 20 * 60;
  return { emulator, client, loss, now: () => clock * 1000, setClock: (seconds) => (clock = seconds) };
}
