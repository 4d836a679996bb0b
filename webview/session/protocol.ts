// Messages between the session overview webview and its host. The host imports this file too.
import type { UserSessionDetail } from '../../src/api/types';
import { hasFields, isNothing, isRecord, isString, isTypedMessage, type Guard } from '../shared/guards';
import type { IpcMessage, ReadyMessage } from '../shared/ipc';
import { isRenderFailedParams, type RenderFailedMessage } from '../shared/render-failed';

/** Host → webview. */
export type SessionHostMessage =
  /** The user-session details response item to show. */
  | IpcMessage<'load', { session: UserSessionDetail }>
  /** The host could not fetch the session; shown instead of the overview. */
  | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type SessionPanelMessage =
  | ReadyMessage
  /** Drawing a host message failed (the panel shows why; the host logs it). */
  | RenderFailedMessage
  | IpcMessage<'loaded', { userSessionId: string }>
  /** Open the waterfall of one page of the session (the host fetches its HAR). */
  | IpcMessage<'openPage', { userSessionId: string; pageId: string; title: string }>;

export const SESSION_HOST_MESSAGE_TYPES: readonly SessionHostMessage['type'][] = ['load', 'error'];
export const SESSION_PANEL_MESSAGE_TYPES: readonly SessionPanelMessage['type'][] = ['ready', 'renderFailed', 'loaded', 'openPage'];

// The renderer reads every field defensively; here the session only needs to be an object.
const isSessionDetail = isRecord as Guard<UserSessionDetail>;

/** Host → webview, with params checked (a message from another frame is dropped). */
export function isSessionHostMessage(value: unknown): value is SessionHostMessage {
  return isTypedMessage<SessionHostMessage>(value, {
    load: hasFields<{ session: UserSessionDetail }>({ session: isSessionDetail }),
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

/** Webview → host, with params checked. */
export function isSessionPanelMessage(value: unknown): value is SessionPanelMessage {
  return isTypedMessage<SessionPanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    loaded: hasFields<{ userSessionId: string }>({ userSessionId: isString }),
    openPage: hasFields<{ userSessionId: string; pageId: string; title: string }>({ userSessionId: isString, pageId: isString, title: isString }),
  });
}
