// Which deployed tests an alert rule or a suppression window covers, and how a test is named
// inside their answers. A rule watches the tests it names (`testIds`) and, when it is a default
// rule (`isDefault`), every deployed test with the layer its alert type is about: the service
// applies default rules to new tests of their type by itself.
import { resultKindsOfTest, type EnterpriseTest, type TestResultKind } from '../../../api/types';
import type { StoredRule, StoredWindow } from '../../alert-config';
import type { RequestContext } from '../../http/router';
import { parseIsoDateTime } from '../../http/time';
import type { EmulatorState } from '../state';
import { v7TestType } from './encode-enterprise';
import { isInstantTest } from './instant-runs';

/** The result layer an alert type is about (the tests a default rule of that type applies to). */
const LAYER_OF_ALERT_TYPE: Readonly<Record<string, TestResultKind>> = {
  'end-to-end-server': 'network',
  'end-to-end-agent': 'network',
  'path-trace': 'path-vis',
  'http-server': 'http-server',
  'page-load': 'page-load',
  'web-transactions': 'web-transactions',
  'dns-server': 'dns-server',
  'dns-trace': 'dns-trace',
  dnssec: 'dnssec',
  api: 'api',
  ftp: 'ftp-server',
  'sip-server': 'sip-server',
  voice: 'rtp-server',
  bgp: 'bgp',
};
const TEST_INTERVALS = [60, 120, 300, 600, 900, 1800, 3600];

/** The group's deployed tests (instant tests are not deployed). */
export function deployedTests(state: EmulatorState, ctx: RequestContext): EnterpriseTest[] {
  return state.store.list(ctx.aid).filter((test) => !isInstantTest(state, ctx.aid, test.testId));
}

/** The ids of the tests the rule watches, named first, then those a default rule applies to. */
export function ruleTestIds(rule: StoredRule, tests: readonly EnterpriseTest[]): string[] {
  const named = Array.isArray(rule.fields['testIds']) ? (rule.fields['testIds'] as string[]) : [];
  const deployed = new Set(tests.map((test) => String(test.testId)));
  const ids = named.filter((id) => deployed.has(id));
  const layer = LAYER_OF_ALERT_TYPE[String(rule.fields['alertType'])];
  if (rule.fields['isDefault'] === true && layer) {
    for (const test of tests) if (resultKindsOfTest(test).includes(layer)) ids.push(String(test.testId));
  }
  return [...new Set(ids)];
}

export function windowTestIds(window: StoredWindow, tests: readonly EnterpriseTest[]): string[] {
  const deployed = new Set(tests.map((test) => String(test.testId)));
  const named = Array.isArray(window.fields['testIds']) ? (window.fields['testIds'] as string[]) : [];
  return named.filter((id) => deployed.has(id));
}

/** A test as alert answers list it (`Alerts_API_SimpleTest`). */
export function simpleTest(test: EnterpriseTest, ctx: RequestContext): Record<string, unknown> {
  const type = v7TestType(String(test.type));
  return {
    testId: String(test.testId),
    testName: test.testName,
    type,
    ...(TEST_INTERVALS.includes(test.interval) ? { interval: test.interval } : {}),
    enabled: test.enabled !== 0,
    alertsEnabled: test['alertsEnabled'] !== 0,
    savedEvent: false,
    _links: { self: { href: testHref(ctx, type, test.testId) } },
  };
}

export function testHref(ctx: RequestContext, v7Type: string, testId: number | string): string {
  return `${ctx.baseUrl}/v7/tests/${v7Type}/${testId}`;
}

const DAY = 86400;
/** Repeat units in seconds; a month is 30 days here (the emulator does not keep a calendar). */
const UNIT: Readonly<Record<string, number>> = { day: DAY, week: 7 * DAY, month: 30 * DAY };
/** Occurrences a status looks through at most (a daily window repeats 366 times a year). */
const MAX_OCCURRENCES = 10_000;

/**
 * Whether the window suppresses alerts at `now`: `active` inside an occurrence, `inactive` before
 * one (or between two), `ended` after the last. Occurrences repeat every `intervalLength`
 * units of `intervalType` (or of `type` for day, week, month) until `endRepeat`; `daysOfWeek`
 * is not read yet.
 */
export function windowStatus(window: StoredWindow, now: number): 'active' | 'inactive' | 'ended' {
  const fields = window.fields;
  if (fields['isEnabled'] === false) return 'inactive';
  const start = parseIsoDateTime('startDate', String(fields['startDate']));
  const duration = Number(fields['duration'] ?? 0);
  const repeat = (fields['repeat'] ?? {}) as Record<string, unknown>;
  const end = (fields['endRepeat'] ?? {}) as Record<string, unknown>;
  const unit = UNIT[String(repeat['intervalType'] ?? repeat['type'])];
  const step = unit === undefined ? undefined : unit * Number(repeat['intervalLength'] ?? 1);
  if (now < start) return 'inactive';
  if (step === undefined || !(step > 0)) return now < start + duration ? 'active' : 'ended';
  const index = Math.floor((now - start) / step);
  const count = end['type'] === 'count' ? Number(end['count'] ?? 1) : MAX_OCCURRENCES;
  const lastDay =
    end['type'] === 'date' ? parseIsoDateTime('date', `${String(end['date'])}T00:00:00Z`) + DAY : Infinity;
  const occurrence = start + index * step;
  if (index >= Math.min(count, MAX_OCCURRENCES) || occurrence >= lastDay) return 'ended';
  return now < occurrence + duration ? 'active' : 'inactive';
}
