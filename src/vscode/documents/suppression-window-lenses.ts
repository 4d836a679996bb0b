// The code lenses at the top of a suppression window document: what deploying it would do and the
// state that keeps them away, as for every one-document kind (one-document-lenses.ts); unlike a
// rule's, no Backtest.
import { untrustedLine } from '../../analysis/text/untrusted';
import type { WindowPlanStep } from '../../documents/suppression-windows/plan';
import type { ConnectionManager } from '../connection/connection-manager';
import { COMMAND } from '../command-ids.generated';
import type { LensConsent } from './lens-consent';
import { OneDocumentLenses } from './one-document-lenses';
import { planOfWindowDocument, windowLensTitle } from './suppression-window-deploy';
import { isSuppressionWindowFile } from './suppression-window-files';

export class SuppressionWindowLenses extends OneDocumentLenses<WindowPlanStep, { windowId: string }> {
  constructor(connection: ConnectionManager, consent: LensConsent) {
    super(connection, consent, {
      short: 'window',
      plural: 'Suppression windows',
      verb: 'deploy',
      isFile: isSuppressionWindowFile,
      plan: planOfWindowDocument,
      lensTitle: windowLensTitle,
      deployedId: (unchanged) => untrustedLine(unchanged.windowId, 30),
      commands: {
        create: COMMAND.suppressionWindowsCreate,
        update: COMMAND.suppressionWindowsUpdate,
        delete: COMMAND.suppressionWindowsDelete,
      },
    });
  }
}
