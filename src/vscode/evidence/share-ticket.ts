// "Share for a Ticket…" of every panel that exports evidence (the session overview, the path, the agent timeline, the
// HAR diff, the session comparison): the evidence and the redacted HARs it holds in one folder, in three actions (the
// button, as it is or pseudonymised, the folder) instead of one export per file. The bundle is the panel's Export
// Evidence… bundle (panel-evidence.ts): the same builder, the same redaction (off the extension host thread) and the
// same pseudonymisation.
import * as vscode from 'vscode';
import type { UserSessionDetail } from '../../api/types';
import type { EvidenceDocument } from '../../analysis/evidence';
import type { KnownIdentifiers } from '../../analysis/evidence/identifying';
import { sharingLibrary } from '../sharing/library';
import { reporting } from '../command-util';
import { saveChosenFiles } from '../files/save-files';
import type { PanelServices } from '../panels/services';
import { defaultSaveUri, rememberSaveFolder, suggestedFileName } from '../ui/file-names';
import type { Prompts } from '../ui/prompts';
import { sessionPanelEvidence, type PanelEvidence } from './panel-evidence';
import { offerEvidenceFile } from './save-evidence';

export const SHARE_AS_IT_IS = 'Share as it is';
export const SHARE_PSEUDONYMISED = 'Share pseudonymised';

/**
 * The one flow: gather and build the panel's bundle, ask as it is or pseudonymised, ask the folder, write the HTML
 * and the bundle's redacted HARs beside it. Resolves to the written HTML's path; undefined when the user cancelled.
 */
export function shareForTicket(services: PanelServices, evidence: PanelEvidence): Promise<string | undefined> {
  return reporting(`Sharing ${evidence.title.pseudonymised} for a ticket`, async () => {
    const built = await evidence.build();
    if (!built) return undefined;
    const form = await chooseForm(services.prompts, built.doc, built.known, evidence.withholds);
    if (!form) return undefined;
    const pseudonymise = form === SHARE_PSEUDONYMISED;
    const hars = built.doc.attachments.length > 0;
    const folder = await services.prompts.folderLocation({
      // Pseudonymised, not even the dialog names the record: a screen shared while choosing shows it.
      title:
        `Share ${pseudonymise ? evidence.title.pseudonymised : evidence.title.asItIs} for a ticket: ` +
        `the folder for its evidence${hars ? ' and HARs' : ''}`,
      openLabel: 'Share Here',
      defaultUri: vscode.Uri.joinPath(defaultSaveUri('evidence', 'evidence.html'), '..'),
    });
    if (!folder) return undefined;
    const shared = pseudonymise ? sharingLibrary().pseudonymiseEvidence(built.withheld(), built.known) : built.doc;
    return writeShare(
      services.prompts,
      shared,
      folder,
      pseudonymise ? evidence.baseName.pseudonymised : evidence.baseName.asItIs,
    );
  });
}

/** The session overview's (and the session's context menu's) Share for a Ticket…. */
export function shareSessionForTicket(
  services: PanelServices,
  session: UserSessionDetail,
  related?: { testId: number; roundId: number },
): Promise<string | undefined> {
  return shareForTicket(services, sessionPanelEvidence(services, session, related));
}

/**
 * One quick pick, before the folder: each item says what the written files will still identify. With nothing
 * identifying in the bundle there is nothing to choose.
 */
async function chooseForm(
  prompts: Prompts,
  doc: EvidenceDocument,
  known: KnownIdentifiers,
  withholds: string | undefined,
): Promise<string | undefined> {
  const library = sharingLibrary();
  const remains = library.identifyingWords(library.identifyingData(doc, known));
  if (!remains) return SHARE_AS_IT_IS;
  const files = doc.attachments.length > 0 ? 'The HTML and the redacted HARs still hold' : 'The HTML still holds';
  const picked = await prompts.choose(
    [
      { label: SHARE_AS_IT_IS, detail: `${files} ${remains}.` },
      {
        label: SHARE_PSEUDONYMISED,
        detail:
          'Addresses, BSSIDs, ids and names replaced by stand-ins (the same value by the same stand-in)' +
          `${withholds ? `, and ${withholds} left out` : ''}.`,
      },
    ],
    { title: `Share for a ticket: the evidence holds ${remains}`, placeHolder: 'As it is, or pseudonymised' },
  );
  return picked?.label;
}

/** The HTML named after what it is of, each redacted HAR of the bundle beside it (named as the HTML's downloads). */
async function writeShare(
  prompts: Prompts,
  doc: EvidenceDocument,
  folder: vscode.Uri,
  baseName: string,
): Promise<string | undefined> {
  const destination = vscode.Uri.joinPath(folder, `${suggestedFileName(baseName, 'evidence')}.html`);
  const written = await saveChosenFiles(prompts, {
    destination,
    content: sharingLibrary().renderEvidenceHtml(doc),
    beside: doc.attachments.map((a) => ({ name: a.name, content: a.json })),
    mainConfirmed: false,
  });
  if (!written) return undefined;
  rememberSaveFolder('evidence', destination);
  const hars = doc.attachments.length;
  const file = destination.path.split('/').pop();
  offerEvidenceFile(
    prompts,
    hars > 0
      ? `Netmon: shared in ${folder.fsPath}: ${file} and ${hars} redacted HAR${hars === 1 ? '' : 's'}`
      : `Netmon: shared in ${folder.fsPath}: ${file}`,
    destination,
  );
  return destination.fsPath;
}
