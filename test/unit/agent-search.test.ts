// Finding an agent as one types: by name, id, OS, model or status, every word matching, the
// best matches first; and the one agent a CLI argument names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AgentSearch } from '../../src/analysis/agents/search';
import type { EndpointAgent } from '../../src/api/types';

const agent = (
  agentId: string,
  computerName: string,
  osVersion: string,
  model: string,
  status = 'enabled',
  deleted = false,
): EndpointAgent =>
  ({
    agentId,
    computerName,
    osVersion,
    model,
    manufacturer: 'Apple',
    kernelVersion: '',
    status,
    deleted,
  }) as EndpointAgent;
const agents = [
  agent('9f1c-01', 'maria-mbp-3', 'macOS 14.5', 'MacBook Pro'),
  agent('9f1c-02', 'DESKTOP-MARIA', 'Windows 11', 'Latitude 7440'),
  agent('77aa-03', 'jonas-mbp-7', 'macOS 13.6', 'MacBook Air', 'disabled'),
  agent('77aa-04', 'old-box', 'Windows 10', 'OptiPlex', 'enabled', true),
];
const search = new AgentSearch(agents);
const names = (query: string): string[] => search.search(query).map((m) => m.name);

test("by name, id, OS, model or status; the name's start ranks first", () => {
  assert.deepEqual(names('maria'), ['maria-mbp-3', 'DESKTOP-MARIA']);
  assert.deepEqual(names('77aa'), ['jonas-mbp-7', 'old-box']);
  assert.deepEqual(names('windows 11'), ['DESKTOP-MARIA']);
  assert.deepEqual(names('air'), ['jonas-mbp-7']);
  assert.deepEqual(names('disabled'), ['jonas-mbp-7']);
  assert.deepEqual(names('deleted'), ['old-box']);
  assert.deepEqual(names('mbp macos 13'), ['jonas-mbp-7'], 'every word must match');
  assert.deepEqual(names(''), ['DESKTOP-MARIA', 'jonas-mbp-7', 'maria-mbp-3', 'old-box']);
  assert.deepEqual(names('nobody'), []);
});

test('resolve: an id or exact name is the agent; one match is the agent; several are candidates', () => {
  assert.equal(search.resolve('9f1c-02').agent?.computerName, 'DESKTOP-MARIA');
  assert.equal(search.resolve('Maria-MBP-3').agent?.agentId, '9f1c-01');
  assert.equal(search.resolve('jonas').agent?.agentId, '77aa-03');
  const ambiguous = search.resolve('maria');
  assert.equal(ambiguous.agent, undefined);
  assert.deepEqual(
    ambiguous.candidates.map((m) => m.name),
    ['maria-mbp-3', 'DESKTOP-MARIA'],
  );
});

test('a record with a numeric id and no name is still found by its id', () => {
  const odd = new AgentSearch([{ agentId: 12345 } as unknown as EndpointAgent]);
  assert.equal(odd.resolve('12345').agent !== undefined, true);
});
