// Test documents name the alert rules that watch them: `alertRules` lists rules by name or id.
// The vendor's schema makes a test's `alertRules` write-only (a read never shows it back), so the
// binding is planned on the other side, through each rule's own `testIds`. Here: what a test
// document writes (each entry at its place, for the plan's and the editor's problems), and the
// test it is about as the test plan sees it (its deployed id, or none yet: created by the apply).
import { parseDocument } from '../parse';
import type { Plan, PlanDocument } from '../plan';
import { arrayItems, propertyValue, valueOf } from '../tree';

/** One entry of a test document's `alertRules`, where it is written. */
export interface WrittenRule {
  written: string | number;
  /** 1-based, as editors and compilers print them. */
  line: number;
  column: number;
  offset: number;
  length: number;
}

/** A test document that names rules, and the test it stands for. */
export interface TestRuleNames {
  uri: string;
  testName: string;
  /** The deployed test's id; absent when the apply creates (or re-creates) the test: known after its step. */
  testId?: string;
  rules: WrittenRule[];
}

/** The rules a test document's `alertRules` names (an entry neither text nor a whole number is the schema's to say). */
export function writtenRules(text: string): WrittenRule[] {
  const parsed = parseDocument(text);
  return arrayItems(propertyValue(parsed.root, 'alertRules')).flatMap((node) => {
    const value = valueOf(node);
    const usable = (typeof value === 'string' && value.trim() !== '') || (Number.isInteger(value) && Number(value) > 0);
    if (!usable) return [];
    const position = parsed.lines.positionAt(node.offset);
    return [
      {
        written: value as string | number,
        line: position.line + 1,
        column: position.character + 1,
        offset: node.offset,
        length: node.length,
      },
    ];
  });
}

/**
 * The test documents that name rules, each with its test as the test plan leaves it: deployed (updated or
 * unchanged), or made by the apply (create, replace). Skipped and conflicting documents are left out: the apply
 * refuses them anyway, and a marked one is being deleted.
 */
export function testRuleNames(documents: readonly PlanDocument[], plan: Plan): TestRuleNames[] {
  const known = new Map<string, { testName?: string; testId?: string }>();
  for (const { uri, testId } of plan.unchanged) known.set(uri, { testId: String(testId) });
  for (const step of plan.steps) {
    if (step.uri === undefined || step.action === 'delete') continue;
    const testId = step.action === 'update' ? String(step.testId) : undefined;
    known.set(step.uri, { testName: step.testName, ...(testId ? { testId } : {}) });
  }
  return documents.flatMap(({ uri, text }) => {
    const test = known.get(uri);
    const rules = test ? writtenRules(text) : [];
    if (!test || rules.length === 0) return [];
    const testName = test.testName ?? nameIn(text) ?? uri;
    return [{ uri, testName, rules, ...(test.testId ? { testId: test.testId } : {}) }];
  });
}

function nameIn(text: string): string | undefined {
  const value = valueOf(propertyValue(parseDocument(text).root, 'testName'));
  return typeof value === 'string' ? value : undefined;
}
