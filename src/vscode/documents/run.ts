// Running documents: an instant test (POST, then poll the data endpoints with progress and
// cancellation until results arrive) and a filter (one filtered list walk). Instant results
// open in their panel (text and JSON one click away); filter results as read-only JSON.
import * as vscode from 'vscode';
import type { FilterableListOptions, NetmonClient } from '../../api';
import type { EndpointTestType, FilterTarget, InstantTestBodies } from '../../api/types';
import {
  instantResultsText,
  instantResultsView,
  instantRows,
  type InstantResultsView,
} from '../../analysis/instant/results';
import { pollResults } from '../../analysis/instant/poll';
import { withNotificationProgress } from '../ui/notify';
import { documentsLibrary as lib } from './library';
import type { ResultsDocuments } from './results';

const MAX_FILTER_RECORDS = 500;

/** Where instant results are shown (the panels layer's InstantResultsPanels). */
export interface InstantResultsViewer {
  /** `run`: an enterprise run's own panel, redrawn by each call, and how its Cancel stops waiting. */
  open(
    view: InstantResultsView,
    alternatives: { openText(): Promise<unknown>; openJson(): Promise<unknown> },
    run?: { key: string; cancel(): void },
  ): string;
}

export interface InstantRunOptions {
  client: NetmonClient;
  viewer: InstantResultsViewer;
  pollMs?: number;
  aid?: string;
  /** Run Now of a test document: the fields it could not carry over, shown with the results. */
  notCarried?: readonly { field: string; why: string }[];
  /** The document the run came from, named in the results. */
  from?: string;
  /** Endpoint agents already loaded (the documents' catalog): no second walk of the list. */
  knownAgents?: () => readonly { agentId: string; name: string }[] | undefined;
}

export interface InstantRunResult {
  testId: number;
  type: EndpointTestType;
  records: unknown[];
  /** The results panel (a row per agent, by name). */
  panelId: string;
  /** The same results as a text table ("Open as Text"). */
  text: string;
  /** The same results as the service sent them (JSON), for "Open as JSON". */
  json: string;
}

/** An instant test as the client sends it: its type, body and account group. */
export interface InstantRequest {
  type: EndpointTestType;
  body: Record<string, unknown>;
  query: { aid?: string };
}

/** POSTs an instant-test document's test and waits for its first results; cancellable at every step. */
export function runInstantTest(
  value: unknown,
  results: ResultsDocuments,
  options: InstantRunOptions,
): Promise<InstantRunResult | undefined> {
  return runInstantRequest(lib().instantTestRequest(value), results, options);
}

/** POSTs the instant test and waits for its first results; cancellable at every step. */
export async function runInstantRequest(
  request: InstantRequest,
  results: ResultsDocuments,
  options: InstantRunOptions,
): Promise<InstantRunResult | undefined> {
  const testName = String(request.body['testName']);
  const polled = await withNotificationProgress(`Instant test "${testName}"`, async (progress, signal) => {
    progress.report({ message: 'starting…' });
    const aid = request.query['aid'] ?? options.aid;
    const created = await createInstant(options.client, request.type, request.body, aid, signal);
    const testId = created.testId;
    const records = await pollResults(
      options.client,
      request.type,
      testId,
      aid,
      signal,
      (elapsed) => {
        const seconds = Math.round(elapsed / 1000);
        progress.report({ message: `test ${testId} started; waiting for results (${seconds} s)…` });
      },
      options.pollMs ?? 2000,
    );
    return records && { testId, records };
  });
  if (!polled) return undefined;
  const origin = options.from === undefined ? {} : { runNowOf: options.from, notCarriedOver: options.notCarried ?? [] };
  const json = JSON.stringify(
    { testId: polled.testId, type: request.type, testName, ...origin, results: polled.records },
    null,
    2,
  );
  const known = options.knownAgents?.();
  const names = known
    ? new Map(known.filter((a) => a.name).map((a) => [a.agentId, a.name]))
    : await agentNames(options.client);
  const rows = instantRows(request.type, polled.records, (id) => names.get(id));
  const notes =
    options.from === undefined
      ? []
      : [
          `Run now of ${options.from}; not carried over: ` +
            `${(options.notCarried ?? []).map((n) => n.field).join(', ') || 'nothing'}.`,
        ];
  const view = instantResultsView(polled.testId, testName, request.type, rows, notes);
  const text = instantResultsText(view);
  const panelId = options.viewer.open(view, {
    openText: () => results.show(`instant-${polled.testId}.netmon-instant-results`, text, 'netmon-instant-results'),
    openJson: () => results.show(`instant-${polled.testId}.json`, json),
  });
  return { testId: polled.testId, type: request.type, records: polled.records, panelId, text, json };
}

/** Endpoint agents by id from the connection's directory, to name the rows when nothing has loaded them. */
async function agentNames(client: NetmonClient): Promise<Map<string, string>> {
  return new Map(Object.entries((await client.agentDirectory().ready()).names()));
}

function createInstant(
  client: NetmonClient,
  type: EndpointTestType,
  body: Record<string, unknown>,
  aid: string | undefined,
  signal: AbortSignal,
) {
  // The body was checked by the documents layer against the spec's fields for `type`.
  if (type === 'http-server')
    return client.createInstantTest(type, body as unknown as InstantTestBodies['http-server'], { aid, signal });
  return client.createInstantTest(type, body as unknown as InstantTestBodies['agent-to-server'], { aid, signal });
}

export interface FilterRunResult {
  target: FilterTarget;
  records: unknown[];
  complete: boolean;
  document: vscode.TextDocument;
}

/** Runs a filter document's search and shows the records (up to MAX_FILTER_RECORDS). */
export async function runFilter(
  value: unknown,
  client: NetmonClient,
  results: ResultsDocuments,
  signal: AbortSignal,
): Promise<FilterRunResult> {
  const request = lib().filterRequest(value);
  const range = request.range;
  const options: FilterableListOptions = {
    filters: request.body.searchFilters,
    aid: request.query['aid'],
    signal,
    ...('window' in range ? { window: range.window } : {}),
    ...('from' in range
      ? { from: utcDate(range.from), to: range.to === undefined ? undefined : utcDate(range.to) }
      : {}),
  };
  const walk = listFor(client, request.target, options);
  const { records, complete } = await walk.collect({ maxRecords: MAX_FILTER_RECORDS });
  const text = JSON.stringify(
    {
      target: request.target,
      searchFilters: request.body.searchFilters,
      range,
      count: records.length,
      complete,
      records,
    },
    null,
    2,
  );
  const document = await results.show(`${request.target}-results.json`, text);
  return { target: request.target, records, complete, document };
}

/** Documents write `YYYY-mm-ddTHH:MM:SS` in UTC, without the zone. */
function utcDate(text: string): Date {
  return new Date(/[zZ]|[+-][0-9]{2}:?[0-9]{2}$/.test(text) ? text : `${text}Z`);
}

function listFor(
  client: NetmonClient,
  target: FilterTarget,
  options: FilterableListOptions,
): { collect: (o: { maxRecords: number }) => Promise<{ records: unknown[]; complete: boolean }> } {
  switch (target) {
    case 'user-sessions':
      return client.userSessions(options);
    case 'web':
      return client.webSessions(options);
    case 'network':
      return client.networkSessions(options);
    case 'network-topology':
      return client.networkProbes(options);
  }
}
