// One alert rule document per deployed rule (`netmon import --rules`): the rule's fields as the
// service shows them, its ruleId (so a plan finds it again), and its tests by name where exactly
// one deployed test has that name (else by id). The text depends only on the rule and the tests'
// names, so importing again writes the same bytes; a rule the document format cannot hold (an
// alert type it does not take, an expression it cannot read) is left out, saying why.
import type { AlertRule } from '../../api/types/alerts';
import { slug } from '../text';
import { ALERT_RULE_SUFFIX, parseAlertRule } from './parse';
import { RULE_DOCUMENT_FIELDS } from './plan';
import type { DeployedTestName } from './resolve';

export interface ImportedRule {
  ruleId: string;
  fileName: string;
  text: string;
}

export type RuleImport = ImportedRule | { ruleId: string; ruleName: string; problem: string };

export function importedRuleDocument(rule: AlertRule, tests: readonly DeployedTestName[]): RuleImport {
  const record = rule as unknown as Record<string, unknown>;
  const document: Record<string, unknown> = {
    $schema: 'https://netmon.dev/schemas/netmon-alert-rule.schema.json',
    ruleId: rule.ruleId,
  };
  for (const field of RULE_DOCUMENT_FIELDS) if (record[field] !== undefined) document[field] = record[field];
  document['tests'] = [...new Set(rule.testIds ?? [])]
    .sort((a, b) => Number(a) - Number(b))
    .map((testId) => testReference(testId, tests));
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const parsed = parseAlertRule(text);
  if (!parsed.ok) {
    const problem = parsed.problems[0]?.message ?? 'not a valid rule document';
    return { ruleId: rule.ruleId, ruleName: rule.ruleName, problem };
  }
  return { ruleId: rule.ruleId, fileName: `${slug(rule.ruleName, 'rule')}-${rule.ruleId}${ALERT_RULE_SUFFIX}`, text };
}

/** The test's name when it names exactly one test (and could not be read as an id), else its id. */
export function testReference(testId: string, tests: readonly DeployedTestName[]): string | number {
  const name = tests.find((t) => t.testId === testId)?.testName;
  const unique = name !== undefined && tests.filter((t) => t.testName === name).length === 1;
  if (unique && name.trim() !== '' && !/^[0-9]+$/.test(name)) return name;
  return /^[0-9]{1,15}$/.test(testId) ? Number(testId) : testId;
}
