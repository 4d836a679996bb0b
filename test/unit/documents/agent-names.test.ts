// Agents named in a document resolve to their ids at plan time (the same resolver deploys
// and the CLI uses): the plan shows name → id, an unknown or ambiguous name is left out
// with a reason, and a named document bound to a test with those ids plans as unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computePlan, renderPlan, resolveAgentNames, type CatalogAgent } from '../../../src/documents';

const AGENTS: CatalogAgent[] = [
  { agentId: '1000', name: 'Seattle, WA', location: 'Seattle' },
  { agentId: '1037', name: 'New York, NY' },
  { agentId: '1074', name: 'Lab' },
  { agentId: '1111', name: 'lab' },
];

const doc = (agents: string, binding = ''): string =>
  `{ "type": "http-server", "testName": "Portal", "interval": 300, "agents": [${agents}], "url": "https://portal.example.com/"${binding} }`;

test('names resolve case- and space-insensitively; ids stay as written', () => {
  const { value, resolved, problems } = resolveAgentNames(
    { agents: [{ agentName: ' seattle,  wa ' }, { agentId: 1037 }] },
    AGENTS,
  );
  assert.deepEqual((value as { agents: unknown[] }).agents, [{ agentId: 1000 }, { agentId: 1037 }]);
  assert.deepEqual(resolved, [{ index: 0, agentName: ' seattle,  wa ', agentId: 1000 }]);
  assert.deepEqual(problems, []);
});

test('unknown names suggest the nearest; ambiguous names list the candidates', () => {
  const { problems } = resolveAgentNames(
    { agents: [{ agentName: 'Seatle, WA' }, { agentName: 'LAB' }, { agentName: 'Tokyo' }] },
    AGENTS,
  );
  assert.deepEqual(
    problems.map((p) => p.message),
    [
      'No enterprise agent named "Seatle, WA"; did you mean "Seattle, WA"?',
      'Agent name "LAB" is ambiguous: 1074, 1111; use agentId',
      'No enterprise agent named "Tokyo"',
    ],
  );
});

test('the plan sends the ids, shows name → id, and leaves out what it cannot resolve', () => {
  const plan = computePlan({
    documents: [
      { uri: 'a.netmon-test.json', text: doc('{ "agentName": "Seattle, WA" }, { "agentName": "New York, NY" }') },
    ],
    deployed: [],
    connectionKey: 'k',
    agents: AGENTS,
  });
  const [step] = plan.steps;
  assert.equal(step?.action, 'create');
  assert.deepEqual(step?.action === 'create' ? step.request.body.agents : [], [{ agentId: 1000 }, { agentId: 1037 }]);
  const text = renderPlan(plan, 'here', (uri) => uri);
  assert.match(
    text,
    /\+ create {2}"Portal" \(http-server\) from a\.netmon-test\.json\n {8}agent "Seattle, WA" → 1000\n {8}agent "New York, NY" → 1037\n/,
  );

  const unknown = computePlan({
    documents: [{ uri: 'b.netmon-test.json', text: doc('{ "agentName": "Tokyo" }') }],
    deployed: [],
    connectionKey: 'k',
    agents: AGENTS,
  });
  assert.deepEqual(unknown.steps, []);
  assert.deepEqual(unknown.skipped, [{ uri: 'b.netmon-test.json', reason: 'No enterprise agent named "Tokyo"' }]);
  const unlisted = computePlan({
    documents: [{ uri: 'c.netmon-test.json', text: doc('{ "agentName": "Lab" }') }],
    deployed: [],
    connectionKey: 'k',
  });
  assert.match(
    unlisted.skipped[0]?.reason ?? '',
    /names agents \(agentName\), and the account's agents could not be listed/,
  );
});

test('a named document bound to a test running those agents plans as unchanged', () => {
  const deployed = [
    {
      testId: 7,
      testName: 'Portal',
      type: 'http-server',
      interval: 300,
      agents: [{ agentId: 1037 }, { agentId: 1000 }],
      url: 'https://portal.example.com/',
    },
  ];
  const text = doc(
    '{ "agentName": "Seattle, WA" }, { "agentName": "New York, NY" }',
    ', "deployments": { "k": { "default": 7 } }',
  );
  const plan = computePlan({
    documents: [{ uri: 'a.netmon-test.json', text }],
    deployed,
    connectionKey: 'k',
    agents: AGENTS,
  });
  assert.deepEqual(plan.steps, []);
  assert.deepEqual(plan.unchanged, [{ uri: 'a.netmon-test.json', testId: 7 }]);
});
