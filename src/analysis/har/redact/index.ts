// HAR redaction: remove cookies, credentials, tokens and bodies; keep what troubleshooting
// needs (timings, sizes, statuses, the shape of URLs, header names). Pure: shared by the
// CLI (`netmon har redact`, `netmon har report`) and any panel that shows a HAR.
export { REDACTION_RULES, REDACTION_RULE_IDS, type RedactionRule, type RedactionRuleId } from './rules';
export type { RedactOptions } from './context';
export {
  createReport,
  formatRedactionSummary,
  type RedactionLocation,
  type RedactionPlace,
  type RedactionReport,
  type RuleTally,
} from './report';
export { redactEntry, redactPages } from './entry';
export { redactHar, redactLogMember } from './har';
export { createHarRedactStream, HarRedactError, type HarRedactStream, type HarRedactStreamOptions } from './stream';
