// What the pinning test compares: the whole answer a user sees (each finding's rule, summary,
// named requests and saving; each link of the critical path and the idle stretches), with
// rows named by their index in the file.
import { buildWaterfall, type HarDocument } from '../../../../src/analysis/har';
import { pageInsights, type InsightOptions } from '../../../../src/analysis/har/insights';

export function pinned(doc: HarDocument, options: InsightOptions): unknown {
  const result = pageInsights(buildWaterfall(doc, doc.pages[0]?.id ?? ''), options);
  const path = result.criticalPath;
  return {
    findings: result.findings.map(({ rule, summary, requests, count, savingMs, estimate }) => ({
      rule,
      summary,
      requests,
      count,
      savingMs,
      estimate,
    })),
    criticalPath: {
      untilMs: path.untilMs,
      untilWhat: path.untilWhat,
      line: path.line,
      tailMainThreadMs: path.tailMainThreadMs,
      mainThreadMs: path.mainThreadMs,
      links: path.links.map((link) => ({
        index: link.row.entry.index,
        label: link.label,
        reason: link.reason,
        costliest: link.costliest,
        waitedMs: link.waitedMs,
        mainThreadMs: link.mainThreadMs,
      })),
      idleGaps: path.idleGaps.map((gap) => ({ startMs: gap.startMs, endMs: gap.endMs, after: gap.after?.entry.index })),
    },
  };
}
