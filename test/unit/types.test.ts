import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterKeysFor, FILTER_TARGETS } from '../../src/api/types';

test('domain filters apply only to user sessions, type only to topology', () => {
  assert.ok(filterKeysFor('user-sessions').includes('domain'));
  assert.ok(!filterKeysFor('web').includes('domain'));
  assert.ok(filterKeysFor('network-topology').includes('type'));
  assert.ok(!filterKeysFor('network').includes('type'));
  for (const target of FILTER_TARGETS) assert.ok(filterKeysFor(target).includes('agentId'));
});
