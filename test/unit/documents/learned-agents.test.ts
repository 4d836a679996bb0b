// Enterprise agents on a real account: the published API does not list them, so what is
// known is learned (deployed tests, a workspace catalog file) and every message says where
// the knowledge came from; an id not among them is a hint, not a warning.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { completionsAt, hoverAt, parseAgentCatalog, validateDocument, type LiveCatalog } from '../../../src/documents';

const learned: LiveCatalog = {
  enterpriseAgentsComplete: false,
  enterpriseAgents: [
    { agentId: '1000', name: 'Seattle', location: 'Seattle, WA', source: 'tests deployed from this workspace' },
    { agentId: '4242', name: 'Lab', source: '.netmon/agents.json' },
  ],
};
const doc = (id: number): string =>
  `{ "type": "agent-to-server", "testName": "a", "interval": 300, "agents": [{ "agentId": ${id} }], "server": "a.example.com" }`;

describe('learned enterprise agents', () => {
  test('an id not among them is an info hint naming the sources', () => {
    const found = validateDocument('test', doc(999), { catalog: learned }).diagnostics.filter(
      (d) => d.source === 'live',
    );
    assert.equal(found.length, 1);
    assert.equal(found[0]?.severity, 'info');
    assert.match(
      found[0]?.message ?? '',
      /not among those known from \.netmon\/agents\.json and tests deployed from this workspace/,
    );
    assert.deepEqual(
      validateDocument('test', doc(1000), { catalog: learned }).diagnostics.filter((d) => d.source === 'live'),
      [],
    );
  });

  test('completion and hover say where each agent is known from', () => {
    const text = '{ "type": "agent-to-server", "agents": [{ "agentId":  }] }';
    const items = completionsAt('test', text, text.indexOf('"agentId": ') + '"agentId": '.length, learned);
    assert.deepEqual(
      items.map((i) => `${i.label}: ${i.detail}`),
      [
        'Seattle: agent 1000 · Seattle, WA — from tests deployed from this workspace',
        'Lab: agent 4242 — from .netmon/agents.json',
      ],
    );
    const hover = hoverAt('test', doc(4242), doc(4242).indexOf('4242'), learned);
    assert.equal(hover?.contents, 'Enterprise agent 4242: Lab — from .netmon/agents.json');
  });
});

describe('.netmon/agents.json', () => {
  test('reads the object or the bare array, ids as numbers or digit strings; skips what is not an agent', () => {
    const warnings: string[] = [];
    const agents = parseAgentCatalog(
      JSON.stringify({
        enterpriseAgents: [
          { agentId: 1000, agentName: 'Seattle', location: 'Seattle, WA' },
          { agentId: '77', name: 'Lab' },
          { agentId: 'x' },
          null,
        ],
      }),
      (m) => warnings.push(m),
    );
    assert.deepEqual(
      agents.map((a) => [a.agentId, a.name, a.location ?? '', a.source]),
      [
        ['1000', 'Seattle', 'Seattle, WA', '.netmon/agents.json'],
        ['77', 'Lab', '', '.netmon/agents.json'],
      ],
    );
    assert.deepEqual(
      parseAgentCatalog('[{"agentId": 5}]', (m) => warnings.push(m)).map((a) => a.agentId),
      ['5'],
    );
    assert.deepEqual(warnings, []);
  });

  test('bad files are reported, not thrown', () => {
    const warnings: string[] = [];
    assert.deepEqual(
      parseAgentCatalog('{ nope', (m) => warnings.push(m)),
      [],
    );
    assert.deepEqual(
      parseAgentCatalog('{"agents": []}', (m) => warnings.push(m)),
      [],
    );
    assert.deepEqual(
      parseAgentCatalog(`${'['.repeat(100_000)}`, (m) => warnings.push(m)),
      [],
    );
    assert.equal(warnings.length, 3);
  });
});
