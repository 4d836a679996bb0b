// Alerts: the alerts of the view's time range (v7), active first, worst severity, newest, as
// `netmon alerts` and list_alerts read them (src/workflows/alerts.ts). The root opens folded and counts the active
// ones with one list read (its rows read each listed alert's sources: up to MAX_DETAILED requests, only when opened);
// a row's click (Show Alert) opens its test's results. On v6 one row says alerts need v7: an account that cannot have
// alerts is not an error.
import * as vscode from 'vscode';
import { isActiveAlert, type AlertList, type AlertRow } from '../../analysis/alerts/explain';
import { untrustedLine } from '../../analysis/text/untrusted';
import { utcMinute } from '../../analysis/text/utc';
import type { NetmonClient } from '../../api';
import { ALERTS_NEED_V7, type Alert } from '../../api/types';
import type { Account } from '../../workflows/account';
import { listAlerts, MAX_ALERTS } from '../../workflows/alerts';
import { askedRange, type AskedRange } from '../../workflows/time-range';
import { facts } from './format';
import { emptyNode, TreeNode, type LoadContext } from './nodes';
import type { TimeRange } from './query-state';
import { COMMAND } from '../command-ids.generated';

/** Sources named in a row's tooltip, at most. */
const TOOLTIP_SOURCES = 5;

/** The icon of a row: what needs someone now stands out, what is over is muted. */
export function alertIcon(row: AlertRow): { icon: string; color?: string } {
  if (!row.active) return { icon: 'bell-slash', color: 'disabledForeground' };
  if (row.severity === 'critical' || row.severity === 'major') return { icon: 'error', color: 'errorForeground' };
  if (row.severity === 'minor') return { icon: 'warning', color: 'list.warningForeground' };
  return { icon: 'info' };
}

/**
 * The active alerts of the view's range for one generation of the tree (its roots, made again by each refresh of the
 * whole tree, a connection change or a new time range): one list read, made when first asked, shared by the Alerts
 * root's count and Deployed Tests' marks. A failed read is dropped, so the next one to ask (a refresh) reads again.
 */
export class GenerationAlerts {
  private read: Promise<Alert[] | undefined> | undefined;

  /** Undefined on v6, or when the list cannot be read: a hint, the rows say what went wrong. */
  active(context: LoadContext): Promise<Alert[] | undefined> {
    if (!this.read) {
      const read = readActiveAlerts(context);
      this.read = read;
      read.catch(() => {
        if (this.read === read) this.read = undefined;
      });
    }
    return this.read.catch(() => undefined);
  }
}

export function alertsRoot(context: LoadContext, alerts: GenerationAlerts): TreeNode {
  // Counted by a read of the active alerts when first drawn, and again by each read of the rows; redrawn after.
  let active: number | undefined;
  let counting = false;
  let redrawing: AlertList | undefined;
  const root: TreeNode = new TreeNode(undefined, {
    label: 'Alerts',
    icon: 'bell',
    kind: 'root alerts',
    loadingWhat: 'Loading alerts',
    expanded: false,
    descriptionOf: () => {
      if (active === undefined && !counting) {
        counting = true;
        void alerts.active(context).then((found) => {
          // Not read (yet): the next drawing asks again.
          if (found === undefined) counting = false;
          if (found === undefined || active !== undefined) return;
          active = found.length;
          void vscode.commands.executeCommand(COMMAND.refresh, root);
        });
      }
      return active === undefined ? '' : `${active} active`;
    },
    children: async (context, self) => {
      const kept = redrawing;
      redrawing = undefined;
      if (kept) return alertNodes(self, kept);
      if ((await context.client.apiVersion()) === 'v6') return [emptyNode(self, ALERTS_NEED_V7)];
      const list = await readAlerts(context);
      const count = list.rows.filter((row) => row.active).length;
      if (count !== active) {
        active = count;
        redrawing = list;
        // The redraw reads its children again: they come from this read, not another.
        void vscode.commands.executeCommand(COMMAND.refresh, self);
      }
      return alertNodes(self, list);
    },
  });
  return root;
}

/** The active alerts of the view's range in one list read (no alert's own): undefined on v6, rejects on failure. */
async function readActiveAlerts(context: LoadContext): Promise<Alert[] | undefined> {
  // Not `state=trigger`: that may hold only the alerts that started in the range, not one active since before it.
  if ((await context.client.apiVersion()) === 'v6') return undefined;
  const { request } = alertRange(context.query.timeRange, Date.now());
  const walk = await context.client.alerts({ ...request, signal: context.signal }).collect({ maxRecords: MAX_ALERTS });
  return walk.records.filter(isActiveAlert);
}

function readAlerts(context: LoadContext): Promise<AlertList> {
  const range = alertRange(context.query.timeRange, Date.now());
  return listAlerts(viewAccount(context.client), { range }, context.signal);
}

/** listAlerts reads through the client alone: the view's connection, as an account. */
function viewAccount(client: NetmonClient): Account {
  return {
    client,
    serviceKey: '',
    aidKey: '',
    requestAid: undefined,
    label: 'the Netmon view',
    close: () => Promise.resolve(),
  };
}

/** The view's range as listAlerts asks it; "Current round" is the alerts going on now and those that just ended. */
export function alertRange(range: TimeRange, nowMs: number): AskedRange {
  if (range.kind === 'custom')
    return {
      request: { from: range.from, to: range.to },
      estimate: { fromMs: range.from.getTime(), toMs: range.to.getTime() },
    };
  return askedRange({ window: range.kind === 'window' ? range.window : '5m' }, nowMs);
}

function alertNodes(root: TreeNode, list: AlertList): TreeNode[] {
  if (list.rows.length === 0) return [emptyNode(root, 'No alerts in this time range')];
  const rows = list.rows.map((row) => alertNode(root, row));
  if (!list.complete)
    rows.push(
      new TreeNode(root, {
        label: `More alerts in the range than the ${list.rows.length} read`,
        description: 'narrow the time range',
        icon: 'warning',
        kind: 'empty',
      }),
    );
  return rows;
}

const ruleOf = (row: AlertRow): string => row.ruleName ?? (row.ruleId ? `rule ${row.ruleId}` : row.alertType);
const testOf = (row: AlertRow): string => row.testName ?? (row.testId ? `test ${row.testId}` : 'no test');
/** "09:55 UTC" of an ISO time; '' for one that is not a time. */
const clockOf = (iso: string | undefined): string => utcMinute(Date.parse(iso ?? '')).slice(11);

function alertNode(parent: TreeNode, row: AlertRow): TreeNode {
  const { icon, color } = alertIcon(row);
  const state = row.active ? `active since ${clockOf(row.startDate)}` : 'cleared';
  const testId = Number(row.testId);
  const node = new TreeNode(parent, {
    label: ruleOf(row),
    description: [testOf(row), row.severity, state].join(' · '),
    icon,
    ...(color ? { iconColor: color } : {}),
    tooltip: alertTooltip(row),
    kind: 'alert',
    // The row itself: Show Alert opens the test's results at its start (its sources read a round no list has).
    record: row,
    ...(Number.isSafeInteger(testId) && testId > 0 ? { ids: { testId, deployed: true } } : {}),
    ...(row.permalink ? { permalink: row.permalink } : {}),
  });
  node.spec.command = { command: COMMAND.showAlert, title: 'Show Alert', arguments: [node] };
  return node;
}

function sourcesText(row: AlertRow): string {
  const count = `${row.sourceCount} source${row.sourceCount === 1 ? '' : 's'}`;
  const named = (row.sources ?? []).slice(0, TOOLTIP_SOURCES).map((source) => untrustedLine(source.name, 80));
  if (named.length === 0) return count;
  const more = (row.sources?.length ?? 0) - named.length;
  return `${count}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Every value is outside text: one neutralised line each, appended as text (never markdown). */
function alertTooltip(row: AlertRow): vscode.MarkdownString {
  const line = (text: string | undefined): string | undefined =>
    text === undefined ? undefined : untrustedLine(text, 200);
  return facts(line(`${ruleOf(row)} on ${testOf(row)}`) ?? '', [
    ['Test', line(row.testId ? `${testOf(row)} (${row.testType ?? 'test'} ${row.testId})` : testOf(row))],
    ['Rule', line(row.ruleId ? `${ruleOf(row)} (${row.ruleId})` : ruleOf(row))],
    ['Severity', line(row.severity)],
    ['State', row.active ? `active${row.suppressed ? ' (suppressed)' : ''}` : 'cleared'],
    ['Started', utcMinute(Date.parse(row.startDate))],
    ['Ended', row.endDate === undefined ? undefined : utcMinute(Date.parse(row.endDate))],
    ['Sources', sourcesText(row)],
    ['Alert id', line(row.alertId)],
  ]);
}
