// A deployed enterprise test named by a person or a model: its id, or its name (case-insensitive).
import { untrustedLine } from '../analysis/text/untrusted';
import type { EnterpriseTest } from '../api/types';
import { inputError } from './input-error';

/** The test with this id, or the one with this name; an ambiguous name lists the candidates (an input error). */
export function findTest(tests: readonly EnterpriseTest[], query: string): EnterpriseTest {
  if (/^\d{1,15}$/.test(query)) {
    const byId = tests.find((test) => test.testId === Number(query));
    if (byId) return byId;
  }
  const wanted = query.trim().toLowerCase();
  const named = tests.filter((test) => String(test.testName).toLowerCase() === wanted);
  if (named.length === 1) return named[0] as EnterpriseTest;
  const quoted = untrustedLine(query, 80);
  if (named.length > 1)
    throw inputError(
      'test',
      `${named.length} tests are named "${quoted}": name one by id (${named.map((t) => t.testId).join(', ')})`,
    );
  throw new Error(
    `no deployed test is named or numbered "${quoted}" (${tests.length} test${tests.length === 1 ? '' : 's'} ` +
      'in this account group)',
  );
}
