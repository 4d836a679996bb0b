// The emulator's v7 worlds the alert tests share.
// - startV7World: the v7 emulator on a test clock (the test's to move), a v7 client of it and its
//   first account group, whose seeded episodes the tests read to write their expectations.
// - deployOfficeTests: the two network tests (ALERT_TESTS, 5 agents, every 5 minutes) of which the
//   one with the odd test id crosses the group's lossy transit, the other its route change
//   (emulator README: "test id modulo 2, routeChange first").
// - startRuleWorld: the tests `deploy` creates eight days before RULE_NOW, the clock then at RULE_NOW
//   (or some seconds after), so that the 7 days before hold a loss episode and a route change each.
// - startAlertWorld: the office tests deployed two days before a seeded loss episode of 10 % or more,
//   the clock then twenty minutes into the episode.
import assert from 'node:assert/strict';
import { createNetmonClient, type NetmonClient } from '../../src/api';
import type { EnterpriseTest } from '../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type PathEpisode, type RunningEmulator } from '../../src/emulator';

export const DAY = 86400;
export const ALERT_TESTS = ['Outlook from the offices', 'Zoom from the offices'] as const;
/** A UTC midnight: "now" of the rule tests, whose 7 days before hold a loss episode and a route change each. */
export const RULE_NOW = Math.floor(Date.UTC(2026, 5, 20) / 1000);

export type GroupWorld = NonNullable<ReturnType<RunningEmulator['world']['group']>>;

export interface V7World {
  emulator: RunningEmulator;
  /** A v7 client of the world (the admin's token); the caller closes it, or close() does. */
  client: NetmonClient;
  /** The world's first account group. */
  group: GroupWorld;
  /** The world's now, ms. */
  now(): number;
  setClock(seconds: number): void;
  /** The first `count` enterprise agents of the group, as a test's agents. */
  agents(count: number): { agentId: number }[];
  /** Closes the client, then the emulator. */
  close(): Promise<void>;
}

/** The v7 emulator with its clock at `seconds` (epoch), a v7 client of it, and its first account group. */
export async function startV7World(seconds: number): Promise<V7World> {
  let clock = seconds;
  const emulator = await startEmulator({ port: 0, api: 'v7', now: () => clock * 1000 });
  const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
  assert.ok(group);
  const client = createNetmonClient({
    baseUrl: emulator.url,
    apiVersion: 'v7',
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
  });
  return {
    emulator,
    client,
    group,
    now: () => clock * 1000,
    setClock: (to) => (clock = to),
    agents: (count) =>
      group
        .enterpriseAgents()
        .slice(0, count)
        .map((a) => ({ agentId: a.agentId })),
    close: async () => {
      await client.close();
      await emulator.close();
    },
  };
}

/** Creates the two office network tests (ALERT_TESTS) of the group's first 5 agents, every 5 minutes, port 443. */
export async function deployOfficeTests(world: V7World): Promise<EnterpriseTest[]> {
  const agents = world.agents(5);
  const created: EnterpriseTest[] = [];
  for (const [testName, server] of [
    [ALERT_TESTS[0], 'outlook.office365.com'],
    [ALERT_TESTS[1], 'zoom.us'],
  ] as const)
    created.push(
      await world.client.createTest('agent-to-server', { testName, interval: 300, agents, server, port: 443 }),
    );
  return created;
}

/**
 * The v7 world with its clock eight days before RULE_NOW while `deploy` creates the tests, then at
 * RULE_NOW + `after` seconds (a few seconds put "now" inside a round rather than at its first second).
 */
export async function startRuleWorld<T>(
  deploy: (world: V7World) => Promise<T>,
  after = 0,
): Promise<V7World & { deployed: T }> {
  const world = await startV7World(RULE_NOW - 8 * DAY);
  const deployed = await deploy(world);
  world.setClock(RULE_NOW + after);
  return { ...world, deployed };
}

export interface AlertWorld extends V7World {
  loss: PathEpisode;
}

/**
 * The office tests deployed two days before a seeded loss episode of 10 % or more (one crosses the
 * group's lossy transit, the other its route change), the clock then twenty minutes into the episode.
 */
export async function startAlertWorld(): Promise<AlertWorld> {
  const world = await startV7World(0);
  // A day whose loss episode reaches 10 % (the default loss rule's 5 % and more); the world is the same on any day.
  const first = Math.floor(Date.UTC(2026, 5, 1) / 1000);
  const loss = Array.from({ length: 20 }, (_, i) => first + i * DAY)
    .flatMap((day) => world.group.pathEpisodes(day, day + DAY))
    .find((e) => e.kind === 'lossEpisode' && Number(e.detail['lossPercent']) >= 10);
  assert.ok(loss);
  world.setClock(loss.startSeconds - 2 * DAY);
  await deployOfficeTests(world);
  world.setClock(loss.startSeconds + 20 * 60);
  return { ...world, loss };
}
