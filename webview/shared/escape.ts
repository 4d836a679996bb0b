// HTML escaping without any DOM dependency. The function lives in src/analysis/text/html.ts
// (pure code such as the evidence bundle needs it and may not import webview code); this
// re-export keeps the webviews' and the CLI's imports as they were.
export { escapeHtml } from '../../src/analysis/text/html';
