// Styles of the agent card: theme variables with system-colour fallbacks.
export const AGENT_CSS = `
:root { color-scheme: light dark; }
body { margin: 0; background: var(--vscode-editor-background, Canvas); color: var(--vscode-foreground, CanvasText);
  font-family: var(--vscode-font-family, system-ui, sans-serif); font-size: var(--vscode-font-size, 13px); }
.agt { padding: 12px 16px 24px; max-width: 900px; }
.agt-head { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
.agt-head h1 { font-size: 18px; margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.agt-status { font-weight: 600; }
.agt-status::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 50%; background: var(--grade-color); margin-right: 6px; forced-color-adjust: none; }
.agt-actions { display: flex; gap: 6px; margin: 12px 0; flex-wrap: wrap; }
button { background: var(--vscode-button-secondaryBackground, ButtonFace); color: var(--vscode-button-secondaryForeground, ButtonText);
  border: 1px solid var(--vscode-contrastBorder, transparent); padding: 3px 10px; font: inherit; cursor: pointer; }
button.primary { background: var(--vscode-button-background, #0e639c); color: var(--vscode-button-foreground, #fff); }
button:focus-visible { outline: 1px solid var(--vscode-focusBorder, Highlight); outline-offset: 2px; }
section { border: 1px solid var(--vscode-editorWidget-border, #8884); padding: 8px 12px; margin: 10px 0; }
section h2 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; color: var(--vscode-descriptionForeground, GrayText); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dt { color: var(--vscode-descriptionForeground, GrayText); }
dd { margin: 0; overflow-wrap: anywhere; }
.agt-error { color: var(--vscode-errorForeground, #d33); }
.agt-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.agt-muted { color: var(--vscode-descriptionForeground, GrayText); }
`;
