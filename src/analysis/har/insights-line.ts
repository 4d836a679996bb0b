// The session overview's slowest-page line: which requests decided its load, and its
// costliest finding, each in one line (the webview puts them in text nodes).
import { formatMs } from './format';
import { pageInsights } from './insights';
import type { Waterfall } from './waterfall';

export function slowestPageInsight(waterfall: Waterfall): { critical?: string; finding?: string } {
  const insights = pageInsights(waterfall);
  const top = insights.findings.find((finding) => finding.savingMs > 0);
  return {
    ...(insights.criticalPath.links.length > 0 ? { critical: insights.criticalPath.line } : {}),
    ...(top ? { finding: `${top.title} — saves ~${formatMs(top.savingMs)}: ${top.summary}` } : {}),
  };
}
