// Metrics panel styles, from --vscode-* variables with Dark+ fallbacks.
export const METRICS_CSS = `
body { margin: 0; background: var(--vscode-editor-background, #1e1e1e); color: var(--vscode-editor-foreground, #d4d4d4);
  font-family: var(--vscode-font-family, sans-serif); font-size: var(--vscode-font-size, 13px); }
.toolbar { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; padding: 6px 12px;
  border-bottom: 1px solid var(--vscode-widget-border, #454545); }
.toolbar h1 { font-size: 1.05em; font-weight: 600; margin: 0; overflow-wrap: anywhere; }
.toolbar label { display: inline-flex; gap: 4px; align-items: center;
  color: var(--vscode-descriptionForeground, #9d9d9d); }
.toolbar select { background: var(--vscode-dropdown-background, #3c3c3c);
  color: var(--vscode-dropdown-foreground, #f0f0f0);
  border: 1px solid var(--vscode-dropdown-border, #3c3c3c); padding: 2px 4px; font: inherit; }
.toolbar :focus-visible, .chart:focus-visible { outline: 1px solid var(--vscode-focusBorder, #007fd4);
  outline-offset: 2px; }
.hint { color: var(--vscode-descriptionForeground, #9d9d9d); }
.status:empty { display: none; }
.status { padding: 8px 12px; }
.status.error { color: var(--vscode-errorForeground, #f48771); }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 10px 18px;
  padding: 10px 12px; }
.chart { min-width: 0; }
.chart h2 { font-size: 0.85em; text-transform: uppercase; letter-spacing: 0.04em;
  color: var(--vscode-descriptionForeground, #9d9d9d); margin: 4px 0; font-weight: 600; }
.next-step { margin: 4px 0; min-height: 1.5em; }
.sessions-link { background: var(--vscode-button-secondaryBackground, #3a3d41);
  color: var(--vscode-button-secondaryForeground, #fff); border: 1px solid var(--vscode-contrastBorder, transparent);
  padding: 3px 8px; font: inherit; cursor: pointer; }
.loss-marker { position: absolute; bottom: 0; transform: translate(-50%, 0); font-weight: 700; line-height: 1;
  pointer-events: none; text-shadow: 0 0 2px var(--vscode-editor-background, Canvas); }
.chart .chart-summary { color: var(--vscode-descriptionForeground, #9d9d9d); font-size: 0.9em; margin: 0 0 2px; }
.chart .picked { color: var(--vscode-descriptionForeground, #9d9d9d); font-size: 0.9em; min-height: 1.3em; }
.uplot { font-family: inherit; color: inherit; }
.uplot .u-legend { font-size: 0.9em; text-align: left; }
.uplot .u-legend .u-marker { border-radius: 2px; }
.uplot .u-legend tr.u-off > * { opacity: 0.35; }
.u-over { cursor: pointer; }
.alert-band-label { position: absolute; pointer-events: none; font-size: 0.8em; font-weight: 600; padding: 0 3px;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: var(--vscode-editor-foreground, #d4d4d4);
  background: var(--vscode-editor-background, Canvas); border-left: 3px solid var(--alert-colour); }
.alert-critical { --alert-colour: var(--vscode-charts-red, #f14c4c); }
.alert-major { --alert-colour: var(--vscode-charts-orange, #d18616); }
.alert-minor { --alert-colour: var(--vscode-charts-yellow, #cca700); }
.alert-info { --alert-colour: var(--vscode-charts-blue, #3794ff); }
.alert-list { padding: 0 12px 12px; }
.alert-list h2 { font-size: 0.85em; text-transform: uppercase; letter-spacing: 0.04em; font-weight: 600;
  color: var(--vscode-descriptionForeground, #9d9d9d); margin: 4px 0; }
.alert-list ul { margin: 0; padding-left: 4px; list-style: none; }
.alert-list li { margin: 2px 0; overflow-wrap: anywhere; border-left: 3px solid var(--alert-colour, transparent);
  padding-left: 6px; }
.alert-cue { font-weight: 700; }
@media (forced-colors: active) { .alert-band-label, .alert-list li { border-left-color: CanvasText; } }
`;
