// Small formatters for tree labels and tooltips.
import * as vscode from 'vscode';

export function roundTime(roundId: number): string {
  return `${new Date(roundId * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** What a field the service did not send reads as: never "undefined" or "NaN". */
export const NOT_REPORTED = 'not reported';

export function ms(value: number | undefined): string {
  return typeof value !== 'number' || !Number.isFinite(value) ? NOT_REPORTED : `${Math.round(value * 10) / 10} ms`;
}

export function percent(value: number | undefined): string {
  return typeof value !== 'number' || !Number.isFinite(value) ? NOT_REPORTED : `${Math.round(value * 10) / 10}%`;
}

/** A tooltip of "name: value" lines; values are text, never markdown from the API. */
export function facts(title: string, entries: [string, unknown][]): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString();
  tooltip.appendMarkdown('**');
  tooltip.appendText(title);
  tooltip.appendMarkdown('**\n\n');
  for (const [name, value] of entries) {
    if (value === undefined || value === null || value === '') continue;
    tooltip.appendText(`${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    tooltip.appendMarkdown('  \n');
  }
  return tooltip;
}

/** Path segment safe for a `netmon:` document URI. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
