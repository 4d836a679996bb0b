// Messages between the HAR diff webview (the diff waterfall) and its host. The host imports
// this file too.
import type { HarDiff } from '../../src/analysis/har/diff';
import { hasFields, isFiniteNumber, isNothing, isRecord, isString, isTypedMessage, type Guard } from '../shared/guards';
import type { IpcMessage, ReadyMessage } from '../shared/ipc';
import { isRenderFailedParams, type RenderFailedMessage } from '../shared/render-failed';

export interface HarDiffLoad {
  diff: HarDiff;
  /** What each side is, in words ("checkout.har", "Page "Home" of session 123"). */
  names: { before: string; after: string };
}

/** What a load drew: the two names, the rows listed and the first row's key (largest regression first). */
export interface HarDiffDrawn {
  before: string;
  after: string;
  rows: number;
  first: string | null;
}

/** Host → webview. */
export type HarDiffHostMessage = IpcMessage<'load', HarDiffLoad> | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type HarDiffPanelMessage =
  | ReadyMessage
  | RenderFailedMessage
  | IpcMessage<'loaded', HarDiffDrawn>
  /** Compare the other way round (after becomes before). */
  | IpcMessage<'swap', undefined>
  /** The diff as text on the clipboard (for a ticket). */
  | IpcMessage<'copyText', undefined>
  /** "Export Evidence…": the diff and both redacted HARs as one offline file. */
  | IpcMessage<'exportEvidence', undefined>
  /** "Share for a Ticket…": the same evidence, both redacted HARs beside it, in a folder the user picks. */
  | IpcMessage<'shareForTicket', undefined>;

const isDiff = ((value: unknown) =>
  isRecord(value) &&
  isRecord(value['before']) &&
  isRecord(value['after']) &&
  Array.isArray(value['rows']) &&
  isRecord(value['counts']) &&
  isRecord(value['total'])) as Guard<HarDiff>;

const isNullableString = ((value: unknown) => value === null || typeof value === 'string') as Guard<string | null>;

export function isHarDiffHostMessage(value: unknown): value is HarDiffHostMessage {
  return isTypedMessage<HarDiffHostMessage>(value, {
    load: hasFields<HarDiffLoad>({
      diff: isDiff,
      names: hasFields<HarDiffLoad['names']>({ before: isString, after: isString }),
    }),
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

export function isHarDiffPanelMessage(value: unknown): value is HarDiffPanelMessage {
  return isTypedMessage<HarDiffPanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    loaded: hasFields<HarDiffDrawn>({
      before: isString,
      after: isString,
      rows: isFiniteNumber,
      first: isNullableString,
    }),
    swap: isNothing,
    copyText: isNothing,
    exportEvidence: isNothing,
    shareForTicket: isNothing,
  });
}
