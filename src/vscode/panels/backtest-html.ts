// The Backtest panel's page, drawn here rather than by a webview bundle: a summary line ("would
// have fired N times in 7 days (deployed rule: M)"), the firings on a time axis (an SVG, one lane
// per test, each firing an element with its own aria-label) and in a table. No script: the page
// is static, under a nonce CSP. Agent and test names come from the API and the rule's name from
// the document: each is made one neutral line and escaped. Colours are the theme's CSS variables.
import { escapeHtml } from '../../analysis/text/html';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { Firing } from '../../analysis/alerts/backtest';
import type { BacktestReport } from '../../workflows/backtest';

const DAY = 86_400;
const WIDTH = 1000;
const LANE = 28;
const TOP = 8;
const AXIS = 22;
const LABEL = 170;
/** Firings drawn on the axis and listed in the table at most (all are counted). */
export const FIRINGS_SHOWN = 500;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const times = (n: number): string => `${n} time${n === 1 ? '' : 's'}`;

/** "12 Jun" of an epoch second, in UTC. */
function day(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** "02:10" of an epoch second, in UTC. */
function clock(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(11, 16);
}

function length(seconds: number): string {
  const whole = Math.round(seconds / 60);
  if (whole < 60) return `${whole} min`;
  return whole % 60 === 0 ? `${whole / 60} h` : `${Math.floor(whole / 60)} h ${whole % 60} min`;
}

/** The line the panel opens with: how often the rule would have fired, and how often the deployed rule did. */
export function backtestSummary(report: BacktestReport): string {
  const { deployed } = report;
  const compared = !deployed
    ? 'deployed rule: none has this ruleId or ruleName'
    : `deployed rule: ${deployed.complete ? '' : 'at least '}${deployed.fired}`;
  return (
    `${untrustedLine(report.ruleName, 120)} would have fired ${times(report.result.firingCount)} ` +
    `in ${report.days} day${report.days === 1 ? '' : 's'} (${compared})`
  );
}

function agentsOf(firing: Firing, report: BacktestReport): string {
  // Agent names hold commas ("Dallas, US"): a semicolon keeps them apart.
  return untrustedLine(firing.sources.map((id) => report.agentNames[id] ?? id).join('; '), 400);
}

function testOf(firing: Firing, report: BacktestReport): string {
  return untrustedLine(report.tests.find((t) => String(t.testId) === firing.testId)?.testName ?? firing.testId, 80);
}

/** "fired 12 Jun 02:10–03:00 UTC on 4 agents: …" (and the test, when the rule watches several). */
export function firingLabel(firing: Firing, report: BacktestReport): string {
  const start = firing.startRoundId;
  const end = firing.endRoundId;
  const when =
    end === undefined
      ? `${day(start)} ${clock(start)} UTC, still active at the last round,`
      : day(start) === day(end - 1)
        ? `${day(start)} ${clock(start)}–${clock(end)} UTC`
        : `${day(start)} ${clock(start)}–${day(end)} ${clock(end)} UTC`;
  const test = report.tests.length > 1 ? ` of ${testOf(firing, report)}` : '';
  const count = firing.sources.length;
  return `fired ${when} on ${count} agent${count === 1 ? '' : 's'}${test}: ${agentsOf(firing, report)}`;
}

/**
 * The axis spans whole UTC days: at least the days replayed, back from the end of the day the last
 * firing ends in (the report holds the firings, not the service's now).
 */
function axisOf(firings: readonly Firing[], days: number): { from: number; to: number } {
  const ends = firings.map((f) => f.endRoundId ?? f.startRoundId);
  const to = Math.ceil(Math.max(...ends) / DAY) * DAY;
  const first = Math.floor(Math.min(...firings.map((f) => f.startRoundId)) / DAY) * DAY;
  return { from: Math.min(first, to - days * DAY), to };
}

function timeAxis(report: BacktestReport, firings: readonly Firing[]): string {
  const { from, to } = axisOf(firings, report.days);
  const x = (seconds: number): number => LABEL + ((seconds - from) / (to - from)) * (WIDTH - LABEL - 10);
  const lanes = report.tests;
  const height = TOP + lanes.length * LANE + AXIS;
  const parts: string[] = [];
  for (let tick = from; tick <= to; tick += DAY) {
    const at = x(tick).toFixed(1);
    parts.push(`<line class="tick" x1="${at}" x2="${at}" y1="${TOP}" y2="${height - AXIS + 4}"/>`);
    if (tick < to)
      parts.push(`<text class="day" x="${(x(tick) + 4).toFixed(1)}" y="${height - 6}">${escapeHtml(day(tick))}</text>`);
  }
  lanes.forEach((test, lane) => {
    const y = TOP + lane * LANE;
    parts.push(
      `<text class="lane" x="0" y="${y + LANE / 2 + 4}">${escapeHtml(untrustedLine(test.testName, 26))}</text>`,
      `<line class="lane-line" x1="${LABEL}" x2="${WIDTH - 10}" y1="${y + LANE / 2}" y2="${y + LANE / 2}"/>`,
    );
  });
  for (const firing of firings) {
    const lane = Math.max(
      0,
      lanes.findIndex((t) => String(t.testId) === firing.testId),
    );
    const start = x(firing.startRoundId);
    const end = x(firing.endRoundId ?? to);
    const label = escapeHtml(firingLabel(firing, report));
    parts.push(
      `<rect class="firing${firing.endRoundId === undefined ? ' active' : ''}" role="img" aria-label="${label}" ` +
        `x="${start.toFixed(1)}" y="${TOP + lane * LANE + 5}" width="${Math.max(3, end - start).toFixed(1)}" ` +
        `height="${LANE - 10}"><title>${label}</title></rect>`,
    );
  }
  return (
    `<svg class="axis" viewBox="0 0 ${WIDTH} ${height}" role="group" ` +
    `aria-label="${escapeHtml(`Firings from ${day(from)} to ${day(to - 1)} (UTC days)`)}">${parts.join('')}</svg>`
  );
}

function table(report: BacktestReport, firings: readonly Firing[]): string {
  const several = report.tests.length > 1;
  const rows = firings.map((firing) => {
    const start = `${day(firing.startRoundId)} ${clock(firing.startRoundId)} UTC`;
    const lasted = firing.endRoundId === undefined ? 'still active' : length(firing.endRoundId - firing.startRoundId);
    const cells = [start, lasted, ...(several ? [testOf(firing, report)] : []), agentsOf(firing, report)];
    return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`;
  });
  const heads = ['Start', 'Length', ...(several ? ['Test'] : []), 'Agents'];
  return (
    `<table><thead><tr>${heads.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function notes(report: BacktestReport, shown: number): string[] {
  const { result } = report;
  const lines: string[] = [];
  const tests = report.tests.map((t) => `${untrustedLine(t.testName, 80)} (${t.rounds} rounds)`).join(', ');
  const { deployed } = report;
  const cut = deployed?.complete === false ? ' (at least: the alert list was cut)' : '';
  lines.push(
    `Replayed on ${tests}: ${result.mode}, ${result.roundsRequired} of ${result.roundsOutOf} rounds.`,
    deployed
      ? `The deployed rule ${untrustedLine(deployed.ruleName, 120)} (${deployed.ruleId}) fired ` +
          `${times(deployed.fired)} on these tests then${cut}.`
      : 'No deployed rule has this ruleId or ruleName: nothing to compare with.',
  );
  if (result.firingCount > shown) lines.push(`${result.firingCount - shown} more firings are counted but not shown.`);
  for (const note of result.notes) lines.push(`Note: ${untrustedLine(note, 400)}`);
  for (const t of report.tests)
    if (!t.complete) lines.push(`Note: ${untrustedLine(t.testName, 80)}: only the newest results were read.`);
  if (result.errors.count > 0) {
    const messages = untrustedLine(result.errors.messages.join('; '), 400);
    lines.push(`${result.errors.count} agent rounds could not be judged: ${messages}`);
  }
  for (const problem of result.metricProblems) lines.push(`Metric problem: ${untrustedLine(problem.message, 400)}`);
  return lines;
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground);
  background: var(--vscode-editor-background); padding: 0 1.5em 1.5em; }
h1 { font-size: 1.3em; font-weight: 600; }
.summary { font-size: 1.1em; }
svg.axis { width: 100%; max-width: 1100px; height: auto; display: block; margin: 1em 0; }
svg text { fill: var(--vscode-foreground); font-size: 12px; }
svg text.day { fill: var(--vscode-descriptionForeground); }
svg .tick { stroke: var(--vscode-panel-border, var(--vscode-foreground)); stroke-width: 1; opacity: 0.6; }
svg .lane-line { stroke: var(--vscode-panel-border, var(--vscode-foreground)); stroke-dasharray: 2 3; }
svg .firing { fill: var(--vscode-charts-red, var(--vscode-errorForeground));
  stroke: var(--vscode-contrastBorder, transparent); stroke-width: 1; }
svg .firing.active { fill: var(--vscode-charts-orange, var(--vscode-editorWarning-foreground)); }
table { border-collapse: collapse; margin: 1em 0; }
th, td { text-align: left; padding: 0.2em 1em 0.2em 0; border-bottom: 1px solid var(--vscode-panel-border, transparent);
  vertical-align: top; }
.notes { color: var(--vscode-descriptionForeground); }
`;

/** The whole page; `csp` is the panel's Content-Security-Policy, `nonce` its style's nonce. */
export function backtestHtml(report: BacktestReport, csp: string, nonce: string): string {
  const title = `Backtest: ${untrustedLine(report.ruleName, 120)}`;
  const firings = report.result.firings.slice(0, FIRINGS_SHOWN);
  const body =
    firings.length === 0
      ? `<p>It would not have fired in these ${report.days} days.</p>`
      : `${timeAxis(report, firings)}${table(report, firings)}`;
  const notesHtml = notes(report, firings.length)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="summary" role="status">${escapeHtml(backtestSummary(report))}</p>
${body}
<ul class="notes">${notesHtml}</ul>
</body>
</html>`;
}
