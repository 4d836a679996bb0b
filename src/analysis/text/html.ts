// HTML escaping without any DOM dependency: one function for the webviews, the node code
// that writes HTML (the `netmon har report` CLI) and the evidence bundle (src/analysis/
// evidence), so all of them escape exactly the same characters. It lives in analysis
// because analysis may not import webview code; webview/shared/escape.ts re-exports it.

/** Escapes the characters that could end a text node or an attribute value (quoted or not). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
