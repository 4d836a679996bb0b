// Adding an agent keeps the document's layout and comments, and never adds one twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addAgentEdits, applyEdits, newDocumentText, parseDocument, validateDocument } from '../../../src/documents';

const agentsOf = (text: string): unknown[] =>
  (parseDocument(text).value as { agents: { agentId: unknown }[] }).agents.map((a) => a.agentId);

test("a multi-line list gets a new line after the last agent's comment, named in its own", () => {
  const text = newDocumentText('http-server', { agents: [{ agentId: 1000, name: 'San Francisco, US' }] });
  const added = applyEdits(text, addAgentEdits(text, 1037, 'New York, US'));
  assert.deepEqual(agentsOf(added), [1000, 1037]);
  assert.match(
    added,
    /\{ "agentId": 1000 \}, \/\/ San Francisco, US\n {4}\{ "agentId": 1037 \} \/\/ New York, US\n {2}\],/,
  );
  assert.deepEqual(validateDocument('test', added).diagnostics, []);
  assert.equal(
    added.replace(/,( \/\/ San Francisco, US)\n {4}\{ "agentId": 1037 \} \/\/ New York, US/, '$1'),
    text,
    'nothing else changed',
  );
});

test('one-line lists, empty lists, trailing commas, a missing list, and an agent already there', () => {
  const one = '{ "type": "http-server", "agents": [{ "agentId": 1000 }], "url": "x" }';
  assert.equal(
    applyEdits(one, addAgentEdits(one, 1037)),
    '{ "type": "http-server", "agents": [{ "agentId": 1000 }, { "agentId": 1037 }], "url": "x" }',
  );
  const empty = '{ "agents": [] }';
  assert.deepEqual(agentsOf(applyEdits(empty, addAgentEdits(empty, 1037))), [1037]);
  const trailing = '{\n  "agents": [\n    { "agentId": 1000 },\n  ]\n}';
  assert.equal(
    applyEdits(trailing, addAgentEdits(trailing, 1037)),
    '{\n  "agents": [\n    { "agentId": 1000 },\n    { "agentId": 1037 },\n  ]\n}',
  );
  const none = '{\n  "type": "http-server"\n}';
  assert.deepEqual(agentsOf(applyEdits(none, addAgentEdits(none, 1037))), [1037]);
  assert.deepEqual(addAgentEdits(one, 1000), []);
  assert.deepEqual(
    addAgentEdits('{ "agents": [{ "agentId": "1000" }] }', 1000),
    [],
    'an id written as a string counts',
  );
});
