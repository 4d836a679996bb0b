import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_JSON_DEPTH, nestsDeeperThan, tooDeepMessage } from '../../../src/api/types';

describe('nestsDeeperThan', () => {
  test('counts objects and arrays, not brackets in strings or comments', () => {
    assert.equal(nestsDeeperThan('{"a":[{"b":1}]}', 3), false);
    assert.equal(nestsDeeperThan('{"a":[{"b":[1]}]}', 3), true);
    assert.equal(nestsDeeperThan('{"a":"[[[[[[[[\\"[[[["}', 1), false);
    assert.equal(nestsDeeperThan('{ // [[[[\n "a": 1 /* {{{{ */ }', 1), false);
  });

  test('100,000 levels are refused without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    assert.equal(nestsDeeperThan(deep), true);
    assert.equal(nestsDeeperThan(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`), false);
    assert.equal(tooDeepMessage('The body'), `The body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  });
});
