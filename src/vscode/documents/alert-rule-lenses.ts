// The code lenses at the top of an alert rule document: what deploying it would do and the state
// that keeps them away, as for every one-document kind (one-document-lenses.ts), for the kind its
// commands describe (RULE_KIND), then Backtest over the last 7 days.
import type { RulePlanStep } from '../../documents/alert-rules/plan';
import type { ConnectionManager } from '../connection/connection-manager';
import { COMMAND } from '../command-ids.generated';
import { RULE_KIND } from './alert-rule-deploy';
import type { LensConsent } from './lens-consent';
import { OneDocumentLenses } from './one-document-lenses';

/** The days a lens's backtest replays (the command palette offers 1, 3 and 7). */
export const LENS_BACKTEST_DAYS = 7;

export class AlertRuleLenses extends OneDocumentLenses<RulePlanStep, { ruleId: string }> {
  constructor(connection: ConnectionManager, consent: LensConsent) {
    super(connection, consent, {
      ...RULE_KIND,
      verb: 'backtest',
      deployedId: (unchanged) => unchanged.ruleId,
      ownLenses: (document, lens) => [
        lens(`$(history) Backtest (last ${LENS_BACKTEST_DAYS} days)`, COMMAND.backtestAlertRule, document.uri),
      ],
    });
  }
}
