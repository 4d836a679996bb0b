// "Share for a Ticket…" on the session overview: the evidence and the session's redacted HARs in
// one folder, in three actions (the button, as it is or pseudonymised, the folder) instead of one
// export per panel. The bundle and the HARs are Export Evidence…'s: the same builder, the same
// redaction (off the extension host thread) and the same pseudonymisation.
import * as vscode from 'vscode';
import type { UserSessionDetail } from '../../api/types';
import type { EvidenceDocument } from '../../analysis/evidence';
import type { KnownIdentifiers } from '../../analysis/evidence/identifying';
import type { SessionEvidenceInput } from '../../analysis/evidence/session';
import { sharingLibrary } from '../sharing/library';
import { reporting } from '../command-util';
import { saveChosenFiles } from '../files/save-files';
import type { PanelServices } from '../panels/services';
import { defaultSaveUri, rememberSaveFolder, suggestedFileName } from '../ui/file-names';
import type { Prompts } from '../ui/prompts';
import { sessionEvidenceInput, sessionKnownIdentifiers } from './export-evidence';
import { offerEvidenceFile } from './save-evidence';

export const SHARE_AS_IT_IS = 'Share as it is';
export const SHARE_PSEUDONYMISED = 'Share pseudonymised';

/** What a pseudonymised share calls the session, in its text and its file names, instead of its id. */
const WITHHELD_ID = 'pseudonymised';

/** Resolves to the written HTML's path; undefined when the user cancelled. */
export function shareSessionForTicket(
  services: PanelServices,
  session: UserSessionDetail,
  related?: { testId: number; roundId: number },
): Promise<string | undefined> {
  return reporting('Sharing the session for a ticket', async () => {
    const input = await sessionEvidenceInput(services, session, related);
    if (!input) return undefined;
    const doc = sharingLibrary().sessionEvidence(input);
    const known = sessionKnownIdentifiers(session, input.agentName);
    const form = await chooseForm(services.prompts, doc, known);
    if (!form) return undefined;
    const named = form === SHARE_PSEUDONYMISED ? 'the session' : `session ${session.userSessionId}`;
    const folder = await services.prompts.folderLocation({
      // Pseudonymised, not even the dialog names the session: a screen shared while choosing shows it.
      title: `Share ${named} for a ticket: the folder for its evidence and HARs`,
      openLabel: 'Share Here',
      defaultUri: vscode.Uri.joinPath(defaultSaveUri('evidence', 'evidence.html'), '..'),
    });
    if (!folder) return undefined;
    const shared = form === SHARE_PSEUDONYMISED ? pseudonymised(input, known) : doc;
    const id = form === SHARE_PSEUDONYMISED ? WITHHELD_ID : String(session.userSessionId);
    return writeShare(services.prompts, shared, folder, `evidence-session-${id}`);
  });
}

/**
 * One quick pick, before the folder: each item says what the written files will still identify. With nothing
 * identifying in the bundle there is nothing to choose.
 */
async function chooseForm(
  prompts: Prompts,
  doc: EvidenceDocument,
  known: KnownIdentifiers,
): Promise<string | undefined> {
  const library = sharingLibrary();
  const remains = library.identifyingWords(library.identifyingData(doc, known));
  if (!remains) return SHARE_AS_IT_IS;
  const picked = await prompts.choose(
    [
      { label: SHARE_AS_IT_IS, detail: `The HTML and the redacted HARs still hold ${remains}.` },
      {
        label: SHARE_PSEUDONYMISED,
        detail:
          'Addresses, BSSIDs, ids and names replaced by stand-ins (the same value by the same stand-in), and the ' +
          "session's id and link left out.",
      },
    ],
    { title: `Share for a ticket: the evidence holds ${remains}`, placeHolder: 'As it is, or pseudonymised' },
  );
  return picked?.label;
}

/**
 * The bundle built again without the session's id and link (the link names it too), then pseudonymised: its file
 * names and text then name no record of the account.
 */
function pseudonymised(input: SessionEvidenceInput, known: KnownIdentifiers): EvidenceDocument {
  const withheld = { ...input, session: { ...input.session, userSessionId: WITHHELD_ID, permalink: '' }, links: [] };
  return sharingLibrary().pseudonymiseEvidence(sharingLibrary().sessionEvidence(withheld), known);
}

/** The HTML named after the session, each page's redacted HAR beside it (the names the HTML's downloads give). */
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
  offerEvidenceFile(
    prompts,
    `Netmon: shared in ${folder.fsPath}: ${destination.path.split('/').pop()} and ${hars} redacted ` +
      `HAR${hars === 1 ? '' : 's'}`,
    destination,
  );
  return destination.fsPath;
}
