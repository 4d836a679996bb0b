// Exporting a HAR for someone else: redacted by default (src/analysis/har/redact, the same
// engine as `netmon har redact`), with what will be removed shown first. The HAR as recorded
// is the second choice, says what it keeps, and asks once more before it is written.
import type { RedactionPreview } from '../../analysis/har/redact-preview';
import { sharingLibrary } from '../sharing/library';
import { saveChosenFiles } from '../files/save-files';
import { redactedOffThread, redactionPreviewOffThread } from '../sharing/redact-off-thread';
import { defaultSaveUri, rememberSaveFolder, suggestedFileName } from '../ui/file-names';
import type { Prompts } from '../ui/prompts';
import { offerWrittenFile } from '../ui/written-file';
import { HarText } from './har-off-thread';

export const EXPORT_REDACTED = 'Export Redacted HAR…';
export const EXPORT_UNREDACTED = 'Export Unredacted HAR (keeps secrets)…';

/** What redaction removes, computed off the host's thread; undefined when the user cancelled. */
export function previewOf(har: unknown): Promise<RedactionPreview | undefined> {
  return har instanceof HarText ? har.preview() : redactionPreviewOffThread(har);
}

/** The file to write: redacted off the host's thread unless `redacted` is false; undefined when cancelled. */
async function contentToExport(har: unknown, redacted: boolean): Promise<string | Uint8Array | undefined> {
  // A .har file's HAR is only text on the host: its worker parses, redacts and writes it out.
  if (har instanceof HarText) return har.exportContent(redacted);
  const out = redacted ? await redactedOffThread(har) : har;
  return out === undefined ? undefined : `${JSON.stringify(out, null, 2)}\n`;
}

/** The modal of the tree's "Export Page as HAR…": what redaction removes, then the two choices. */
export async function chooseExport(prompts: Prompts, title: string, har: unknown): Promise<boolean | undefined> {
  const preview = await previewOf(har);
  if (!preview) return undefined;
  const detail = [
    `Redaction removes ${sharingLibrary().previewLine(preview)}`,
    '',
    ...preview.rules.map((r) => `• ${r.description}: ${r.count}`),
    '',
    'Timings, sizes, statuses, header names and the shape of URLs are kept.',
  ].join('\n');
  const answer = await prompts.confirm(`Export "${title}" as HAR`, detail, EXPORT_REDACTED, EXPORT_UNREDACTED);
  return answer === undefined ? undefined : answer === EXPORT_REDACTED;
}

/** Writes the HAR (redacted unless `redacted` is false) where the user chooses; resolves to the path. */
export async function exportHarFile(
  prompts: Prompts,
  har: unknown,
  name: string,
  redacted: boolean,
): Promise<string | undefined> {
  if (!redacted) {
    const sure = await prompts.confirm(
      'Export the HAR as recorded?',
      'It keeps every cookie, token, password and response body it holds. Anyone you send it to can use ' +
        'them. The redacted export keeps what troubleshooting needs.',
      'Export Unredacted',
    );
    if (!sure) return undefined;
  }
  const base = suggestedFileName(name.replace(/\.(har|har\.gz|zhar)$/i, ''), 'page');
  const destination = await prompts.saveLocation({
    title: redacted ? 'Export redacted HAR' : 'Export HAR as recorded (unredacted)',
    saveLabel: 'Export',
    defaultUri: defaultSaveUri('har', `${base}${redacted ? '.redacted' : ''}.har`),
    filters: { 'HTTP Archive': ['har'] },
  });
  if (!destination) return undefined;
  const content = await contentToExport(har, redacted);
  if (content === undefined) return undefined;
  if (!(await saveChosenFiles(prompts, { destination, content }))) return undefined;
  rememberSaveFolder('har', destination);
  offerWrittenFile(
    prompts,
    `Netmon: exported ${redacted ? 'a redacted' : 'an unredacted'} HAR to ${destination.fsPath}`,
    destination,
  );
  return destination.fsPath;
}
