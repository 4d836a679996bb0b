// The rules test documents name (`alertRules`), resolved to the rules the plan knows: those rule
// documents describe (by their ruleName, created or deployed) and the deployed rules no document
// describes. A number is a rule id; text is a rule's name (or, when no rule has that name, an id
// written in quotes). A name two rules share, or one no rule has, is a problem at its place in the
// test document, instead of a guess. What resolves becomes a test the rule is to watch.
import type { TestRuleNames, WrittenRule } from './test-names';

/** A rule a test document can name: `key` is the rule document's uri, or `rule:<id>` for a deployed rule alone. */
export interface RuleTarget {
  key: string;
  ruleName: string;
  /** Absent for a rule the apply creates. */
  ruleId?: string;
}

/** A test a test document binds to a rule; testId absent: the apply creates the test, its id is known after. */
export interface BoundTest {
  uri: string;
  testName: string;
  testId?: string;
  /** The rule as the test document writes it. */
  written: string | number;
}

export interface NamingProblem extends WrittenRule {
  uri: string;
  message: string;
}

export interface NamedRules {
  /** Target key → the tests test documents bind to it. */
  bound: Map<string, BoundTest[]>;
  problems: NamingProblem[];
}

export function ruleTargetKey(ruleId: string): string {
  return `rule:${ruleId}`;
}

export function bindNamedRules(targets: readonly RuleTarget[], documents: readonly TestRuleNames[]): NamedRules {
  const named: NamedRules = { bound: new Map(), problems: [] };
  for (const document of documents) {
    const resolved = document.rules.map((entry) => ({ entry, target: resolveRule(entry.written, targets) }));
    const problems = resolved.flatMap(({ entry, target }) =>
      typeof target === 'string' ? [{ ...entry, uri: document.uri, message: target }] : [],
    );
    // A document with a rule it cannot name binds none: the apply refuses it until it is fixed.
    if (problems.length > 0) {
      named.problems.push(...problems);
      continue;
    }
    for (const { entry, target } of resolved) {
      if (typeof target === 'string') continue;
      const tests = named.bound.get(target.key) ?? [];
      if (tests.some((t) => t.uri === document.uri)) continue;
      const { uri, testName, testId } = document;
      tests.push({ uri, testName, written: entry.written, ...(testId === undefined ? {} : { testId }) });
      named.bound.set(target.key, tests);
    }
  }
  return named;
}

function resolveRule(written: string | number, targets: readonly RuleTarget[]): RuleTarget | string {
  const byId = (id: string): RuleTarget | string =>
    targets.find((t) => t.ruleId === id) ?? `alertRules: no alert rule has id ${id}`;
  if (typeof written === 'number') return byId(String(written));
  const named = targets.filter((t) => t.ruleName === written);
  const [only] = named;
  if (named.length === 1 && only) return only;
  if (named.length > 1) {
    const ids = named.map((t) => t.ruleId ?? 'new').join(', ');
    const shared = `${named.length} alert rules are named ${JSON.stringify(written)} (${ids})`;
    return `alertRules: ${shared}; name the rule by its id`;
  }
  if (/^[0-9]{1,20}$/.test(written)) return byId(written);
  return `alertRules: no alert rule is named ${JSON.stringify(written)}`;
}
