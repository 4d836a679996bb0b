// A field our rules explain ("flagPing belongs to instant tests") must not also be flagged
// by VS Code's JSON service, which reads the same schemas: the schemas declare exactly
// those fields, hidden from completion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import instantSchema from '../../../schemas/netmon-instant.schema.json';
import testSchema from '../../../schemas/netmon-test.schema.json';
import { EXPLAINED_FOREIGN_FIELDS } from '../../../src/documents/fields';
import { validateDocument } from '../../../src/documents';

type Properties = Record<string, { doNotSuggest?: boolean }>;
const declaredHidden = (properties: Properties): string[] =>
  Object.entries(properties)
    .filter(([, p]) => p.doNotSuggest === true)
    .map(([name]) => name)
    .sort();

test('the schemas declare exactly the explained foreign fields, hidden from completion', () => {
  assert.deepEqual(declaredHidden(testSchema.properties as Properties), [...EXPLAINED_FOREIGN_FIELDS.test].sort());
  assert.deepEqual(
    declaredHidden(testSchema.properties.agents.items.properties as Properties),
    [...EXPLAINED_FOREIGN_FIELDS.agent].sort(),
  );
  assert.deepEqual(
    declaredHidden(instantSchema.properties as Properties),
    [...EXPLAINED_FOREIGN_FIELDS.instant].sort(),
  );
});

test('a foreign field gets one diagnostic, with the explanation', () => {
  const text =
    '{ "type": "agent-to-server", "testName": "a", "interval": 300, "agents": [{ "agentId": 1000, "network": "x" }], "server": "a.example.com", "flagPing": true }';
  const found = validateDocument('test', text).diagnostics;
  assert.deepEqual(found.map((d) => d.code).sort(), ['test/agent-response-field', 'test/field-of-instant-test']);
});
