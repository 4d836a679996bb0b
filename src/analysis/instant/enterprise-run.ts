// Waiting for an enterprise test run now (instant, or a deployed test run again): its type's
// own results read with backoff until every agent of the test has answered a round since the
// run was asked for, or the time is up. Each read hands the answers so far to `onProgress`,
// so a panel fills in as agents answer. `netmon run` and the editor's Run Now wait this way.
import type { ListOptions } from '../../api/client';
import { resultKindsOf, type TestResult, type TestResultKind } from '../../api/types';
import { latestHealthByAgent, type AgentHealth } from '../results/health';

export const RUN_TIMEOUT_MS = 5 * 60_000;
/** One read holds at most this many records: a run answers one round per agent. */
const MAX_RECORDS = 5_000;

export interface EnterpriseRunClient {
  testResults(
    kind: TestResultKind,
    testId: number | string,
    options?: ListOptions,
  ): { collect(options: { maxRecords: number }): Promise<{ records: TestResult[] }> };
}

export interface RunWait {
  signal?: AbortSignal;
  /** The account group the test is in (the account's default when absent). */
  aid?: string;
  timeoutMs?: number;
  /** First wait between reads; doubled after each read up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** The service's clock in ms (the agent tools' tests pin it); `sinceSeconds` is on it. */
  now?: () => number;
  /**
   * Each read's answers: every agent's health, the agents still silent, and the run's records (for numbers beside the
   * health).
   */
  onProgress?: (answered: AgentHealth[], waitingFor: readonly string[], records: readonly TestResult[]) => void;
}

export interface RunOutcome {
  kind: TestResultKind;
  /** Each answering agent's health in the run, worst first. */
  agents: AgentHealth[];
  /** Agents of the test with no answer when the wait ended (timed out). */
  missing: string[];
}

/** What running a BGP test now says: the instant API has no BGP form. */
export const BGP_NO_INSTANT_RUN = 'bgp tests have no instant run; deploy it to see its results';

/** The kind a run is judged by: the type's own results (network for agent-to-*, the RTP stream for voice). */
export function runKindOf(type: string): TestResultKind {
  if (type === 'bgp') throw new RangeError(BGP_NO_INSTANT_RUN);
  const kind = resultKindsOf(type)[0];
  if (!kind) throw new RangeError(`${type.slice(0, 40)} tests have no results to wait for`);
  return kind;
}

export async function waitForRun(
  client: EnterpriseRunClient,
  test: { testId: number | string; type?: unknown },
  agentIds: readonly string[],
  sinceSeconds: number,
  wait: RunWait = {},
): Promise<RunOutcome> {
  const kind = runKindOf(String(test.type));
  const started = Date.now();
  const timeoutMs = wait.timeoutMs ?? RUN_TIMEOUT_MS;
  let delayMs = wait.firstDelayMs ?? 1_000;
  for (;;) {
    const window = `${Math.max(1, Math.ceil(((wait.now ?? Date.now)() / 1000 - sinceSeconds) / 60) + 5)}m`;
    const { records } = await client
      .testResults(kind, test.testId, { window, aid: wait.aid, signal: wait.signal })
      .collect({ maxRecords: MAX_RECORDS });
    const ran = records.filter((record) => record.roundId >= sinceSeconds);
    const agents = latestHealthByAgent(kind, ran);
    const answered = new Set(agents.map((agent) => agent.agentId));
    const missing = agentIds.filter((id) => !answered.has(id));
    wait.onProgress?.(agents, missing, ran);
    if (missing.length === 0 || Date.now() - started + delayMs > timeoutMs) return { kind, agents, missing };
    await delay(delayMs, wait.signal);
    delayMs = Math.min(delayMs * 2, wait.maxDelayMs ?? 15_000);
  }
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function cancelled(): Error {
  const error = new Error('cancelled');
  error.name = 'AbortError';
  return error;
}
