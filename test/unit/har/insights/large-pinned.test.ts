// The findings and critical path of two 10,000-request HARs, pinned: the rule-rich one of
// large-har.ts (every rule fires, the network blamed) and the bench's synthetic HAR. The
// expected answers were written by the straightforward implementation before the insights
// were made fast, so a speed-up that changes any answer fails here.
// To re-pin after an intended change of a rule: write `pinned(...)` of both as the JSON below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHar } from '../../../../src/analysis/har';
import { RULE_IDS } from '../../../../src/analysis/har/insight-rules';
import { syntheticHar } from '../../../webview/helpers/synthetic-har';
import { largeHar } from './large-har';
import { pinned } from './pinned';

const expected = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'large-insights.expected.json'), 'utf8')) as {
  large: unknown;
  synthetic: unknown;
};

test('a rule-rich 10,000-request HAR: every rule fires, and findings and critical path are what they were', () => {
  const actual = pinned(largeHar(10_000), { networkBlamed: true }) as { findings: { rule: string }[] };
  assert.deepEqual(new Set(actual.findings.map((f) => f.rule)), new Set(RULE_IDS));
  assert.deepEqual(actual, expected.large);
});

test("the bench's synthetic 10,000-request HAR: findings and critical path are what they were", () => {
  assert.deepEqual(pinned(readHar(syntheticHar(10_000, 7)), {}), expected.synthetic);
});
