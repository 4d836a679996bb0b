import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PLAN_EXCLUDED_FOLDERS, excludedLine, planScope } from '../../../src/documents/plan-scope';

describe("which documents a folder's plan takes in", () => {
  const paths = [
    'shop.netmon-test.json',
    'examples/a.netmon-test.json',
    'team/examples/deep/b.netmon-test.json',
    'examples-not/c.netmon-test.json',
    'my-examples.netmon-test.json',
  ];

  test('a document under a folder named "examples" at any depth is left out; names only alike are not', () => {
    const scope = planScope(paths, (p) => p, ['examples']);
    assert.deepEqual(scope.excluded, ['examples/a.netmon-test.json', 'team/examples/deep/b.netmon-test.json']);
    assert.deepEqual(scope.included, [
      'shop.netmon-test.json',
      'examples-not/c.netmon-test.json',
      'my-examples.netmon-test.json',
    ]);
  });

  test('an empty list leaves nothing out', () => {
    assert.equal(planScope(paths, (p) => p, []).excluded.length, 0);
  });

  test('the plan says what was left out, and how to include it', () => {
    assert.equal(excludedLine([], 's'), '');
    const many = Array.from({ length: 8 }, (_, i) => `examples/${i}.netmon-test.json`);
    assert.equal(
      excludedLine(many, 'netmon.plan.excludedFolders'),
      'Left out (example folders, setting "netmon.plan.excludedFolders"): examples/0.netmon-test.json, examples/1.netmon-test.json, examples/2.netmon-test.json, ' +
        'examples/3.netmon-test.json, examples/4.netmon-test.json, examples/5.netmon-test.json and 2 more. Plan that folder itself to include them.',
    );
  });
});

test('one default: the setting netmon.plan.excludedFolders defaults to what netmon plan leaves out', () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
  };
  assert.deepEqual(manifest.contributes.configuration.properties['netmon.plan.excludedFolders']?.default, [
    ...DEFAULT_PLAN_EXCLUDED_FOLDERS,
  ]);
});
