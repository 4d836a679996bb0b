// What every document-like panel starts from: the theme's page colours and font, and VS Code's
// button look (secondary by default, `.primary` for the main action) with a visible focus ring.
export const PAGE_CSS = `
:root { color-scheme: light dark; }
body { margin: 0; background: var(--vscode-editor-background, Canvas); color: var(--vscode-foreground, CanvasText);
  font-family: var(--vscode-font-family, system-ui, sans-serif); font-size: var(--vscode-font-size, 13px); }
`;

export const BUTTON_CSS = `
button { background: var(--vscode-button-secondaryBackground, ButtonFace);
  color: var(--vscode-button-secondaryForeground, ButtonText);
  border: 1px solid var(--vscode-contrastBorder, transparent); padding: 3px 10px; font: inherit; cursor: pointer; }
button.primary { background: var(--vscode-button-background, #0e639c); color: var(--vscode-button-foreground, #fff); }
button:focus-visible { outline: 1px solid var(--vscode-focusBorder, Highlight); outline-offset: 2px; }
`;
