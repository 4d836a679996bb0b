// Styles of the agent timeline: theme variables (high contrast included) with system-colour fallbacks.
import { BUTTON_CSS, PAGE_CSS } from '../shared/base-css';

export const TIMELINE_CSS = `
${PAGE_CSS}
${BUTTON_CSS}
.tl { padding: 10px 14px 24px; }
.tl-head { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
.tl-head h1 { font-size: 17px; margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.tl-muted, .tl-lane-caption { color: var(--vscode-descriptionForeground, GrayText); }
.tl-bar { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; margin: 8px 0; }
.tl-bar button[aria-pressed="true"] { background: var(--vscode-button-background, Highlight);
  color: var(--vscode-button-foreground, HighlightText); }
.tl-loading { min-height: 1.6em; margin: 4px 0; }
.tl-gap { color: var(--vscode-editorWarning-foreground, #b58900); }
.tl-verdict { border: 1px solid var(--vscode-editorWidget-border, #8884); padding: 8px 12px; margin: 8px 0; }
.tl-verdict h2 { font-size: 13px; margin: 0 0 6px; }
.tl-verdict ul { margin: 4px 0; padding-left: 18px; }
.tl-verdict li { margin: 4px 0; overflow-wrap: anywhere; }
.tl-verdict li button { margin-left: 8px; }
.tl-chart-wrap { position: relative; overflow-x: auto; }
.tl-chart { display: block; user-select: none; }
.tl-chart:focus-visible, .tl-chart .tl-lane:focus-visible { outline: 1px solid var(--vscode-focusBorder, Highlight); }
.tl-lane-bg { fill: transparent; stroke: var(--vscode-editorWidget-border, #8884); stroke-width: .5; }
.tl-lane-label { fill: var(--vscode-foreground, CanvasText); font-size: 12px; }
.tl-lane-caption { fill: var(--vscode-descriptionForeground, GrayText); font-size: 10px; }
.tl-mark { stroke: var(--vscode-editor-background, Canvas); stroke-width: 1; cursor: pointer;
  forced-color-adjust: none; }
.tl-line { fill: none; stroke: var(--vscode-charts-blue, #3794ff); stroke-width: 1.5; }
.tl-band { fill: var(--vscode-charts-blue, #3794ff); fill-opacity: .2; stroke: none; }
.tl-point { fill: var(--vscode-charts-blue, #3794ff); }
.tl-alarm { fill: var(--vscode-editorError-foreground, #e5484d); }
.tl-mark-label { fill: var(--vscode-foreground, CanvasText); font-size: 10px; paint-order: stroke;
  stroke: var(--vscode-editor-background, Canvas); stroke-width: 3px; }
.tl-event line { stroke: var(--vscode-descriptionForeground, GrayText); stroke-dasharray: 2 2; }
.tl-event rect { fill: var(--vscode-badge-background, #4d4d4d); stroke: var(--vscode-contrastBorder, transparent); }
.tl-event text { fill: var(--vscode-badge-foreground, #fff); font-size: 10px; font-weight: 600; }
.tl-event-agentState rect { fill: var(--vscode-editorError-foreground, #e5484d); }
.tl-period { fill: var(--vscode-editorError-foreground, #e5484d); fill-opacity: .12; }
.tl-brush { fill: var(--vscode-editor-selectionBackground, Highlight); fill-opacity: .35;
  stroke: var(--vscode-focusBorder, Highlight); }
.tl-active { fill: none; stroke: var(--vscode-focusBorder, Highlight); stroke-width: 2; }
.tl-axis line { stroke: var(--vscode-descriptionForeground, GrayText); }
.tl-axis text { fill: var(--vscode-descriptionForeground, GrayText); font-size: 11px; }
.tl-tip { position: absolute; pointer-events: none; max-width: 420px; padding: 4px 8px; z-index: 2;
  background: var(--vscode-editorHoverWidget-background, Canvas);
  color: var(--vscode-editorHoverWidget-foreground, CanvasText);
  border: 1px solid var(--vscode-editorHoverWidget-border, CanvasText); overflow-wrap: anywhere; }
.tl-legend { display: flex; gap: 14px; flex-wrap: wrap; margin: 6px 0; }
.tl-legend span::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  background: var(--swatch); margin-right: 5px; forced-color-adjust: none; }
.tl-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.tl-error { color: var(--vscode-errorForeground, #d33); }
.tl-help { margin: 4px 0; }
.tl-alert rect { fill: var(--alert-colour); fill-opacity: .35; stroke: var(--alert-colour); stroke-width: 1; }
.tl-alert text { fill: var(--vscode-foreground, CanvasText); font-size: 11px; font-weight: 700; }
.tl-alert:focus-visible { outline: 2px solid var(--vscode-focusBorder, Highlight); }
.tl-alert-critical { --alert-colour: var(--vscode-charts-red, #e5484d); }
.tl-alert-major { --alert-colour: var(--vscode-charts-orange, #d18616); }
.tl-alert-minor { --alert-colour: var(--vscode-charts-yellow, #cca700); }
.tl-alert-info { --alert-colour: var(--vscode-charts-blue, #3794ff); }
@media (forced-colors: active) { .tl-period, .tl-brush { fill: Highlight; } .tl-line { stroke: CanvasText; }
  .tl-alert rect { fill: Canvas; stroke: CanvasText; } .tl-alert text { fill: CanvasText; } }
`;
