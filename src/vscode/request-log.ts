// The "Netmon" log: one line per HTTP attempt of the client. Paths arrive redacted
// (authToken removed) from the client; tokens never reach this channel.
import type * as vscode from 'vscode';
import type { RequestEvent } from '../api';

export function formatRequestLine(event: RequestEvent): string {
  const status = event.status === undefined ? (event.error?.kind ?? 'no response') : String(event.status);
  const parts = [event.method, event.path, status, `${Math.round(event.durationMs)} ms`];
  if (event.rateLimitRemaining !== undefined) parts.push(`rate-limit remaining ${event.rateLimitRemaining}`);
  if (event.retries > 0) parts.push(`retry ${event.retries}`);
  if (event.rateLimitWaitMs > 0) parts.push(`waited ${Math.round(event.rateLimitWaitMs)} ms for the rate limit`);
  return parts.join(' ');
}

export function logRequest(log: vscode.LogOutputChannel, event: RequestEvent): void {
  const line = formatRequestLine(event);
  if (event.status !== undefined && event.status < 400) log.info(line);
  else if (event.error?.kind === 'cancelled') log.debug(line);
  else log.warn(line);
}
