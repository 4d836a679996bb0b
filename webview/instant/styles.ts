// Styles of the instant-results panel: theme variables with system-colour fallbacks; the
// grade is said in words as well as colour.
import { BUTTON_CSS, PAGE_CSS } from '../shared/base-css';
export const INSTANT_CSS = `
${PAGE_CSS}
.ins { padding: 12px 16px 24px; max-width: 1400px; }
.ins h1 { font-size: 18px; margin: 0 0 4px; font-weight: 600; overflow-wrap: anywhere; }
.ins-summary { margin: 4px 0; }
.ins-note, .ins-muted { color: var(--vscode-descriptionForeground, GrayText); margin: 2px 0; overflow-wrap: anywhere; }
.ins-actions { display: flex; gap: 6px; margin: 10px 0; flex-wrap: wrap; }
${BUTTON_CSS}
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--vscode-editorWidget-border, #8884);
  vertical-align: middle; }
th { font-weight: 600; color: var(--vscode-descriptionForeground, GrayText); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* the word in the text colour (contrast), the dot in the grade's */
.ins-grade { font-weight: 600; white-space: nowrap; }
.ins-grade::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  background: var(--grade-color); margin-right: 6px; forced-color-adjust: none; }
.ins-agent { overflow-wrap: break-word; min-width: 8em; }
.ins-table { overflow-x: auto; }
.ins-error { color: var(--vscode-errorForeground, #d33); overflow-wrap: anywhere; }
.ins-bar { display: flex; height: 10px; min-width: 100px; background: var(--vscode-editorWidget-border, #8882); }
.ins-bar span { display: block; height: 100%; forced-color-adjust: none; }
.ins-legend { display: flex; gap: 12px; flex-wrap: wrap; margin: 6px 0;
  color: var(--vscode-descriptionForeground, GrayText); }
.ins-legend i { display: inline-block; width: 10px; height: 10px; margin-right: 4px; forced-color-adjust: none; }
.ins-links { white-space: nowrap; }
/* An error is read, not scanned: a line of its own under its row, whole words (a mid-word break only for a word
   wider than the panel). */
tr.ins-has-error td { border-bottom: none; }
td.ins-error { overflow-wrap: break-word; word-break: normal; padding: 0 8px 6px 26px; }
.ins-error-label { color: var(--vscode-descriptionForeground, GrayText); }
/* Beside a document the panel is narrow: the bar shrinks and the row's buttons stack, so nothing leaves the screen. */
@media (max-width: 720px) {
  .ins { padding: 8px 8px 16px; }
  th, td { padding: 4px 5px; }
  .ins-agent { min-width: 6em; }
  .ins-bar { min-width: 40px; }
  .ins-links { white-space: normal; }
  .ins-links button { display: block; width: 100%; margin: 2px 0; padding: 3px 6px; }
}
`;
