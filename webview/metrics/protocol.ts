// Messages between the metrics webview and its host (src/vscode/panels). The host
// imports this file too. The webview turns records into series (src/analysis/metrics).
import { isMessage, type IpcMessage, type ReadyMessage } from '../shared/ipc';
import type { HttpServerResult, NetMetric } from '../../src/api/types';

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
}

/** Host → webview. */
export type MetricsHostMessage =
  | IpcMessage<'load', MetricsLoadParams>
  | IpcMessage<'error', { message: string }>;

/** Webview → host. */
export type MetricsPanelMessage =
  | ReadyMessage
  /** The user picked a point: open that agent's path trace for that round. */
  | IpcMessage<'openPathTrace', { agentId: string; roundId: number }>
  /** After a load was drawn: which charts and how many series each. */
  | IpcMessage<'rendered', { charts: { id: string; series: number; points: number }[] }>;

export const METRICS_HOST_MESSAGE_TYPES: readonly MetricsHostMessage['type'][] = ['load', 'error'];
export const METRICS_PANEL_MESSAGE_TYPES: readonly MetricsPanelMessage['type'][] = ['ready', 'openPathTrace', 'rendered'];

export function isMetricsHostMessage(value: unknown): value is MetricsHostMessage {
  return isMessage<MetricsHostMessage>(value, METRICS_HOST_MESSAGE_TYPES);
}

export function isMetricsPanelMessage(value: unknown): value is MetricsPanelMessage {
  return isMessage<MetricsPanelMessage>(value, METRICS_PANEL_MESSAGE_TYPES);
}
