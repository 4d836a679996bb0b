// Messages between the session compare webview and its host. The host imports this file too.
import type { SessionComparison } from '../../src/analysis/session/compare';
import { hasFields, isNothing, isOptional, isRecord, isString, isTypedMessage, type Guard } from '../shared/guards';
import type { IpcMessage, ReadyMessage } from '../shared/ipc';
import { isRenderFailedParams, type RenderFailedMessage } from '../shared/render-failed';

export interface CompareLoad {
  comparison: SessionComparison;
  /** Why the second session was chosen, when the host chose it ("the best-scored session of … in the last 24h"). */
  matchedOn?: string;
}

/** Host → webview. */
export type CompareHostMessage = IpcMessage<'load', CompareLoad> | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type ComparePanelMessage =
  | ReadyMessage
  | RenderFailedMessage
  | IpcMessage<'loaded', { a: string; b: string }>
  /** Open one of the two sessions' overview. */
  | IpcMessage<'openSession', { userSessionId: string }>
  /** "Export Evidence…": the comparison as one offline file for a ticket. */
  | IpcMessage<'exportEvidence', undefined>
  /** "Share for a Ticket…": the same evidence, the sessions' redacted HARs beside it, in a folder the user picks. */
  | IpcMessage<'shareForTicket', undefined>;

const isComparison = ((value: unknown) =>
  isRecord(value) &&
  isRecord(value['a']) &&
  isRecord(value['b']) &&
  Array.isArray(value['segments'])) as Guard<SessionComparison>;

export function isCompareHostMessage(value: unknown): value is CompareHostMessage {
  return isTypedMessage<CompareHostMessage>(value, {
    load: hasFields<CompareLoad>({ comparison: isComparison, matchedOn: isOptional(isString) }),
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

export function isComparePanelMessage(value: unknown): value is ComparePanelMessage {
  return isTypedMessage<ComparePanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    loaded: hasFields<{ a: string; b: string }>({ a: isString, b: isString }),
    openSession: hasFields<{ userSessionId: string }>({ userSessionId: isString }),
    exportEvidence: isNothing,
    shareForTicket: isNothing,
  });
}
