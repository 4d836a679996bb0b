// Messages between the session overview webview and its host. The host imports this file too.
import type { EndpointAgent, UserSessionDetail } from '../../src/api/types';
import type { SessionContext } from '../../src/analysis/session/verdict';
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

import type { PageTimeSplit, RelatedTests } from '../../src/analysis/session/related';

export type { PageTimeSplit, RelatedTests };

/** Host → webview. */
export type SessionHostMessage =
  /** The user-session details response item to show; `related` undefined while still looking. */
  | IpcMessage<
      'load',
      {
        session: UserSessionDetail;
        related?: RelatedTests;
        split?: PageTimeSplit;
        agentName?: string;
        context?: SessionContext;
        agent?: EndpointAgent;
      }
    >
  /** The host could not fetch the session; shown instead of the overview. */
  | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type SessionPanelMessage =
  | ReadyMessage
  /** Drawing a host message failed (the panel shows why; the host logs it). */
  | RenderFailedMessage
  | IpcMessage<'loaded', { userSessionId: string; links?: number; split?: string; critical?: string }>
  /** Open the waterfall of one page of the session (the host fetches its HAR). */
  | IpcMessage<'openPage', { userSessionId: string; pageId: string; title: string }>
  /** Open a related test's path at its round, for the session's agent (one the host offered). */
  | IpcMessage<'openPath', TestRound>
  /** Open a related test's metrics, for the session's agent. */
  | IpcMessage<'openMetrics', TestRound>
  /** Draw the session's own traceroute as a path graph. */
  | IpcMessage<'openTraceroute', { userSessionId: string }>
  /** Open the timeline of the session's agent around the session. */
  | IpcMessage<'openTimeline', { userSessionId: string }>
  /** Compare this session with the best-scored session of the same site. */
  | IpcMessage<'compareWithBest', { userSessionId: string }>
  /** "Export Evidence…": the session as one offline file for a ticket. */
  | IpcMessage<'exportEvidence', { userSessionId: string }>
  /** "Share for a Ticket…": the evidence and the redacted HARs together, in a folder the user picks. */
  | IpcMessage<'shareForTicket', { userSessionId: string }>;

export interface TestRound {
  testId: number;
  agentId: string;
  roundId: number;
}

export const SESSION_HOST_MESSAGE_TYPES: readonly SessionHostMessage['type'][] = ['load', 'error'];
export const SESSION_PANEL_MESSAGE_TYPES: readonly SessionPanelMessage['type'][] = [
  'ready',
  'renderFailed',
  'loaded',
  'openPage',
  'openPath',
  'openMetrics',
  'openTraceroute',
  'openTimeline',
  'compareWithBest',
  'exportEvidence',
  'shareForTicket',
];

// The renderer reads every field defensively; here the session only needs to be an object.
const isSessionDetail = isRecord as Guard<UserSessionDetail>;

const isTestRound = hasFields<TestRound>({ testId: isFiniteNumber, agentId: isString, roundId: isFiniteNumber });
const isSplit = hasFields<PageTimeSplit>({
  pageId: isString,
  title: isString,
  line: isString,
  verdict: isOptional(isString),
  critical: isOptional(isString),
  finding: isOptional(isString),
});
const isRelated = ((value: unknown) => isRecord(value) && Array.isArray(value['links'])) as Guard<RelatedTests>;
/**
 * What the session's neighbours say (its normal, the tunnel probe, the first byte): numbers the verdict reads with
 * care.
 */
const isContext = ((value: unknown) =>
  isRecord(value) &&
  ['normalRttMs', 'normalSamples', 'firstByteMs'].every(
    (key) => value[key] === undefined || isFiniteNumber(value[key]),
  ) &&
  (value['tunnel'] === undefined ||
    (isRecord(value['tunnel']) && isString(value['tunnel']['type']) && isString(value['tunnel']['target']))) &&
  (value['scores'] === undefined || isRecord(value['scores']))) as Guard<SessionContext>;

/** Host → webview, with params checked (a message from another frame is dropped). */
export function isSessionHostMessage(value: unknown): value is SessionHostMessage {
  return isTypedMessage<SessionHostMessage>(value, {
    load: hasFields<{
      session: UserSessionDetail;
      related?: RelatedTests;
      split?: PageTimeSplit;
      agentName?: string;
      context?: SessionContext;
      agent?: EndpointAgent;
    }>({
      session: isSessionDetail,
      related: isOptional(isRelated),
      split: isOptional(isSplit),
      agentName: isOptional(isString),
      context: isOptional(isContext),
      agent: isOptional(isRecord as Guard<EndpointAgent>),
    }),
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

/** Webview → host, with params checked. */
export function isSessionPanelMessage(value: unknown): value is SessionPanelMessage {
  return isTypedMessage<SessionPanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    loaded: hasFields<{ userSessionId: string; links?: number; split?: string; critical?: string }>({
      userSessionId: isString,
      links: isOptional(isFiniteNumber),
      split: isOptional(isString),
      critical: isOptional(isString),
    }),
    openPage: hasFields<{ userSessionId: string; pageId: string; title: string }>({
      userSessionId: isString,
      pageId: isString,
      title: isString,
    }),
    openPath: isTestRound,
    openMetrics: isTestRound,
    openTraceroute: hasFields<{ userSessionId: string }>({ userSessionId: isString }),
    openTimeline: hasFields<{ userSessionId: string }>({ userSessionId: isString }),
    compareWithBest: hasFields<{ userSessionId: string }>({ userSessionId: isString }),
    exportEvidence: hasFields<{ userSessionId: string }>({ userSessionId: isString }),
    shareForTicket: hasFields<{ userSessionId: string }>({ userSessionId: isString }),
  });
}
