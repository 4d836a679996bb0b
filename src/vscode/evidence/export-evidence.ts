// The panels' "Export Evidence…": each gathers what its view shows (reading what it lacks, with progress and Cancel)
// and builds the document with src/analysis/evidence (panel-evidence.ts, the same bundle Share for a Ticket… writes),
// then it is saved where the user chooses.
import type { PanelServices } from '../panels/services';
import { reporting } from '../command-util';
import type { PanelEvidence } from './panel-evidence';
import { saveEvidence } from './save-evidence';

/** Resolves to the written file's path; undefined when the user cancelled. */
export function exportEvidence(services: PanelServices, evidence: PanelEvidence): Promise<string | undefined> {
  return reporting('Exporting the evidence', async () => {
    const built = await evidence.build();
    return built && saveEvidence(services.prompts, built.doc, evidence.baseName.asItIs, built.known);
  });
}
