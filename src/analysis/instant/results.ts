// The results of an instant test as a person reads them: one row per endpoint agent (its
// latest round), named, with latency, loss and jitter, and for HTTP the response code and
// the phases, graded with the thresholds the session verdict uses. Pure: the editor's
// results view and any other reader share it.
import { editorLine } from '../text/untrusted';
import { reportedErrorType } from '../error-type';
import type { HttpServerResult, NetMetric } from '../../api/types';
import { MEASURE_WORDS, networkGrade, type Grade } from '../grades';
import { THRESHOLDS } from '../session/thresholds';

export type { Grade } from '../grades';

export interface InstantRow {
  agentId: string;
  agent: string;
  grade: Grade;
  latencyMs?: number;
  lossPct?: number;
  jitterMs?: number;
  responseCode?: number;
  phases?: { dns?: number; connect?: number; ssl?: number; wait?: number; receive?: number; total?: number };
  error?: string;
  /** Why the grade (an enterprise run of a type without numbers of its own here: DNS, page load, API…). */
  reason?: string;
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The latest record of each agent, bad rows first, then by agent name. */
export function instantRows(
  type: 'agent-to-server' | 'http-server',
  records: readonly unknown[],
  agentName: (agentId: string) => string | undefined,
): InstantRow[] {
  const latest = new Map<string, Record<string, unknown>>();
  for (const record of records) {
    if (typeof record !== 'object' || record === null) continue;
    const agentId = String((record as Record<string, unknown>)['agentId'] ?? '');
    const round = finite((record as Record<string, unknown>)['roundId']) ?? 0;
    const seen = latest.get(agentId);
    if (!seen || (finite(seen['roundId']) ?? 0) <= round) latest.set(agentId, record as Record<string, unknown>);
  }
  const rows = [...latest.entries()].map(([agentId, record]) =>
    type === 'http-server'
      ? httpRow(agentId, record as Partial<HttpServerResult>, agentName)
      : networkRow(agentId, record as Partial<NetMetric>, agentName),
  );
  const order: Record<Grade, number> = { bad: 0, warn: 1, ok: 2 };
  return rows.sort((a, b) => order[a.grade] - order[b.grade] || a.agent.localeCompare(b.agent));
}

function networkRow(
  agentId: string,
  metric: Partial<NetMetric>,
  agentName: (id: string) => string | undefined,
): InstantRow {
  const latencyMs = finite(metric.avgLatency);
  const lossPct = finite(metric.loss);
  const error = typeof metric.errorDetails === 'string' && metric.errorDetails !== '' ? metric.errorDetails : undefined;
  const grade: Grade = error ? 'bad' : (networkGrade(latencyMs, lossPct) ?? 'ok');
  return {
    agentId,
    agent: agentName(agentId) ?? agentId,
    grade,
    latencyMs,
    lossPct,
    jitterMs: finite(metric.jitter),
    ...(error ? { error } : {}),
  };
}

function httpRow(
  agentId: string,
  result: Partial<HttpServerResult>,
  agentName: (id: string) => string | undefined,
): InstantRow {
  // v6 says `None` and v7's enum `none` when there was no error: error-type.ts knows both.
  const errorType = reportedErrorType(result.errorType);
  const details =
    typeof result.errorDetails === 'string' && result.errorDetails !== '' ? result.errorDetails : undefined;
  const error = errorType ? `${errorType}${details ? `: ${details}` : ''}` : undefined;
  const responseCode = finite(result.responseCode);
  const phases = {
    dns: finite(result.dnsTime),
    connect: finite(result.connectTime),
    ssl: finite(result.sslTime),
    wait: finite(result.waitTime),
    receive: finite(result.receiveTime),
    total: finite(result.totalTime),
  };
  const { connectWarn, connectBad } = THRESHOLDS.server;
  const grade: Grade =
    error || (responseCode ?? 0) >= 400 || (phases.connect ?? 0) >= connectBad
      ? 'bad'
      : (phases.connect ?? 0) >= connectWarn || (phases.total ?? 0) >= THRESHOLDS.page.loadWarn
        ? 'warn'
        : 'ok';
  return {
    agentId,
    agent: agentName(agentId) ?? agentId,
    grade,
    ...(responseCode !== undefined ? { responseCode } : {}),
    phases,
    ...(error ? { error } : {}),
  };
}

/** What the results panel and the text view show: the same heading, summary, notes and rows. */
export interface InstantResultsView {
  testId: number;
  testName: string;
  /** The test's type: an endpoint instant test's, or any enterprise type's. */
  type: string;
  heading: string;
  /** "3 agents: 1 failing, 0 slow, 2 fine". */
  summary: string;
  notes: string[];
  rows: InstantRow[];
  /** Endpoint instant test (the default) or an enterprise test run now (v7). */
  source?: 'endpoint' | 'enterprise';
  /** Which columns the rows fill; by default HTTP phases for http-server, the network's numbers otherwise. */
  layout?: InstantLayout;
  /** Agents of the run with no answer yet (or, once the wait ended, none at all). */
  waiting?: { agentId: string; agent: string }[];
  /** Still waiting for answers: the panel offers Cancel. */
  running?: boolean;
  /** Whether the rows link to the test's metrics and path panels (a test whose results the service lists). */
  links?: boolean;
}

export type InstantLayout = 'http' | 'network' | 'health';

export function layoutOf(view: Pick<InstantResultsView, 'layout' | 'type'>): InstantLayout {
  return view.layout ?? (view.type === 'http-server' ? 'http' : 'network');
}

export const GRADE_WORDS = MEASURE_WORDS;

export function instantResultsView(
  testId: number,
  testName: string,
  type: InstantResultsView['type'],
  rows: InstantRow[],
  notes: readonly string[] = [],
): InstantResultsView {
  return {
    testId,
    testName,
    type,
    rows,
    notes: [...notes],
    heading: `Instant test ${testId} "${testName}" (${type})`,
    summary: gradeSummary(rows),
  };
}

/** "3 agents: 1 failing, 0 slow, 2 fine". */
export function gradeSummary(rows: readonly InstantRow[]): string {
  const counts = (['bad', 'warn', 'ok'] as const)
    .map((g) => `${rows.filter((r) => r.grade === g).length} ${GRADE_WORDS[g]}`)
    .join(', ');
  return `${rows.length} agent${rows.length === 1 ? '' : 's'}: ${counts}`;
}

const MARK: Record<Grade, string> = { ok: '✓', warn: '!', bad: '✗' };

const TEXT_HEADERS: Record<InstantLayout, readonly string[]> = {
  http: ['', 'Agent', 'Code', 'DNS', 'Connect', 'SSL', 'Wait', 'Receive', 'Total ms', 'Error'],
  network: ['', 'Agent', 'Latency ms', 'Loss %', 'Jitter ms', 'Error'],
  health: ['', 'Agent', 'Result'],
};

function textCells(layout: InstantLayout, row: InstantRow): string[] {
  if (layout === 'health') return [MARK[row.grade], row.agent, row.error ?? row.reason ?? ''];
  if (layout === 'network')
    return [
      MARK[row.grade],
      row.agent,
      ms(row.latencyMs),
      row.lossPct === undefined ? '-' : row.lossPct.toFixed(1),
      ms(row.jitterMs),
      row.error ?? '',
    ];
  const phases = row.phases;
  return [
    MARK[row.grade],
    row.agent,
    row.responseCode === undefined ? '-' : String(row.responseCode),
    ms(phases?.dns),
    ms(phases?.connect),
    ms(phases?.ssl),
    ms(phases?.wait),
    ms(phases?.receive),
    ms(phases?.total),
    row.error ?? '',
  ];
}
const ms = (value: number | undefined): string => (value === undefined ? '-' : `${Math.round(value)}`);

/** A text table for a read-only editor: every line whole (no column is cut), one-line cells. */
export function instantResultsText(view: InstantResultsView): string {
  const layout = layoutOf(view);
  const header = TEXT_HEADERS[layout];
  const cells = [
    ...view.rows.map((row) => textCells(layout, row)),
    ...(view.waiting ?? []).map((agent) => [
      ' ',
      agent.agent,
      ...header.slice(2, -1).map(() => '-'),
      view.running ? 'waiting for its answer' : 'no answer',
    ]),
  ].map((row) => row.map(editorLine));
  const widths = header.map((_, c) => Math.max(header[c]!.length, ...cells.map((r) => r[c]!.length)));
  const line = (r: readonly string[]): string =>
    r
      .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [
    editorLine(view.heading),
    `${view.summary} (✗ failing, ! slow, ✓ fine; thresholds as in the session verdict)`,
    ...view.notes.map(editorLine),
    '',
    line(header),
    ...cells.map(line),
    '',
  ].join('\n');
}
