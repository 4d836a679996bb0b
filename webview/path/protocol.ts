// Messages between the path-trace webview and its host (src/vscode/panels). The host
// imports this file too. The webview merges and lays out the traces itself
// (src/analysis/path), so the host only fetches.
import {
  hasFields,
  isArrayOf,
  isFiniteNumber,
  isNothing,
  isOptional,
  isRecord,
  isRecordOf,
  isString,
  isTypedMessage,
  type Guard,
} from '../shared/guards';
import type { IpcMessage, ReadyMessage } from '../shared/ipc';
import { isRenderFailedParams, type RenderFailedMessage } from '../shared/render-failed';
import type { PathTrace } from '../../src/api/types';

export interface PathRoundOption {
  /** Round start, epoch seconds (the roundId of the path-vis summaries). */
  roundId: number;
  /** How many agents have a trace in that round, shown next to the time. */
  agents?: number;
}

export interface PathLoadParams {
  /** Shown above the graph, e.g. the test name and target. */
  title: string;
  /** Detailed traces of the shown round, one per agent (or several rounds merged). */
  traces: PathTrace[];
  /** The rounds of the path-vis summaries, for the round selector (newest first). */
  rounds: PathRoundOption[];
  /** The round the traces belong to; absent when several rounds are merged. */
  roundId?: number;
  /** Display names of agents by id; the id is shown when absent. */
  agentNames?: Record<string, string>;
  /** Agent whose path to highlight on open (e.g. picked in the metrics panel). */
  highlightAgentId?: string;
  /** "Compare with…": the baseline round's traces; the graph shows both, marked by what changed. */
  baseline?: { roundId: number; traces: PathTrace[] };
  /** Opened from a session: its own measurements beside this round's (src/analysis/session/path-agreement). */
  sources?: PathSources;
}

/** The session's statement first, then the test's, and why they can differ (empty when they agree). */
export interface PathSources {
  agree: 'yes' | 'no';
  heading: string;
  session: { source: string; loss: string; latency: string };
  path: { source: string; loss: string; latency: string };
  reasons: string[];
}

/** Host → webview. */
export type PathHostMessage =
  | IpcMessage<'load', PathLoadParams>
  /** The host is fetching another round; the panel shows progress until the next load. */
  | IpcMessage<'loading', { roundId: number }>
  | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type PathPanelMessage =
  | ReadyMessage
  /** Drawing a host message failed (the panel shows why; the host logs it). */
  | RenderFailedMessage
  /** The user picked another round in the selector: please send its traces. */
  | IpcMessage<'selectRound', { roundId: number }>
  /** "Open Path Trace as Text" for the highlighted agent (all agents when absent). */
  | IpcMessage<'openAsText', { agentId?: string; roundId?: number }>
  /** The user sessions of these agents (those through a hop) around the shown round. */
  | IpcMessage<'findSessions', { agentIds: string[]; hop: string }>
  /** Compare the shown round with this baseline round (none: stop comparing). */
  | IpcMessage<'compareWith', { roundId?: number }>
  /** "Export Evidence…" of what is shown, with the hops highlighted in the graph (node ids). */
  | IpcMessage<'exportEvidence', { highlightHops: string[] }>
  /** "Share for a Ticket…": the same evidence, in a folder the user picks, as it is or pseudonymised. */
  | IpcMessage<'shareForTicket', { highlightHops: string[] }>
  /** After a load was drawn: what the graph holds (and, when comparing, how many agents changed route). */
  | IpcMessage<'rendered', PathDrawn>;

export interface PathDrawn {
  nodes: number;
  links: number;
  agents: number;
  changedAgents?: number;
  findings?: number;
}

export const PATH_HOST_MESSAGE_TYPES: readonly PathHostMessage['type'][] = ['load', 'loading', 'error'];
export const PATH_PANEL_MESSAGE_TYPES: readonly PathPanelMessage['type'][] = [
  'ready',
  'renderFailed',
  'selectRound',
  'openAsText',
  'findSessions',
  'compareWith',
  'exportEvidence',
  'shareForTicket',
  'rendered',
];

const isRoundOption = hasFields<PathRoundOption>({ roundId: isFiniteNumber, agents: isOptional(isFiniteNumber) });
const isPathLoadParams = hasFields<PathLoadParams>({
  title: isString,
  // Traces are read defensively by src/analysis/path; here they only need to be objects.
  traces: isArrayOf(isRecord) as Guard<PathTrace[]>,
  rounds: isArrayOf(isRoundOption),
  roundId: isOptional(isFiniteNumber),
  agentNames: isOptional(isRecordOf(isString)),
  highlightAgentId: isOptional(isString),
  baseline: isOptional(
    hasFields<{ roundId: number; traces: PathTrace[] }>({
      roundId: isFiniteNumber,
      traces: isArrayOf(isRecord) as Guard<PathTrace[]>,
    }),
  ),
  sources: isOptional(isPathSources()),
});

function isPathSources(): Guard<PathSources> {
  const statement = hasFields<PathSources['session']>({ source: isString, loss: isString, latency: isString });
  return hasFields<PathSources>({
    agree: (value): value is 'yes' | 'no' => value === 'yes' || value === 'no',
    heading: isString,
    session: statement,
    path: statement,
    reasons: isArrayOf(isString),
  });
}

/** Host → webview, with params checked (a message from another frame is dropped). */
export function isPathHostMessage(value: unknown): value is PathHostMessage {
  return isTypedMessage<PathHostMessage>(value, {
    load: isPathLoadParams,
    loading: hasFields<{ roundId: number }>({ roundId: isFiniteNumber }),
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

/** Webview → host, with params checked. */
export function isPathPanelMessage(value: unknown): value is PathPanelMessage {
  return isTypedMessage<PathPanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    selectRound: hasFields<{ roundId: number }>({ roundId: isFiniteNumber }),
    openAsText: hasFields<{ agentId?: string; roundId?: number }>({
      agentId: isOptional(isString),
      roundId: isOptional(isFiniteNumber),
    }),
    findSessions: hasFields<{ agentIds: string[]; hop: string }>({ agentIds: isArrayOf(isString), hop: isString }),
    compareWith: hasFields<{ roundId?: number }>({ roundId: isOptional(isFiniteNumber) }),
    exportEvidence: hasFields<{ highlightHops: string[] }>({ highlightHops: isArrayOf(isString) }),
    shareForTicket: hasFields<{ highlightHops: string[] }>({ highlightHops: isArrayOf(isString) }),
    rendered: hasFields<PathDrawn>({
      nodes: isFiniteNumber,
      links: isFiniteNumber,
      agents: isFiniteNumber,
      changedAgents: isOptional(isFiniteNumber),
      findings: isOptional(isFiniteNumber),
    }),
  });
}
