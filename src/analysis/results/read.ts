// Reading a deployed enterprise test's results for a summary: each result kind the test has,
// each agent's latest health, for tests with a network layer the path localization of the newest rounds
// (the same reader and localization as an endpoint test's path: an enterprise path trace is a
// path trace), for BGP tests the AS paths and for API tests the steps. The client is passed
// in (NetmonClient satisfies ResultsClient); `netmon results` and the explorer's Deployed
// Tests read through here.
import type {
  ApiResult,
  BgpResult,
  EnterpriseTest,
  PathTrace,
  PathVisSummary,
  TestResult,
  TestResultKind,
} from '../../api/types';
import { NETWORK_MEASUREMENTS_OFF, resultKindsOf, resultKindsOfTest } from '../../api/types';
import { localizePathTraces, type PathLocalization } from '../path/localize';
import { readPathRounds, readRoundTraces, type PathRange, type PathTraceClient } from '../path/read-rounds';
import { readNewestFitting } from '../time/newest-part';
import type { ApiRoundSteps } from './api-steps';
import { readApiSteps, type ApiStepsClient } from './api-steps-read';
import type { BgpPathReport } from './bgp-paths';
import { readBgpPaths, type BgpRoutesClient } from './bgp-read';
import { latestHealthByAgent, worstHealth, type AgentHealth, type Health } from './health';

/** Results read per kind at most: 200 agents × a day of 5-minute rounds is 57,600. */
export const MAX_RESULTS_PER_KIND = 60_000;
/** Newest rounds whose path traces are localized together. */
export const LOCALIZED_ROUNDS = 3;

type Options = PathRange & { signal?: AbortSignal };

export interface ResultsClient extends BgpRoutesClient, ApiStepsClient {
  testResults(
    kind: TestResultKind,
    testId: number,
    options: Options,
  ): { collect(options: { maxRecords: number }): Promise<{ records: TestResult[]; complete: boolean }> };
  getTestPathTrace(
    testId: number,
    agentId: string,
    roundId: number,
    options: { signal?: AbortSignal },
  ): Promise<PathTrace>;
}

export interface KindSummary {
  kind: TestResultKind;
  health: Health;
  agents: AgentHealth[];
  records: number;
  /** False when the range held more than MAX_RESULTS_PER_KIND (then its newest part that fits was read). */
  complete: boolean;
}

export interface ResultsSummary {
  testId: number;
  testName: string;
  type: string;
  /** The worst of the kinds' health. */
  health: Health;
  kinds: KindSummary[];
  /** Network tests: where loss and delay are, on the newest rounds' path traces. */
  localization?: PathLocalization;
  /** BGP tests: each monitor's AS path to each prefix in the newest round, and what changed. */
  bgpPaths?: BgpPathReport[];
  /** API tests: the steps of the newest round of a few agents, worst first. */
  apiSteps?: ApiRoundSteps[];
  /** Why a test whose type can measure the network has no network or path results (its networkMeasurements is off). */
  networkNote?: string;
}

/** The client's path reads for the path analyses: enterprise path-vis and traces. */
export function enterprisePaths(client: ResultsClient): PathTraceClient {
  return {
    pathVis: (testId, options) => ({
      collect: async (cap) => {
        const { records, complete } = await client.testResults('path-vis', testId, options).collect(cap);
        return { records: records as PathVisSummary[], complete };
      },
    }),
    getPathTrace: (testId, agentId, roundId, options) => client.getTestPathTrace(testId, agentId, roundId, options),
  };
}

/**
 * Each agent's latest health of one kind: from the range's newest part that fits the cap (the list comes oldest first).
 */
export async function readKind(
  client: ResultsClient,
  testId: number,
  kind: TestResultKind,
  range: Options,
  cap = MAX_RESULTS_PER_KIND,
): Promise<KindSummary> {
  return (await readKindRecords(client, testId, kind, range, cap)).summary;
}

async function readKindRecords(
  client: ResultsClient,
  testId: number,
  kind: TestResultKind,
  range: Options,
  cap = MAX_RESULTS_PER_KIND,
): Promise<{ summary: KindSummary; records: TestResult[] }> {
  const { signal, ...whole } = range;
  const read = (part: PathRange, maxRecords: number): Promise<{ records: TestResult[]; complete: boolean }> =>
    client.testResults(kind, testId, { ...part, ...(signal ? { signal } : {}) }).collect({ maxRecords });
  const fitting = await readNewestFitting(read, whole, cap);
  const { records } = fitting;
  const complete = fitting.complete && !fitting.narrowed;
  const agents = latestHealthByAgent(kind, records);
  return { summary: { kind, health: worstHealth(agents), agents, records: records.length, complete }, records };
}

export async function readResultsSummary(
  client: ResultsClient,
  test: EnterpriseTest,
  range: Options,
): Promise<ResultsSummary> {
  const kinds = resultKindsOfTest(test);
  const reads = await Promise.all(kinds.map((kind) => readKindRecords(client, test.testId, kind, range)));
  const summaries = reads.map((read) => read.summary);
  const summary: ResultsSummary = {
    testId: test.testId,
    testName: test.testName,
    type: String(test.type),
    health: worstHealth(summaries.filter((s) => s.agents.length > 0)),
    kinds: summaries,
  };
  if (resultKindsOf(String(test.type)).includes('network') && !kinds.includes('network'))
    summary.networkNote = NETWORK_MEASUREMENTS_OFF;
  if (kinds.includes('path-vis')) {
    const paths = enterprisePaths(client);
    const rounds = (await readPathRounds(paths, test.testId, range, range.signal)).slice(0, LOCALIZED_ROUNDS);
    const traces = (
      await Promise.all(
        rounds.map((round) => readRoundTraces(paths, test.testId, round.agentIds, round.roundId, range.signal)),
      )
    ).flat();
    // The results name their agents: the localization says them too.
    const names = new Map(summaries.flatMap((s) => s.agents.map((a) => [a.agentId, a.agentName] as const)));
    if (traces.length > 0)
      summary.localization = localizePathTraces(traces, { agentName: (id) => names.get(id) ?? id });
  }
  const bgp = reads.find((read) => read.summary.kind === 'bgp');
  if (bgp)
    summary.bgpPaths = await readBgpPaths(client, test.testId, bgp.records as BgpResult[], test.interval, range.signal);
  const api = reads.find((read) => read.summary.kind === 'api');
  if (api) summary.apiSteps = await readApiSteps(client, test.testId, api.records as ApiResult[], range.signal);
  return summary;
}

/** The test's health at a glance: its first kind's agents over the newest rounds only. */
export async function latestHealth(
  client: ResultsClient,
  test: EnterpriseTest,
  signal?: AbortSignal,
): Promise<{ health: Health; agents: AgentHealth[] }> {
  const kind = resultKindsOf(String(test.type))[0];
  if (!kind) return { health: 'unknown', agents: [] };
  const window = `${Math.max(2, Math.ceil((2 * (test.interval || 300)) / 60))}m`;
  const { agents, health } = await readKind(client, test.testId, kind, { window, ...(signal ? { signal } : {}) });
  return { health, agents };
}
