// Which findings appeared and which went away between two loads of a page. A finding is the
// same when its rule is, and for the rules that fire once per origin, its origin too.
import { formatMs } from './format';
import { splitUrl } from './classify';
import { pageInsights, type Finding, type PageInsights } from './insights';
import type { HarDiffSideInfo } from './diff';
import { readHar } from './reader';
import { buildWaterfall } from './waterfall';
import { untrustedLine } from '../text/untrusted';

export interface FindingChange {
  rule: Finding['rule'];
  title: string;
  summary: string;
  savingMs: number;
}

export interface FindingsDiff {
  appeared: FindingChange[];
  wentAway: FindingChange[];
  /** In both, with the saving before and after. */
  stayed: (FindingChange & { beforeMs: number })[];
}

export function diffFindings(before: PageInsights, after: PageInsights): FindingsDiff {
  const beforeByKey = new Map(before.findings.map((finding) => [findingKey(finding), finding]));
  const afterKeys = new Set(after.findings.map(findingKey));
  const appeared: FindingChange[] = [];
  const stayed: FindingsDiff['stayed'] = [];
  for (const finding of after.findings) {
    const was = beforeByKey.get(findingKey(finding));
    if (was) stayed.push({ ...change(finding), beforeMs: was.savingMs });
    else appeared.push(change(finding));
  }
  const wentAway = before.findings.filter((finding) => !afterKeys.has(findingKey(finding))).map(change);
  return { appeared, wentAway, stayed };
}

const PER_ORIGIN = new Set<Finding['rule']>(['connectionReuse', 'http1Queueing']);

function findingKey(finding: Finding): string {
  return PER_ORIGIN.has(finding.rule)
    ? `${finding.rule} ${splitUrl(finding.requests[0]?.url ?? '').host}`
    : finding.rule;
}

const about = (ms: number) => (ms > 0 ? `~${formatMs(ms)}` : 'no time');

function change(finding: Finding): FindingChange {
  return { rule: finding.rule, title: finding.title, summary: finding.summary, savingMs: finding.savingMs };
}

export function formatFindingsDiff(diff: FindingsDiff): string[] {
  const lines = [
    `Findings: ${diff.appeared.length} appeared, ${diff.wentAway.length} went away, ${diff.stayed.length} in both`,
  ];
  for (const finding of diff.appeared)
    lines.push(untrustedLine(`  + ${finding.title} (${about(finding.savingMs)}): ${finding.summary}`, 400));
  for (const finding of diff.wentAway)
    lines.push(untrustedLine(`  − ${finding.title} (was ${about(finding.savingMs)}): ${finding.summary}`, 400));
  for (const finding of diff.stayed)
    lines.push(untrustedLine(`  = ${finding.title}: ${about(finding.beforeMs)} → ${about(finding.savingMs)}`, 400));
  return lines;
}

/**
 * The findings diff of the pages a HAR diff compared; none when a side is every request of a file with several pages.
 */
export function findingsBetween(
  before: { har: unknown; info: HarDiffSideInfo },
  after: { har: unknown; info: HarDiffSideInfo },
): FindingsDiff | undefined {
  const a = sideInsights(before.har, before.info);
  const b = sideInsights(after.har, after.info);
  return a && b ? diffFindings(a, b) : undefined;
}

function sideInsights(har: unknown, info: HarDiffSideInfo): PageInsights | undefined {
  const doc = readHar(har);
  const pageId = info.scope === 'page' ? info.page?.id : doc.pages.length === 1 ? doc.pages[0]?.id : undefined;
  return pageId === undefined ? undefined : pageInsights(buildWaterfall(doc, pageId));
}
