// Messages between the HAR waterfall webview and its host (the custom editor for .har
// files and the page-details panel). The host imports this file too.
import {
  hasFields,
  isArrayOf,
  isFiniteNumber,
  isNothing,
  isOptional,
  isString,
  isTypedMessage,
} from '../shared/guards';
import type { IpcMessage, ReadyMessage } from '../shared/ipc';
import { isRenderFailedParams, type RenderFailedMessage } from '../shared/render-failed';
import type { RedactionPreview, RedactionPreviewRule } from '../../src/analysis/har/redact-preview';

export interface LoadParams {
  /**
   * A HAR as the file or the page-details endpoint has it (`{ log }` or `{ har: { log } }`); from
   * the .har editor, the file's JSON text as bytes (a Uint8Array), which the webview parses: VS Code
   * posts bytes as they are, but serializes a posted object on the extension host's thread.
   */
  har: unknown;
  /** The page to show first; the first page when absent or unknown. */
  pageId?: string;
  /** Shown above the waterfall, e.g. the session and page the HAR belongs to. */
  title?: string;
}

/** What a load drew: counts, what the reader had to repair, and the heading shown above the waterfall. */
export interface HarLoadedInfo {
  pages: number;
  entries: number;
  warnings: string[];
  heading: string;
}

/** Host → webview. */
export type HarHostMessage =
  | IpcMessage<'load', LoadParams>
  | IpcMessage<'showPage', { pageId: string }>
  /** What a redacted export removes, asked for by `previewExport`. */
  | IpcMessage<'exportPreview', { preview: RedactionPreview }>;

/** Webview → host. */
export type HarPanelMessage =
  | ReadyMessage
  /** Drawing a host message failed (the panel shows why; the host logs it). */
  | RenderFailedMessage
  /** After a load has been drawn: what was read, and what the reader had to repair. */
  | IpcMessage<'loaded', HarLoadedInfo>
  /** The user asked to open a request URL; only http(s) URLs are ever sent. */
  | IpcMessage<'openExternal', { url: string }>
  /** The whole response body of the entry at this position of log.entries, in an editor. */
  | IpcMessage<'openBody', { index: number }>
  /** "Export HAR…": what would a redacted export remove? */
  | IpcMessage<'previewExport', undefined>
  /** Save the HAR, redacted or (after the host asks again) as recorded. */
  | IpcMessage<'exportHar', { redacted: boolean }>;

export const HAR_HOST_MESSAGE_TYPES: readonly HarHostMessage['type'][] = ['load', 'showPage', 'exportPreview'];
export const HAR_PANEL_MESSAGE_TYPES: readonly HarPanelMessage['type'][] = [
  'ready',
  'renderFailed',
  'loaded',
  'openExternal',
  'openBody',
  'previewExport',
  'exportHar',
];

// Any HAR value is passed on: the reader explains what is wrong with a broken one.
const isAnyValue = (value: unknown): value is unknown => value !== undefined;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isPreviewRule = hasFields<RedactionPreviewRule>({
  id: isString,
  description: isString,
  count: isFiniteNumber,
  locations: isArrayOf(isString),
  more: isFiniteNumber,
});
const isPreview = hasFields<RedactionPreview>({
  entries: isFiniteNumber,
  total: isFiniteNumber,
  rules: isArrayOf(isPreviewRule),
});
const isLoadParams = hasFields<LoadParams>({
  har: isAnyValue,
  pageId: isOptional(isString),
  title: isOptional(isString),
});

/** Host → webview, with params checked (a message from another frame is dropped). */
export function isHarHostMessage(value: unknown): value is HarHostMessage {
  return isTypedMessage<HarHostMessage>(value, {
    load: isLoadParams,
    showPage: hasFields<{ pageId: string }>({ pageId: isString }),
    exportPreview: hasFields<{ preview: RedactionPreview }>({ preview: isPreview }),
  });
}

/** Webview → host, with params checked; the host opens only http(s) URLs anyway. */
export function isHarPanelMessage(value: unknown): value is HarPanelMessage {
  return isTypedMessage<HarPanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    loaded: hasFields<HarLoadedInfo>({
      pages: isFiniteNumber,
      entries: isFiniteNumber,
      warnings: isArrayOf(isString),
      heading: isString,
    }),
    openExternal: hasFields<{ url: string }>({ url: isString }),
    openBody: hasFields<{ index: number }>({ index: isFiniteNumber }),
    previewExport: isNothing,
    exportHar: hasFields<{ redacted: boolean }>({ redacted: isBoolean }),
  });
}
