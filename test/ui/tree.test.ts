// A person opens VS Code, clicks the Netmon icon in the activity bar, starts the demo from
// the welcome view, expands Endpoint Agents, User Sessions and one session, and sees the
// demo's agents, sessions and pages. Saves docs/screenshots/tree.png (linked from the README).
// The expected agent names come from the same emulator preset the demo runs, read over HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createNetmonClient } from '../../src/api';
import { DEMO_CREDENTIALS, startEmulator } from '../../src/emulator';
import {
  errorNotifications,
  exactly,
  onFailureScreenshot,
  openWorkbench,
  runCommandFromPalette,
  saveScreenshot,
  toastsGone,
  treeRow,
  type Workbench,
} from './workbench';

/** Few records per "Load more" step, so the expanded tree fits in one screenshot. */
const PAGE_SIZE = 5;
const ROOTS = [
  'Endpoint Agents',
  'Networks',
  'Enterprise Agents',
  'Alerts',
  'Deployed Tests',
  'Endpoint Tests',
  'User Sessions',
  'Network Sessions',
  'Network Topology',
];
const FILL_TIMEOUT_MS = 30_000;

/** What the demo emulator lists as endpoint agents, in API order. */
interface DemoAgent {
  name: string;
  group: 'Enabled' | 'Disabled' | 'Deleted';
}

/** The demo's agents, and the name of the one with the most user sessions in the last day (to filter by). */
async function demoAgents(): Promise<DemoAgent[] & { busiest?: string }> {
  const emulator = await startEmulator({ preset: 'demo' });
  const client = createNetmonClient({
    apiVersion: 'v6',
    baseUrl: emulator.url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
  });
  try {
    const { endpointAgents } = await client.listEndpointAgents();
    const { records } = await client.userSessions({ window: '1d' }).collect({ maxRecords: 5000 });
    const counts = new Map<string, number>();
    for (const session of records) counts.set(session.agentId, (counts.get(session.agentId) ?? 0) + 1);
    const busiestId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const busiest = endpointAgents.find((agent) => agent.agentId === busiestId)?.computerName;
    return Object.assign(
      endpointAgents.map(
        (agent) =>
          ({
            name: agent.computerName || agent.agentId,
            group: agent.deleted ? 'Deleted' : agent.status === 'enabled' ? 'Enabled' : 'Disabled',
          }) as DemoAgent,
      ),
      { busiest },
    );
  } finally {
    await client.close();
    await emulator.close();
  }
}

function netmonTree(page: Page): Locator {
  return page.locator('.part.sidebar .monaco-list[role="tree"]');
}

/** A row of the tree by its whole visible label (or a pattern of it) at a depth (1 = root). */
function row(page: Page, label: string | RegExp, level: number): Locator {
  return treeRow(page, typeof label === 'string' ? exactly(label) : label, level);
}

/** Visible labels of the rows at a depth, top to bottom. */
async function labelsAt(page: Page, level: number): Promise<string[]> {
  return netmonTree(page).locator(`.monaco-list-row[aria-level="${level}"] .label-name`).allTextContents();
}

/** Error placeholder rows ("… failed: …"), by their accessible label, which holds the whole message. */
async function errorRows(page: Page): Promise<string[]> {
  const rows = netmonTree(page)
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.codicon-error') });
  return Promise.all((await rows.all()).map(async (errorRow) => (await errorRow.getAttribute('aria-label')) ?? ''));
}

/** Waits for a row to fill in, or for an error placeholder, and fails with the error's message. */
async function waitForRowOrError(page: Page, target: Locator): Promise<void> {
  await target
    .or(netmonTree(page).locator('.monaco-list-row:has(.codicon-error)'))
    .first()
    .waitFor({ timeout: FILL_TIMEOUT_MS });
  assert.deepEqual(await errorRows(page), [], 'the tree shows error nodes');
}

/** Drags the sash between the side bar and the editor, as a person widens the side bar. */
async function widenSideBar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  assert.ok(box, 'no side bar on screen');
  const edge = { x: box.x + box.width, y: box.y + box.height / 2 };
  await page.mouse.move(edge.x, edge.y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, edge.y, { steps: 5 });
  await page.mouse.up();
}

/** Clicks a collapsed row (a click toggles it, like a person does) and waits until it is expanded. */
async function expand(target: Locator): Promise<void> {
  await target.waitFor({ timeout: FILL_TIMEOUT_MS });
  if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
  await assertEventually(async () => (await target.getAttribute('aria-expanded')) === 'true', 'the row to expand');
}

async function assertEventually(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + FILL_TIMEOUT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Netmon tree UI', { timeout: 120_000 }, () => {
  let workbench: Workbench;
  let expectedAgents: string[];
  let expectedGroups: string[];
  let hasMore: boolean;
  let busiest: string | undefined;
  before(async () => {
    // The view's first step: netmon.pageSize agents, grouped by status (Enabled and Disabled open, Deleted closed).
    const agents = await demoAgents();
    busiest = agents.busiest;
    const firstStep = agents.slice(0, PAGE_SIZE);
    expectedGroups = (['Enabled', 'Disabled', 'Deleted'] as const).filter((group) =>
      firstStep.some((agent) => agent.group === group),
    );
    expectedAgents = (['Enabled', 'Disabled'] as const).flatMap((group) =>
      firstStep.filter((agent) => agent.group === group).map((agent) => agent.name),
    );
    hasMore = agents.length > PAGE_SIZE;
    workbench = await openWorkbench({ 'netmon.pageSize': PAGE_SIZE });
  });
  after(async () => {
    await workbench?.close();
  });

  test('the Netmon icon opens a welcome view that starts the demo', async () => {
    const { page } = workbench;
    await onFailureScreenshot(page, 'tree-welcome', async () => {
      await page
        .locator('.part.activitybar')
        .getByRole('tab', { name: /^Netmon/ })
        .click();
      const welcome = page.locator('.part.sidebar .welcome-view-content');
      await welcome.getByRole('button', { name: 'Use Demo Account' }).click({ timeout: FILL_TIMEOUT_MS });
      await row(page, 'Endpoint Agents', 1).waitFor({ timeout: FILL_TIMEOUT_MS });
      assert.deepEqual(await labelsAt(page, 1), ROOTS);
      // Deployed Tests opens at first (its type groups start new documents): closed here, so the
      // rows one level down are only those of the root each step opens.
      const deployed = row(page, 'Deployed Tests', 1);
      await assertEventually(
        async () => (await deployed.getAttribute('aria-expanded')) === 'true',
        'Deployed Tests to open at first',
      );
      await deployed.click();
      await assertEventually(
        async () => (await deployed.getAttribute('aria-expanded')) === 'false',
        'Deployed Tests to close',
      );
      // Alerts opens folded, with the count of what is going on now beside it.
      const alerts = row(page, 'Alerts', 1);
      await alerts.locator('.label-description', { hasText: / active$/ }).waitFor({ timeout: FILL_TIMEOUT_MS });
      assert.equal(await alerts.getAttribute('aria-expanded'), 'false');
    });
  });

  test("expanding Endpoint Agents shows the demo's agents grouped by status, with counts", async () => {
    const { page } = workbench;
    await onFailureScreenshot(page, 'tree-agents', async () => {
      const firstAgent = expectedAgents[0];
      assert.ok(firstAgent, 'the demo emulator lists no agents');
      await expand(row(page, 'Endpoint Agents', 1));
      await waitForRowOrError(page, row(page, firstAgent, 3));
      // netmon.pageSize agents per step, then "Load more…" (the agents list pages like the data lists).
      // The demo speaks v7, whose agents are also grouped by endpoint label (collapsed).
      assert.deepEqual(await labelsAt(page, 2), [...expectedGroups, 'Labels', ...(hasMore ? ['Load more…'] : [])]);
      assert.deepEqual(await labelsAt(page, 3), expectedAgents);
      const count = await row(page, 'Enabled', 2).locator('.label-description').textContent();
      assert.match(count ?? '', /^\d+ agents?( loaded)?$/);
      const description = await row(page, firstAgent, 3).locator('.label-description').textContent();
      assert.match(description ?? '', /enabled|disabled/);
    });
  });

  test('with "Last hour", User Sessions shows one page, "Load more…" and a session\'s pages', async () => {
    const { page } = workbench;
    await onFailureScreenshot(page, 'tree-sessions', async () => {
      await row(page, 'Endpoint Agents', 1).click(); // collapse, so the sessions are in view
      // The current round holds only a couple of sessions; a person widens the time range.
      await page.locator('.part.sidebar').getByRole('button', { name: 'Set Time Range' }).click();
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Last hour' }).click();
      await row(page, 'User Sessions', 1)
        .locator('.label-description', { hasText: 'Last hour' })
        .waitFor({ timeout: FILL_TIMEOUT_MS });
      await expand(row(page, 'User Sessions', 1));
      await waitForRowOrError(page, row(page, 'Load more…', 2));
      const rows = await labelsAt(page, 2);
      assert.equal(rows[0], 'Worst Sessions', 'the list leads with its worst sessions');
      const sessions = rows.filter((label) => label !== 'Load more…' && label !== 'Worst Sessions');
      assert.equal(sessions.length, PAGE_SIZE, `one page of ${PAGE_SIZE} sessions, got ${sessions.join(', ')}`);
      // A click on a session opens its overview; its pages stay under the arrow.
      const session = netmonTree(page).locator('.monaco-list-row[aria-level="2"]').nth(1);
      await session.locator('.label-name').click();
      await page
        .locator('.tabs-container .tab', { hasText: /^Session/ })
        .first()
        .waitFor({ timeout: FILL_TIMEOUT_MS });
      assert.notEqual(await session.getAttribute('aria-expanded'), 'true', 'a click opens, it does not expand');
      await session.locator('.monaco-tl-twistie').click();
      await assertEventually(
        async () => (await session.getAttribute('aria-expanded')) === 'true',
        'the arrow to expand',
      );
      await waitForRowOrError(page, netmonTree(page).locator('.monaco-list-row[aria-level="3"]').first());
      assert.ok((await labelsAt(page, 3)).length > 0, 'the session shows no pages');
      await runCommandFromPalette(page, 'View: Close All Editors'); // the next test starts from the tree alone
    });
  });

  test('the whole tree as a person sees it: scores, a filter picked by name, Worst Sessions; screenshot, no error notifications', async () => {
    const { page } = workbench;
    await onFailureScreenshot(page, 'tree-screenshot', async () => {
      assert.ok(busiest, 'the demo has an agent with sessions in the last day');
      await page.setViewportSize({ width: 1280, height: 1100 });
      await widenSideBar(page, 560);
      const sidebar = page.locator('.part.sidebar');
      const widget = page.locator('.quick-input-widget');
      // The last day, narrowed to one laptop picked by its name (not its id).
      await sidebar.getByRole('button', { name: 'Set Time Range' }).click();
      await widget.locator('.monaco-list-row', { hasText: 'Last day' }).click();
      await sidebar.getByRole('button', { name: 'Add Filter' }).click();
      await widget.locator('input').fill('agentId');
      await widget.locator('.monaco-list-row', { hasText: 'Endpoint agent, by computer name' }).first().click();
      await widget
        .locator('.quick-input-title', { hasText: 'agentId is one of' })
        .waitFor({ timeout: FILL_TIMEOUT_MS });
      await widget.locator('input').fill(busiest);
      await widget
        .locator('.monaco-list-row', { hasText: busiest })
        .first()
        .locator('.label-name, .monaco-highlighted-label')
        .first()
        .click(); // a click ticks it
      await widget
        .locator('.quick-input-count, .monaco-count-badge', { hasText: '1 Selected' })
        .first()
        .waitFor({ timeout: 5_000 });
      await page.keyboard.press('Enter');
      await row(page, `agent = ${busiest}`, 2)
        .or(row(page, 'Filters', 1))
        .first()
        .waitFor({ timeout: FILL_TIMEOUT_MS });
      await expand(row(page, 'Filters', 1));
      await row(page, `agent = ${busiest}`, 2).waitFor({ timeout: FILL_TIMEOUT_MS });
      // Scores at a glance, and the worst sessions of the whole range.
      await expand(row(page, 'User Sessions', 1));
      await expand(row(page, 'Worst Sessions', 2));
      // A session row (pages of a session expanded before may also sit at this level).
      const scored = netmonTree(page)
        .locator('.monaco-list-row[aria-level="3"]')
        .filter({ has: page.locator('.label-name', { hasText: /^\d\.\d\d (good|fair|poor)/ }) })
        .first();
      await waitForRowOrError(page, scored);
      const labelled = await scored.locator('.label-name').textContent();
      assert.match(labelled ?? '', /^\d\.\d\d (good|fair|poor) · /, 'a session row leads with its score in words');
      await row(page, /^10 lowest of [\d,]+ sessions/, 3).waitFor({ timeout: FILL_TIMEOUT_MS });
      await toastsGone(page);
      await saveScreenshot(page, 'tree');
      assert.deepEqual(await errorNotifications(page), [], 'VS Code shows error notifications');
    });
  });
});
