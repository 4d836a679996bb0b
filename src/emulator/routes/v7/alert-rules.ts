// v7 alert rules (/v7/alerts/rules) and alert suppression windows (/v7/alert-suppression-windows):
// list, read, create (201 with Location), replace (PUT) and delete (204), kept per account group
// in the emulator's alert store (alert-config.ts, seeded with the default rules). Writes need
// Account Admin, as the demo users are set up (the viewer gets 403).
import type { StoredRule, StoredWindow } from '../../alert-config';
import { HttpError, forbidden, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import type { EmulatorState } from '../state';
import { deployedTests, ruleTestIds, simpleTest, windowStatus, windowTestIds } from './alert-bindings';
import { ruleFields, windowFields } from './alert-fields';
import { selfLink } from './paging';

type Json = Record<string, unknown>;

const RULES = '/v7/alerts/rules';
const WINDOWS = '/v7/alert-suppression-windows';

function requireWriter(ctx: RequestContext, what: string): void {
  if (!ctx.user.accountAdmin) throw forbidden(`${what} needs Edit alert rules (user ${ctx.user.email} lacks it)`);
}

const full = (what: string): HttpError => new HttpError(409, `The account group holds too many ${what} already`);

function ruleOf(state: EmulatorState, ctx: RequestContext): StoredRule {
  const id = ctx.params.ruleId ?? '';
  const rule = state.alertConfig.rule(ctx.aid, id);
  if (!rule) throw notFound(`No alert rule ${id.slice(0, 40)} in account group ${ctx.aid}`);
  return rule;
}

function windowOf(state: EmulatorState, ctx: RequestContext): StoredWindow {
  const id = ctx.params.windowId ?? '';
  const window = state.alertConfig.window(ctx.aid, id);
  if (!window) throw notFound(`No alert suppression window ${id.slice(0, 40)} in account group ${ctx.aid}`);
  return window;
}

/** A rule as the list shows it (`Alerts_API_BaseRule`): no tests, no notifications. */
function listedRule(rule: StoredRule): Json {
  const { testIds: _tests, notifications: _notifications, ...fields } = rule.fields;
  return { ruleId: rule.ruleId, ...fields };
}

/** A rule with its tests: as read (`RuleDetail`, with `tests`) or as written (`Rule`). */
function ruleRecord(state: EmulatorState, ctx: RequestContext, rule: StoredRule, withTests: boolean): Json {
  const tests = deployedTests(state, ctx);
  const testIds = ruleTestIds(rule, tests);
  const href = `${RULES}/${rule.ruleId}`;
  return {
    ...listedRule(rule),
    ...(rule.fields['notifications'] ? { notifications: rule.fields['notifications'] } : {}),
    testIds,
    ...(withTests
      ? { tests: tests.filter((test) => testIds.includes(String(test.testId))).map((test) => simpleTest(test, ctx)) }
      : {}),
    _links: selfLink(ctx, href),
  };
}

function windowRecord(state: EmulatorState, ctx: RequestContext, window: StoredWindow, expand: boolean): Json {
  const { testIds: _tests, ...fields } = window.fields;
  const record: Json = {
    alertSuppressionWindowId: window.windowId,
    ...fields,
    status: windowStatus(window, ctx.nowSeconds),
    _links: selfLink(ctx, `${WINDOWS}/${window.windowId}`),
  };
  if (expand) {
    const tests = deployedTests(state, ctx);
    const ids = windowTestIds(window, tests);
    record['tests'] = tests.filter((test) => ids.includes(String(test.testId))).map((test) => simpleTest(test, ctx));
  }
  return record;
}

/** `expand=test` (a list, comma-separated): a window's answer then lists its tests. */
const expandsTests = (ctx: RequestContext): boolean =>
  ctx.query.getAll('expand').some((value) => value.split(',').includes('test'));

function created(body: Json, href: string): RouteResult {
  return { status: 201, body, headers: { location: href } };
}

export function v7AlertRuleRoutes(state: EmulatorState): Route[] {
  return [
    {
      pattern: RULES,
      methods: {
        GET: (ctx) => ({
          body: { alertRules: state.alertConfig.rules(ctx.aid).map(listedRule), _links: selfLink(ctx) },
        }),
        POST: async (ctx) => {
          requireWriter(ctx, 'Creating alert rules');
          const rule = await state.alertConfig.addRule(ctx.aid, ruleFields(state, ctx, 'Creating an alert rule'));
          if (!rule) throw full('alert rules');
          return created(ruleRecord(state, ctx, rule, false), `${ctx.baseUrl}${RULES}/${rule.ruleId}`);
        },
      },
    },
    {
      pattern: `${RULES}/:ruleId`,
      methods: {
        GET: (ctx) => ({ body: ruleRecord(state, ctx, ruleOf(state, ctx), true) }),
        PUT: async (ctx) => {
          requireWriter(ctx, 'Updating alert rules');
          const { ruleId } = ruleOf(state, ctx);
          const fields = ruleFields(state, ctx, `Updating alert rule ${ruleId}`);
          const rule = await state.alertConfig.replaceRule(ctx.aid, ruleId, fields);
          if (!rule) throw notFound(`Alert rule ${ruleId} was deleted meanwhile`);
          return { body: ruleRecord(state, ctx, rule, false) };
        },
        DELETE: async (ctx) => {
          requireWriter(ctx, 'Deleting alert rules');
          await state.alertConfig.removeRule(ctx.aid, ruleOf(state, ctx).ruleId);
          return { status: 204, body: null };
        },
      },
    },
    {
      pattern: WINDOWS,
      methods: {
        GET: (ctx) => ({
          body: {
            alertSuppressionWindows: state.alertConfig.windows(ctx.aid).map((w) => windowRecord(state, ctx, w, false)),
            _links: selfLink(ctx),
          },
        }),
        POST: async (ctx) => {
          requireWriter(ctx, 'Creating alert suppression windows');
          const window = await state.alertConfig.addWindow(
            ctx.aid,
            windowFields(state, ctx, 'Creating an alert suppression window'),
          );
          if (!window) throw full('alert suppression windows');
          return created(
            windowRecord(state, ctx, window, expandsTests(ctx)),
            `${ctx.baseUrl}${WINDOWS}/${window.windowId}`,
          );
        },
      },
    },
    {
      pattern: `${WINDOWS}/:windowId`,
      methods: {
        GET: (ctx) => ({ body: windowRecord(state, ctx, windowOf(state, ctx), expandsTests(ctx)) }),
        PUT: async (ctx) => {
          requireWriter(ctx, 'Updating alert suppression windows');
          const { windowId } = windowOf(state, ctx);
          const fields = windowFields(state, ctx, `Updating alert suppression window ${windowId}`);
          const window = await state.alertConfig.replaceWindow(ctx.aid, windowId, fields);
          if (!window) throw notFound(`Alert suppression window ${windowId} was deleted meanwhile`);
          return { body: windowRecord(state, ctx, window, expandsTests(ctx)) };
        },
        DELETE: async (ctx) => {
          requireWriter(ctx, 'Deleting alert suppression windows');
          await state.alertConfig.removeWindow(ctx.aid, windowOf(state, ctx).windowId);
          return { status: 204, body: null };
        },
      },
    },
  ];
}
