// Messages between the metrics webview and its host (src/vscode/panels). The host
// imports this file too. The webview turns records into series (src/analysis/metrics).
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
import type { HttpServerResult, NetMetric } from '../../src/api/types';
import type { AlertMark, MarkList } from '../../src/analysis/alerts/marks';

export interface MetricsLoadParams {
  /** Shown above the charts, e.g. the test name and target. */
  title: string;
  /** Network metrics of the shown time range (all agents, all rounds). */
  metrics: NetMetric[];
  /** HTTP server results for http-server tests; absent or empty hides that chart. */
  httpServer?: HttpServerResult[];
  /** Display names of agents by id; the id is shown when absent. */
  agentNames?: Record<string, string>;
  /** Agent to show alone first; all agents when absent. */
  agentId?: string;
  /** "Compare to previous period": the metrics of the period before, and how far to move them forward (seconds). */
  previous?: { metrics: NetMetric[]; shiftSeconds: number };
  /** The test's alerts and events over the range (v7), shaded behind the charts; absent: none. */
  alerts?: MarkList;
}

/** Host → webview. */
export type MetricsHostMessage = IpcMessage<'load', MetricsLoadParams> | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type MetricsPanelMessage =
  | ReadyMessage
  /** Drawing a host message failed (the panel shows why; the host logs it). */
  | RenderFailedMessage
  /** The user picked a point: open that agent's path trace for that round. */
  | IpcMessage<'openPathTrace', { agentId: string; roundId: number }>
  /** The user sessions of the picked point's agent around its round. */
  | IpcMessage<'findSessions', { agentId: string; roundId: number }>
  /** Overlay the previous period (or stop). */
  | IpcMessage<'comparePrevious', { on: boolean }>
  /** After a load was drawn: which charts and how many series each, and the alert bands by their labels. */
  | IpcMessage<'rendered', { charts: { id: string; series: number; points: number }[]; alerts?: string[] }>;

export const METRICS_HOST_MESSAGE_TYPES: readonly MetricsHostMessage['type'][] = ['load', 'error'];
export const METRICS_PANEL_MESSAGE_TYPES: readonly MetricsPanelMessage['type'][] = [
  'ready',
  'renderFailed',
  'openPathTrace',
  'findSessions',
  'comparePrevious',
  'rendered',
];

const isMetricsLoadParams = hasFields<MetricsLoadParams>({
  title: isString,
  // Records are read defensively by src/analysis/metrics; here they only need to be objects.
  metrics: isArrayOf(isRecord) as Guard<NetMetric[]>,
  httpServer: isOptional(isArrayOf(isRecord)) as Guard<HttpServerResult[] | undefined>,
  agentNames: isOptional(isRecordOf(isString)),
  agentId: isOptional(isString),
  previous: isOptional(
    hasFields<{ metrics: NetMetric[]; shiftSeconds: number }>({
      metrics: isArrayOf(isRecord) as Guard<NetMetric[]>,
      shiftSeconds: isFiniteNumber,
    }),
  ),
  alerts: isOptional(
    hasFields<MarkList>({
      marks: isArrayOf(
        hasFields<Pick<AlertMark, 'startMs' | 'title' | 'severity'>>({
          startMs: isFiniteNumber,
          title: isString,
          severity: isString,
        }),
      ) as Guard<AlertMark[]>,
      leftOut: isFiniteNumber,
    }),
  ),
});
const isChartSummary = hasFields<{ id: string; series: number; points: number }>({
  id: isString,
  series: isFiniteNumber,
  points: isFiniteNumber,
});

/** Host → webview, with params checked (a message from another frame is dropped). */
export function isMetricsHostMessage(value: unknown): value is MetricsHostMessage {
  return isTypedMessage<MetricsHostMessage>(value, {
    load: isMetricsLoadParams,
    error: hasFields<{ message: string }>({ message: isString }),
  });
}

/** Webview → host, with params checked. */
export function isMetricsPanelMessage(value: unknown): value is MetricsPanelMessage {
  return isTypedMessage<MetricsPanelMessage>(value, {
    ready: isNothing,
    renderFailed: isRenderFailedParams,
    openPathTrace: hasFields<{ agentId: string; roundId: number }>({ agentId: isString, roundId: isFiniteNumber }),
    findSessions: hasFields<{ agentId: string; roundId: number }>({ agentId: isString, roundId: isFiniteNumber }),
    comparePrevious: hasFields<{ on: boolean }>({
      on: (value: unknown): value is boolean => typeof value === 'boolean',
    }),
    rendered: hasFields<{ charts: { id: string; series: number; points: number }[]; alerts?: string[] }>({
      charts: isArrayOf(isChartSummary),
      alerts: isOptional(isArrayOf(isString)),
    }),
  });
}
