// The normalized shape every HAR becomes after reading: no -1 sentinels, no missing
// arrays, phases that never overlap (ssl is carved out of connect), one type per entry.
import type { SystemMetrics } from '../../api/types';
import type { EdgeCache, ServerTimingMetric } from './exporter-fields';

export const PHASES = ['blocked', 'dns', 'connect', 'ssl', 'send', 'wait', 'receive'] as const;
export type Phase = (typeof PHASES)[number];
export type PhaseDurations = Record<Phase, number>;

/** DevTools-style resource categories, used by the type chips and summaries. */
export const RESOURCE_TYPES = [
  'document',
  'stylesheet',
  'script',
  'image',
  'font',
  'fetch',
  'media',
  'websocket',
  'other',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export interface NameValue {
  name: string;
  value: string;
}

export interface HarPageInfo {
  id: string;
  title: string;
  startedDateTime: string;
  /** Epoch ms; NaN never escapes the reader (falls back to the first entry's start). */
  startMs: number;
  onContentLoad?: number;
  onLoad?: number;
  /**
   * Main-thread CPU time until the document completed (ms), when the exporter measured it (WebPageTest `_docCPUms`).
   */
  mainThreadMs?: number;
  /**
   * First paint (ms from the page start) where the exporter says it: WebPageTest `_startRender`/`_render`,
   * browsertime's FirstVisualChange.
   */
  firstPaint?: number;
}

export interface HarRequestEntry {
  /** Position in the file, the tie-breaker of every sort. */
  index: number;
  pageref: string;
  startedDateTime: string;
  startMs: number;
  /** Total duration: the entry's `time`, or the sum of phases when absent. */
  totalMs: number;
  phases: PhaseDurations;
  method: string;
  url: string;
  scheme: string;
  host: string;
  /** Last path segment (plus query), what the Name column shows. */
  name: string;
  path: string;
  status: number;
  statusText: string;
  httpVersion: string;
  mimeType: string;
  resourceType: ResourceType;
  /** Bytes on the wire (headers + body), or -1 when the HAR does not say. */
  transferBytes: number;
  /** Decoded body size, or -1 when unknown. */
  contentBytes: number;
  requestHeaders: NameValue[];
  responseHeaders: NameValue[];
  queryString: NameValue[];
  requestCookies: NameValue[];
  responseCookies: NameValue[];
  postData?: { mimeType: string; text: string };
  redirectURL: string;
  /** Index of the entry this one was redirected from, when the chain is in the file. */
  redirectedFrom?: number;
  serverIPAddress: string;
  connection: string;
  fromCache: boolean;
  /** "h3" for HTTP/3 in any exporter's spelling, else httpVersion as written. */
  protocol: string;
  /** Answered by a service worker (Chrome `_fetchedViaServiceWorker`, `_fromServiceWorker`). */
  viaServiceWorker: boolean;
  /** What the CDN in front of the origin did (`cf-cache-status`, `x-cache`, `age`), when it says. */
  edgeCache: EdgeCache | undefined;
  /** The server's own account of its time (`Server-Timing`), bounded. */
  serverTiming: ServerTimingMetric[];
  /** URL of what started the request (Chrome, browsertime, WebPageTest `_initiator`); '' when the HAR does not say. */
  initiator?: string;
  /** The browser's priority (`_priority`: VeryHigh … VeryLow, Highest …); '' when absent. */
  priority?: string;
  /** WebPageTest's `_renderBlocking` ('blocking', 'non_blocking', …); '' when absent. */
  renderBlocking?: string;
  /** Why the request failed, where the exporter says (Chrome's `response._error`), one line; '' when it does not. */
  error: string;
}

export interface HarDocument {
  creator: string;
  browser: string;
  pages: HarPageInfo[];
  /** Sorted by start time (file order among equals). */
  entries: HarRequestEntry[];
  systemMetrics?: SystemMetrics;
  /** What the reader had to repair, for a notice in the panel. */
  warnings: string[];
}
