// Every new document is valid as written (no diagnostic at all), for every kind, with and
// without agents; names from the account stay inside their comment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newDocumentText, parseDocument, templateFileName, TEMPLATES, validateDocument } from '../../../src/documents';

for (const template of TEMPLATES) {
  test(`${template.id}: a new document has no diagnostics`, () => {
    for (const agents of [
      undefined,
      [
        { agentId: 1074, name: 'Tokyo, JP' },
        { agentId: '1000', name: 'Seattle */ "x": 1 \n // y' },
      ],
    ]) {
      const text = newDocumentText(template.id, { agents });
      const { diagnostics } = validateDocument(template.kind, text);
      assert.deepEqual(
        diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`),
        [],
        text,
      );
      assert.match(text, /^\/\/ /, 'it starts by saying what it is');
    }
  });
}

test("chosen agents are the document's agents, named in a comment that cannot break out", () => {
  const text = newDocumentText('http-server', {
    agents: [
      { agentId: 1074, name: 'Tokyo, JP' },
      { agentId: '1000', name: 'Seattle */ "x": 1 \n // y' },
    ],
  });
  const value = parseDocument(text).value as { agents: { agentId: number }[]; type: string };
  assert.deepEqual(
    value.agents.map((a) => a.agentId),
    [1074, 1000],
  );
  assert.match(text, /\{ "agentId": 1074 \}, \/\/ Tokyo, JP\n/);
  assert.equal(Object.keys(value).includes('x'), false);
});

test('agent-to-agent: of several agents picked, the last is the far end and the others run the test', () => {
  const value = parseDocument(
    newDocumentText('agent-to-agent', {
      agents: [{ agentId: 1074 }, { agentId: 1000 }, { agentId: 1037, name: 'New York' }],
    }),
  ).value as { agents: { agentId: number }[]; targetAgentId: number };
  assert.deepEqual(
    value.agents.map((a) => a.agentId),
    [1074, 1000],
  );
  assert.equal(value.targetAgentId, 1037);
  const single = parseDocument(newDocumentText('agent-to-agent', { agents: [{ agentId: 1000 }] })).value as {
    targetAgentId: number;
  };
  assert.equal(single.targetAgentId, 1, 'one agent picked: a placeholder far end no agent has');
});

test('with no agents known, a placeholder name no agent has, never an id that happens to exist', () => {
  const text = newDocumentText('http-server');
  assert.deepEqual(
    (parseDocument(text).value as { agents: { agentName?: string }[] }).agents.map((a) => a.agentName),
    ['Replace with an agent name (completion lists them)'],
  );
  const withCatalog = validateDocument('test', text, {
    catalog: { enterpriseAgents: [{ agentId: '1000', name: 'Seattle' }] },
  }).diagnostics;
  assert.deepEqual(
    withCatalog.map((d) => d.code),
    ['live/unknown-agent-name'],
    "the placeholder is flagged once the account's agents are known",
  );
});

test('file names follow the kind', () => {
  assert.equal(templateFileName('http-server'), 'new-http-server.netmon-test.json');
  assert.equal(templateFileName('instant-agent-to-server', 'VPN check!'), 'vpn-check.netmon-instant.json');
  assert.equal(templateFileName('filter'), 'new-filter.netmon-filter.json');
});
