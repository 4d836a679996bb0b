// Load parameters for the path panel tests and screenshot: a realistic multi-agent,
// ECMP, MPLS world with stars, plus helpers to build the bundle once.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { PathLoadParams } from '../../webview/path/protocol';
import { openPanel, type OpenPanel } from './helpers/panel';
import { syntheticTraces } from '../unit/path/synthetic';

export const REPO = join(__dirname, '..', '..');

export function buildPanels(...panels: string[]): void {
  const result = spawnSync(process.execPath, ['esbuild.mjs', '--only', panels.map((p) => `webview-${p}`).join(',')], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build failed: ${result.stderr}`);
}

const CITIES = ['Chicago', 'Frankfurt', 'London', 'New York', 'Tokyo'];

export function agentNames(count: number): Record<string, string> {
  const names: Record<string, string> = {};
  for (let i = 0; i < count; i++)
    names[`a${String(i + 1).padStart(3, '0')}`] =
      `${CITIES[i % CITIES.length]} laptop ${Math.floor(i / CITIES.length) + 1}`;
  return names;
}

export function pathLoad(agents = 12, hops = 16): PathLoadParams {
  const traces = syntheticTraces({
    agents,
    hops,
    rounds: 1,
    ecmp: true,
    silentRouters: 0.1,
    seed: 5,
    firstRound: 1_763_776_800,
  });
  return {
    title: 'Scheduled test · shop.example.com (104.16.132.229:443)',
    traces,
    rounds: [0, 1, 2, 3].map((k) => ({ roundId: 1_763_776_800 - k * 300, agents })),
    roundId: 1_763_776_800,
    agentNames: agentNames(agents),
  };
}

export async function openPathPanel(browser: Browser, params: PathLoadParams = pathLoad()): Promise<OpenPanel> {
  const panel = await openPanel(browser, { panel: 'path', viewport: { width: 1400, height: 860 } });
  await panel.waitForSent('ready');
  await panel.post({ type: 'load', params });
  await panel.waitForSent('rendered');
  return panel;
}

export const visibleText = (panel: OpenPanel, selector: string): Promise<string> =>
  panel.page.locator(selector).innerText();

/** The node id under keyboard focus (aria-activedescendant of the graph). */
export async function activeNode(panel: OpenPanel): Promise<string | null> {
  const id = await panel.page.getAttribute('.canvas', 'aria-activedescendant');
  return id ? panel.page.getAttribute(`#${id}`, 'data-node') : null;
}
