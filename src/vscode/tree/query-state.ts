// The view-level time range and search filters that the data nodes send. Changing either
// fires onDidChange so the view reloads; `description` is what the view shows beside its title.
import * as vscode from 'vscode';
import type { ListOptions } from '../../api';
import { filterKeysFor, type FilterTarget, type SearchFilter } from '../../api/types';
import { FILTER_KEY_NAMES, filterText } from '../../analysis/filters/choices';

/** One value of an active filter, as the view lists it. */
export interface ActiveFilterValue {
  key: string;
  value: string | number;
  text: string;
}

export type TimeRange =
  { kind: 'current' } | { kind: 'window'; window: string } | { kind: 'custom'; from: Date; to: Date; label?: string };

export const TIME_PRESETS: readonly { label: string; range: TimeRange }[] = [
  { label: 'Current round', range: { kind: 'current' } },
  { label: 'Last 5 minutes', range: { kind: 'window', window: '5m' } },
  { label: 'Last hour', range: { kind: 'window', window: '1h' } },
  { label: 'Last day', range: { kind: 'window', window: '1d' } },
  { label: 'Last 7 days', range: { kind: 'window', window: '7d' } },
];

/** "Current round" shows almost no sessions; the last hour has something to look at. */
export const DEFAULT_TIME_RANGE: TimeRange = { kind: 'window', window: '1h' };

export class QueryState implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private range: TimeRange = DEFAULT_TIME_RANGE;
  private activeFilters: SearchFilter[] = [];
  /** What a filter value reads as (an agent's computer name for its id), by key and value. */
  private readonly labels = new Map<string, string>();

  get timeRange(): TimeRange {
    return this.range;
  }
  get filters(): readonly SearchFilter[] {
    return this.activeFilters;
  }

  setTimeRange(range: TimeRange): void {
    this.range = range;
    this.changed.fire();
  }

  /**
   * Adds values to a key (OR within a key, AND across keys, as the API combines them);
   * `labels` says what values read as (computer names for agent ids).
   */
  addFilter(filter: SearchFilter, labels: Readonly<Record<string, string>> = {}): void {
    const existing = this.activeFilters.find((f) => f.key === filter.key);
    const others = this.activeFilters.filter((f) => f.key !== filter.key);
    const values = [...new Set([...(existing?.values ?? []), ...filter.values])];
    for (const value of filter.values) {
      const label = labels[String(value)];
      if (label !== undefined && label !== String(value)) this.labels.set(labelKey(filter.key, value), label);
    }
    this.activeFilters = [...others, { key: filter.key, values }];
    this.changed.fire();
  }

  /** Removes one value; the key goes when its last value does. */
  removeFilter(key: string, value: string | number): void {
    this.activeFilters = this.activeFilters
      .map((f) => (f.key === key ? { key, values: f.values.filter((v) => String(v) !== String(value)) } : f))
      .filter((f) => f.values.length > 0);
    this.labels.delete(labelKey(key, value));
    this.changed.fire();
  }

  clearFilters(): void {
    this.activeFilters = [];
    this.labels.clear();
    this.changed.fire();
  }

  /** Every active value, as "agent = LAPTOP-ANNA". */
  activeValues(): ActiveFilterValue[] {
    return this.activeFilters.flatMap((f) =>
      f.values.map((value) => ({ key: f.key, value, text: filterText(f.key, value, this.labelOf(f.key, value)) })),
    );
  }

  labelOf(key: string, value: string | number): string | undefined {
    return this.labels.get(labelKey(key, value));
  }

  /** Time parameters for a list request. */
  timeOptions(): Pick<ListOptions, 'window' | 'from' | 'to'> {
    if (this.range.kind === 'window') return { window: this.range.window };
    if (this.range.kind === 'custom') return { from: this.range.from, to: this.range.to };
    return {};
  }

  /** The filters this endpoint accepts; keys of other endpoints (e.g. `type`) are left out. */
  filtersFor(target: FilterTarget): SearchFilter[] | undefined {
    const allowed = new Set(filterKeysFor(target));
    const applicable = this.activeFilters.filter((f) => allowed.has(f.key));
    return applicable.length > 0 ? applicable : undefined;
  }

  /** True for the default time range without filters (nothing to point out in the view). */
  get isDefault(): boolean {
    return timeRangeLabel(this.range) === timeRangeLabel(DEFAULT_TIME_RANGE) && this.activeFilters.length === 0;
  }

  /** Time range and the filters one endpoint receives, for that list's node. */
  describeFor(target: FilterTarget): string {
    const parts = [timeRangeLabel(this.range)];
    for (const filter of this.filtersFor(target) ?? []) parts.push(this.describeFilter(filter));
    return parts.join(' · ');
  }

  get description(): string {
    const parts = [timeRangeLabel(this.range)];
    for (const filter of this.activeFilters) parts.push(this.describeFilter(filter));
    return parts.join(' · ');
  }

  private describeFilter(filter: SearchFilter): string {
    const values = filter.values.map((v) => this.labelOf(filter.key, v) ?? String(v));
    return `${FILTER_KEY_NAMES[filter.key] ?? filter.key}=${values.join('|')}`;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function labelKey(key: string, value: string | number): string {
  return `${key}\u0000${String(value)}`;
}

export function timeRangeLabel(range: TimeRange): string {
  if (range.kind === 'custom') return range.label ?? `${formatUtc(range.from)} → ${formatUtc(range.to)} UTC`;
  const preset = TIME_PRESETS.find(
    (p) =>
      p.range.kind === range.kind &&
      (range.kind !== 'window' || (p.range.kind === 'window' && p.range.window === range.window)),
  );
  return preset?.label ?? (range.kind === 'window' ? `Last ${range.window}` : 'Current round');
}

function formatUtc(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}
