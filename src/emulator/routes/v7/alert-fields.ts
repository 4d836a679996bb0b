// The bodies of alert rule and alert suppression window writes (POST and PUT, both whole), checked
// field by field against the vendor's schemas (Alerts_API_RuleDetailUpdate,
// Alerts_API_AlertSuppressionWindowRequest): a wrong type, value or unknown field is a 400 naming
// the field; read-only fields a client sends back (`ruleId`, `status` …) are ignored.
import { parseJsonObject } from '../../http/body';
import { HttpError, invalidField } from '../../http/errors';
import type { RequestContext } from '../../http/router';
import { parseIsoDateTime } from '../../http/time';
import type { EmulatorState } from '../state';
import { isInstantTest } from './instant-runs';

type Body = Record<string, unknown>;

export const ALERT_TYPES = [
  'page-load', 'http-server', 'end-to-end-server', 'end-to-end-agent', 'voice', 'dns-server', 'dns-trace', 'dnssec',
  'bgp', 'path-trace', 'ftp', 'sip-server', 'transactions', 'web-transactions', 'agent', 'network-outage',
  'application-outage', 'device-device', 'device-interface', 'endpoint-network-server', 'endpoint-http-server',
  'endpoint-path-trace', 'endpoint-browser-sessions-agent', 'endpoint-browser-sessions-application', 'api',
  'web-transaction', 'unknown',
] as const; // prettier-ignore
const SEVERITIES = ['info', 'major', 'minor', 'critical', 'unknown'];
const DIRECTIONS = ['to-target', 'from-target', 'bidirectional'];
const GROUP_TYPES = ['bgp', 'browser-session', 'cloud-enterprise', 'endpoint'];
const MODES = ['exact', 'any', 'auto'];
const SENSITIVITIES = ['high', 'medium', 'low'];
const REPEAT_TYPES = ['day', 'week', 'month', 'custom'];
const INTERVAL_TYPES = ['day', 'week', 'month'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const END_REPEAT_TYPES = ['count', 'never', 'date'];
const RULE_READ_ONLY = new Set(['ruleId', 'tests', '_links']);
const WINDOW_READ_ONLY = new Set(['alertSuppressionWindowId', 'status', 'tests', '_links']);
const MAX_TEXT = 1024;
const MAX_LIST = 1000;
/** A year: the longest window the emulator keeps. */
const MAX_WINDOW_SECONDS = 366 * 86400;

function text(body: Body, field: string, required: boolean): string | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    throw invalidField(field, `${field} must be a non-empty string${required ? ' (required)' : ''}`);
  if (value.length > MAX_TEXT) throw invalidField(field, `${field} must be at most ${MAX_TEXT} characters`);
  return value;
}

function oneOf(body: Body, field: string, values: readonly string[], required = false): string | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !values.includes(value))
    throw invalidField(field, `${field} must be one of ${values.join(', ')}`);
  return value;
}

function integer(body: Body, field: string, min: number, max: number, required = false): number | undefined {
  const value = body[field];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalidField(field, `${field} must be an integer from ${min} to ${max}${required ? ' (required)' : ''}`);
  return value;
}

function flag(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value !== undefined && typeof value !== 'boolean') throw invalidField(field, `${field} must be true or false`);
  return value;
}

function strings(body: Body, field: string, allowed?: readonly string[]): string[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_LIST)
    throw invalidField(field, `${field} must be an array of at most ${MAX_LIST} strings`);
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'string' || item.length > MAX_TEXT || (allowed && !allowed.includes(item)))
      throw invalidField(
        `${field}[${index}]`,
        `${field}[${index}] must be ${allowed ? `one of ${allowed.join(', ')}` : 'a string'}`,
      );
  });
  return value as string[];
}

/** Test ids of the group's deployed tests (instant tests are not deployed); any other is a 400. */
function testIds(state: EmulatorState, ctx: RequestContext, body: Body): string[] {
  const ids = strings(body, 'testIds') ?? [];
  ids.forEach((id, index) => {
    const test = /^[0-9]{1,12}$/.test(id) ? state.store.get(ctx.aid, Number(id)) : undefined;
    if (!test || isInstantTest(state, ctx.aid, test.testId))
      throw invalidField(
        `testIds[${index}]`,
        `testIds[${index}] '${id.slice(0, 40)}' is not a test of account group ${ctx.aid}`,
      );
  });
  return [...new Set(ids)];
}

/** Parentheses balance, as the service's expressions (`((loss >= 10%))`) are written. */
function expression(body: Body): string {
  const value = text(body, 'expression', true) as string;
  let depth = 0;
  for (const char of value) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth < 0) break;
  }
  if (depth !== 0 || !value.trim().startsWith('('))
    throw invalidField('expression', 'expression must be a parenthesized condition, e.g. ((loss >= 10%))');
  return value;
}

function rejectUnknown(body: Body, known: readonly string[], readOnly: ReadonlySet<string>, what: string): void {
  for (const field of Object.keys(body)) {
    if (!known.includes(field) && !readOnly.has(field))
      throw invalidField(field.slice(0, 100), `Field '${field.slice(0, 100)}' is not a field of ${what}`);
  }
}

const defined = (body: Body): Body => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));

/** Longest rule or window body kept: the store keeps up to MAX_PER_GROUP of each per group. */
const MAX_BODY_CHARS = 65_536;

function bodyOf(ctx: RequestContext, what: string): Body {
  if (ctx.rawBody.length > MAX_BODY_CHARS)
    throw new HttpError(413, `${what}: the body is longer than ${MAX_BODY_CHARS} characters`);
  return parseJsonObject(ctx.rawBody, ctx.contentType, what);
}

/** A rule's fields from a POST or PUT body. */
export function ruleFields(state: EmulatorState, ctx: RequestContext, what: string): Body {
  const body = bodyOf(ctx, what);
  const outOf = integer(body, 'roundsViolatingOutOf', 1, 10, true) as number;
  const fields: Body = {
    ruleName: text(body, 'ruleName', true),
    expression: expression(body),
    description: text(body, 'description', false),
    alertType: oneOf(body, 'alertType', ALERT_TYPES, true),
    alertGroupType: oneOf(body, 'alertGroupType', GROUP_TYPES),
    direction: oneOf(body, 'direction', DIRECTIONS),
    severity: oneOf(body, 'severity', SEVERITIES),
    roundsViolatingMode: oneOf(body, 'roundsViolatingMode', MODES),
    sensitivityLevel: oneOf(body, 'sensitivityLevel', SENSITIVITIES),
    roundsViolatingOutOf: outOf,
    roundsViolatingRequired: integer(body, 'roundsViolatingRequired', 1, outOf),
    minimumSources: integer(body, 'minimumSources', 1, 100_000),
    minimumSourcesPct: integer(body, 'minimumSourcesPct', 1, 100),
    notifyOnClear: flag(body, 'notifyOnClear'),
    isDefault: flag(body, 'isDefault'),
    includeCoveredPrefixes: flag(body, 'includeCoveredPrefixes'),
    endpointAgentIds: strings(body, 'endpointAgentIds'),
    endpointLabelIds: strings(body, 'endpointLabelIds'),
    visitedSitesFilter: strings(body, 'visitedSitesFilter'),
    testIds: testIds(state, ctx, body),
  };
  const notifications = body['notifications'];
  if (
    notifications !== undefined &&
    (typeof notifications !== 'object' || notifications === null || Array.isArray(notifications))
  )
    throw invalidField('notifications', 'notifications must be an object (email, thirdParty, webhook, customWebhook)');
  if (notifications !== undefined) fields['notifications'] = notifications;
  rejectUnknown(body, Object.keys(fields).concat('notifications'), RULE_READ_ONLY, 'alert rules');
  return defined(fields);
}

function nested(body: Body, field: string): Body | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidField(field, `${field} must be an object`);
  return value as Body;
}

/** A suppression window's fields from a POST or PUT body. */
export function windowFields(state: EmulatorState, ctx: RequestContext, what: string): Body {
  const body = bodyOf(ctx, what);
  const startDate = text(body, 'startDate', true) as string;
  parseIsoDateTime('startDate', startDate);
  const repeat = nested(body, 'repeat');
  const endRepeat = nested(body, 'endRepeat');
  const fields: Body = {
    name: text(body, 'name', true),
    isEnabled: flag(body, 'isEnabled') ?? true,
    startDate,
    duration: integer(body, 'duration', 0, MAX_WINDOW_SECONDS, true),
    repeat:
      repeat &&
      defined({
        type: oneOf(repeat, 'type', REPEAT_TYPES),
        intervalType: oneOf(repeat, 'intervalType', INTERVAL_TYPES),
        intervalLength: integer(repeat, 'intervalLength', 1, 365),
        daysOfWeek: strings(repeat, 'daysOfWeek', DAYS),
      }),
    endRepeat:
      endRepeat &&
      defined({
        type: oneOf(endRepeat, 'type', END_REPEAT_TYPES),
        count: integer(endRepeat, 'count', 1, 1000),
        date: endRepeat['date'] === undefined ? undefined : isoDate(endRepeat['date']),
      }),
    testIds: testIds(state, ctx, body),
  };
  rejectUnknown(body, Object.keys(fields), WINDOW_READ_ONLY, 'alert suppression windows');
  return defined(fields);
}

function isoDate(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw invalidField('endRepeat.date', 'endRepeat.date must be a date (YYYY-MM-DD)');
  parseIsoDateTime('endRepeat.date', `${value}T00:00:00Z`);
  return value;
}
