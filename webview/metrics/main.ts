// Metrics panel: latency (avg/min/max), loss and jitter per agent over time, and HTTP
// server phase times per round; picking a point asks the host for that path trace.
import uplotCss from 'uplot/dist/uPlot.min.css' with { type: 'text' };
import { el } from '../shared/dom';
import { hostApi } from '../shared/ipc';
import { drawSafely } from '../shared/draw-safely';
import { adoptStyles } from '../shared/sheet';
import {
  agentLatencySeries,
  agentsOf,
  httpPhaseSeries,
  netMetricSeries,
  pointAt,
  previousPeriodSeries,
  type AlignedSeries,
  type NetMetricField,
} from '../../src/analysis/metrics';
import { isMetricsHostMessage, type MetricsLoadParams, type MetricsPanelMessage } from './protocol';
import { drawChart, readTheme, type ChartElement, type ChartSpec } from './charts';
import { METRICS_CSS } from './styles';
import { alertBands, alertList } from './alert-bands';

const host = hostApi<MetricsPanelMessage>();

class MetricsPanel {
  private readonly title = el('h1', {}, 'Metrics');
  private readonly agent = el('select', { id: 'agent', 'aria-label': 'Agent' });
  private readonly previous = el('input', { type: 'checkbox', id: 'previous' });
  private readonly status = el('div', { class: 'status', role: 'status' }, 'Waiting for metrics…');
  private readonly charts = el('main', { class: 'charts', 'aria-label': 'Charts' });
  /** The alerts and events shaded on the charts, in words. */
  private readonly alerts = el('div', { class: 'alerts' });
  /** After a pick: the people behind that point (its agent's sessions around the round). */
  private readonly nextStep = el('div', { class: 'next-step' });
  private params: MetricsLoadParams | undefined;
  private drawn: ChartElement[] = [];

  constructor() {
    document.body.append(
      el(
        'header',
        { class: 'toolbar' },
        this.title,
        el('label', {}, 'Agent', this.agent),
        el('label', {}, this.previous, 'Compare to previous period'),
        el(
          'span',
          { class: 'hint' },
          'Click a point (or focus a chart, use arrow keys and Enter) to open that agent’s path trace for the round.',
        ),
      ),
      this.status,
      this.nextStep,
      this.charts,
      this.alerts,
    );
    this.agent.addEventListener('change', () => this.draw());
    this.previous.addEventListener('change', () => {
      if (this.previous.checked) this.status.textContent = 'Loading the previous period…';
      host.postMessage({ type: 'comparePrevious', params: { on: this.previous.checked } });
    });
    new ResizeObserver(() => this.resize()).observe(this.charts);
  }

  load(params: MetricsLoadParams): void {
    this.params = params;
    this.title.textContent = params.title;
    const agents = agentsOf([...params.metrics, ...(params.httpServer ?? [])]);
    this.agent.replaceChildren(
      el('option', { value: '' }, 'All agents'),
      ...agents.map((id) => el('option', { value: id }, this.name(id))),
    );
    this.agent.value = params.agentId && agents.includes(params.agentId) ? params.agentId : '';
    this.previous.checked = params.previous !== undefined;
    this.status.textContent =
      params.metrics.length === 0 && !params.httpServer?.length ? 'No metrics in this time range.' : '';
    this.status.classList.remove('error');
    this.draw();
  }

  showError(message: string): void {
    this.status.textContent = message;
    this.status.classList.add('error');
  }

  private name(agentId: string): string {
    return this.params?.agentNames?.[agentId] ?? agentId;
  }

  private specs(params: MetricsLoadParams, agentId: string | undefined): ChartSpec[] {
    const name = (id: string): string => this.name(id);
    const own = agentId === undefined ? params.metrics : params.metrics.filter((m) => String(m.agentId) === agentId);
    const specs: ChartSpec[] = [];
    if (own.length > 0) {
      // With the previous period, its line (mean of agents, or the focused agent) is drawn over each chart.
      const withPrevious = (aligned: AlignedSeries, field: NetMetricField): AlignedSeries =>
        params.previous
          ? {
              ...aligned,
              series: [
                ...aligned.series,
                previousPeriodSeries(
                  params.previous.metrics,
                  field,
                  aligned.rounds,
                  params.previous.shiftSeconds,
                  agentId,
                ),
              ],
            }
          : aligned;
      specs.push(
        agentId === undefined
          ? {
              id: 'latency',
              title: 'Average latency',
              unit: 'ms',
              aligned: withPrevious(netMetricSeries(own, 'avgLatency', name), 'avgLatency'),
            }
          : {
              id: 'latency',
              title: `Latency of ${name(agentId)} (avg, min–max)`,
              unit: 'ms',
              aligned: withPrevious(agentLatencySeries(own, agentId), 'avgLatency'),
              band: [1, 2],
            },
      );
      specs.push({
        id: 'loss',
        title: 'Packet loss',
        unit: '%',
        aligned: withPrevious(netMetricSeries(own, 'loss', name), 'loss'),
      });
      specs.push({
        id: 'jitter',
        title: 'Jitter',
        unit: 'ms',
        aligned: withPrevious(netMetricSeries(own, 'jitter', name), 'jitter'),
      });
    }
    if (params.httpServer?.length) {
      specs.push({
        id: 'http',
        title: agentId === undefined ? 'HTTP server phases (mean of agents)' : `HTTP server phases of ${name(agentId)}`,
        unit: 'ms',
        aligned: httpPhaseSeries(params.httpServer, agentId),
        stack: true,
      });
    }
    return specs;
  }

  private draw(): void {
    if (!this.params) return;
    for (const chart of this.drawn) chart.plot?.destroy();
    const agentId = this.agent.value || undefined;
    const theme = readTheme();
    const bands = alertBands(this.params.alerts?.marks ?? []);
    const specs = this.specs(this.params, agentId).map((spec) => (bands.length ? { ...spec, alerts: bands } : spec));
    this.drawn = specs.map((spec) => drawChart(spec, theme, (s, p) => this.pick(spec.aligned, s, p)));
    this.charts.replaceChildren(...this.drawn);
    this.alerts.replaceChildren(...(bands.length ? [alertList(bands, this.params.alerts?.leftOut ?? 0)] : []));
    this.resize();
    host.postMessage({
      type: 'rendered',
      params: {
        charts: specs.map((s) => ({ id: s.id, series: s.aligned.series.length, points: s.aligned.rounds.length })),
        ...(bands.length ? { alerts: bands.map((band) => band.label) } : {}),
      },
    });
  }

  private pick(aligned: AlignedSeries, seriesIndex: number, pointIndex: number): void {
    const point = pointAt(aligned, seriesIndex, pointIndex);
    if (!point) return;
    host.postMessage({ type: 'openPathTrace', params: point });
    const when = new Date(point.roundId * 1000).toISOString().slice(11, 16);
    const sessions = el(
      'button',
      { type: 'button', class: 'sessions-link' },
      `User sessions of ${this.name(point.agentId)} around ${when} UTC`,
    );
    sessions.addEventListener('click', () => host.postMessage({ type: 'findSessions', params: point }));
    this.nextStep.replaceChildren(sessions);
  }

  private resize(): void {
    for (const chart of this.drawn) chart.plot?.setSize({ width: Math.max(300, chart.clientWidth), height: 220 });
  }
}

adoptStyles(uplotCss + METRICS_CSS);
const panel = new MetricsPanel();
window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isMetricsHostMessage(message)) return;
  if (message.type === 'load') drawSafely(host, () => panel.load(message.params));
  else panel.showError(message.params.message);
});
host.postMessage({ type: 'ready', params: undefined });
