// Messages between the HAR waterfall webview and its host (the custom editor for .har
// files and the page-details panel). The host imports this file too.
import { isMessage, type IpcMessage, type ReadyMessage } from '../shared/ipc';

export interface LoadParams {
  /** A HAR as the file or the page-details endpoint has it (`{ log }` or `{ har: { log } }`). */
  har: unknown;
  /** The page to show first; the first page when absent or unknown. */
  pageId?: string;
  /** Shown above the waterfall, e.g. the session and page the HAR belongs to. */
  title?: string;
}

/** Host → webview. */
export type HarHostMessage =
  | IpcMessage<'load', LoadParams>
  | IpcMessage<'showPage', { pageId: string }>;

/** Webview → host. */
export type HarPanelMessage =
  | ReadyMessage
  /** After a load has been drawn: what was read, and what the reader had to repair. */
  | IpcMessage<'loaded', { pages: number; entries: number; warnings: string[] }>
  /** The user asked to open a request URL; only http(s) URLs are ever sent. */
  | IpcMessage<'openExternal', { url: string }>;

export const HAR_HOST_MESSAGE_TYPES: readonly HarHostMessage['type'][] = ['load', 'showPage'];
export const HAR_PANEL_MESSAGE_TYPES: readonly HarPanelMessage['type'][] = ['ready', 'loaded', 'openExternal'];

export function isHarHostMessage(value: unknown): value is HarHostMessage {
  return isMessage<HarHostMessage>(value, HAR_HOST_MESSAGE_TYPES);
}

export function isHarPanelMessage(value: unknown): value is HarPanelMessage {
  return isMessage<HarPanelMessage>(value, HAR_PANEL_MESSAGE_TYPES);
}
