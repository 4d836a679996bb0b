// "Backtest Alert Rule": the alert rule document replayed over its tests' last days of rounds
// (src/workflows/backtest.ts, as `netmon alerts backtest` does), with progress and Cancel, shown
// in the document's Backtest panel. From its lens it replays 7 days; from the command palette it
// asks 1, 3 or 7. A document the reader refuses, or a backtest that finds a test or a metric the
// account does not have, is said as what to change, and the latter marked on the document.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import { backtestDocument } from '../../workflows/backtest';
import type { Account } from '../../workflows/account';
import { InputError } from '../../workflows/input-error';
import { reporting, type CommandHandler } from '../command-util';
import { COMMAND } from '../command-ids.generated';
import type { ConnectionManager } from '../connection/connection-manager';
import type { ErrorWithAction } from '../errors';
import type { BacktestPanels } from '../panels/backtest-panels';
import { withCancellableProgress } from '../progress';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import type { Prompts } from '../ui/prompts';
import type { AlertRuleDiagnostics } from './alert-rule-diagnostics';
import { isAlertRuleFile } from './alert-rule-files';
import { LENS_BACKTEST_DAYS } from './alert-rule-lenses';
import { documentsLibrary as lib } from './library';

/** Firings listed in the panel's report at most (all are counted). */
const MAX_FIRINGS = 1000;
/** The fields of the document a backtest's input error can name: the document's mistake, marked on it. */
const DOCUMENT_FIELDS = new Set(['tests', 'expression', 'alertType']);
const DAY_CHOICES = [7, 3, 1] as const;

export interface BacktestShownResult {
  /** The Backtest panel's id. */
  panel: string;
  firingCount: number;
  days: number;
}

export interface BacktestCommandServices {
  connection: ConnectionManager;
  prompts: Prompts;
  diagnostics: AlertRuleDiagnostics;
  panels: BacktestPanels;
}

function withAction(message: string, action: string): ErrorWithAction {
  return Object.assign(new Error(message), { action });
}

/** The connected client, as the account the use case reads through (nothing to close: the connection's own). */
function connectedAccount(connection: ConnectionManager): Account {
  const client = connection.requireClient();
  return {
    client,
    serviceKey: '',
    aidKey: '',
    requestAid: undefined,
    label: 'the connected account',
    close: () => Promise.resolve(),
  };
}

export function backtestCommands(services: BacktestCommandServices): Record<string, CommandHandler> {
  return {
    [COMMAND.backtestAlertRule]: (arg) => reporting('Backtesting the alert rule', () => backtest(services, arg)),
  };
}

async function backtest(services: BacktestCommandServices, arg: unknown): Promise<BacktestShownResult | undefined> {
  requireTrustedWorkspace('Backtesting an alert rule');
  const fromPalette = arg === undefined;
  const document = await workspaceDocument(arg);
  const name = vscode.workspace.asRelativePath(document.uri);
  if (!isAlertRuleFile(document.uri.path))
    throw withAction(
      `${untrustedLine(name, 200)} is not an alert rule document`,
      'Open a .netmon-alert-rule.json document, then run "Backtest Alert Rule" again.',
    );
  const parsed = lib().parseAlertRule(document.getText());
  if (!parsed.ok) {
    services.diagnostics.validateNow(document);
    const [first] = parsed.problems;
    const where = first ? `: line ${first.line}, column ${first.column}: ${untrustedLine(first.message, 300)}` : '';
    const count = parsed.problems.length;
    throw withAction(
      `${untrustedLine(name, 200)} has ${count} problem${count === 1 ? '' : 's'}${where}`,
      'Fix the document (its problems are marked in the editor), then backtest again.',
    );
  }
  const account = connectedAccount(services.connection);
  if ((await account.client.apiVersion()) === 'v6')
    throw withAction(
      'Backtesting needs API v7: alert rules and their alerts are read through /v7',
      'Set "netmon.apiVersion" to v7 (or auto, on an account that speaks v7) and try again.',
    );
  const days = fromPalette ? await askDays(services.prompts) : LENS_BACKTEST_DAYS;
  if (days === undefined) return undefined;
  const ruleName = untrustedLine(parsed.document.rule.ruleName, 80);
  let report;
  try {
    report = await withCancellableProgress(`Backtesting "${ruleName}" over the last ${days} days…`, (signal) =>
      backtestDocument(account, { document: parsed.document, days, maxFirings: MAX_FIRINGS }, signal),
    );
  } catch (error) {
    if (error instanceof InputError && error.field !== undefined && DOCUMENT_FIELDS.has(error.field)) {
      services.diagnostics.complain(document, error.field, error.message);
      throw withAction(
        `${untrustedLine(name, 200)}: ${error.message}`,
        `Change "${error.field}" in the document (marked there), then backtest again.`,
      );
    }
    throw error;
  }
  const panel = services.panels.show(report, document.uri);
  return { panel, firingCount: report.result.firingCount, days: report.days };
}

async function askDays(prompts: Prompts): Promise<number | undefined> {
  const items = DAY_CHOICES.map((days) => ({
    label: `Last ${days} day${days === 1 ? '' : 's'}`,
    days,
  }));
  const picked = await prompts.choose(items, {
    title: 'Backtest Alert Rule',
    placeHolder: 'Replay the rule over the rounds of…',
  });
  return picked?.days;
}
