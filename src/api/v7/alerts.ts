// v7 alerts (/v7/alerts, cursor-paged by time and state, and one alert with its sources),
// alert rules (/v7/alerts/rules: list, read, create, update, delete), alert suppression windows
// (/v7/alert-suppression-windows: the same five) and events (/v7/events, cursor-paged by time,
// and one event). Records are read by ./alert-records.ts.
import type { AlertRoutes, RecordRoute } from '../dialect';
import type { RecordShape } from '../decode/records';
import { segment } from '../query';
import {
  ALERT_SHAPE,
  EVENT_SHAPE,
  RULE_SHAPE,
  WINDOW_SHAPE,
  decodedList,
  decodedOne,
  fromAlert,
  fromAlertDetail,
  fromAlertRule,
  fromEvent,
  fromSuppressionWindow,
} from './alert-records';

type Json = Record<string, unknown>;

const RULES = 'v7/alerts/rules';
/** A window's tests are only answered when asked for (`expand=test`). */
const WITH_TESTS = { expand: 'test' } as const;
const WINDOWS = 'v7/alert-suppression-windows';

/** Reads the answer as one record of `shape`. */
function one(shape: RecordShape, read: (record: Json) => unknown, askedId?: string): RecordRoute['read'] {
  return (body, endpoint) => decodedOne(body, shape, read, endpoint, askedId) as Json | undefined;
}

/** A write body as v7 takes it: the fields that are set, without the record's own id. */
function writeBody(body: Json, idField: string): Json {
  return Object.fromEntries(Object.entries(body).filter(([field, value]) => field !== idField && value !== undefined));
}

const RULE_WRITE = { operation: 'changing alert rules', requiredPermission: 'Edit alert rules' } as const;
const WINDOW_WRITE = { operation: 'changing alert suppression windows', requiredPermission: 'Account Admin' } as const;

export const v7Alerts: AlertRoutes = {
  alerts: (state) => ({
    method: 'GET',
    path: 'v7/alerts',
    list: 'alerts',
    shape: ALERT_SHAPE,
    toDomain: (record) => fromAlert(record) as unknown as Json,
    timed: true,
    records: (response) => response['alerts'],
    ...(state ? { query: { state } } : {}),
  }),
  alert: (alertId) => ({
    method: 'GET',
    path: `v7/alerts/${segment(alertId)}`,
    read: one(ALERT_SHAPE, fromAlertDetail, alertId),
  }),

  rules: () => ({
    method: 'GET',
    path: RULES,
    read: (body, endpoint) => {
      const rules = decodedList(body, 'alertRules', RULE_SHAPE, fromAlertRule, endpoint);
      return rules && { rules };
    },
  }),
  rule: (ruleId) => ({
    method: 'GET',
    path: `${RULES}/${segment(ruleId)}`,
    read: one(RULE_SHAPE, fromAlertRule, ruleId),
  }),
  createRule: (body) => ({
    method: 'POST',
    path: RULES,
    body: writeBody(body, 'ruleId'),
    read: one(RULE_SHAPE, fromAlertRule),
    ...RULE_WRITE,
  }),
  updateRule: (ruleId, body) => ({
    method: 'PUT',
    path: `${RULES}/${segment(ruleId)}`,
    body: writeBody(body, 'ruleId'),
    read: one(RULE_SHAPE, fromAlertRule, ruleId),
    ...RULE_WRITE,
  }),
  deleteRule: (ruleId) => ({ method: 'DELETE', path: `${RULES}/${segment(ruleId)}` }),

  windows: () => ({
    method: 'GET',
    path: WINDOWS,
    read: (body, endpoint) => {
      const windows = decodedList(body, 'alertSuppressionWindows', WINDOW_SHAPE, fromSuppressionWindow, endpoint);
      return windows && { windows };
    },
  }),
  window: (windowId) => ({
    method: 'GET',
    query: WITH_TESTS,
    path: `${WINDOWS}/${segment(windowId)}`,
    read: one(WINDOW_SHAPE, fromSuppressionWindow, windowId),
  }),
  createWindow: (body) => ({
    method: 'POST',
    query: WITH_TESTS,
    path: WINDOWS,
    body: writeBody(body, 'windowId'),
    read: one(WINDOW_SHAPE, fromSuppressionWindow),
    ...WINDOW_WRITE,
  }),
  updateWindow: (windowId, body) => ({
    method: 'PUT',
    query: WITH_TESTS,
    path: `${WINDOWS}/${segment(windowId)}`,
    body: writeBody(body, 'windowId'),
    read: one(WINDOW_SHAPE, fromSuppressionWindow, windowId),
    ...WINDOW_WRITE,
  }),
  deleteWindow: (windowId) => ({ method: 'DELETE', path: `${WINDOWS}/${segment(windowId)}` }),

  events: () => ({
    method: 'GET',
    path: 'v7/events',
    list: 'events',
    shape: EVENT_SHAPE,
    toDomain: (record) => fromEvent(record) as unknown as Json,
    timed: true,
    records: (response) => response['events'],
  }),
  event: (eventId) => ({
    method: 'GET',
    path: `v7/events/${segment(eventId)}`,
    read: one(EVENT_SHAPE, fromEvent, eventId),
  }),
};
