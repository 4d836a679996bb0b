// Alerts, alert rules, suppression windows and events (v7). v6 has none of them: every method
// says so in one sentence (ALERTS_NEED_V7), before anything is sent — a paged list when it is
// first walked.
import { callOnly, type ClientCalls } from './client-calls';
import type { CallOptions, ListOptions, Paged } from './client';
import type { AlertRoutes, Dialect } from './dialect';
import { segment } from './query';
import {
  ALERTS_NEED_V7,
  type Alert,
  type AlertDetail,
  type AlertRule,
  type AlertRuleFields,
  type AlertStateFilter,
  type AlertsResponse,
  type DetectedEvent,
  type EventsResponse,
  type SuppressionWindow,
  type SuppressionWindowFields,
} from './types';

function routes(dialect: Dialect): AlertRoutes {
  if (!dialect.alerts) throw new RangeError(ALERTS_NEED_V7);
  return dialect.alerts;
}

type Body = Record<string, unknown>;

export const EVENTS_NEED_A_RANGE = 'Events are listed by time range: give window, or from (and to).';

export class AlertsApi {
  constructor(private readonly calls: ClientCalls) {}

  alerts(options: ListOptions & AlertStateFilter): Paged<Alert, AlertsResponse> {
    const { state, ...list } = options;
    return this.calls.paged((d) => routes(d).alerts(state), list);
  }

  alert(alertId: string, options: CallOptions): Promise<AlertDetail> {
    segment(alertId);
    return this.calls.record<'json', AlertDetail>((d) => routes(d).alert(alertId), callOnly(options));
  }

  async rules(options: CallOptions): Promise<AlertRule[]> {
    const read = await this.calls.record<'json', { rules: AlertRule[] }>((d) => routes(d).rules(), callOnly(options));
    return read.rules;
  }

  rule(ruleId: string, options: CallOptions): Promise<AlertRule> {
    segment(ruleId);
    return this.calls.record<'json', AlertRule>((d) => routes(d).rule(ruleId), callOnly(options));
  }

  createRule(body: AlertRuleFields, options: CallOptions): Promise<AlertRule> {
    return this.calls.record<'json', AlertRule>(
      (d) => routes(d).createRule(body as unknown as Body),
      callOnly(options),
    );
  }

  updateRule(ruleId: string, body: AlertRuleFields, options: CallOptions): Promise<AlertRule> {
    segment(ruleId);
    return this.calls.record<'json', AlertRule>(
      (d) => routes(d).updateRule(ruleId, body as unknown as Body),
      callOnly(options),
    );
  }

  deleteRule(ruleId: string, options: CallOptions): Promise<void> {
    segment(ruleId);
    return this.calls.noAnswer((d) => routes(d).deleteRule(ruleId), options, {
      operation: 'deleting alert rules',
      requiredPermission: 'Edit alert rules',
    });
  }

  async windows(options: CallOptions): Promise<SuppressionWindow[]> {
    const read = await this.calls.record<'json', { windows: SuppressionWindow[] }>(
      (d) => routes(d).windows(),
      callOnly(options),
    );
    return read.windows;
  }

  window(windowId: string, options: CallOptions): Promise<SuppressionWindow> {
    segment(windowId);
    return this.calls.record<'json', SuppressionWindow>((d) => routes(d).window(windowId), callOnly(options));
  }

  createWindow(body: SuppressionWindowFields, options: CallOptions): Promise<SuppressionWindow> {
    return this.calls.record<'json', SuppressionWindow>(
      (d) => routes(d).createWindow(body as unknown as Body),
      callOnly(options),
    );
  }

  updateWindow(windowId: string, body: SuppressionWindowFields, options: CallOptions): Promise<SuppressionWindow> {
    segment(windowId);
    return this.calls.record<'json', SuppressionWindow>(
      (d) => routes(d).updateWindow(windowId, body as unknown as Body),
      callOnly(options),
    );
  }

  deleteWindow(windowId: string, options: CallOptions): Promise<void> {
    segment(windowId);
    return this.calls.noAnswer((d) => routes(d).deleteWindow(windowId), options, {
      operation: 'deleting alert suppression windows',
      requiredPermission: 'Account Admin',
    });
  }

  /** The service answers events of a time range only: a walk without one fails before anything is sent. */
  events(options: ListOptions): Paged<DetectedEvent, EventsResponse> {
    return this.calls.paged((d) => {
      const route = routes(d).events();
      if (options.window === undefined && options.from === undefined && options.resumeFrom === undefined)
        throw new RangeError(EVENTS_NEED_A_RANGE);
      return route;
    }, options);
  }

  event(eventId: string, options: CallOptions): Promise<DetectedEvent> {
    segment(eventId);
    return this.calls.record<'json', DetectedEvent>((d) => routes(d).event(eventId), callOnly(options));
  }
}
