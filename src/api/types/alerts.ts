// Alerts (v7 only): the alerts a rule raised, the alert rules themselves, the windows that
// suppress alerts, and the events the service detects across tests. Records keep v7's field
// names where our domain has no word of its own (`ruleName`, `roundsViolatingOutOf` …); ids are
// named for what they identify (`alertId`, `ruleId`, `windowId`, `eventId`) and are strings.
import type { OpenEnum } from './common';

export const ALERTS_NEED_V7 =
  'Alerts, alert rules, suppression windows and events need the v7 API; this account speaks v6.';

/** `trigger`: the alert is active; `clear`: it ended. */
export type AlertState = OpenEnum<'trigger' | 'clear'>;
export type AlertSeverity = OpenEnum<'info' | 'minor' | 'major' | 'critical' | 'unknown'>;
/** The layer an alert is about (`end-to-end-server`, `path-trace`, `http-server` …). */
export type AlertType = OpenEnum<
  'end-to-end-server' | 'end-to-end-agent' | 'path-trace' | 'http-server' | 'page-load' | 'bgp' | 'dns-server'
>;

export interface Alert {
  alertId: string;
  alertType: AlertType;
  state: AlertState;
  severity: AlertSeverity;
  /** ISO 8601 (UTC). */
  startDate: string;
  /** When it cleared; absent while active. */
  endDate?: string;
  /** Sources (agents, monitors) meeting the rule's condition. */
  violationCount?: number;
  /** Seconds it was (or has been) active. */
  duration?: number;
  suppressed?: boolean;
  ruleId?: string;
  /** The test the alert is about, from its `test` link. */
  testId?: string;
  /** The alert in the web app. */
  permalink?: string;
}

/** One source of an alert (an agent, a monitor) and what it measured when it started and ended alerting. */
export interface AlertSource {
  /** The source's id (an agent id). */
  id?: string;
  /** Its name or location. */
  name?: string;
  /** `cea_agent`, `bgp_monitor` … as the service names it. */
  type?: string;
  state?: AlertState;
  startMetrics?: string;
  endMetrics?: string;
}

export interface AlertDetail extends Alert {
  sources: AlertSource[];
}

export type AlertDirection = OpenEnum<'to-target' | 'from-target' | 'bidirectional'>;

/** What an alert rule says; the fields a create or update sends. */
export interface AlertRuleFields {
  ruleName: string;
  /** The condition in the service's form: `((loss >= 10%))`, `((hops((hopDelay >= 100 ms))))`. */
  expression: string;
  alertType: AlertType;
  /** The y of "x of y rounds". */
  roundsViolatingOutOf: number;
  /** The x of "x of y rounds". */
  roundsViolatingRequired?: number;
  roundsViolatingMode?: OpenEnum<'exact' | 'any' | 'auto'>;
  minimumSources?: number;
  minimumSourcesPct?: number;
  severity?: AlertSeverity;
  direction?: AlertDirection;
  description?: string;
  notifyOnClear?: boolean;
  /** The rule applies to every new test of its type. */
  isDefault?: boolean;
  alertGroupType?: OpenEnum<'cloud-enterprise' | 'bgp' | 'browser-session' | 'endpoint'>;
  /** The tests the rule watches. */
  testIds?: string[];
  /**
   * Where alerts are sent (email, thirdParty, webhook, customWebhook), as the service spells it; only a rule's own
   * read shows it, and a PUT without it removes it, so an update sends back what was read.
   */
  notifications?: Record<string, unknown>;
}

/** A rule as read; `testIds` only where the answer lists them (a rule's own read, not the list). */
export interface AlertRule extends AlertRuleFields {
  ruleId: string;
}

export type RepeatType = OpenEnum<'day' | 'week' | 'month' | 'custom'>;

/** What a suppression window says; the fields a create or update sends. */
export interface SuppressionWindowFields {
  name: string;
  /** ISO 8601 (UTC). */
  startDate: string;
  /** Seconds. */
  duration: number;
  isEnabled?: boolean;
  repeat?: {
    type?: RepeatType;
    intervalType?: OpenEnum<'day' | 'week' | 'month'>;
    intervalLength?: number;
    daysOfWeek?: string[];
  };
  endRepeat?: { type?: OpenEnum<'count' | 'never' | 'date'>; count?: number; date?: string };
  /** The tests whose alerts it suppresses. */
  testIds?: string[];
}

/** A window as read; `testIds` only where the answer lists them (a window's own read, not the list). */
export interface SuppressionWindow extends SuppressionWindowFields {
  windowId: string;
  status?: OpenEnum<'active' | 'inactive' | 'ended'>;
}

export type EventType = OpenEnum<
  'agent-local' | 'network-pop' | 'network' | 'dns' | 'target' | 'target-network' | 'proxy'
>;

/** Counts of what an event affects, with the affected items when the answer lists them. */
export interface EventAffected<T> {
  total?: number;
  inAccountGroup?: number;
  items: T[];
}

/** An event the service detected across tests (v7 /events). */
export interface DetectedEvent {
  eventId: string;
  type: EventType;
  typeName?: string;
  title?: string;
  summary?: string;
  state: OpenEnum<'active' | 'resolved'>;
  severity?: OpenEnum<'high' | 'medium' | 'low' | 'unknown'>;
  startDate: string;
  endDate?: string;
  cause: string[];
  affectedTests: EventAffected<{ testId: string; name?: string; testType?: string }>;
  affectedAgents: EventAffected<{ agentId: string; name?: string; location?: string }>;
  affectedTargets: EventAffected<{ name?: string; ip?: string }>;
}

/** Which alerts a list asks for (with a time range: ListOptions of the client). */
export interface AlertStateFilter {
  /** `trigger`: active alerts started in the range; `clear`: alerts cleared in it; absent: both (see the client). */
  state?: 'trigger' | 'clear';
}

export interface AlertsResponse {
  alerts: Alert[];
  pages: { next?: string };
  from?: string;
  to?: string;
}

export interface EventsResponse {
  events: DetectedEvent[];
  pages: { next?: string };
  from?: string;
  to?: string;
}
