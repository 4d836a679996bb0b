// Styles of the waterfall panel: VS Code theme variables, system colours as fallbacks
// when the panel runs outside VS Code (the HTML report), so both light and dark work.
export const ROW_HEIGHT = 22;

export const HAR_CSS = `
:root { color-scheme: light dark; }
/* Outside VS Code (the HTML report) no theme variables exist; give the Lit controls and the
   panel a light and a dark set. Inside VS Code its inline variables on <html> win anyway. */
:root.har-standalone {
  --vscode-foreground: #1f1f1f; --vscode-focusBorder: #005fb8; --vscode-font-size: 13px;
  --vscode-settings-textInputBackground: #ffffff; --vscode-settings-textInputForeground: #1f1f1f;
  --vscode-settings-textInputBorder: #cecece; --vscode-input-placeholderForeground: #767676;
  --vscode-panelTitle-activeForeground: #1f1f1f; --vscode-panelTitle-inactiveForeground: #616161;
  --vscode-panelTitle-activeBorder: #005fb8; --vscode-panel-background: #f8f8f8; --vscode-sideBar-background: #f8f8f8;
  --vscode-list-activeSelectionBackground: #cce4ff; --vscode-list-activeSelectionForeground: #1f1f1f;
  --vscode-textPreformat-foreground: #a31515; --vscode-textLink-foreground: #005fb8;
  --vscode-descriptionForeground: #616161; --vscode-errorForeground: #a1260d;
}
@media (prefers-color-scheme: dark) {
  :root.har-standalone {
    --vscode-foreground: #cccccc; --vscode-focusBorder: #0078d4;
    --vscode-settings-textInputBackground: #313131; --vscode-settings-textInputForeground: #cccccc;
    --vscode-settings-textInputBorder: #3c3c3c; --vscode-input-placeholderForeground: #989898;
    --vscode-panelTitle-activeForeground: #e7e7e7; --vscode-panelTitle-inactiveForeground: #9d9d9d;
    --vscode-panelTitle-activeBorder: #0078d4; --vscode-panel-background: #181818; --vscode-sideBar-background: #181818;
    --vscode-list-activeSelectionBackground: #04395e; --vscode-list-activeSelectionForeground: #ffffff;
    --vscode-textPreformat-foreground: #d7ba7d; --vscode-textLink-foreground: #4daafc;
    --vscode-descriptionForeground: #9d9d9d; --vscode-errorForeground: #f48771;
  }
}
html, body { height: 100%; margin: 0; }
body { background: var(--vscode-editor-background, Canvas); color: var(--vscode-foreground, CanvasText);
  font-family: var(--vscode-font-family, system-ui, sans-serif); font-size: var(--vscode-font-size, 13px);
  overflow: hidden; }
.har { display: flex; flex-direction: column; height: 100vh; }
.har-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; padding: 6px 8px;
  border-bottom: 1px solid var(--vscode-panel-border, #8884); }
.har-title { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 40ch; }
.har-toolbar select { background: var(--vscode-dropdown-background, Field);
  color: var(--vscode-dropdown-foreground, FieldText);
  border: 1px solid var(--vscode-dropdown-border, #8886); padding: 2px 4px; font: inherit; max-width: 40ch; }
.har-filter { width: 44ch; }
.har-filter-wrap { position: relative; display: inline-block; }
.har-suggest { position: absolute; top: 100%; left: 0; z-index: 20; margin: 2px 0 0; padding: 2px 0; list-style: none;
  min-width: 44ch; max-height: 260px; overflow-y: auto;
  background: var(--vscode-editorSuggestWidget-background, Canvas);
  color: var(--vscode-editorSuggestWidget-foreground, CanvasText);
  border: 1px solid var(--vscode-editorSuggestWidget-border, CanvasText); }
.har-suggest li { display: flex; gap: 12px; justify-content: space-between; padding: 1px 8px; cursor: pointer;
  white-space: nowrap; }
.har-suggest li.active { background: var(--vscode-editorSuggestWidget-selectedBackground, Highlight);
  color: var(--vscode-editorSuggestWidget-selectedForeground, HighlightText);
  outline: 1px solid var(--vscode-contrastActiveBorder, transparent); }
.har-suggest-detail { opacity: .8; overflow: hidden; text-overflow: ellipsis; }
.har-response-head { display: flex; justify-content: space-between; align-items: center; gap: 8px; margin: 4px 0; }
.har-response-body { margin: 0; padding: 6px 8px; max-height: 60vh; overflow: auto; white-space: pre;
  font-family: var(--vscode-editor-font-family, monospace);
  font-size: var(--vscode-editor-font-size, 12px); background: var(--vscode-textCodeBlock-background, transparent);
  border: 1px solid var(--vscode-editorWidget-border, #8884); }
.har-response-head .har-muted { color: var(--vscode-descriptionForeground, GrayText); }
.har-response-body:focus-visible { outline: 1px solid var(--vscode-focusBorder, Highlight); }
.har-export { max-width: 640px; background: var(--vscode-editorWidget-background, Canvas);
  color: var(--vscode-editorWidget-foreground, CanvasText);
  border: 1px solid var(--vscode-editorWidget-border, CanvasText); padding: 12px 16px; }
.har-export::backdrop { background: rgba(0, 0, 0, .35); }
.har-export h2 { font-size: 15px; margin: 0 0 8px; }
.har-export details { margin: 2px 0; }
.har-export ul { margin: 4px 0 6px; max-height: 160px; overflow-y: auto; }
.har-export-buttons { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px; }
.har-sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
.har-filter-error { color: var(--vscode-errorForeground, #d33); }
.har-chips { display: flex; gap: 2px; flex-wrap: wrap; }
.har-chip { background: transparent; color: inherit; border: 1px solid transparent; border-radius: 10px;
  padding: 1px 8px; font: inherit; cursor: pointer; }
.har-chip:hover { background: var(--vscode-list-hoverBackground, #8882); }
.har-chip[aria-pressed="true"] { background: var(--vscode-badge-background, #8884);
  color: var(--vscode-badge-foreground, inherit); }
.har-chip:focus-visible, .har-button:focus-visible, .har-head button:focus-visible {
  outline: 1px solid var(--vscode-focusBorder, Highlight); }
.har-button { background: var(--vscode-button-secondaryBackground, ButtonFace);
  color: var(--vscode-button-secondaryForeground, ButtonText);
  border: none; padding: 2px 8px; font: inherit; cursor: pointer; }
.har-button.primary { background: var(--vscode-button-background, #0e639c);
  color: var(--vscode-button-foreground, #fff); }
.har-button:disabled { opacity: .6; cursor: default; }
.har-legend { display: flex; gap: 10px; flex-wrap: wrap; font-size: 11px;
  color: var(--vscode-descriptionForeground, GrayText); }
.har-legend span::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 4px;
  vertical-align: -1px; background: var(--swatch); }
.har-legend .har-line-dcl::before { width: 2px; background: var(--vscode-charts-blue, #3794ff); }
.har-legend .har-line-load::before { width: 2px; background: var(--vscode-charts-red, #e5484d); }
.har-main { flex: 1; display: flex; min-height: 0; }
.har-table { flex: 1; display: flex; flex-direction: column; min-width: 0; position: relative; }
.har-grid { display: grid;
  grid-template-columns: minmax(140px, 1fr) 52px 60px 86px minmax(90px, 0.6fr) 70px 66px var(--waterfall-width, 40%); }
/* With the detail pane open only name, status, time and the bars stay (as in DevTools). */
.har-compact .har-grid { grid-template-columns: minmax(100px, 1fr) 52px 66px 38%; }
.har-compact .har-grid > :nth-child(3), .har-compact .har-grid > :nth-child(4),
.har-compact .har-grid > :nth-child(5), .har-compact .har-grid > :nth-child(6) { display: none; }
.har-head { border-bottom: 1px solid var(--vscode-panel-border, #8884); user-select: none; }
.har-head > * { display: flex; align-items: center; height: 24px; padding: 0 6px; overflow: hidden;
  white-space: nowrap; }
.har-head button { background: none; border: none; color: inherit; font: inherit; font-weight: 600; cursor: pointer;
  padding: 0; text-align: left; width: 100%; }
.har-head [aria-sort="ascending"] button::after { content: " ▲"; font-size: 9px; }
.har-head [aria-sort="descending"] button::after { content: " ▼"; font-size: 9px; }
.har-axis { position: relative; cursor: crosshair; padding: 0 !important; }
.har-tick { position: absolute; top: 0; font-size: 10px; color: var(--vscode-descriptionForeground, GrayText);
  padding-left: 3px;
  border-left: 1px solid var(--vscode-panel-border, #8884); height: 100%; line-height: 24px; }
.har-brush { position: absolute; top: 0; bottom: 0; background: var(--vscode-editor-selectionBackground, #3794ff44);
  pointer-events: none; }
.har-body { flex: 1; position: relative; min-height: 0; }
.har-viewport { position: absolute; inset: 0; overflow-y: auto; overflow-x: hidden; outline: none; }
.har-viewport:focus-visible { outline: 1px solid var(--vscode-focusBorder, Highlight); outline-offset: -1px; }
.har-spacer { position: relative; width: 100%; }
.har-row { position: absolute; left: 0; right: 0; height: ${ROW_HEIGHT}px; line-height: ${ROW_HEIGHT}px;
  cursor: default; }
.har-row:nth-child(even) { background: var(--vscode-list-inactiveSelectionBackground, #8880);
  background: color-mix(in srgb, var(--vscode-foreground, CanvasText) 3%, transparent); }
.har-row:hover { background: var(--vscode-list-hoverBackground, #8882); }
.har-row[aria-selected="true"] { background: var(--vscode-list-activeSelectionBackground, Highlight);
  color: var(--vscode-list-activeSelectionForeground, HighlightText); }
.har-row > * { padding: 0 6px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.har-num { text-align: right; font-variant-numeric: tabular-nums; }
.har-status-error { color: var(--vscode-errorForeground, #d33); }
.har-row[aria-selected="true"] .har-status-error { color: inherit; }
.har-bar { position: relative; padding: 0 !important; }
.har-seg { position: absolute; top: 6px; height: 10px; min-width: 1px; }
.har-overlay { position: absolute; top: 0; bottom: 0; pointer-events: none; overflow: hidden; }
.har-gridline { position: absolute; top: 0; bottom: 0; width: 1px; background: var(--vscode-panel-border, #8883); }
.har-mark { position: absolute; top: 0; bottom: 0; width: 2px; }
.har-gap { position: absolute; top: 0; bottom: 0;
  background: repeating-linear-gradient(135deg, transparent 0 6px,
    color-mix(in srgb, var(--vscode-editorWarning-foreground, #d29922) 18%, transparent) 6px 9px);
  forced-color-adjust: none; }
.har-split { padding: 4px 8px; border-top: 1px solid var(--vscode-panel-border, #8884); }
.har-split b { font-weight: 600; }
.har-split-verdict { display: block; margin-top: 2px; }
.har-mark-dcl { background: var(--vscode-charts-blue, #3794ff); }
.har-mark-load { background: var(--vscode-charts-red, #e5484d); }
.har-empty { padding: 16px; color: var(--vscode-descriptionForeground, GrayText); }
.har-tooltip { position: fixed; z-index: 10; pointer-events: none; padding: 6px 8px; font-size: 12px; max-width: 420px;
  background: var(--vscode-editorHoverWidget-background, Canvas);
  color: var(--vscode-editorHoverWidget-foreground, CanvasText);
  border: 1px solid var(--vscode-editorHoverWidget-border, #8886); box-shadow: 0 2px 8px #0005; }
.har-tooltip table { border-collapse: collapse; }
.har-tooltip td { padding: 1px 6px 1px 0; }
.har-tooltip .har-swatch { display: inline-block; width: 9px; height: 9px; margin-right: 4px; }
.har-tooltip-url { word-break: break-all; margin-bottom: 4px; font-weight: 600; }
.har-summary { display: flex; flex-wrap: wrap; gap: 4px 14px; padding: 4px 8px;
  border-top: 1px solid var(--vscode-panel-border, #8884);
  color: var(--vscode-descriptionForeground, GrayText); font-variant-numeric: tabular-nums; }
.har-summary b { color: var(--vscode-foreground, CanvasText); font-weight: 600; }
.har-notice { padding: 4px 8px; color: var(--vscode-editorWarning-foreground, #b80); }
.har-detail { width: 46%; min-width: 320px; border-left: 1px solid var(--vscode-panel-border, #8884); display: flex;
  flex-direction: column;
  background: var(--vscode-sideBar-background, Canvas); }
.har-detail[hidden] { display: none; }
.har-main[hidden], .har-insights[hidden], .har-sr[hidden] { display: none; }
.har-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.har-row.har-critical > :first-child { box-shadow: inset 3px 0 0 var(--vscode-charts-orange, #d18616);
  font-weight: 600; }
.har-tabs { display: flex; gap: 2px; padding: 0 8px; border-bottom: 1px solid var(--vscode-panel-border, #8884); }
.har-tabs [role="tab"] { background: none; border: none; border-bottom: 2px solid transparent;
  color: var(--vscode-foreground, CanvasText); padding: 4px 10px; cursor: pointer; font: inherit; }
.har-tabs [aria-selected="true"] { border-bottom-color: var(--vscode-focusBorder, Highlight); font-weight: 600; }
.har-tabs [role="tab"]:focus-visible, .har-link-button:focus-visible {
  outline: 1px solid var(--vscode-focusBorder, Highlight); }
.har-insights { flex: 1; overflow: auto; padding: 4px 12px 12px; }
.har-insights h2 { font-size: 13px; margin: 10px 0 4px; }
.har-insights h3 { font-size: 13px; margin: 6px 0 2px; }
.har-insights p { margin: 2px 0; }
.har-finding { margin-bottom: 10px; }
.har-finding-estimate, .har-finding-advice { color: var(--vscode-descriptionForeground, GrayText); }
.har-link-button { background: none; border: none; padding: 0; font: inherit;
  color: var(--vscode-textLink-foreground, LinkText); text-decoration: underline; cursor: pointer;
  word-break: break-all; text-align: left; }
.har-detail-head { display: flex; align-items: center; gap: 6px; padding: 4px 8px;
  border-bottom: 1px solid var(--vscode-panel-border, #8884); }
.har-detail-head .har-detail-name { flex: 1; font-weight: 600; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.har-detail-body { flex: 1; overflow: auto; }
.har-detail-body vscode-tabs { height: 100%; }
.har-section { padding: 4px 10px 8px; }
.har-section h3 { font-size: 12px; margin: 8px 0 4px; text-transform: uppercase; letter-spacing: .04em;
  color: var(--vscode-descriptionForeground, GrayText); }
.har-kv { display: grid; grid-template-columns: minmax(120px, max-content) 1fr; gap: 2px 12px;
  font-family: var(--vscode-editor-font-family, monospace); font-size: 12px; }
.har-kv dt { color: var(--vscode-textPreformat-foreground, #a36); word-break: break-all; }
.har-kv dd { margin: 0; word-break: break-all; white-space: pre-wrap; }
.har-kv a { color: var(--vscode-textLink-foreground, LinkText); }
.har-timing { width: 100%; border-collapse: collapse; font-size: 12px; }
.har-timing td { padding: 2px 6px; }
.har-timing .har-timing-bar { width: 50%; position: relative; }
.har-timing .har-timing-bar span { position: absolute; top: 4px; height: 10px; min-width: 1px; }
`;
