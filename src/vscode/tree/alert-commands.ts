// "Show Alert" on a row under Alerts (its click, and its inline action): the alert's test's
// results, opened as Show Test Results opens them (metrics and path, or the type's panels), but
// around the alert's start instead of over the view's range, and the path at the round the alert
// began in (the first at or after its start, where explain_alert localizes it) instead of the newest.
import * as vscode from 'vscode';
import type { AlertRow } from '../../analysis/alerts/explain';
import { COMMAND } from '../command-ids.generated';
import { reporting, type CommandHandler } from '../command-util';
import type { ResultsAt } from '../panels/args';
import { TreeNode } from './nodes';

/** Read before the alert's start: the rounds before it went wrong, to compare with. */
const BEFORE_START_MS = 60 * 60_000;
/** Read after a cleared alert's end (not past our now): the rounds it recovered in. */
const AFTER_END_MS = 30 * 60_000;
/** The shortest span read after the start (an alert that has just started). */
const MIN_AFTER_START_MS = 5 * 60_000;

export function alertCommands(): Record<string, CommandHandler> {
  return {
    [COMMAND.showAlert]: (arg) =>
      reporting("Opening the alert's test", () => {
        const { testId, row } = alertOf(arg);
        const at = alertResultsAt(row, Date.now());
        return Promise.resolve(vscode.commands.executeCommand(COMMAND.showTestResults, testId, at));
      }),
  };
}

function alertOf(arg: unknown): { testId: number; row: AlertRow } {
  if (!(arg instanceof TreeNode) || arg.spec.kind !== 'alert')
    throw new Error('Run "Show Alert" on an alert under Alerts in the Netmon view');
  const testId = arg.spec.ids?.testId;
  if (testId === undefined) throw new Error('This alert names no test of the account group: it has no results to show');
  // An alert row's record is its AlertRow (alert-nodes.ts).
  return { testId, row: arg.spec.record as AlertRow };
}

/**
 * Where the alert's results open: from an hour before its start up to the service's now for an active alert (its
 * start plus how long it has been active: our clock may differ from the service's), or a little past a cleared one's
 * end; the path at its start, read from its sources when no round is listed there.
 */
function alertResultsAt(row: AlertRow, nowMs: number): ResultsAt {
  const startMs = Date.parse(row.startDate);
  if (!Number.isFinite(startMs)) throw new Error(`The alert's start (${row.startDate}) is not a time`);
  const endMs = Date.parse(row.endDate ?? '');
  const lastMs =
    !row.active && Number.isFinite(endMs)
      ? Math.max(endMs, Math.min(endMs + AFTER_END_MS, nowMs))
      : row.durationSeconds !== undefined
        ? startMs + row.durationSeconds * 1000
        : nowMs;
  return {
    range: { from: new Date(startMs - BEFORE_START_MS), to: new Date(Math.max(lastMs, startMs + MIN_AFTER_START_MS)) },
    startSeconds: Math.floor(startMs / 1000),
    agentIds: (row.sources ?? []).flatMap((source) => (source.agentId ? [source.agentId] : [])),
  };
}
