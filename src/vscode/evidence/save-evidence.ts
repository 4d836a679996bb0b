// "Export Evidence…": one file for a ticket, written where the user chooses. The document is
// built by src/analysis/evidence (the same as `netmon evidence`); the file name's extension
// picks the form: .html (offline, no script) or .md (with its images and redacted HARs
// written beside it, named after it).
import type { EvidenceContext, EvidenceDocument } from '../../analysis/evidence';
import { sharingLibrary } from '../sharing/library';
import { historyRange, type TimeOptions } from '../panels/data';
import type { ConnectionManager } from '../connection/connection-manager';
import { saveChosenFiles } from '../files/save-files';
import { defaultSaveUri, rememberSaveFolder, suggestedFileName } from '../ui/file-names';
import type { Prompts } from '../ui/prompts';
import { offerWrittenFile } from '../ui/written-file';

/** When, for which account group and over which range: what every bundle's header says. */
export function evidenceContext(connection: ConnectionManager, timeOptions: TimeOptions): EvidenceContext {
  const group = connection.current?.accountGroup;
  const range = historyRange(timeOptions).options;
  return {
    generatedAt: new Date(),
    ...(group ? { accountGroup: `${group.accountGroupName} (${group.aid})` } : {}),
    range: { ...(range.window ? { window: range.window } : {}), ...(range.from ? { fromMs: range.from.getTime() } : {}), ...(range.to ? { toMs: range.to.getTime() } : {}) },
  };
}

/** Asks where, writes the bundle; resolves to the written file's path (undefined when dismissed). */
export async function saveEvidence(prompts: Prompts, doc: EvidenceDocument, baseName: string): Promise<string | undefined> {
  const base = suggestedFileName(baseName, 'evidence');
  const destination = await prompts.saveLocation({
    title: 'Export evidence for a ticket', saveLabel: 'Export',
    defaultUri: defaultSaveUri('evidence', `${base}.html`), filters: { 'HTML (opens offline)': ['html'], 'Markdown with images': ['md'] },
  });
  if (!destination) return undefined;
  const markdown = /\.md$/i.test(destination.path);
  const stem = destination.path.split('/').pop()?.replace(/\.md$/i, '') || base;
  const bundle = markdown ? sharingLibrary().renderEvidenceMarkdown(doc, { filePrefix: stem }) : undefined;
  const written = await saveChosenFiles(prompts, bundle
    ? { destination, content: bundle.markdown, beside: bundle.files }
    : { destination, content: sharingLibrary().renderEvidenceHtml(doc) });
  if (!written) return undefined;
  rememberSaveFolder('evidence', destination);
  offerWrittenFile(prompts, `Netmon: evidence written to ${destination.fsPath}`, destination);
  return destination.fsPath;
}
