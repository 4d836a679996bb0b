// The Health panel's page, drawn here rather than by a webview bundle: a table of the deployed
// test's agents (name, latest round, grade in words, why), worst first, each row with Metrics
// and Path buttons. Its one script, under the page's nonce, only posts which button was pressed
// (`openMetrics` / `openPath` with the row's agent); the host checks it against its rows. Agent
// and test names and reasons come from the API: each is made one neutral line and escaped.
// Colours are the theme's CSS variables.
import { escapeHtml } from '../../analysis/text/html';
import { untrustedLine } from '../../analysis/text/untrusted';
import { roundMinute } from '../../analysis/text/utc';
import type { HealthRow } from '../../analysis/results/health-rows';

/** A message of the Health page: a row's button. */
export type HealthPanelMessage =
  { type: 'openMetrics'; params: { agentId: string } } | { type: 'openPath'; params: { agentId: string } };

export function isHealthPanelMessage(value: unknown): value is HealthPanelMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, params } = value as { type?: unknown; params?: { agentId?: unknown } };
  return (
    (type === 'openMetrics' || type === 'openPath') &&
    typeof params === 'object' &&
    params !== null &&
    typeof params.agentId === 'string'
  );
}

const HEADERS = ['Agent', 'Latest round', 'Grade', 'Why'];

const e = (text: string, max = 200): string => escapeHtml(untrustedLine(text, max));

/** "2 failing · 1 degraded · 3 ok" */
export function healthHeadline(rows: readonly HealthRow[]): string {
  if (rows.length === 0) return 'no agent has results in this range';
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.grade, (counts.get(row.grade) ?? 0) + 1);
  return [...counts].map(([grade, n]) => `${n} ${grade}`).join(' · ');
}

/** Which buttons each row has: the metrics and path panels draw the network layer only. */
export interface HealthLinks {
  metrics: boolean;
  path: boolean;
}

function rowHtml(row: HealthRow, links: HealthLinks): string {
  const name = e(row.agentName, 80);
  const round = row.roundId === undefined ? '—' : escapeHtml(roundMinute(row.roundId));
  const id = escapeHtml(row.agentId);
  const button = (action: string, label: string): string =>
    `<button type="button" data-action="${action}" data-agent="${id}" aria-label="${label} of ${name}">` +
    `${label}</button>`;
  const metrics = links.metrics ? button('openMetrics', 'Metrics') : '';
  const path = row.roundId === undefined || !links.path ? '' : button('openPath', 'Path');
  return (
    `<tr class="${row.grade}"><th scope="row">${name}</th><td>${round}</td>` +
    `<td><span class="grade">${row.grade}</span></td><td>${e(row.reason, 400)}</td>` +
    `${links.metrics || links.path ? `<td>${metrics} ${path}</td>` : ''}</tr>`
  );
}

export function healthHtml(
  testName: string,
  rangeLabel: string,
  rows: readonly HealthRow[],
  links: HealthLinks,
  csp: string,
  nonce: string,
): string {
  const title = `Health: ${untrustedLine(testName, 80)}`;
  const headers = [...HEADERS, ...(links.metrics || links.path ? ['Open'] : [])];
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0.5em 1.5em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.3em 0.8em 0.3em 0; border-bottom: 1px solid var(--vscode-panel-border); }
thead th { color: var(--vscode-descriptionForeground); font-weight: normal; }
tbody th { font-weight: normal; }
.failing .grade { color: var(--vscode-errorForeground); font-weight: bold; }
.degraded .grade { color: var(--vscode-editorWarning-foreground); font-weight: bold; }
.silent .grade { color: var(--vscode-descriptionForeground); font-style: italic; }
button { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground);
  border: none; padding: 0.2em 0.7em; cursor: pointer; }
caption { position: absolute; left: -10000px; }
button:hover { background: var(--vscode-button-secondaryHoverBackground); }
button:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(healthHeadline(rows))} · ${escapeHtml(rangeLabel)}</p>
<table>
<caption>Each agent's latest round, worst first</caption>
<thead><tr>${headers.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((row) => rowHtml(row, links)).join('\n')}
</tbody>
</table>
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-action]') : null;
  if (button) vscode.postMessage({ type: button.dataset.action, params: { agentId: button.dataset.agent } });
});
</script>
</body>
</html>`;
}
