// "Open in Editor" from the waterfall's Response tab: the whole body (decoded, indented for
// reading) in an untitled editor with its language, read from the host's own copy of the
// HAR (a .har file's, by the reading worker); the webview only names the entry.
import * as vscode from 'vscode';
import { rawEntryAt, responseBody } from '../../analysis/har/body';
import type { BodyLanguage } from '../../analysis/har/pretty';
import { showInfo } from '../ui/notify';
import { HarText } from './har-off-thread';

const EDITOR_LANGUAGES: Readonly<Record<BodyLanguage, string>> = {
  json: 'json',
  xml: 'xml',
  html: 'html',
  css: 'css',
  javascript: 'javascript',
  text: 'plaintext',
};

/** Opens the body; a response without a text body says why (a notification) and opens nothing. */
export async function openResponseBody(har: unknown, index: number): Promise<boolean> {
  const entry = har instanceof HarText ? await har.entry(index) : rawEntryAt(har, index);
  const body = responseBody(entry, true);
  if (body.kind !== 'text') {
    void showInfo(
      body.kind === 'none'
        ? body.reason
        : `This response is binary (${body.mimeType || 'unknown type'}): it cannot be opened as text.`,
    );
    return false;
  }
  const document = await vscode.workspace.openTextDocument({
    content: body.text,
    language: EDITOR_LANGUAGES[body.language],
  });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  return true;
}
