// HAR 1.2 as the page-details endpoint returns it.
import type { SystemMetrics } from './endpoint-data';

// ---------- HAR 1.2 (as the page-details endpoint returns it) ----------

export interface HarNameValue {
  name: string;
  value: string;
  comment?: string;
}
export interface HarTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  send: number;
  wait: number;
  receive: number;
  ssl?: number;
  comment?: string;
}
export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text?: string; params?: unknown[] };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    content: { size: number; compression?: number; mimeType: string; text?: string; encoding?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    _transferSize?: number;
    /** Why the request failed (Chrome writes it with status 0). */
    _error?: string;
  };
  cache: Record<string, unknown>;
  timings: HarTimings;
  serverIPAddress?: string;
  connection?: string;
  _resourceType?: string;
  comment?: string;
  [extra: string]: unknown;
}
export interface HarPage {
  startedDateTime: string;
  id: string;
  title: string;
  pageTimings: { onContentLoad?: number; onLoad?: number };
  [extra: string]: unknown;
}
export interface Har {
  log: {
    version: string;
    creator: { name: string; version: string };
    browser?: { name: string; version: string };
    pages?: HarPage[];
    entries: HarEntry[];
    [extra: string]: unknown;
  };
  _systemMetrics?: SystemMetrics;
  [extra: string]: unknown;
}

export interface PageDetailResponse {
  har: Har;
}
