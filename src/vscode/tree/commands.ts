// Tree commands: refresh (one node or all), load more, retry, the time range and how the
// loaded sessions are sorted and grouped (filters: filter-commands.ts). Commands take arguments too, so scripts and
// tests skip the UI.
import * as vscode from 'vscode';
import { pick } from '../ui/quick-pick';
import { GROUP_LABELS, SORT_LABELS } from '../../analysis/records/arrange';
import { registerCommands } from '../command-util';
import { PagedNode, TreeNode } from './nodes';
import type { NetmonTreeProvider } from './provider';
import { TIME_PRESETS, type QueryState, type TimeRange } from './query-state';
import { parseLocalRange } from '../../analysis/time/local-range';
import { askLocalRange } from '../ui/local-range-box';
import { REFRESH_DEPLOYED_TESTS } from './command-ids';
import { COMMAND } from '../command-ids.generated';

export function registerTreeCommands(
  context: vscode.ExtensionContext,
  provider: NetmonTreeProvider,
  query: QueryState,
): void {
  registerCommands(context, {
    [COMMAND.refresh]: (node) => (node instanceof TreeNode ? provider.refresh(node) : provider.refreshAll()),
    [COMMAND.refreshAll]: () => provider.refreshAll(),
    // Not in the palette: the documents' writes call it so Deployed Tests shows what they changed.
    [REFRESH_DEPLOYED_TESTS]: () => provider.refreshRoot('root deployedTests'),
    [COMMAND.loadMore]: (node, step) =>
      node instanceof PagedNode ? provider.loadMore(node, typeof step === 'number' ? step : undefined) : undefined,
    [COMMAND.retry]: (node) => (node instanceof TreeNode ? provider.retry(node) : provider.refreshAll()),
    [COMMAND.setTimeRange]: async (range) => {
      const chosen = parseTimeRange(range) ?? (await pickTimeRange());
      if (chosen) query.setTimeRange(chosen);
    },
    [COMMAND.clearFilters]: () => query.clearFilters(),
    [COMMAND.sortSessions]: async (mode) => {
      const sort = isKey(mode, SORT_LABELS)
        ? mode
        : (
            await pick(
              keysOf(SORT_LABELS).map((key) => ({
                label: `Sort ${SORT_LABELS[key]}`,
                key,
                picked: key === provider.arrangement.sort,
              })),
              { title: 'Netmon: sort the loaded user sessions' },
            )
          )?.key;
      if (sort) provider.arrangement.setSort(sort);
    },
    [COMMAND.groupSessions]: async (mode) => {
      const group = isKey(mode, GROUP_LABELS)
        ? mode
        : (
            await pick(
              keysOf(GROUP_LABELS).map((key) => ({ label: `Group ${GROUP_LABELS[key]}`, key })),
              { title: 'Netmon: group the loaded user sessions' },
            )
          )?.key;
      if (group) provider.arrangement.setGroup(group);
    },
  });
}

function isKey<K extends string>(value: unknown, labels: Record<K, string>): value is K {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(labels, value);
}

function keysOf<K extends string>(labels: Record<K, string>): K[] {
  return Object.keys(labels) as K[];
}

/**
 * Accepts `{ window: '1h' }`, `{ from, to }` (Date or ISO text), `'current'` or range text (`'yesterday afternoon'`).
 */
function parseTimeRange(value: unknown): TimeRange | undefined {
  if (value === 'current') return { kind: 'current' };
  if (typeof value === 'string') return localRange(value, Date.now());
  if (typeof value !== 'object' || value === null) return undefined;
  const { window, from, to } = value as { window?: unknown; from?: unknown; to?: unknown };
  if (typeof window === 'string' && /^[0-9]+[smhdw]?$/.test(window)) return { kind: 'window', window };
  const fromDate = toDate(from);
  const toDateValue = toDate(to);
  if (fromDate && toDateValue) return { kind: 'custom', from: fromDate, to: toDateValue };
  return undefined;
}

function toDate(value: unknown): Date | undefined {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** Day shorthands the picker offers besides the rolling windows, resolved when picked (local time). */
const DAY_RANGES = ['today', 'yesterday', 'yesterday afternoon'] as const;

async function pickTimeRange(): Promise<TimeRange | undefined> {
  const days = DAY_RANGES.map((text) => ({ label: text[0]!.toUpperCase() + text.slice(1), text, range: undefined }));
  const items: { label: string; range?: TimeRange; text?: string; description?: string }[] = [
    ...TIME_PRESETS.map((preset) => ({ label: preset.label, range: preset.range })),
    ...days,
    { label: 'Custom range (local time)…', description: 'e.g. 2026-11-24 14:00 – 18:00' },
  ];
  const picked = await pick(items, { title: 'Netmon: time range of the data nodes' });
  if (!picked) return undefined;
  if (picked.range) return picked.range;
  if (picked.text) return localRange(picked.text, Date.now());
  const asked = await askLocalRange('Netmon: custom time range (local time)');
  return asked ? localRange(asked.text, Date.now()) : undefined;
}

/** A typed range (local time unless it names an offset) as the view's custom range. */
function localRange(text: string, nowMs: number): TimeRange | undefined {
  const parsed = parseLocalRange(text, nowMs);
  if (!parsed.ok) return undefined;
  const { from, to, label } = parsed.value;
  const day = DAY_RANGES.find((d) => d === text.trim().toLowerCase());
  return { kind: 'custom', from, to, label: day ? `${day[0]!.toUpperCase()}${day.slice(1)} (${label})` : label };
}
