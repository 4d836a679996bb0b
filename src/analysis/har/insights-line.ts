// The session overview's slowest-page line: which requests decided its load, and its
// costliest finding, each in one line (the webview puts them in text nodes). When the
// session's verdict blames the network, the findings say what it cost the critical requests.
import type { Segment } from '../session/grading';
import { formatMs } from './format';
import { pageInsights } from './insights';
import type { Waterfall } from './waterfall';

/** Segments of the path between the user and the server: blaming one blames the network. */
const NETWORK_SEGMENTS: ReadonlySet<Segment> = new Set<Segment>(['wifi', 'gateway', 'tunnel', 'isp']);

export function slowestPageInsight(waterfall: Waterfall, blamed?: Segment): { critical?: string; finding?: string } {
  const insights = pageInsights(waterfall, { networkBlamed: blamed !== undefined && NETWORK_SEGMENTS.has(blamed) });
  const top = insights.findings.find((finding) => finding.savingMs > 0);
  return {
    ...(insights.criticalPath.links.length > 0 ? { critical: insights.criticalPath.line } : {}),
    ...(top ? { finding: `${top.title} — saves ~${formatMs(top.savingMs)}: ${top.summary}` } : {}),
  };
}
