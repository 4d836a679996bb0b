// "Show Results" of a deployed enterprise test — from the Deployed Tests node, the code lens or
// editor-title action of a bound test document, or an id — in the panels we have: metrics
// (latency, loss, jitter per agent; HTTP phases), the path (merge, localization, diff) and,
// for page-load tests, the waterfall of the worst agent's newest round; for web-transactions
// tests, the waterfall of that round's slowest page, its other pages a pick away; for API tests,
// the waterfall of that round's steps beside the summary. First of all, in the results group, the
// Health panel: every agent's latest round graded in words and why, worst first, each row a click
// from its metrics and path (health-panels.ts); BGP tests also open their summary (the AS paths)
// as text. API v7 only: v6 says so. Opened at a moment (Show Alert on an
// alert), they read a range holding it, and show its round instead of the newest.
import * as vscode from 'vscode';
import { besideColumn } from '../ui/columns';
import { latestHealthByAgent } from '../../analysis/results/health';
import { readNewestFitting } from '../../analysis/results/newest';
import { healthRows } from '../../analysis/results/health-rows';
import { readKind, readResultsSummary } from '../../analysis/results/read';
import { resultsText } from '../../analysis/results/text';
import { roundMinute } from '../../analysis/text/utc';
import { mergeHarPages } from '../../analysis/har/merge-pages';
import type { NetmonClient } from '../../api';
import { resultKindsOfTest, RESULTS_NEED_V7, type EnterpriseTest, type WebTransactionPage } from '../../api/types';
import { documentsLibrary as lib } from '../documents/library';
import { deployTarget } from '../documents/target';
import { deployedRoundKey, openApiRound } from './api-round-waterfall';
import { historyRange, type TimeOptions } from './data';
import { isTreeNode, type ResultsAt } from './args';
import { pathRange } from './test-sources';
import type { HealthPanels } from './health-panels';
import type { MetricsPanels } from './metrics-panels';
import type { PathPanels } from './path-panels';
import type { PanelServices } from './services';
import type { WaterfallPanels } from './waterfall-panels';

/**
 * What Show Results opened: the Health panel (every agent's latest round, graded, worst first), the other panels'
 * ids, and the summary document of a BGP or API test (its AS paths, its steps).
 */
export interface ShownResults {
  health?: string;
  panels: string[];
  document?: string;
}

export class DeployedResults {
  constructor(
    private readonly services: PanelServices,
    private readonly metrics: MetricsPanels,
    private readonly paths: PathPanels,
    private readonly waterfalls: WaterfallPanels,
    private readonly healths: HealthPanels,
  ) {}

  /**
   * A tree node of a deployed test (or one of its results), a bound test document's URI, or a test id; at a moment
   * (`at`), or over the view's range.
   */
  async show(arg: unknown, at?: ResultsAt): Promise<ShownResults> {
    if (
      isTreeNode(arg) &&
      arg.spec.kind === 'deployedResult' &&
      arg.spec.ids?.testId !== undefined &&
      arg.spec.ids.agentId &&
      arg.spec.ids.roundId !== undefined
    ) {
      const test = await this.test(arg.spec.ids.testId);
      const { agentId, roundId } = arg.spec.ids;
      if (test.type === 'api')
        return {
          panels: [
            await openApiRound(this.services.connection.requireClient(), this.waterfalls, test, agentId, roundId),
          ],
        };
      return {
        panels: [
          await (test.type === 'web-transactions'
            ? this.openTransaction(test, agentId, roundId)
            : this.openWaterfall(test, agentId, roundId)),
        ],
      };
    }
    const testId = isTreeNode(arg)
      ? arg.spec.ids?.testId
      : arg instanceof vscode.Uri
        ? await boundTestId(this.services, arg)
        : typeof arg === 'number'
          ? arg
          : undefined;
    if (testId === undefined)
      throw new Error(
        'Run this command on a deployed test in the Netmon view or on a bound test document, or pass a test id',
      );
    return this.open(await this.test(testId), at);
  }

  private async test(testId: number): Promise<EnterpriseTest> {
    const client = this.services.connection.requireClient();
    if ((await client.apiVersion()) === 'v6')
      throw new Error(`${RESULTS_NEED_V7.charAt(0).toUpperCase()}${RESULTS_NEED_V7.slice(1)}.`);
    const test = (await client.listEnterpriseTests()).find((t) => t.testId === testId);
    if (!test)
      throw new Error(`Test ${testId} is not deployed in this account group: create it from its document first`);
    return test;
  }

  private async open(test: EnterpriseTest, at: ResultsAt | undefined): Promise<ShownResults> {
    // The Health panel first, in the results group (it takes the focus there): the one view of every type. The others
    // open after it in the same (active) group, the path in front while it draws.
    const health = await this.openHealth(test, at);
    return { health, ...(await this.openPanels(test, at)) };
  }

  /** Every agent's latest round over the view's range (or the moment's), graded, worst first. */
  private async openHealth(test: EnterpriseTest, at: ResultsAt | undefined): Promise<string> {
    const client = this.services.connection.requireClient();
    const { options, label } = at
      ? { options: at.range, label: `around ${roundMinute(at.startSeconds)}` }
      : historyRange(this.services.timeOptions());
    const range = pathRange(options);
    const kinds = resultKindsOfTest(test);
    const read = await Promise.all(kinds.map((kind) => readKind(client, test.testId, kind, range)));
    const since = 'from' in range ? Math.floor(range.from.getTime() / 1000) : undefined;
    const testAgents = (test.agents ?? []).map((agent) => ({ agentId: String(agent.agentId) }));
    const rows = healthRows(read, testAgents, since);
    const network = kinds.includes('network');
    return this.healths.show(test.testId, test.testName, label, rows, {
      ...(network
        ? { openMetrics: (agentId: string) => this.metrics.open(test.testId, agentId, true, at?.range) }
        : {}),
      ...(kinds.includes('path-vis')
        ? {
            openPath: (agentId: string, roundId: number) =>
              this.paths.open({ testId: test.testId, agentId, roundId, deployed: true }),
          }
        : {}),
    });
  }

  private async openPanels(test: EnterpriseTest, at: ResultsAt | undefined): Promise<ShownResults> {
    const kinds = resultKindsOfTest(test);
    if (kinds.includes('api')) return this.openApi(test, at);
    const panels: string[] = [];
    if (kinds.includes('network')) {
      // Both load at once, each drawing its newest part (or the moment's round) first; the metrics panel opens first,
      // under the path.
      panels.push(
        ...(await Promise.all([
          this.metrics.open(test.testId, undefined, true, at?.range),
          this.paths.open({ testId: test.testId, deployed: true, ...(at ? { at: withTestAgents(at, test) } : {}) }),
        ])),
      );
    }
    if (kinds.includes('page-load')) {
      const round = await this.worstRound(test, 'page-load', at);
      if (round) panels.push(await this.openWaterfall(test, round.agentId, round.roundId));
    }
    if (kinds.includes('web-transactions')) {
      const round = await this.worstRound(test, 'web-transactions', at);
      if (round) panels.push(await this.openTransaction(test, round.agentId, round.roundId));
    }
    // Every agent's verdict is in the Health panel; a BGP test's AS paths are in its summary only.
    if (kinds[0] !== 'bgp') return { panels };
    return { panels, document: await this.openSummary(test, at?.range) };
  }

  /**
   * The worst agent's newest round's steps in the waterfall, and the summary (every agent's verdict, the steps of the
   * worst few) beside it.
   */
  private async openApi(test: EnterpriseTest, at: ResultsAt | undefined): Promise<ShownResults> {
    const newest = await this.worstRound(test, 'api', at);
    const panels = newest
      ? [
          await openApiRound(
            this.services.connection.requireClient(),
            this.waterfalls,
            test,
            newest.agentId,
            newest.roundId,
          ),
        ]
      : [];
    return { panels, document: await this.openSummary(test, at?.range) };
  }

  /** The test's results over the view's range (or `range`) as text, beside the editor; resolves to its URI. */
  private async openSummary(test: EnterpriseTest, range: TimeOptions | undefined): Promise<string> {
    const client = this.services.connection.requireClient();
    const { from, to, window } = historyRange(range ?? this.services.timeOptions()).options;
    const summary = await readResultsSummary(client, test, from && to ? { from, to } : { window: window ?? '1h' });
    const document = await vscode.workspace.openTextDocument({ content: resultsText(summary), language: 'plaintext' });
    await vscode.window.showTextDocument(document, { preview: false, viewColumn: besideColumn() });
    return document.uri.toString();
  }

  /**
   * The worst agent's newest round in the view's range (the one to look at first), from the range's newest part that
   * fits the cap (the list comes oldest first); at a moment, the worst agent's round of the interval from it.
   */
  private async worstRound(
    test: EnterpriseTest,
    kind: 'page-load' | 'web-transactions' | 'api',
    at: ResultsAt | undefined,
  ): Promise<{ agentId: string; roundId: number } | undefined> {
    const client = this.services.connection.requireClient();
    const range = at
      ? roundOf(at.startSeconds, test.interval)
      : pathRange(historyRange(this.services.timeOptions()).options);
    const { records } = await readNewestFitting(
      (part, maxRecords) => client.testResults(kind, test.testId, part).collect({ maxRecords }),
      range,
      10_000,
    );
    return latestHealthByAgent(kind, records)[0];
  }

  private openTransaction(test: EnterpriseTest, agentId: string, roundId: number): Promise<string> {
    const client = this.services.connection.requireClient();
    return this.waterfalls.openHar({
      key: deployedRoundKey(test.testId, agentId, roundId),
      name: test.testName,
      read: (signal) => readTransaction(client, test, agentId, roundId, signal),
    });
  }

  private openWaterfall(test: EnterpriseTest, agentId: string, roundId: number): Promise<string> {
    const client = this.services.connection.requireClient();
    return this.waterfalls.openHar({
      key: deployedRoundKey(test.testId, agentId, roundId),
      name: test.testName,
      read: async (signal) => {
        const detail = await client.getPageLoadDetail(test.testId, agentId, roundId, { signal });
        if (!detail.har)
          throw new Error(`the page load of ${agentId} in round ${roundMinute(roundId)} came without its HAR`);
        const agent = typeof detail.agentName === 'string' ? detail.agentName : agentId;
        return { har: detail.har, title: `${test.testName} · ${agent} · ${roundMinute(roundId)}` };
      },
    });
  }
}

/** The interval from a moment on, up to the next round (not including it). */
function roundOf(startSeconds: number, intervalSeconds: number): { from: Date; to: Date } {
  const seconds = Math.max(60, intervalSeconds || 300);
  return { from: new Date(startSeconds * 1000), to: new Date((startSeconds + seconds - 1) * 1000) };
}

/** The agents to read the moment's round from when it is not listed: the test's (all ran it), else the given ones. */
function withTestAgents(at: ResultsAt, test: EnterpriseTest): ResultsAt {
  const agentIds = (test.agents ?? []).map((agent) => String(agent.agentId));
  return agentIds.length > 0 ? { ...at, agentIds } : at;
}

/** Pages of one transaction whose HARs are read for the picker (a script visits a handful). */
const MAX_TRANSACTION_PAGES = 10;

/**
 * A web transaction's round in the waterfall: every page's HAR (up to the cap), merged so the
 * waterfall's page picker offers each, opened on the slowest page, its title naming that page and the agent.
 */
async function readTransaction(
  client: NetmonClient,
  test: EnterpriseTest,
  agentId: string,
  roundId: number,
  signal: AbortSignal,
): Promise<{ har: unknown; title: string; pageId?: string }> {
  const detail = await client.getWebTransactionDetail(test.testId, agentId, roundId, { signal });
  const pages = detail.pages.slice(0, MAX_TRANSACTION_PAGES);
  if (pages.length === 0)
    throw new Error(`the web transaction of ${agentId} in round ${roundMinute(roundId)} lists no page`);
  const read = await Promise.all(
    pages.map((page) => client.getWebTransactionPage(test.testId, agentId, roundId, page.pageId, { signal })),
  );
  const withHar = read.flatMap((page, i) =>
    page.har ? [{ har: page.har, page: pages[i] as WebTransactionPage }] : [],
  );
  if (withHar.length === 0)
    throw new Error(
      `the pages of ${agentId}'s web transaction in round ${roundMinute(roundId)} came without their HARs`,
    );
  const { har, firstPageIds } = mergeHarPages(withHar.map((p) => p.har));
  const slowest = withHar.reduce(
    (best, p, i) => (Number(p.page.duration ?? 0) > Number(withHar[best]?.page.duration ?? 0) ? i : best),
    0,
  );
  const page = withHar[slowest]?.page;
  const agent = typeof detail.agentName === 'string' ? detail.agentName : agentId;
  const pageName = typeof page?.pageName === 'string' ? page.pageName : `page ${page?.pageId ?? ''}`;
  const pageId = firstPageIds[slowest];
  return {
    har,
    title: `${test.testName} · ${pageName} · ${agent} · ${roundMinute(roundId)}`,
    ...(pageId ? { pageId } : {}),
  };
}

/** The test a document is bound to on this connection and account group. */
async function boundTestId(services: PanelServices, uri: vscode.Uri): Promise<number> {
  const text = (await vscode.workspace.openTextDocument(uri)).getText();
  const target = deployTarget(services.connection, text);
  const bound = lib().findBinding(lib().listBindings(text), target.connectionKey, target.aidKey);
  if (!bound)
    throw new Error(`This document is not deployed to ${target.groupLabel}: create it first, then show its results`);
  return bound.testId;
}
