// The alerts and events of a range, read once for the marks a view draws (src/analysis/alerts/marks.ts): the agent
// timeline (panel, `netmon agent timeline`, agent_timeline) and a deployed test's metrics. v7 only: on v6 there are
// none to read, which is said in one quiet sentence, never as an error; a read that fails is said the same way.
import type { MarkInputs, MarkTest } from '../analysis/alerts/marks';
import type { NetmonClient } from '../api/client';
import type { Alert, DetectedEvent } from '../api/types';

/** Alerts and events read from a range at most (each list). */
export const MAX_MARK_RECORDS = 500;

export const MARKS_NEED_V7 = 'Alerts and events are not shown: they need the v7 API.';

type MarkClient = Pick<NetmonClient, 'apiVersion' | 'alerts' | 'events' | 'listEnterpriseTests' | 'listAlertRules'>;

/**
 * The inputs of the marks over a range (a relative window is the service's, resolved by its own clock), or the one
 * sentence saying why there are none.
 */
export async function readMarkInputs(
  client: MarkClient,
  range: { fromMs: number; toMs: number } | { window: string },
  signal?: AbortSignal,
): Promise<MarkInputs | { note: string }> {
  if ((await client.apiVersion()) === 'v6') return { note: MARKS_NEED_V7 };
  const within = 'window' in range ? range : { from: new Date(range.fromMs), to: new Date(range.toMs) };
  const options = { ...within, ...(signal ? { signal } : {}) };
  const call = signal ? { signal } : {};
  try {
    const [alerts, events, tests, rules] = await Promise.all([
      client.alerts(options).collect({ maxRecords: MAX_MARK_RECORDS }),
      // Events are context: an account that cannot read them still gets its alerts.
      client
        .events(options)
        .collect({ maxRecords: MAX_MARK_RECORDS })
        .then(
          (read) => read.records,
          (): DetectedEvent[] => [],
        ),
      client.listEnterpriseTests(call).catch(() => []),
      client.listAlertRules(call).catch(() => []),
    ]);
    return {
      alerts: alerts.records as Alert[],
      events,
      tests: new Map(
        tests.map((test): [string, MarkTest] => [
          String(test.testId),
          {
            testName: String(test.testName),
            ...(test.server ? { server: String(test.server) } : {}),
            ...(test.url ? { url: String(test.url) } : {}),
          },
        ]),
      ),
      ruleNames: new Map(rules.map((rule) => [String(rule.ruleId), rule.ruleName])),
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { note: `Alerts and events could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}
