// What a redaction removed, rule by rule and where — never the values themselves. Bounded:
// each rule lists at most REPORT_LOCATIONS_PER_RULE locations and counts the rest, so a
// HAR of a million cookies makes a report of a few kilobytes.
import {
  NAME_MAX_CHARS,
  REDACTION_RULE_IDS,
  REDACTION_RULES,
  REPORT_LOCATIONS_PER_RULE,
  type RedactionRuleId,
} from './rules';

export type RedactionPlace =
  | 'request.url'
  | 'request.header'
  | 'request.cookie'
  | 'request.query'
  | 'request.postData'
  | 'response.header'
  | 'response.cookie'
  | 'response.redirectURL'
  | 'response.content'
  | 'page.title'
  | 'page.id'
  | 'entry.pageref'
  | 'field';

export interface RedactionLocation {
  /** Index in log.entries (file order); absent for pages and log-level fields. */
  entry?: number;
  /** Index in log.pages, for page fields. */
  page?: number;
  where: RedactionPlace;
  /** The header, parameter, cookie or field name (a dotted path for custom fields), never a value. */
  name?: string;
}

export interface RuleTally {
  count: number;
  locations: RedactionLocation[];
  /** Locations not listed (the list is capped). */
  moreLocations: number;
}

export interface RedactionReport {
  /** Entries seen (redacted or not). */
  entries: number;
  /** Values removed, all rules together. */
  total: number;
  rules: Record<RedactionRuleId, RuleTally>;
}

export function createReport(): RedactionReport {
  const rules = {} as Record<RedactionRuleId, RuleTally>;
  for (const id of REDACTION_RULE_IDS) rules[id] = { count: 0, locations: [], moreLocations: 0 };
  return { entries: 0, total: 0, rules };
}

/** Where in the HAR the walk is: which entry or page, and which part of it. */
export interface Scope {
  entry?: number;
  page?: number;
}

export function record(
  report: RedactionReport,
  rule: RedactionRuleId,
  scope: Scope,
  where: RedactionPlace,
  name?: string,
): void {
  const tally = report.rules[rule];
  tally.count++;
  report.total++;
  if (tally.locations.length >= REPORT_LOCATIONS_PER_RULE) {
    tally.moreLocations++;
    return;
  }
  tally.locations.push({
    ...(scope.entry !== undefined ? { entry: scope.entry } : {}),
    ...(scope.page !== undefined ? { page: scope.page } : {}),
    where,
    ...(name !== undefined ? { name: reportName(name) } : {}),
  });
}

/** Names come from the file: cut, one line, and a name that itself looks like a token is not repeated. */
export function reportName(name: string): string {
  const line = name.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' '); // eslint-disable-line no-control-regex
  if (/eyJ[A-Za-z0-9_-]{6,}\./.test(line) || /[A-Za-z0-9+/_-]{40,}/.test(line)) return '[name redacted]';
  return line.length > NAME_MAX_CHARS ? `${line.slice(0, NAME_MAX_CHARS - 1)}…` : line;
}

/** One line per rule that removed something: "cookie  12  cookie values (request.cookie sid, …)". */
export function formatRedactionSummary(report: RedactionReport): string[] {
  const used = REDACTION_RULES.filter((rule) => report.rules[rule.id].count > 0);
  if (used.length === 0) return [`nothing to redact in ${report.entries} entries`];
  const lines = [`redacted ${report.total} values in ${report.entries} entries:`];
  for (const rule of used) {
    const tally = report.rules[rule.id];
    const names = [...new Set(tally.locations.map((l) => (l.name !== undefined ? `${l.where} ${l.name}` : l.where)))];
    const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
    lines.push(`  ${rule.id.padEnd(14)} ${String(tally.count).padStart(7)}  ${rule.description} (${shown})`);
  }
  return lines;
}
