// Importing the account's alert rules as documents (`netmon import --rules <folder>`): one
// `*.netmon-alert-rule.json` per deployed rule, its tests by name, written into the folder. The
// text depends only on the rule, so importing again writes nothing; a file that is there with other
// text (edited since) and a rule some document of the folder already describes are left alone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALERT_RULE_SUFFIX,
  deployedRules,
  importedRuleDocument,
  listDeployedTests,
  parseAlertRule,
  testNames,
} from '../documents';
import { writeFileSafely } from '../files/safe-write';
import type { Account } from './account';
import { inputError } from './input-error';

export const IMPORT_RULES_NEED_V7 = 'Alert rules need the v7 API, and this account speaks v6: nothing was imported.';

export interface RuleImportResult {
  /** Files written, new. */
  written: string[];
  /** Files already there with the same text. */
  unchanged: string[];
  /** Rules not written, and why. */
  leftAlone: { ruleId: string; ruleName: string; reason: string }[];
  /** Why nothing was imported (a v6 account has no alert rules). */
  needsV7?: string;
}

export async function importRules(account: Account, folder: string): Promise<RuleImportResult> {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw inputError('rules', `${folder} is not a folder`);
  const result: RuleImportResult = { written: [], unchanged: [], leftAlone: [] };
  if ((await account.client.apiVersion()) !== 'v7') return { ...result, needsV7: IMPORT_RULES_NEED_V7 };
  const options = account.requestAid === undefined ? {} : { aid: account.requestAid };
  const tests = testNames(await listDeployedTests(account.client, account.requestAid));
  const rules = await deployedRules(account.client, options);
  const described = describedRules(folder);
  for (const rule of [...rules].sort((a, b) => Number(a.ruleId) - Number(b.ruleId))) {
    const imported = importedRuleDocument(rule, tests);
    if ('problem' in imported) {
      result.leftAlone.push({ ruleId: rule.ruleId, ruleName: rule.ruleName, reason: imported.problem });
      continue;
    }
    const file = join(folder, imported.fileName);
    const other = described.get(rule.ruleId);
    if (other !== undefined && other !== file) {
      result.leftAlone.push({ ruleId: rule.ruleId, ruleName: rule.ruleName, reason: `${other} describes it` });
    } else if (!existsSync(file)) {
      writeFileSafely(file, imported.text);
      result.written.push(file);
    } else if (readFileSync(file, 'utf8') === imported.text) {
      result.unchanged.push(file);
    } else {
      result.leftAlone.push({
        ruleId: rule.ruleId,
        ruleName: rule.ruleName,
        reason: `${file} differs; not overwritten`,
      });
    }
  }
  return result;
}

/** The rules the folder's documents name by ruleId (ruleId → file). */
function describedRules(folder: string): Map<string, string> {
  const described = new Map<string, string>();
  for (const name of readdirSync(folder).sort()) {
    if (!name.endsWith(ALERT_RULE_SUFFIX)) continue;
    const file = join(folder, name);
    const parsed = parseAlertRule(readFileSync(file, 'utf8'));
    const ruleId = parsed.ok ? parsed.document.rule.ruleId : undefined;
    if (ruleId !== undefined && !described.has(ruleId)) described.set(ruleId, file);
  }
  return described;
}
