// The metrics panel of a scheduled test: latency, loss and jitter per agent over time, and
// HTTP server phases for http-server tests. Picking a point opens that path trace. A deployed
// test's alerts and events (v7) are shaded behind the charts over their span.
import type { HttpServerResult, NetMetric } from '../../api/types';
import {
  FIRST_PAINT_SECONDS,
  leftOut,
  newestPart,
  readNewestFitting,
  type PartCount,
  type PartReader,
} from '../../analysis/results/newest';
import { previousPeriod, roundsOf } from '../../analysis/metrics';
import { testMarks, type MarkList } from '../../analysis/alerts/marks';
import { readMarkInputs } from '../../workflows/alert-marks';
import {
  isMetricsPanelMessage,
  type MetricsHostMessage,
  type MetricsLoadParams,
  type MetricsPanelMessage,
} from '../../../webview/metrics/protocol';
import { agentNames, historyRange, type TimeOptions } from './data';
import { pathRange, sourceOf, type PanelTest, type TestDataSource } from './test-sources';
import type { PanelHost } from './panel-host';
import type { PathPanels } from './path-panels';
import { pickSessionsAroundRound } from './round-sessions';
import { createPanelHost, type PanelServices } from './services';

/** Records per list: a day of 5-minute rounds for about 30 agents. */
const MAX_RECORDS = 10_000;

type Host = PanelHost<MetricsHostMessage, MetricsPanelMessage>;

interface Loaded {
  test: PanelTest;
  metrics: NetMetric[];
  httpServer: HttpServerResult[];
  names: Record<string, string>;
  /** What the cap left out of the range (a deployed test's range narrowed to its newest part), said in the titles. */
  leftOut?: { part: string; why: string };
  /** The test's alerts and events over the range (a deployed test's whole range, v7). */
  alerts?: MarkList;
}

export class MetricsPanels {
  /** The test and agents each open panel shows, by panel id: a message may only ask about these agents. */
  private readonly shown = new Map<string, { testName: string; agents: Set<string> }>();
  /** The agent each open panel focuses (undefined: all agents), by panel id. */
  private readonly focus = new Map<string, string | undefined>();
  /** What each open panel shows, by panel id (redrawn with or without the previous period). */
  private readonly loads = new Map<string, MetricsLoadParams>();
  /** The range a panel opened at a moment (an alert's) reads instead of the view's, by panel id. */
  private readonly ranges = new Map<string, TimeOptions>();

  constructor(
    private readonly services: PanelServices,
    private readonly paths: PathPanels,
  ) {}

  /**
   * Opens (or reveals) the metrics of a test (`deployed`: an enterprise test's results) over the view's range, or over
   * `range`; resolves to the panel id.
   */
  async open(testId: number, agentId?: string, deployed = false, range?: TimeOptions): Promise<string> {
    const key = `metrics:${sourceOf({ deployed }).keyPrefix}${testId}`;
    const existing = this.services.registry.byKey(key) as Host | undefined;
    if (existing) {
      existing.panel.reveal();
      if (range) this.ranges.set(existing.id, range);
      // Asked for another agent (a metrics link from a path node or a session) or range: show that one.
      const refocus = agentId !== undefined && agentId !== this.focus.get(existing.id);
      if (refocus || range || existing.snapshot().error !== undefined)
        await this.load(existing, testId, agentId ?? this.focus.get(existing.id), deployed);
      return existing.id;
    }
    const host = createPanelHost<MetricsHostMessage, MetricsPanelMessage>(
      this.services,
      {
        kind: 'metrics',
        key,
        title: `Metrics: test ${testId}`,
        bundle: 'metrics',
        isPanelMessage: isMetricsPanelMessage,
        renderedType: 'rendered',
      },
      (message) => ({ type: 'error', params: { message } }),
    );
    if (range) this.ranges.set(host.id, range);
    host.onDidDispose(() => {
      this.focus.delete(host.id);
      this.shown.delete(host.id);
      this.loads.delete(host.id);
      this.ranges.delete(host.id);
    });
    host.onMessage(async (message) => {
      if (message.type === 'openPathTrace')
        await this.paths.open({ testId, agentId: message.params.agentId, roundId: message.params.roundId, deployed });
      if (message.type === 'comparePrevious') await this.comparePrevious(host, testId, message.params.on, deployed);
      if (message.type === 'findSessions') {
        const { agentId, roundId } = message.params;
        const shown = this.shown.get(host.id);
        if (!shown?.agents.has(agentId))
          throw new Error(`findSessions for agent ${agentId}, which this panel does not show`);
        await pickSessionsAroundRound(this.services, [agentId], roundId, `running test '${shown.testName}'`);
      }
    });
    await this.load(host, testId, agentId, deployed);
    return host.id;
  }

  private async load(host: Host, testId: number, agentId: string | undefined, deployed: boolean): Promise<void> {
    const range = historyRange(this.ranges.get(host.id) ?? this.services.timeOptions());
    const source = sourceOf({ deployed });
    // A deployed test's last hour is drawn first (a day of 200 agents is 576 pages); the range, or its newest part that
    // fits, then replaces it.
    const newest = source.newestFirst ? newestPart(pathRange(range.options), FIRST_PAINT_SECONDS) : undefined;
    let known: PartCount | undefined;
    if (newest) {
      const part = await this.read(host, testId, source, newest, 'the last hour of ', undefined);
      if (!part) return;
      this.showLoaded(host, part, `${range.label} · the last hour while the rest loads`, agentId);
      known = { seconds: FIRST_PAINT_SECONDS, records: part.metrics.length };
    }
    const loaded = await this.read(
      host,
      testId,
      source,
      range.options,
      '',
      source.newestFirst ? { known } : undefined,
      {
        marks: source.newestFirst === true,
      },
    );
    const cut = loaded?.leftOut;
    if (loaded) this.showLoaded(host, loaded, cut ? `${range.label} · ${cut.part}: ${cut.why}` : range.label, agentId);
  }

  /**
   * The metrics of a range; with `fitting`, of its newest part that fits MAX_RECORDS (`known`: a newest part's count,
   * read before).
   */
  private read(
    host: Host,
    testId: number,
    source: TestDataSource,
    range: TimeOptions,
    part: string,
    fitting: { known: PartCount | undefined } | undefined,
    read: { marks: boolean } = { marks: false },
  ): Promise<Loaded | undefined> {
    const client = this.services.connection.requireClient();
    return host.run(
      `Loading ${part}the metrics of test ${testId}`,
      `Loading ${part}metrics of test ${testId}`,
      async (signal) => {
        const network: PartReader<NetMetric> = (within, maxRecords) =>
          source.netMetrics(client, testId, { ...within, signal }).collect({ maxRecords });
        const whole = pathRange(range);
        const [test, metrics, names, alerts] = await Promise.all([
          source.test(client, testId, signal),
          fitting
            ? readNewestFitting(network, whole, MAX_RECORDS, fitting.known)
            : network(whole, MAX_RECORDS).then((read) => ({ ...read, range: whole })),
          agentNames(client, signal),
          read.marks ? this.marks(testId, range, signal) : undefined,
        ]);
        const cut = leftOut(metrics, MAX_RECORDS, 'results');
        const http = source.httpServer(client, testId, test.type, { ...metrics.range, signal });
        const httpServer: HttpServerResult[] = http ? (await http.collect({ maxRecords: MAX_RECORDS })).records : [];
        return {
          test,
          metrics: metrics.records,
          httpServer,
          names: { ...names, ...test.agentNames },
          ...(cut ? { leftOut: cut } : {}),
          ...(alerts ? { alerts } : {}),
        };
      },
    );
  }

  /** The test's alerts and events over the range; none on v6 or when they cannot be read (the charts still draw). */
  private async marks(testId: number, range: TimeOptions, signal: AbortSignal): Promise<MarkList | undefined> {
    // A relative window is the service's to resolve (its clock): the alerts it lists are the range's.
    const bounds = range.from && range.to ? { fromMs: range.from.getTime(), toMs: range.to.getTime() } : undefined;
    const read = bounds ?? { window: range.window ?? '1h' };
    const inputs = await readMarkInputs(this.services.connection.requireClient(), read, signal);
    const all = { fromMs: -Infinity, toMs: Infinity };
    return 'note' in inputs ? undefined : testMarks(inputs, String(testId), bounds ?? all);
  }

  private showLoaded(host: Host, loaded: Loaded, rangeLabel: string, agentId: string | undefined): void {
    this.focus.set(host.id, agentId);
    this.shown.set(host.id, {
      testName: loaded.test.testName,
      agents: new Set([...loaded.metrics, ...loaded.httpServer].map((record) => String(record.agentId))),
    });
    host.panel.title = `Metrics: ${loaded.test.testName}${loaded.leftOut ? ` (${loaded.leftOut.part})` : ''}`;
    const params: MetricsLoadParams = {
      title: `${loaded.test.title} · ${rangeLabel}`,
      metrics: loaded.metrics,
      agentNames: loaded.names,
      ...(loaded.httpServer.length > 0 ? { httpServer: loaded.httpServer } : {}),
      ...(agentId ? { agentId } : {}),
      ...(loaded.alerts?.marks.length ? { alerts: loaded.alerts } : {}),
    };
    this.loads.set(host.id, params);
    host.show({ type: 'load', params });
  }

  /** "Compare to previous period": the same test over the period before the shown one, as long, laid over it. */
  private async comparePrevious(host: Host, testId: number, on: boolean, deployed: boolean): Promise<void> {
    const shown = this.loads.get(host.id);
    if (!shown) return;
    const { previous: _dropped, ...plain } = shown;
    const period = previousPeriod(roundsOf(shown.metrics));
    if (!on || !period) {
      this.loads.set(host.id, plain);
      host.show({ type: 'load', params: plain });
      return;
    }
    const client = this.services.connection.requireClient();
    const earlier = await host.run(
      `Loading the previous period of test ${testId}`,
      'Loading the previous period',
      (signal) =>
        sourceOf({ deployed })
          .netMetrics(client, testId, { from: new Date(period.from * 1000), to: new Date(period.to * 1000), signal })
          .collect({ maxRecords: MAX_RECORDS }),
    );
    if (!earlier) return;
    const params: MetricsLoadParams = {
      ...plain,
      previous: { metrics: earlier.records, shiftSeconds: period.shiftSeconds },
    };
    this.loads.set(host.id, params);
    host.show({ type: 'load', params });
  }
}
