// "Export Evidence…": one file for a ticket, written where the user chooses. The document is
// built by src/analysis/evidence (the same as `netmon evidence`); the file name's extension
// picks the form: .html (offline, no script) or .md (with its images and redacted HARs
// written beside it, named after it).
import * as vscode from 'vscode';
import type { EvidenceContext, EvidenceDocument } from '../../analysis/evidence';
import type { KnownIdentifiers } from '../../analysis/evidence/identifying';
import { sharingLibrary } from '../sharing/library';
import { historyRange, type TimeOptions } from '../panels/data';
import type { ConnectionManager } from '../connection/connection-manager';
import { saveChosenFiles } from '../files/save-files';
import { defaultSaveUri, rememberSaveFolder, suggestedFileName } from '../ui/file-names';
import type { Prompts } from '../ui/prompts';
import { OPEN_WRITTEN, SHOW_IN_EXPLORER } from '../ui/written-file';
import { openEvidencePreview } from './preview';

/** When, for which account group and over which range: what every bundle's header says. */
export function evidenceContext(connection: ConnectionManager, timeOptions: TimeOptions): EvidenceContext {
  const group = connection.current?.accountGroup;
  const range = historyRange(timeOptions).options;
  return {
    generatedAt: new Date(),
    ...(group ? { accountGroup: `${group.accountGroupName} (${group.aid})` } : {}),
    range: {
      ...(range.window ? { window: range.window } : {}),
      ...(range.from ? { fromMs: range.from.getTime() } : {}),
      ...(range.to ? { toMs: range.to.getTime() } : {}),
    },
  };
}

export const PSEUDONYMISE = 'Pseudonymise';

/**
 * Asks where (the dialog's title says what identifying data the bundle still holds), writes
 * the bundle, and offers Pseudonymise (one click rewrites it with stand-ins), Open and Show in
 * Explorer; resolves to the written file's path (undefined when dismissed).
 */
export async function saveEvidence(
  prompts: Prompts,
  doc: EvidenceDocument,
  baseName: string,
  known: KnownIdentifiers = {},
): Promise<string | undefined> {
  const base = suggestedFileName(baseName, 'evidence');
  const remains = sharingLibrary().identifyingWords(sharingLibrary().identifyingData(doc, known));
  const destination = await prompts.saveLocation({
    title: remains ? `Export evidence for a ticket (it still holds ${remains})` : 'Export evidence for a ticket',
    saveLabel: 'Export',
    defaultUri: defaultSaveUri('evidence', `${base}.html`),
    filters: { 'HTML (opens offline)': ['html'], 'Markdown with images': ['md'] },
  });
  if (!destination) return undefined;
  if (!(await writeBundle(prompts, doc, destination, base))) return undefined;
  rememberSaveFolder('evidence', destination);
  if (!remains) {
    offerEvidenceFile(prompts, `Netmon: evidence written to ${destination.fsPath}`, destination);
    return destination.fsPath;
  }
  // Not awaited: the notification may wait for the user long after the file is written.
  void prompts
    .offer(
      `Netmon: evidence written to ${destination.fsPath}. It still holds ${remains}.`,
      PSEUDONYMISE,
      OPEN_WRITTEN,
      SHOW_IN_EXPLORER,
    )
    .then(async (action) => {
      if (action === PSEUDONYMISE) await pseudonymised(prompts, doc, destination, base, known);
      else if (action === OPEN_WRITTEN) await openEvidence(destination);
      else if (action === SHOW_IN_EXPLORER) await vscode.commands.executeCommand('revealInExplorer', destination);
    })
    .then(undefined, (error: unknown) =>
      prompts.offer(
        `Netmon: pseudonymising the evidence failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  return destination.fsPath;
}

/** The same file(s) written again, every identifying value replaced (the same value by the same stand-in). */
async function pseudonymised(
  prompts: Prompts,
  doc: EvidenceDocument,
  destination: vscode.Uri,
  base: string,
  known: KnownIdentifiers,
): Promise<void> {
  const copy = sharingLibrary().pseudonymiseEvidence(doc, known);
  if (!(await writeBundle(prompts, copy, destination, base))) return;
  offerEvidenceFile(
    prompts,
    `Netmon: evidence pseudonymised in ${destination.fsPath}: addresses, BSSIDs, ids and names replaced by stand-ins`,
    destination,
  );
}

async function writeBundle(
  prompts: Prompts,
  doc: EvidenceDocument,
  destination: vscode.Uri,
  base: string,
): Promise<boolean> {
  const markdown = /\.md$/i.test(destination.path);
  const stem = destination.path.split('/').pop()?.replace(/\.md$/i, '') || base;
  const bundle = markdown ? sharingLibrary().renderEvidenceMarkdown(doc, { filePrefix: stem }) : undefined;
  return saveChosenFiles(
    prompts,
    bundle
      ? { destination, content: bundle.markdown, beside: bundle.files }
      : { destination, content: sharingLibrary().renderEvidenceHtml(doc) },
  );
}

/** HTML as its recipient sees it (a preview, no script); Markdown in its editor. */
export async function openEvidence(file: vscode.Uri): Promise<void> {
  if (/\.html?$/i.test(file.path)) await openEvidencePreview(file);
  else await vscode.commands.executeCommand('vscode.open', file);
}

/**
 * After writing: Open (see openEvidence) and, for a file in the workspace, Show in Explorer. Not awaited: the
 * notification may wait for the user long after the file is written.
 */
export function offerEvidenceFile(prompts: Prompts, message: string, file: vscode.Uri): void {
  const actions = vscode.workspace.getWorkspaceFolder(file) ? [OPEN_WRITTEN, SHOW_IN_EXPLORER] : [OPEN_WRITTEN];
  void prompts
    .offer(message, ...actions)
    .then(async (action) => {
      if (action === OPEN_WRITTEN) await openEvidence(file);
      else if (action === SHOW_IN_EXPLORER) await vscode.commands.executeCommand('revealInExplorer', file);
    })
    .then(undefined, () => undefined);
}
