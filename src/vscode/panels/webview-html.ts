// The HTML shell and options every Netmon webview gets: a nonce CSP (no inline script,
// no remote anything), local resources limited to dist/ and media/, and one bundle.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
// The same escaping the webviews use (dom.ts re-exports it; dom.ts itself needs the DOM lib).
import { escapeHtml } from '../../../webview/shared/escape';

/** The panels built by esbuild.mjs as dist/webview/<bundle>.js. */
export type WebviewBundle =
  'har' | 'session' | 'path' | 'metrics' | 'instant' | 'agent' | 'timeline' | 'compare' | 'hardiff';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Styles come as constructed stylesheets (adoptedStyleSheets) from the bundles, which
 * style-src does not govern, so no 'unsafe-inline' is needed; the nonce covers a future <style>.
 */
export function contentSecurityPolicy(webview: vscode.Webview, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
  ].join('; ');
}

export function panelHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  bundle: WebviewBundle,
  title: string,
): string {
  const nonce = newNonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', `${bundle}.js`));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
</head>
<body>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

/**
 * A page without script, for a panel whose webview protocol has no error message (the HAR
 * waterfall): the failure is shown as text, and the panel's next load replaces it.
 */
export function errorHtml(webview: vscode.Webview, title: string, message: string): string {
  const nonce = newNonce();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview, nonce)}">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-errorForeground); padding: 1em 2em; }
</style>
</head>
<body><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p></body>
</html>`;
}
