// The tests a rule document names, resolved against the account's deployed tests: a number is a
// test id, text is a test's name (or, when no test has that name, an id written in quotes). A
// name two tests share, or one no test has, is a problem the plan shows instead of guessing.
export interface DeployedTestName {
  testId: string;
  testName: string;
}

export interface ResolvedTest {
  /** As the document writes it. */
  written: string | number;
  testId: string;
  /** The deployed test's name, when it has one. */
  testName?: string;
}

export function resolveRuleTests(
  written: readonly (string | number)[],
  tests: readonly DeployedTestName[],
): { tests: ResolvedTest[] } | { problem: string } {
  const resolved: ResolvedTest[] = [];
  for (const entry of written) {
    const one = resolveTest(entry, tests);
    if (typeof one === 'string') return { problem: one };
    resolved.push(one);
  }
  return { tests: resolved };
}

function resolveTest(entry: string | number, tests: readonly DeployedTestName[]): ResolvedTest | string {
  const byId = (id: string): ResolvedTest | string => {
    const test = tests.find((t) => t.testId === id);
    return test ? { written: entry, testId: id, testName: test.testName } : `test ${id} is not deployed`;
  };
  if (typeof entry === 'number') return byId(String(entry));
  const named = tests.filter((t) => t.testName === entry);
  if (named.length === 1 && named[0]) return { written: entry, testId: named[0].testId, testName: entry };
  if (named.length > 1)
    return (
      `${named.length} tests are named ${JSON.stringify(entry)} ` +
      `(${named.map((t) => t.testId).join(', ')}); name the test by its id`
    );
  if (/^[0-9]{1,20}$/.test(entry)) return byId(entry);
  return `no deployed test is named ${JSON.stringify(entry)}`;
}
