// Panel styles (adopted as a constructed stylesheet, so the nonce CSP needs no inline
// styles). Colours come from --vscode-* variables with Dark+ fallbacks.
export const PATH_CSS = `
:root {
  --pt-bg: var(--vscode-editor-background, #1e1e1e);
  --pt-fg: var(--vscode-editor-foreground, #d4d4d4);
  --pt-muted: var(--vscode-descriptionForeground, #9d9d9d);
  --pt-border: var(--vscode-widget-border, #454545);
  --pt-node: var(--vscode-foreground, #cccccc);
  --pt-link: var(--vscode-descriptionForeground, #8b8b8b);
  --pt-tone-0: var(--vscode-charts-green, #89d185);
  --pt-tone-1: var(--vscode-charts-yellow, #cca700);
  --pt-tone-2: var(--vscode-charts-orange, #d18616);
  --pt-tone-3: var(--vscode-charts-red, #f14c4c);
  --pt-mpls: var(--vscode-charts-purple, #b180d7);
  --pt-agent: var(--vscode-charts-blue, #3794ff);
  --pt-focus: var(--vscode-focusBorder, #007fd4);
  --pt-match: var(--vscode-editor-findMatchHighlightBorder, var(--vscode-charts-yellow, #cca700));
}
html, body { height: 100%; }
body { margin: 0; background: var(--pt-bg); color: var(--pt-fg); font-family: var(--vscode-font-family, sans-serif);
  font-size: var(--vscode-font-size, 13px); }
.app { display: flex; flex-direction: column; height: 100vh; }
.toolbar { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; padding: 6px 10px;
  border-bottom: 1px solid var(--pt-border); }
.toolbar h1 { font-size: 1.05em; font-weight: 600; margin: 0 8px 0 0; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; max-width: 32ch; }
.toolbar label { display: inline-flex; gap: 4px; align-items: center; color: var(--pt-muted); }
.toolbar select, .toolbar input[type=search] { background: var(--vscode-dropdown-background, #3c3c3c);
  color: var(--vscode-dropdown-foreground, #f0f0f0);
  border: 1px solid var(--vscode-dropdown-border, #3c3c3c); padding: 2px 4px; font: inherit; }
.toolbar input[type=search] { width: 27ch; background: var(--vscode-input-background, #3c3c3c);
  color: var(--vscode-input-foreground, #cccccc); }
.toolbar button { background: var(--vscode-button-secondaryBackground, #3a3d41);
  color: var(--vscode-button-secondaryForeground, #fff); border: 0; padding: 3px 8px; font: inherit; cursor: pointer; }
.toolbar button.primary { background: var(--vscode-button-background, #0e639c);
  color: var(--vscode-button-foreground, #fff); }
.toolbar :focus-visible, .canvas:focus-visible { outline: 1px solid var(--pt-focus); outline-offset: -1px; }
.match-count { color: var(--pt-muted); min-width: 8ch; }
.body { flex: 1; display: flex; min-height: 0; }
.canvas { flex: 1; position: relative; overflow: hidden; }
.side { width: 290px; border-left: 1px solid var(--pt-border); overflow: auto; padding: 8px 10px;
  background: var(--vscode-sideBar-background, #252526); }
.status { position: absolute; inset: 0 auto auto 0; margin: 10px; padding: 4px 8px;
  background: var(--vscode-editorWidget-background, #252526); border: 1px solid var(--pt-border); }
.status:empty { display: none; }
.status.error { color: var(--vscode-errorForeground, #f48771); }
.graph { width: 100%; height: 100%; display: block; cursor: grab; user-select: none; }
.graph.panning { cursor: grabbing; }
.link { fill: none; stroke: var(--pt-link); stroke-opacity: 0.75; }
.link.tone-0 { stroke: var(--pt-tone-0); } .link.tone-1 { stroke: var(--pt-tone-1); }
.link.tone-2 { stroke: var(--pt-tone-2); } .link.tone-3 { stroke: var(--pt-tone-3); }
.link.mpls { stroke-dasharray: 7 3; }
.graph[data-mode=loss] .link.mpls, .legend .link.mpls { stroke: var(--pt-mpls); }
.link.reversed { stroke-dasharray: 2 3; }
.node { cursor: pointer; }
.node .shape { fill: var(--pt-node); stroke: var(--pt-bg); stroke-width: 1.5; }
.node.tone-0 .shape { fill: var(--pt-tone-0); } .node.tone-1 .shape { fill: var(--pt-tone-1); }
.node.tone-2 .shape { fill: var(--pt-tone-2); } .node.tone-3 .shape { fill: var(--pt-tone-3); }
.node.kind-agent .shape { fill: var(--pt-agent); }
.node.target .shape { stroke: var(--pt-fg); stroke-width: 2.5; }
.node.hollow .shape { fill: var(--pt-bg); stroke: var(--pt-muted); stroke-width: 1.5; }
.node.hollow.tone-3 .shape, .node.kind-star .shape { stroke: var(--pt-tone-3); stroke-dasharray: 2.5 1.5; }
.node.loop .shape { stroke: var(--pt-tone-2); stroke-width: 2.5; stroke-dasharray: 3 2; }
.node.kind-group .shape { stroke: var(--pt-fg); stroke-width: 1; }
.node .mpls-ring { fill: none; stroke: var(--pt-mpls); stroke-width: 2; }
.node .glyph { fill: var(--pt-fg); font-size: 9px; font-weight: 700; text-anchor: middle; pointer-events: none; }
.node.kind-group .glyph { fill: var(--pt-bg); }
.node .label { fill: var(--pt-fg); font-size: 11px; display: none; pointer-events: none; paint-order: stroke;
  stroke: var(--pt-bg); stroke-width: 3px; }
.graph.zoomed .node .label, .node .label.always, .node.active .label, .node.match .label { display: inline; }
/* No spot free of links and nodes: the label shows only for the node in hand. */
.graph.zoomed .node .label.crowded, .node .label.always.crowded { display: none; }
.node.active .label.crowded, .node.match .label.crowded, .node:hover .label.crowded { display: inline; }
.node.active .shape, .node:hover .shape { stroke: var(--pt-focus); stroke-width: 3.5; }
.node:hover .label { display: inline; }
.node.match .shape { stroke: var(--pt-match); stroke-width: 3.5; }
.graph.highlighting .node:not(.on-path), .graph.highlighting .link:not(.on-path) { opacity: 0.22; }
.graph.highlighting .link.on-path { stroke-opacity: 1; }
.graph.searching .node:not(.match):not(.active) { opacity: 0.35; }
.side h2, .side h3 { font-size: 0.85em; text-transform: uppercase; letter-spacing: 0.04em; color: var(--pt-muted);
  margin: 10px 0 4px; font-weight: 600; }
.sessions-link { margin-top: 6px; background: var(--vscode-button-secondaryBackground, #3a3d41);
  color: var(--vscode-button-secondaryForeground, #fff); border: 1px solid var(--vscode-contrastBorder, transparent);
  padding: 3px 8px; font: inherit; cursor: pointer; }
.card-kind { color: var(--pt-muted); font-size: 0.85em; }
.card-title { font-weight: 600; margin: 2px 0 6px; overflow-wrap: anywhere; }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; margin: 0; }
.card dt { color: var(--pt-muted); }
.card dd { margin: 0; overflow-wrap: anywhere; }
.hint { color: var(--pt-muted); }
.legend ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
.legend li { display: flex; align-items: center; gap: 6px; }
.legend .node { cursor: default; }
.legend .node:not(.hollow):not(.target):not(.loop):not(.kind-group) .shape {
  stroke: var(--vscode-sideBar-background, #252526); }
.legend .node.target .shape { stroke: var(--pt-fg); stroke-width: 2; }
.legend .node.hollow .shape { fill: var(--vscode-sideBar-background, #252526); }
.keys { color: var(--pt-muted); font-size: 0.9em; line-height: 1.5; }
/* Compare with a baseline: added in the shown round, removed since the baseline, changed network. */
.link.diff-added { stroke: var(--pt-tone-0); stroke-width: 2.5; stroke-opacity: 1; }
.link.diff-removed { stroke: var(--pt-tone-3); stroke-dasharray: 5 4; stroke-opacity: .8; }
.node.diff-added .shape { stroke: var(--pt-tone-0); stroke-width: 3; }
.node.diff-removed .shape { stroke: var(--pt-tone-3); stroke-width: 2; stroke-dasharray: 3 2; fill-opacity: .45; }
.node.diff-changed .shape { stroke: var(--pt-tone-2); stroke-width: 3; }
.diff-summary { margin: 0 0 10px; }
.diff-summary ul { padding-left: 16px; margin: 4px 0; }
.diff-summary li { margin: 3px 0; overflow-wrap: anywhere; }
.diff-summary button { margin-left: 6px; background: var(--vscode-button-secondaryBackground, #3a3d41);
  color: var(--vscode-button-secondaryForeground, #fff); border: 0; padding: 1px 6px; font: inherit; cursor: pointer; }
.diff-key { display: flex; flex-wrap: wrap; gap: 8px; color: var(--pt-muted); }
.diff-key .k-added { border-bottom: 3px solid var(--pt-tone-0);
  } .diff-key .k-removed { border-bottom: 3px dashed var(--pt-tone-3);
  } .diff-key .k-changed { border-bottom: 3px solid var(--pt-tone-2); }
.localize { padding: 6px 10px; border-bottom: 1px solid var(--pt-border); border-left: 4px solid var(--pt-tone-3);
  max-height: 30vh; overflow: auto; }
.localize.healthy { border-left-color: var(--pt-tone-0); }
.localize:empty { display: none; }
.localize ul { margin: 4px 0 0; padding-left: 18px; }
.localize li { margin: 2px 0; overflow-wrap: anywhere; }
.localize button { background: var(--vscode-button-secondaryBackground, #3a3d41);
  color: var(--vscode-button-secondaryForeground, #fff); border: 0; padding: 1px 6px; font: inherit; cursor: pointer; }
.localize button:focus-visible { outline: 1px solid var(--pt-focus); }
.sources { padding: 6px 10px; border-bottom: 1px solid var(--pt-border); border-left: 4px solid var(--pt-tone-0);
  max-height: 30vh; overflow: auto; }
.sources.disagree { border-left-color: var(--pt-tone-2); }
.sources:empty { display: none; }
.sources dl { margin: 4px 0 0; }
.sources dt { font-weight: 600; overflow-wrap: anywhere; }
.sources dd { margin: 0 0 2px 1.5em; overflow-wrap: anywhere; }
.sources p { margin: 4px 0 0; overflow-wrap: anywhere; }
`;
