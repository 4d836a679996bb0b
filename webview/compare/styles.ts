// Styles of the session compare panel: theme variables with system-colour fallbacks.
import { BUTTON_CSS, PAGE_CSS } from '../shared/base-css';

export const COMPARE_CSS = `
${PAGE_CSS}
${BUTTON_CSS}
.cmp { padding: 12px 16px 24px; }
.cmp h1 { font-size: 17px; margin: 0 0 6px; }
.cmp-head { display: flex; align-items: baseline; justify-content: space-between; gap: 12px; }
.cmp-actions { display: flex; gap: 8px; }
.cmp-sides { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.cmp-side { border: 1px solid var(--vscode-editorWidget-border, #8884); padding: 8px 10px; overflow-wrap: anywhere; }
.cmp-side h2 { font-size: 14px; margin: 0 0 4px; }
.cmp-muted { color: var(--vscode-descriptionForeground, GrayText); }
.cmp-score::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  background: var(--grade-color); margin-right: 6px; forced-color-adjust: none; }
.cmp-summary { margin: 10px 0; font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin: 4px 0 12px; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--vscode-editorWidget-border, #8884);
  vertical-align: top; overflow-wrap: anywhere; }
th { color: var(--vscode-descriptionForeground, GrayText); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.differs td { background: var(--vscode-diffEditor-insertedLineBackground, rgba(155, 185, 85, .12)); }
tr.differs td:first-child::before { content: '≠ '; font-weight: 700; }
.cmp-grade::before { content: ''; display: inline-block; width: 8px; height: 8px; border-radius: 50%;
  background: var(--grade-color); margin-right: 5px; forced-color-adjust: none; }
h3 { font-size: 13px; margin: 14px 0 2px; text-transform: uppercase; letter-spacing: .04em;
  color: var(--vscode-descriptionForeground, GrayText); }
.cmp-error { color: var(--vscode-errorForeground, #d33); }
.cmp-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
