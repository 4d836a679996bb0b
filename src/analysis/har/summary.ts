// What the summary bar and the report header say about a set of rows.
import { RESOURCE_TYPES, type ResourceType } from './model';
import type { WaterfallRow } from './waterfall';

export interface Tally {
  count: number;
  transferBytes: number;
}
export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'failed';

export interface HarSummary {
  requests: number;
  transferBytes: number;
  contentBytes: number;
  /** Latest request end, from the page start. */
  finishMs: number;
  byType: Record<ResourceType, Tally>;
  byStatus: Record<StatusClass, number>;
  /** Domains by transferred bytes, largest first. */
  byDomain: { domain: string; count: number; transferBytes: number }[];
  redirects: number;
}

const STATUS_CLASSES: readonly StatusClass[] = ['failed', '1xx', '2xx', '3xx', '4xx', '5xx'];

export function statusClass(status: number): StatusClass {
  return (status > 0 && status < 600 && STATUS_CLASSES[Math.floor(status / 100)]) || 'failed';
}

export function summarize(rows: readonly WaterfallRow[]): HarSummary {
  const byType = Object.fromEntries(RESOURCE_TYPES.map((t) => [t, { count: 0, transferBytes: 0 }])) as Record<
    ResourceType,
    Tally
  >;
  const byStatus: Record<StatusClass, number> = { '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, failed: 0 };
  const domains = new Map<string, { count: number; transferBytes: number }>();
  let transferBytes = 0;
  let contentBytes = 0;
  let finishMs = 0;
  let redirects = 0;
  for (const { entry, endMs } of rows) {
    const bytes = Math.max(entry.transferBytes, 0);
    transferBytes += bytes;
    contentBytes += Math.max(entry.contentBytes, 0);
    finishMs = Math.max(finishMs, endMs);
    byType[entry.resourceType].count += 1;
    byType[entry.resourceType].transferBytes += bytes;
    byStatus[statusClass(entry.status)] += 1;
    if (entry.redirectURL) redirects += 1;
    const domain = domains.get(entry.host) ?? { count: 0, transferBytes: 0 };
    domain.count += 1;
    domain.transferBytes += bytes;
    domains.set(entry.host, domain);
  }
  const byDomain = [...domains]
    .map(([domain, t]) => ({ domain, ...t }))
    .sort((a, b) => b.transferBytes - a.transferBytes || b.count - a.count || a.domain.localeCompare(b.domain));
  return { requests: rows.length, transferBytes, contentBytes, finishMs, byType, byStatus, byDomain, redirects };
}
