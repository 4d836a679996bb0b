// Tree commands: refresh (one node or all), load more, retry, the time range and how the
// loaded sessions are sorted and grouped (filters: filter-commands.ts). Commands take arguments too, so scripts and tests skip the UI.
import * as vscode from 'vscode';
import { pick } from '../ui/quick-pick';
import { GROUP_LABELS, SORT_LABELS } from '../../analysis/records/arrange';
import { registerCommands } from '../command-util';
import { PagedNode, TreeNode } from './nodes';
import type { NetmonTreeProvider } from './provider';
import { TIME_PRESETS, type QueryState, type TimeRange } from './query-state';

export function registerTreeCommands(context: vscode.ExtensionContext, provider: NetmonTreeProvider, query: QueryState): void {
  registerCommands(context, {
    'netmon.refresh': (node) => (node instanceof TreeNode ? provider.refresh(node) : provider.refreshAll()),
    'netmon.refreshAll': () => provider.refreshAll(),
    'netmon.loadMore': (node, step) => (node instanceof PagedNode ? provider.loadMore(node, typeof step === 'number' ? step : undefined) : undefined),
    'netmon.retry': (node) => (node instanceof TreeNode ? provider.retry(node) : provider.refreshAll()),
    'netmon.setTimeRange': async (range) => {
      const chosen = parseTimeRange(range) ?? await pickTimeRange();
      if (chosen) query.setTimeRange(chosen);
    },
    'netmon.clearFilters': () => query.clearFilters(),
    'netmon.sortSessions': async (mode) => {
      const sort = isKey(mode, SORT_LABELS) ? mode : (await pick(keysOf(SORT_LABELS).map((key) => ({ label: `Sort ${SORT_LABELS[key]}`, key, picked: key === provider.arrangement.sort })),
        { title: 'Netmon: sort the loaded user sessions' }))?.key;
      if (sort) provider.arrangement.setSort(sort);
    },
    'netmon.groupSessions': async (mode) => {
      const group = isKey(mode, GROUP_LABELS) ? mode : (await pick(keysOf(GROUP_LABELS).map((key) => ({ label: `Group ${GROUP_LABELS[key]}`, key })),
        { title: 'Netmon: group the loaded user sessions' }))?.key;
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

/** Accepts `{ window: '1h' }`, `{ from, to }` (Date or ISO text) or `'current'`. */
function parseTimeRange(value: unknown): TimeRange | undefined {
  if (value === 'current') return { kind: 'current' };
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

async function pickTimeRange(): Promise<TimeRange | undefined> {
  const items = [...TIME_PRESETS.map((preset) => ({ label: preset.label, range: preset.range as TimeRange | undefined })), { label: 'Custom…', range: undefined }];
  const picked = await pick(items, { title: 'Netmon: time range of the data nodes' });
  if (!picked) return undefined;
  if (picked.range) return picked.range;
  const from = await askUtc('From (UTC)', new Date(Date.now() - 3_600_000));
  if (!from) return undefined;
  const to = await askUtc('To (UTC)', new Date(), from);
  return to ? { kind: 'custom', from, to } : undefined;
}

async function askUtc(title: string, suggestion: Date, notBefore?: Date): Promise<Date | undefined> {
  const text = await vscode.window.showInputBox({
    title, prompt: 'YYYY-MM-DD HH:MM (UTC)', value: suggestion.toISOString().slice(0, 16).replace('T', ' '),
    validateInput: (input) => {
      const date = parseUtc(input);
      if (!date) return 'Enter a date and time as YYYY-MM-DD HH:MM';
      if (notBefore && date <= notBefore) return 'The end must be after the start';
      return undefined;
    },
  });
  return text === undefined ? undefined : parseUtc(text);
}

function parseUtc(text: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}:${match[3] ?? '00'}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
