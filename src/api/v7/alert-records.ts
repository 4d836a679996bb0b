// v7 alert, alert rule, suppression window and event records as the domain's (types/alerts.ts).
// Each record first passes the decoding boundary (ids as strings, numeric strings as numbers,
// nulls dropped); then only the fields the domain names are read, each by its type: a field of
// the wrong type is left out, unknown fields are ignored, and a record without its id is not
// a record (the list leaves it out, a one-record read fails naming the path).
import { decodeRecord, type RecordShape } from '../decode/records';
import { isRecord } from '../paging';
import type {
  Alert,
  AlertDetail,
  AlertRule,
  AlertSource,
  DetectedEvent,
  EventAffected,
  SuppressionWindow,
} from '../types';

type Json = Record<string, unknown>;

export const ALERT_SHAPE: RecordShape = {
  id: 'id',
  idType: 'text',
  textIds: ['alertRuleId', 'ruleId'],
  numbers: ['violationCount', 'duration'],
  booleans: ['suppressed'],
  arrays: { details: { textIds: ['id'] } },
};
export const RULE_SHAPE: RecordShape = {
  id: 'ruleId',
  idType: 'text',
  numbers: ['roundsViolatingOutOf', 'roundsViolatingRequired', 'minimumSources', 'minimumSourcesPct'],
  booleans: ['notifyOnClear', 'isDefault'],
};
export const WINDOW_SHAPE: RecordShape = {
  id: 'alertSuppressionWindowId',
  idType: 'text',
  numbers: ['duration'],
  booleans: ['isEnabled'],
  objects: { repeat: { numbers: ['intervalLength'] }, endRepeat: { numbers: ['count'] } },
};
const AFFECTED = { numbers: ['total', 'inAccountGroup'] } as const;
export const EVENT_SHAPE: RecordShape = {
  id: 'id',
  idType: 'text',
  objects: {
    affectedTests: { ...AFFECTED, arrays: { tests: { textIds: ['testId'] } } },
    affectedAgents: { ...AFFECTED, arrays: { agents: { textIds: ['agentId'] } } },
    affectedTargets: { ...AFFECTED, arrays: { targets: { textIds: ['serverId'] } } },
  },
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const texts = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((item) => (typeof item === 'string' ? [item] : typeof item === 'number' ? [String(item)] : []))
    : [];

/** The fields that are set: an optional field of the wrong type stays out rather than `undefined`. */
function defined<T extends object>(record: T): T {
  for (const key of Object.keys(record) as (keyof T)[]) if (record[key] === undefined) delete record[key];
  return record;
}

/** The last path segment of a HAL link (`…/alerts/rules/127094` → 127094). */
function linkedId(links: unknown, name: string): string | undefined {
  const link = isRecord(links) ? links[name] : undefined;
  const href = isRecord(link) ? text(link['href']) : undefined;
  if (!href) return undefined;
  const path = href.split(/[?#]/, 1)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last === '') return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // a stray `%` in the service's link: the segment as sent
  }
}

function href(links: unknown, name: string): string | undefined {
  const link = isRecord(links) ? links[name] : undefined;
  return isRecord(link) ? text(link['href']) : undefined;
}

/**
 * The tests a rule or window names, each once (the vendor's own example lists one test twice): `testIds`, else the
 * ids of its (expanded) `tests`; undefined when it lists neither.
 */
function testIdsOf(record: Json): string[] | undefined {
  if (Array.isArray(record['testIds'])) return [...new Set(texts(record['testIds']))];
  if (!Array.isArray(record['tests'])) return undefined;
  return [...new Set(texts(record['tests'].map((test: unknown) => (isRecord(test) ? test['testId'] : undefined))))];
}

/** v7's deprecated upper-case values (`ACTIVE`, `MAJOR`) in the current spelling. */
const LEGACY_STATE: Readonly<Record<string, string>> = { ACTIVE: 'trigger', CLEARED: 'clear' };

export function fromAlert(record: Json): Alert {
  const links = record['_links'];
  const legacyState = text(record['state']);
  const legacySeverity = text(record['severity']);
  return defined({
    alertId: String(record['id']),
    alertType: text(record['alertType']) ?? 'unknown',
    state: text(record['alertState']) ?? (legacyState ? (LEGACY_STATE[legacyState] ?? legacyState) : 'unknown'),
    severity: text(record['alertSeverity']) ?? legacySeverity?.toLowerCase() ?? 'unknown',
    startDate: text(record['startDate']) ?? '',
    endDate: text(record['endDate']),
    violationCount: number(record['violationCount']),
    duration: number(record['duration']),
    suppressed: flag(record['suppressed']),
    ruleId: text(record['alertRuleId']) ?? text(record['ruleId']) ?? linkedId(links, 'rule'),
    testId: linkedId(links, 'test'),
    permalink: href(links, 'appLink'),
  });
}

function metrics(value: unknown): string | undefined {
  return isRecord(value) ? text(value['metrics']) : undefined;
}

export function fromAlertDetail(record: Json): AlertDetail {
  const details = Array.isArray(record['details']) ? record['details'].filter(isRecord) : [];
  const sources = details.map((detail): AlertSource =>
    defined({
      id: text(detail['id']),
      name: text(detail['name']),
      type: text(detail['type']),
      state: text(detail['state']),
      startMetrics: metrics(detail['start']),
      endMetrics: metrics(detail['end']),
    }),
  );
  return { ...fromAlert(record), sources };
}

export function fromAlertRule(record: Json): AlertRule {
  return defined({
    ruleId: String(record['ruleId']),
    ruleName: text(record['ruleName']) ?? '',
    expression: text(record['expression']) ?? '',
    alertType: text(record['alertType']) ?? 'unknown',
    roundsViolatingOutOf: number(record['roundsViolatingOutOf']) ?? 1,
    roundsViolatingRequired: number(record['roundsViolatingRequired']),
    roundsViolatingMode: text(record['roundsViolatingMode']),
    minimumSources: number(record['minimumSources']),
    minimumSourcesPct: number(record['minimumSourcesPct']),
    severity: text(record['severity']),
    direction: text(record['direction']),
    description: text(record['description']),
    notifyOnClear: flag(record['notifyOnClear']),
    isDefault: flag(record['isDefault']),
    alertGroupType: text(record['alertGroupType']),
    testIds: testIdsOf(record),
    notifications: isRecord(record['notifications']) ? record['notifications'] : undefined,
  });
}

function repeatOf(value: unknown): SuppressionWindow['repeat'] {
  if (!isRecord(value)) return undefined;
  return defined({
    type: text(value['type']),
    intervalType: text(value['intervalType']),
    intervalLength: number(value['intervalLength']),
    daysOfWeek: Array.isArray(value['daysOfWeek']) ? texts(value['daysOfWeek']) : undefined,
  });
}

function endRepeatOf(value: unknown): SuppressionWindow['endRepeat'] {
  if (!isRecord(value)) return undefined;
  return defined({ type: text(value['type']), count: number(value['count']), date: text(value['date']) });
}

export function fromSuppressionWindow(record: Json): SuppressionWindow {
  return defined({
    windowId: String(record['alertSuppressionWindowId']),
    name: text(record['name']) ?? '',
    startDate: text(record['startDate']) ?? '',
    duration: number(record['duration']) ?? 0,
    isEnabled: flag(record['isEnabled']),
    status: text(record['status']),
    repeat: repeatOf(record['repeat']),
    endRepeat: endRepeatOf(record['endRepeat']),
    testIds: testIdsOf(record),
  });
}

function affected<T>(value: unknown, list: string, item: (record: Json) => T | undefined): EventAffected<T> {
  if (!isRecord(value)) return { items: [] };
  const items = (Array.isArray(value[list]) ? value[list] : []).filter(isRecord).flatMap((record) => {
    const read = item(record);
    return read === undefined ? [] : [read];
  });
  return defined({ total: number(value['total']), inAccountGroup: number(value['inAccountGroup']), items });
}

export function fromEvent(record: Json): DetectedEvent {
  return defined({
    eventId: String(record['id']),
    type: text(record['type']) ?? 'unknown',
    typeName: text(record['typeName']),
    title: text(record['title']),
    summary: text(record['summary']),
    state: text(record['state']) ?? 'unknown',
    severity: text(record['severity']),
    startDate: text(record['startDate']) ?? '',
    endDate: text(record['endDate']),
    cause: texts(record['cause']),
    affectedTests: affected(record['affectedTests'], 'tests', (t) => {
      const testId = text(t['testId']);
      return testId === undefined
        ? undefined
        : defined({ testId, name: text(t['name']), testType: text(t['testType']) });
    }),
    affectedAgents: affected(record['affectedAgents'], 'agents', (a) => {
      const agentId = text(a['agentId']);
      return agentId === undefined
        ? undefined
        : defined({ agentId, name: text(a['name']), location: text(a['location']) });
    }),
    affectedTargets: affected(record['affectedTargets'], 'targets', (t) =>
      defined({ name: text(t['name']), ip: text(t['ip']) }),
    ),
  });
}

/** One record of an answer, decoded and read; undefined when it is not one (no id, not an object). */
export function decodedOne<T>(
  raw: unknown,
  shape: RecordShape,
  read: (record: Json) => T,
  endpoint: string,
  askedId?: string,
): T | undefined {
  if (!isRecord(raw)) return undefined;
  const withId =
    askedId !== undefined && (raw[shape.id] === undefined || raw[shape.id] === null)
      ? { ...raw, [shape.id]: askedId }
      : raw;
  const decoded = decodeRecord(withId, shape, endpoint, 0);
  return decoded.ok ? read(decoded.record) : undefined;
}

/** Every readable record of an unpaged list answer; undefined when the answer holds no such list. */
export function decodedList<T>(
  body: unknown,
  key: string,
  shape: RecordShape,
  read: (record: Json) => T,
  endpoint: string,
): T[] | undefined {
  const records = isRecord(body) ? body[key] : undefined;
  if (!Array.isArray(records)) return undefined;
  return records.flatMap((record, index) => {
    const decoded = decodeRecord(record, shape, endpoint, index);
    return decoded.ok ? [read(decoded.record)] : [];
  });
}
