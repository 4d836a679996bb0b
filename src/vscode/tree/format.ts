// Small formatters for tree labels and tooltips.
import * as vscode from 'vscode';
import { GRADE_THEME_COLORS } from '../../analysis/grades';
import type { RecordSummary } from '../../analysis/records/summaries';

export { NOT_REPORTED, ms, percent, roundTime } from '../../analysis/records/summaries';

export interface SummaryItem {
  label: string;
  description: string;
  tooltip: vscode.MarkdownString;
  iconColor?: string;
  spoken?: string;
}

/** A record's label, description, tooltip, icon colour (its grade) and spoken label, as its summary reads. */
export function summaryItem(summary: RecordSummary): SummaryItem {
  return {
    label: summary.label,
    description: summary.description,
    tooltip: facts(summary.title, summary.facts),
    ...(summary.grade ? { iconColor: GRADE_THEME_COLORS[summary.grade] } : {}),
    ...(summary.spoken ? { spoken: summary.spoken } : {}),
  };
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
