// The one way Netmon opens a URL that came from the API or a webview (permalinks, links in
// a HAR): only http(s) leaves VS Code. A file:, command: or vscode: URI would run or open
// something local on behalf of whoever controls the data.
import * as vscode from 'vscode';
import { showError } from './ui/notify';

/** The scheme of `url` (`file:`), or the whole text when it has none. */
function schemeOf(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return match?.[1] !== undefined ? `${match[1].toLowerCase()}:` : `"${url.slice(0, 40)}"`;
}

/** Throws (for `reporting` to show) unless `url` is an absolute http(s) URL. */
export function requireHttpUrl(url: string, what: string): vscode.Uri {
  const trimmed = url.trim();
  if (!/^https?:\/\/[^/]/i.test(trimmed)) {
    throw new Error(`Not opening ${what}: only http(s) links are opened, got ${schemeOf(trimmed)}`);
  }
  return vscode.Uri.parse(trimmed, true);
}

/** Opens an http(s) URL in the browser; anything else is refused with an error notification. */
export async function openHttpUrl(url: string, what = 'the link'): Promise<boolean> {
  let uri: vscode.Uri;
  try {
    uri = requireHttpUrl(url, what);
  } catch (error) {
    void showError(error instanceof Error ? error.message : String(error));
    return false;
  }
  return vscode.env.openExternal(uri);
}
