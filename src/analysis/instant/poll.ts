// Waiting for an instant test's first results: the data endpoint of its type read every
// `pollMs` until records arrive, cancellable, giving up after POLL_TIMEOUT_MS. The editor's
// "Run Instant Test" and the run_instant_test tool wait the same way.
import type { EndpointTestType } from '../../api/types';

export const POLL_TIMEOUT_MS = 5 * 60_000;

interface Collecting {
  collect(options: { maxRecords: number }): Promise<{ records: unknown[] }>;
}
type ResultsOptions = { window: string; aid: string | undefined; signal: AbortSignal };

export interface InstantResultsClient {
  httpServerResults(testId: number, options: ResultsOptions): Collecting;
  netMetrics(testId: number, options: ResultsOptions): Collecting;
}

export async function pollResults(
  client: InstantResultsClient,
  type: EndpointTestType,
  testId: number,
  aid: string | undefined,
  signal: AbortSignal,
  onWait: (elapsedMs: number) => void,
  pollMs: number,
  timeoutMs = POLL_TIMEOUT_MS,
): Promise<unknown[]> {
  const started = Date.now();
  for (;;) {
    const list =
      type === 'http-server'
        ? client.httpServerResults(testId, { window: '1h', aid, signal })
        : client.netMetrics(testId, { window: '1h', aid, signal });
    const { records } = await list.collect({ maxRecords: 200 });
    if (records.length > 0) return records;
    const elapsed = Date.now() - started;
    if (elapsed > timeoutMs)
      throw new Error(
        `no results for instant test ${testId} after ${Math.round(timeoutMs / 60_000)} minutes; ` +
          `look for it later under Endpoint Tests`,
      );
    onWait(elapsed);
    await delay(pollMs, signal);
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(): Error {
  const error = new Error('cancelled');
  error.name = 'AbortError';
  return error;
}
