// Reads the HAR waterfall panel's DOM the way a user sees it (visible rows, detail, summary).
import type { Browser, Page } from 'playwright-core';
import { openPanel, type OpenPanel } from './panel';

export interface VisibleRow {
  position: number;
  cells: string[];
  selected: boolean;
}

/** Rows currently drawn (the virtualized pool), in list order. */
interface RowLike {
  id: string;
  children: ArrayLike<{ textContent: string | null }>;
  getAttribute(name: string): string | null;
}

export function visibleRows(page: Page): Promise<VisibleRow[]> {
  return page.$$eval('.har-row[id]', (elements) =>
    (elements as unknown as RowLike[])
      .map((row) => ({
        position: Number(row.id.replace('har-row-', '')),
        cells: Array.from(row.children)
          .slice(0, 7)
          .map((c) => c.textContent ?? ''),
        selected: row.getAttribute('aria-selected') === 'true',
      }))
      .sort((a, b) => a.position - b.position),
  );
}

export const summaryText = (page: Page): Promise<string> => page.$eval('.har-summary', (e) => e.textContent ?? '');
export const detailText = (page: Page): Promise<string> =>
  page.$eval('.har-detail', (e) => (e.hasAttribute('hidden') ? '' : (e.textContent ?? '')));

export async function typeFilter(page: Page, text: string): Promise<void> {
  await page.locator('vscode-textfield.har-filter input').fill(text);
  await page.waitForTimeout(120);
}

/** The waterfall panel, opened and drawn with `params` (the host's `load`: a HAR, a title…). */
export async function openHarPanel(browser: Browser, params: Record<string, unknown>): Promise<OpenPanel> {
  const panel = await openPanel(browser, { panel: 'har' });
  await panel.waitForSent('ready');
  await panel.post({ type: 'load', params });
  await panel.waitForSent('loaded');
  return panel;
}
