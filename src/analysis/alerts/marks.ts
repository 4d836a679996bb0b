// Alert and event marks for a view over time: the alerts (v7) and detected events that belong
// on a deployed test's results, or on an endpoint agent's timeline. Pure: the reads are
// src/workflows/agent-timeline.ts (the timeline, `netmon agent timeline`) and the metrics panel's host;
// the timeline panel, the CLI and the metrics panel draw or print the same marks.
import type { Alert, DetectedEvent } from '../../api/types';
import { siteHost } from '../timeline/site';

/** Marks on one view at most: the worst and newest are kept, the rest counted. */
export const MAX_MARKS = 40;

/** The level a mark is drawn at: an alert's severity, an event's mapped onto it (high → major …). */
export type MarkLevel = 'critical' | 'major' | 'minor' | 'info';

export interface AlertMark {
  kind: 'alert' | 'event';
  /** The alert's or event's id. */
  id: string;
  level: MarkLevel;
  /** The service's own word (`major`, `high` …): outside text. */
  severity: string;
  startMs: number;
  /** Absent while still active (drawn to the right edge). */
  endMs?: number;
  active: boolean;
  /** The rule's name (alerts) or the event's title: outside text. */
  title: string;
  testId?: string;
  testName?: string;
  /** Sources meeting the rule (alerts); affected tests (events). */
  count: number;
  /** Why it is on an agent's timeline: the host the agent visited that the alert's test (or event) targets. */
  host?: string;
}

export interface MarkList {
  marks: AlertMark[];
  /** Relevant marks past MAX_MARKS, not listed. */
  leftOut: number;
}

/** A test as the marks name it: its name and its target (`server` "host[:port]", or `url`). */
export interface MarkTest {
  testName?: string;
  server?: string;
  url?: string;
}

export interface MarkInputs {
  alerts: readonly Alert[];
  events: readonly DetectedEvent[];
  /** The account group's tests by id (names and targets). */
  tests: ReadonlyMap<string, MarkTest>;
  /** Alert rule names by rule id. */
  ruleNames: ReadonlyMap<string, string>;
}

export interface MarkRange {
  fromMs: number;
  toMs: number;
}

const LEVEL_RANK: Record<MarkLevel, number> = { critical: 0, major: 1, minor: 2, info: 3 };
const EVENT_LEVEL: Readonly<Record<string, MarkLevel>> = { high: 'major', medium: 'minor', low: 'info' };
const ALERT_LEVELS = new Set<string>(['critical', 'major', 'minor', 'info']);

/** The marks on a deployed test's results: its alerts, and the events listing it among their affected tests. */
export function testMarks(inputs: MarkInputs, testId: string, range: MarkRange): MarkList {
  const alerts = inputs.alerts.filter((alert) => alert.testId === testId).map((alert) => alertMark(alert, inputs));
  const events = inputs.events
    .filter((event) => event.affectedTests.items.some((test) => String(test.testId) === testId))
    .map((event) => eventMark(event));
  return bounded([...alerts, ...events], range);
}

/**
 * The marks on an endpoint agent's timeline: the alerts and events whose test targets a host the agent's sessions
 * visited in the range. An endpoint agent runs none of the account's enterprise tests, so no alert names it; what ties
 * them is the destination: a test measuring the very server the user was reaching, alerting while they reached it, says
 * the trouble may sit at or near that server rather than on the user's own network. Hosts compare exactly (lower case,
 * no port): a shared parent domain (office365.com) fronts unrelated services, whose alerts would only mislead. Events
 * match by an affected test's target, or by an affected target named by that host.
 */
export function timelineMarks(inputs: MarkInputs, visitedSites: readonly string[], range: MarkRange): MarkList {
  const visited = new Set(visitedSites.map(siteHost).filter((host): host is string => host !== undefined));
  const hostOfTest = (testId: string | undefined): string | undefined => {
    const test = testId === undefined ? undefined : inputs.tests.get(testId);
    const host = siteHost(test?.server ?? test?.url);
    return host !== undefined && visited.has(host) ? host : undefined;
  };
  const marks: AlertMark[] = [];
  for (const alert of inputs.alerts) {
    const host = hostOfTest(alert.testId);
    if (host) marks.push({ ...alertMark(alert, inputs), host });
  }
  for (const event of inputs.events) {
    const host =
      event.affectedTests.items.map((test) => hostOfTest(String(test.testId))).find(Boolean) ??
      event.affectedTargets.items.map((target) => siteHost(target.name)).find((h) => h !== undefined && visited.has(h));
    if (host) marks.push({ ...eventMark(event, inputs), host });
  }
  return bounded(marks, range);
}

function alertMark(alert: Alert, inputs: MarkInputs): AlertMark {
  const severity = String(alert.severity);
  const test = alert.testId === undefined ? undefined : inputs.tests.get(alert.testId);
  const rule = alert.ruleId === undefined ? undefined : inputs.ruleNames.get(alert.ruleId);
  // Active until the service says it cleared (as explain.ts's isActiveAlert; not imported: the webviews draw marks).
  const active = alert.state !== 'clear';
  const endMs = Date.parse(alert.endDate ?? '');
  return {
    kind: 'alert',
    id: alert.alertId,
    level: ALERT_LEVELS.has(severity) ? (severity as MarkLevel) : 'info',
    severity,
    startMs: Date.parse(alert.startDate),
    ...(!active && Number.isFinite(endMs) ? { endMs } : {}),
    active,
    title: rule ?? (alert.ruleId ? `rule ${alert.ruleId}` : String(alert.alertType)),
    ...(alert.testId === undefined ? {} : { testId: alert.testId }),
    ...(test?.testName ? { testName: test.testName } : {}),
    count: alert.violationCount ?? 0,
  };
}

function eventMark(event: DetectedEvent, inputs?: MarkInputs): AlertMark {
  const severity = String(event.severity ?? 'unknown');
  const active = event.state !== 'resolved';
  const endMs = Date.parse(event.endDate ?? '');
  const first = event.affectedTests.items[0];
  const testName = first?.name ?? (first ? inputs?.tests.get(String(first.testId))?.testName : undefined);
  return {
    kind: 'event',
    id: event.eventId,
    level: EVENT_LEVEL[severity] ?? 'info',
    severity,
    startMs: Date.parse(event.startDate),
    ...(!active && Number.isFinite(endMs) ? { endMs } : {}),
    active,
    title: event.title ?? event.typeName ?? String(event.type),
    ...(first ? { testId: String(first.testId) } : {}),
    ...(testName ? { testName } : {}),
    count: event.affectedTests.total ?? event.affectedTests.items.length,
  };
}

/** The marks overlapping the range, worst and newest kept up to MAX_MARKS, then in time order. */
function bounded(all: readonly AlertMark[], range: MarkRange): MarkList {
  const inside = all.filter(
    (mark) => Number.isFinite(mark.startMs) && mark.startMs <= range.toMs && (mark.endMs ?? Infinity) >= range.fromMs,
  );
  const kept = [...inside]
    .sort((a, b) => LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || b.startMs - a.startMs)
    .slice(0, MAX_MARKS)
    .sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
  return { marks: kept, leftOut: inside.length - kept.length };
}

const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A short text cue of the level beside its colour: never colour alone. */
export const LEVEL_CUE: Record<MarkLevel, string> = { critical: '‼', major: '!', minor: '▲', info: 'i' };

/**
 * "Major alert Default Network Loss on Outlook, 10:05–10:40, 3 sources" (times by `clock`; an active one runs to
 * "now (active)"). Outside text (rule, test, event names) is in it: show it as text.
 */
export function markLabel(mark: AlertMark, clock: (epochMs: number) => string): string {
  const what = mark.kind === 'alert' ? 'alert' : 'event';
  const on = mark.testName ?? (mark.testId ? `test ${mark.testId}` : undefined);
  const until = mark.endMs === undefined ? 'now (active)' : clock(mark.endMs);
  const count =
    mark.kind === 'alert'
      ? `${mark.count} source${mark.count === 1 ? '' : 's'}`
      : `${mark.count} affected test${mark.count === 1 ? '' : 's'}`;
  const subject = `${capital(mark.severity)} ${what} ${mark.title}${on ? ` on ${on}` : ''}`;
  return `${subject}, ${clock(mark.startMs)}–${until}, ${count}`;
}
