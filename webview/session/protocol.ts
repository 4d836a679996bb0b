// Messages between the session overview webview and its host. The host imports this file too.
import type { UserSessionDetail } from '../../src/api/types';
import { isMessage, type IpcMessage, type ReadyMessage } from '../shared/ipc';

/** Host → webview. */
export type SessionHostMessage =
  /** The user-session details response item to show. */
  | IpcMessage<'load', { session: UserSessionDetail }>
  /** The host could not fetch the session; shown instead of the overview. */
  | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type SessionPanelMessage =
  | ReadyMessage
  | IpcMessage<'loaded', { userSessionId: string }>
  /** Open the waterfall of one page of the session (the host fetches its HAR). */
  | IpcMessage<'openPage', { userSessionId: string; pageId: string; title: string }>;

export const SESSION_HOST_MESSAGE_TYPES: readonly SessionHostMessage['type'][] = ['load', 'error'];
export const SESSION_PANEL_MESSAGE_TYPES: readonly SessionPanelMessage['type'][] = ['ready', 'loaded', 'openPage'];

export function isSessionHostMessage(value: unknown): value is SessionHostMessage {
  return isMessage<SessionHostMessage>(value, SESSION_HOST_MESSAGE_TYPES);
}

export function isSessionPanelMessage(value: unknown): value is SessionPanelMessage {
  return isMessage<SessionPanelMessage>(value, SESSION_PANEL_MESSAGE_TYPES);
}
