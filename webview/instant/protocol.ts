// Messages between the instant-results webview and its host. The host imports this file too.
import type { InstantResultsView } from '../../src/analysis/instant/results';
import {
  hasFields,
  isFiniteNumber,
  isNothing,
  isOptional,
  isRecord,
  isString,
  isTypedMessage,
  type Guard,
} from '../shared/guards';
import type { IpcMessage, ReadyMessage } from '../shared/ipc';
import { isRenderFailedParams, type RenderFailedMessage } from '../shared/render-failed';

/** Host → webview. */
export type InstantHostMessage =
  /** The results to show: one row per endpoint agent, named and graded. */
  IpcMessage<'load', { view: InstantResultsView }> | IpcMessage<'error', { message: string }>;

export interface InstantLoaded {
  testId: number;
  rows: number;
  waiting?: number;
  running?: boolean;
}

/** What a row's or the header's link opens, for one agent or (no agentId) all of them. */
export interface InstantLink {
  testId: number;
  agentId?: string;
}

/** Webview → host. */
export type InstantPanelMessage =
  | ReadyMessage
  | RenderFailedMessage
  /** Drawn: the rows of agents that answered, those still waited for, and whether the wait goes on. */
  | IpcMessage<'loaded', InstantLoaded>
  | IpcMessage<'openMetrics', InstantLink>
  | IpcMessage<'openPath', InstantLink>
  | IpcMessage<'openText', { testId: number }>
  | IpcMessage<'openJson', { testId: number }>
  /** Stop waiting for the run's answers (an enterprise run now). */
  | IpcMessage<'cancel', { testId: number }>;

// The renderer reads rows defensively; the view only needs to be an object with rows.
const isView = ((value: unknown) => isRecord(value) && Array.isArray(value['rows'])) as Guard<InstantResultsView>;
const isLink = hasFields<InstantLink>({ testId: isFiniteNumber, agentId: isOptional(isString) });
const isTestRef = hasFields<{ testId: number }>({ testId: isFiniteNumber });

const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';

export function isInstantHostMessage(value: unknown): value is InstantHostMessage {
  return isTypedMessage<InstantHostMessage>(value, {
    load: hasFields<{ view: InstantResultsView }>({ view: isView }),
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

export function isInstantPanelMessage(value: unknown): value is InstantPanelMessage {
  return isTypedMessage<InstantPanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    loaded: hasFields<InstantLoaded>({
      testId: isFiniteNumber,
      rows: isFiniteNumber,
      waiting: isOptional(isFiniteNumber),
      running: isOptional(isBoolean),
    }),
    openMetrics: isLink,
    openPath: isLink,
    openText: isTestRef,
    openJson: isTestRef,
    cancel: isTestRef,
  });
}
