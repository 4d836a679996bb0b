// "Open" after an export: the evidence as its recipient sees it in a browser, not its source in a
// text editor. The bundle is self-contained (inline styles, its pictures as inline SVG or data:
// images, its HARs as data: downloads), so the preview needs nothing from the extension and runs
// no script: the webview's own policy says so again, whatever the file holds.
import * as vscode from 'vscode';

export const EVIDENCE_PREVIEW_VIEW_TYPE = 'netmon.evidencePreview';

/** What the preview may load: inline styles and data: images, nothing else. */
export const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Shows a written HTML bundle in a webview panel beside the current editor. */
export async function openEvidencePreview(file: vscode.Uri): Promise<vscode.WebviewPanel> {
  const html = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  const panel = vscode.window.createWebviewPanel(
    EVIDENCE_PREVIEW_VIEW_TYPE,
    `Preview: ${file.path.split('/').pop() ?? 'evidence'}`,
    vscode.ViewColumn.Beside,
    { enableScripts: false, enableForms: false, enableCommandUris: false, localResourceRoots: [] },
  );
  panel.webview.html = withPreviewPolicy(html);
  return panel;
}

/** The document with the preview's policy first in its head: a browser enforces every policy, so none widens it. */
export function withPreviewPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return `<!doctype html><html><head>${meta}</head><body>${html}</body></html>`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
