// The code lenses at the top of a suppression window document: what deploying it would do and the
// state that keeps them away, as for every one-document kind (one-document-lenses.ts), for the kind
// its commands describe (WINDOW_KIND); unlike a rule's, no Backtest.
import { untrustedLine } from '../../analysis/text/untrusted';
import type { WindowPlanStep } from '../../documents/suppression-windows/plan';
import type { ConnectionManager } from '../connection/connection-manager';
import type { LensConsent } from './lens-consent';
import { OneDocumentLenses } from './one-document-lenses';
import { WINDOW_KIND } from './suppression-window-deploy';

export class SuppressionWindowLenses extends OneDocumentLenses<WindowPlanStep, { windowId: string }> {
  constructor(connection: ConnectionManager, consent: LensConsent) {
    super(connection, consent, {
      ...WINDOW_KIND,
      verb: 'deploy',
      deployedId: (unchanged) => untrustedLine(unchanged.windowId, 30),
    });
  }
}
