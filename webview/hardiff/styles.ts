// Styles of the HAR diff panel: theme variables with system-colour fallbacks; marks carry a
// symbol and a word, so colour is never the only signal (high contrast keeps the outlines).
import { BUTTON_CSS, PAGE_CSS } from '../shared/base-css';

export const HAR_DIFF_CSS = `
${PAGE_CSS}
${BUTTON_CSS}
.hd { padding: 12px 16px 24px; }
.hd h1 { font-size: 17px; margin: 0 0 6px; }
.hd h3 { font-size: 13px; margin: 14px 0 2px; text-transform: uppercase; letter-spacing: .04em;
  color: var(--vscode-descriptionForeground, GrayText); }
.hd-sides { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.hd-side { border: 1px solid var(--vscode-editorWidget-border, #8884); padding: 6px 10px; overflow-wrap: anywhere; }
.hd-side h2 { font-size: 13px; margin: 0 0 2px; }
.hd-muted { color: var(--vscode-descriptionForeground, GrayText); }
.hd-timings { display: flex; flex-wrap: wrap; gap: 16px; margin: 8px 0; font-weight: 600; }
.hd-bar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 8px 0; }
.hd-bar select { background: var(--vscode-dropdown-background, Field);
  color: var(--vscode-dropdown-foreground, FieldText);
  border: 1px solid var(--vscode-dropdown-border, #8886); font: inherit; padding: 2px 4px; }
button[aria-pressed="true"] { background: var(--vscode-button-background, Highlight);
  color: var(--vscode-button-foreground, HighlightText); }
.hd-warn { color: var(--vscode-editorWarning-foreground, #b89500); }
.hd-error { color: var(--vscode-errorForeground, #d33); }
table { border-collapse: collapse; width: 100%; margin: 4px 0 12px; }
th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid var(--vscode-editorWidget-border, #8884);
  vertical-align: middle; }
th { color: var(--vscode-descriptionForeground, GrayText); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.hd-rows tbody tr { cursor: default; }
.hd-rows tbody tr:focus-visible { outline: 1px solid var(--vscode-focusBorder, Highlight); outline-offset: -1px; }
.hd-rows tbody tr[aria-selected="true"] td { background: var(--vscode-list-activeSelectionBackground, Highlight);
  color: var(--vscode-list-activeSelectionForeground, HighlightText); }
.hd-url { max-width: 0; width: 40%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.hd-mark { white-space: nowrap; font-weight: 600; }
.hd-mark { border-left: 4px solid transparent; }
.hd-mark.regressed { border-left-color: var(--vscode-charts-red, #d33); }
.hd-mark.improved { border-left-color: var(--vscode-charts-green, #2ea043); }
.hd-track { position: relative; width: 220px; height: 16px; }
.hd-track > span { position: absolute; height: 6px; display: flex; min-width: 2px; border: 1px solid transparent;
  box-sizing: border-box; }
.hd-track > .before { top: 1px; opacity: .55; border-style: dashed;
  border-color: var(--vscode-descriptionForeground, GrayText); }
.hd-track > .after { top: 9px; }
.hd-track > span > i { display: block; height: 100%; background: var(--phase); forced-color-adjust: none; }
@media (forced-colors: active) { .hd-track > span { border-color: CanvasText; } }
.hd-legend { display: flex; flex-wrap: wrap; gap: 10px; font-size: 12px; margin: 4px 0; }
.hd-legend i { display: inline-block; width: 10px; height: 10px; margin-right: 4px; background: var(--phase);
  vertical-align: middle; forced-color-adjust: none; }
.hd-details { border: 1px solid var(--vscode-editorWidget-border, #8884); padding: 6px 10px; margin: 8px 0;
  overflow-wrap: anywhere; }
.hd-details h2 { font-size: 13px; margin: 0 0 4px; }
.hd-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
