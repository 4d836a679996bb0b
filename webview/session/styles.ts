// Styles of the session overview: VS Code theme variables with system-colour fallbacks.
import { PAGE_CSS } from '../shared/base-css';
export const SESSION_CSS = `
${PAGE_CSS}
.ses { padding: 12px 16px 24px; max-width: 1400px; }
.ses-head { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
.ses-head h1 { font-size: 18px; margin: 0; font-weight: 600; }
.ses-sub { color: var(--vscode-descriptionForeground, GrayText); }
.ses-score { padding: 0 8px; border-radius: 10px; font-weight: 600; border: 2px solid var(--grade-color); }
.ses-score::before { content: ''; display: inline-block; width: 8px; height: 8px; border-radius: 50%;
  background: var(--grade-color); margin-right: 6px; forced-color-adjust: none; }
.ses-verdict { margin: 10px 0 8px; padding: 8px 12px; border-left: 4px solid var(--grade-color);
  background: color-mix(in srgb, var(--grade-color) 12%, transparent); font-size: 14px; }
.ses-path { display: flex; align-items: stretch; gap: 0; margin: 8px 0 14px; flex-wrap: wrap; }
.ses-seg { flex: 1; min-width: 90px; text-align: center; padding: 6px 4px;
  border: 1px solid var(--vscode-panel-border, #8884);
  border-top: 4px solid var(--grade-color); margin-right: -1px; }
.ses-seg small { display: block; color: var(--vscode-descriptionForeground, GrayText); }
.ses-seg.ses-worst { outline: 2px solid var(--grade-color); outline-offset: -2px; font-weight: 600; }
.ses-errors { margin: 0 0 12px; }
.ses-errors ul { margin: 4px 0 0; padding-left: 20px; }
.ses-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; }
.ses-card { border: 1px solid var(--vscode-panel-border, #8884); padding: 8px 12px 10px;
  background: var(--vscode-sideBar-background, transparent); min-width: 0; }
.ses-card.ses-wide { grid-column: 1 / -1; }
.ses-card h2 { font-size: 12px; margin: 2px 0 8px; text-transform: uppercase; letter-spacing: .05em;
  color: var(--vscode-descriptionForeground, GrayText); }
.ses-kv { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0; }
.ses-kv dt { color: var(--vscode-descriptionForeground, GrayText); }
.ses-kv dd { margin: 0; word-break: break-word; }
.ses-table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.ses-table th { text-align: left; font-weight: 600; padding: 3px 8px;
  border-bottom: 1px solid var(--vscode-panel-border, #8884); }
.ses-table td { padding: 3px 8px;
  border-bottom: 1px solid color-mix(in srgb, var(--vscode-panel-border, #8884) 50%, transparent);
  word-break: break-word; }
.ses-table .num, .ses-table th.num { text-align: right; }
.ses-delay { display: inline-block; height: 8px; background: var(--vscode-charts-blue, #3794ff); vertical-align: middle;
  margin-right: 6px; }
.ses-button { background: var(--vscode-button-background, ButtonFace);
  color: var(--vscode-button-foreground, ButtonText); border: none; padding: 2px 10px; cursor: pointer; font: inherit; }
.ses-button:hover { background: var(--vscode-button-hoverBackground, ButtonFace); }
.ses-button:focus-visible { outline: 1px solid var(--vscode-focusBorder, Highlight); outline-offset: 1px; }
.ses-gauge { margin: 6px 0; }
.ses-gauge-bar { height: 8px; background: color-mix(in srgb, var(--vscode-foreground, CanvasText) 12%, transparent);
  margin-top: 3px; }
.ses-gauge-bar span { display: block; height: 100%; background: var(--grade-color); }
.ses-error { color: var(--vscode-errorForeground, #d33); }
.ses-related { margin: 8px 0; }
.ses-split { margin-top: 8px; }
.ses-split-verdict { margin: 4px 0 0; }
.ses-related h2 { font-size: 13px; margin: 0 0 4px; }
.ses-related ul { margin: 0; padding-left: 0; list-style: none; }
.ses-related li { margin: 4px 0; }
.ses-muted { color: var(--vscode-descriptionForeground, GrayText); }
.ses-ping { margin-bottom: 8px; }
.ses-ping b { display: inline-block; min-width: 9em; }
`;

export { GRADE_COLORS } from '../shared/grades';
