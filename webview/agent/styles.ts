// Styles of the agent card: theme variables with system-colour fallbacks.
import { BUTTON_CSS, PAGE_CSS } from '../shared/base-css';
export const AGENT_CSS = `
${PAGE_CSS}
.agt { padding: 12px 16px 24px; max-width: 900px; }
.agt-head { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
.agt-head h1 { font-size: 18px; margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.agt-status { font-weight: 600; }
.agt-status::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  background: var(--grade-color); margin-right: 6px; forced-color-adjust: none; }
.agt-actions { display: flex; gap: 6px; margin: 12px 0; flex-wrap: wrap; }
${BUTTON_CSS}
section { border: 1px solid var(--vscode-editorWidget-border, #8884); padding: 8px 12px; margin: 10px 0; }
section h2 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em;
  color: var(--vscode-descriptionForeground, GrayText); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dt { color: var(--vscode-descriptionForeground, GrayText); }
dd { margin: 0; overflow-wrap: anywhere; }
.agt-error { color: var(--vscode-errorForeground, #d33); }
.agt-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.agt-muted { color: var(--vscode-descriptionForeground, GrayText); }
`;
