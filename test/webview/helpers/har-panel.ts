// Reads the HAR waterfall panel's DOM the way a user sees it (visible rows, detail, summary).
import type { Page } from 'playwright-core';

export interface VisibleRow { position: number; cells: string[]; selected: boolean }

/** Rows currently drawn (the virtualized pool), in list order. */
interface RowLike { id: string; children: ArrayLike<{ textContent: string | null }>; getAttribute(name: string): string | null }

export function visibleRows(page: Page): Promise<VisibleRow[]> {
  return page.$$eval('.har-row[id]', (elements) => (elements as unknown as RowLike[])
    .map((row) => ({
      position: Number(row.id.replace('har-row-', '')),
      cells: Array.from(row.children).slice(0, 7).map((c) => c.textContent ?? ''),
      selected: row.getAttribute('aria-selected') === 'true',
    }))
    .sort((a, b) => a.position - b.position));
}

export const summaryText = (page: Page): Promise<string> => page.$eval('.har-summary', (e) => e.textContent ?? '');
export const detailText = (page: Page): Promise<string> => page.$eval('.har-detail', (e) => (e.hasAttribute('hidden') ? '' : e.textContent ?? ''));

export async function typeFilter(page: Page, text: string): Promise<void> {
  await page.locator('vscode-textfield.har-filter input').fill(text);
  await page.waitForTimeout(120);
}
