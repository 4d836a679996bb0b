// The alerts and events of a range, read once for the marks a view draws (src/analysis/alerts/marks.ts): the agent
// timeline (panel, `netmon agent timeline`, agent_timeline) and a deployed test's metrics. v7 only: on v6 there are
// none to read, which is said in one quiet sentence, never as an error; a read that fails is said the same way.
import type { MarkInputs, MarkTest } from '../analysis/alerts/marks';
import { forEachAtMost } from '../analysis/pool';
import type { NetmonClient } from '../api/client';
import type { Alert, DetectedEvent } from '../api/types';

/** Alerts and events read from a range at most (each list). */
export const MAX_MARK_RECORDS = 500;
/** Events whose own read is asked for at most (the newest first), and how many of those reads run at once. */
export const MAX_EVENT_DETAILS = 40;
const EVENT_DETAIL_CONCURRENCY = 4;

export const MARKS_NEED_V7 = 'Alerts and events are not shown: they need the v7 API.';

type MarkClient = Pick<
  NetmonClient,
  'apiVersion' | 'alerts' | 'events' | 'getEvent' | 'listEnterpriseTests' | 'listAlertRules'
>;

/** The range of a timeline's walk as the marks read it: a relative window stays the service's, as the walk's does. */
export function markRangeOf(request: { window: string } | { from: Date; to: Date }): MarkReadRange {
  return 'window' in request
    ? { window: request.window }
    : { fromMs: request.from.getTime(), toMs: request.to.getTime() };
}

type MarkReadRange = { fromMs: number; toMs: number } | { window: string };

/**
 * The inputs of the marks over a range (a relative window is the service's, resolved by its own clock), or the one
 * sentence saying why there are none.
 */
export async function readMarkInputs(
  client: MarkClient,
  range: MarkReadRange,
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
          (read) => withAffected(client, read.records, signal),
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

/**
 * The events with what they affect: the service's list gives only counts of the affected tests, targets and agents
 * (Event_Detection_API_Event), its read of one event the tests and targets themselves, which tie an event to a test or
 * to a site an agent visited. Read for the newest MAX_EVENT_DETAILS events that list none; a failed read keeps the
 * list's record.
 */
async function withAffected(
  client: MarkClient,
  events: readonly DetectedEvent[],
  signal: AbortSignal | undefined,
): Promise<DetectedEvent[]> {
  const bare = (event: DetectedEvent): boolean =>
    event.affectedTests.items.length === 0 && event.affectedTargets.items.length === 0;
  const wanted = events
    .filter(bare)
    .sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate))
    .slice(0, MAX_EVENT_DETAILS);
  const details = new Map<DetectedEvent, DetectedEvent>();
  const aborted = (): boolean => signal?.aborted === true;
  await forEachAtMost(
    wanted,
    EVENT_DETAIL_CONCURRENCY,
    async (event) => {
      const detail = await client.getEvent(event.eventId, signal ? { signal } : {}).catch(() => undefined);
      if (detail) details.set(event, detail);
    },
    aborted,
  );
  return events.map((event) => {
    const detail = details.get(event);
    return detail ? withDetail(event, detail) : event;
  });
}

/** The listed event (its title is in the list only) with what its own read adds: the affected, summary, cause. */
function withDetail(listed: DetectedEvent, detail: DetectedEvent): DetectedEvent {
  const defined = Object.fromEntries(Object.entries(listed).filter(([, value]) => value !== undefined));
  return {
    ...detail,
    ...defined,
    cause: listed.cause.length > 0 ? listed.cause : detail.cause,
    affectedTests: detail.affectedTests,
    affectedTargets: detail.affectedTargets,
    affectedAgents: detail.affectedAgents,
  };
}
