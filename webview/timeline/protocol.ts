// Messages between the agent timeline webview and its host. The host imports this file too.
import type { AgentTimeline } from '../../src/analysis/timeline';
import type { TimelineList } from '../../src/analysis/timeline/model';
import {
  hasFields,
  isArrayOf,
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

/**
 * Ranges the panel offers; "view" is the Netmon view's time range; "around" a few hours either side of a record (a
 * link's range).
 */
export const RANGE_PRESETS = ['1h', '6h', '24h', '7d'] as const;
/** Whole local days; "custom" asks for a range typed in local time. */
export const DAY_PRESETS = ['today', 'yesterday'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number] | (typeof DAY_PRESETS)[number] | 'view' | 'around' | 'custom';

export interface TimelineLoad {
  timeline: AgentTimeline;
  /** "last 24h", "2026-11-23 08:00 → 12:00 UTC". */
  rangeLabel: string;
  preset: RangePreset;
}

/** What the panel drew, for the host's snapshot (and the suites). */
export interface TimelineDrawn {
  agentId: string;
  complete: boolean;
  periods: number;
  sessions: number;
  pages: number;
  networkLanes: number;
  probeLanes: number;
  events: number;
  gaps: number;
  /** The alert and event marks drawn, by their spoken label. */
  alerts?: string[];
}

/** Host → webview. */
export type TimelineHostMessage =
  | IpcMessage<'load', TimelineLoad>
  /** What is loading now ("Loading page loads (page 3)"); the drawn timeline stays. */
  | IpcMessage<'progress', { text: string }>
  | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type TimelinePanelMessage =
  | ReadyMessage
  | RenderFailedMessage
  | IpcMessage<'rendered', TimelineDrawn>
  | IpcMessage<'setRange', { preset: RangePreset }>
  | IpcMessage<'openSession', { userSessionId: string }>
  | IpcMessage<'openPage', { userSessionId: string; pageId: string }>
  | IpcMessage<'openProbe', { networkProbeId: string }>
  | IpcMessage<'retryGap', { list: TimelineList }>
  /** Stop loading; what was read stays drawn. */
  | IpcMessage<'cancel', undefined>
  | IpcMessage<'copyText', undefined>
  /** "Export Evidence…": the timeline and its verdict as one offline file for a ticket. */
  | IpcMessage<'exportEvidence', undefined>
  /** "Share for a Ticket…": the same evidence, in a folder the user picks, as it is or pseudonymised. */
  | IpcMessage<'shareForTicket', undefined>;

const isTimeline = ((value: unknown) =>
  isRecord(value) &&
  isRecord(value['lanes']) &&
  isRecord(value['verdict']) &&
  isRecord(value['range'])) as Guard<AgentTimeline>;
const isPreset = ((value: unknown) =>
  value === 'view' ||
  value === 'around' ||
  value === 'custom' ||
  (RANGE_PRESETS as readonly unknown[]).includes(value) ||
  (DAY_PRESETS as readonly unknown[]).includes(value)) as Guard<RangePreset>;
const isList = ((value: unknown) =>
  ['userSessions', 'webSessions', 'networkSessions', 'networkProbes'].includes(value as string)) as Guard<TimelineList>;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export function isTimelineHostMessage(value: unknown): value is TimelineHostMessage {
  return isTypedMessage<TimelineHostMessage>(value, {
    load: hasFields<TimelineLoad>({ timeline: isTimeline, rangeLabel: isString, preset: isPreset }),
    progress: hasFields<{ text: string }>({ text: isString }),
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

export function isTimelinePanelMessage(value: unknown): value is TimelinePanelMessage {
  return isTypedMessage<TimelinePanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    rendered: hasFields<TimelineDrawn>({
      agentId: isString,
      complete: isBoolean,
      periods: isFiniteNumber,
      sessions: isFiniteNumber,
      pages: isFiniteNumber,
      networkLanes: isFiniteNumber,
      probeLanes: isFiniteNumber,
      events: isFiniteNumber,
      gaps: isFiniteNumber,
      alerts: isOptional(isArrayOf(isString)),
    }),
    setRange: hasFields<{ preset: RangePreset }>({ preset: isPreset }),
    openSession: hasFields<{ userSessionId: string }>({ userSessionId: isString }),
    openPage: hasFields<{ userSessionId: string; pageId: string }>({ userSessionId: isString, pageId: isString }),
    openProbe: hasFields<{ networkProbeId: string }>({ networkProbeId: isString }),
    retryGap: hasFields<{ list: TimelineList }>({ list: isList }),
    cancel: isNothing,
    copyText: isNothing,
    exportEvidence: isNothing,
    shareForTicket: isNothing,
  });
}
