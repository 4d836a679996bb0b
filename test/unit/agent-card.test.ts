// An agent read like an agent: name, status in words, sections; unknown fields kept, bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agentCard } from '../../src/analysis/agents/card';
import type { EndpointAgent } from '../../src/api/types';

test('name, status in words and the system facts; absent fields read "not reported"', () => {
  const card = agentCard({
    agentId: 'a-1',
    computerName: 'LAPTOP-ANNA',
    status: 'enabled',
    deleted: false,
    osVersion: 'macOS 15.1',
    manufacturer: 'Apple',
    model: 'MacBookPro18,3',
  } as EndpointAgent);
  assert.equal(card.title, 'LAPTOP-ANNA');
  assert.equal(card.statusText, 'Enabled');
  assert.deepEqual(card.sections[0], {
    heading: 'System',
    facts: [
      ['Operating system', 'macOS 15.1'],
      ['Kernel', 'not reported'],
      ['Hardware', 'Apple MacBookPro18,3'],
    ],
  });
  assert.equal(card.sections.length, 2, 'no "Other fields" when there are none');
});

test('deleted agents say what they were; unknown fields are listed as sent, bounded', () => {
  const extra = Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => [`field${i}`, i === 0 ? { nested: 'x'.repeat(500) } : i]),
  );
  const card = agentCard({ agentId: 'a-2', status: 'disabled', deleted: true, ...extra } as unknown as EndpointAgent);
  assert.equal(card.status, 'deleted');
  assert.equal(card.statusText, 'Deleted (was disabled)');
  assert.equal(card.title, 'a-2');
  const other = card.sections.find((s) => s.heading === 'Other fields');
  assert.equal(other?.facts.length, 51);
  assert.equal(other?.facts[0]?.[1].length, 301);
  assert.deepEqual(other?.facts.at(-1), ['…', 'more fields: Open as JSON shows them all']);
  assert.equal(
    agentCard({ agentId: 'a-3', status: 'retired' } as unknown as EndpointAgent).statusText,
    'Status retired',
  );
});
