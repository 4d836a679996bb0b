// The rules a test document names (`alertRules`), checked as the editor checks them on save: against
// the emulator's v7 rules (its two seeded defaults, read over loopback HTTP) and the workspace's rule
// documents. A name no rule has, a name two rules share and an id no rule has are problems at their
// place; the seeded rule by its name or id, and a rule a document describes (created by the next
// apply), are not. A document naming no rule reads nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { testRuleNameProblems } from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const testDocument = (alertRules: unknown[]): { uri: string; text: string } => ({
  uri: 'file:///ws/outlook.netmon-test.json',
  text: `{\n  "type": "agent-to-server",\n  "testName": "Outlook",\n  "alertRules": ${JSON.stringify(alertRules)}\n}\n`,
});
const ruleDocument = (name: string, ruleName: string): { uri: string; text: string } => ({
  uri: `file:///ws/${name}.netmon-alert-rule.json`,
  text: JSON.stringify({ ruleName, alertType: 'end-to-end-server', expression: '((loss >= 20%))' }),
});

describe('the rule names of a test document, checked against the account and the rule documents', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let requests = 0;
  before(async () => {
    emulator = await startEmulator({ port: 0, api: 'v7', now: () => Date.UTC(2026, 5, 17) });
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  const problems = async (alertRules: unknown[], ruleDocuments = [ruleDocument('heavy', 'Heavy loss')]) => {
    const before = emulator.requestCount;
    const found = await testRuleNameProblems(client, testDocument(alertRules), ruleDocuments);
    requests = emulator.requestCount - before;
    return found.map((p) => [p.written, p.line, p.column, p.message]);
  };

  test('the seeded rule by name and by id, and a rule a document describes, resolve', async () => {
    assert.deepEqual(await problems(['Default Network Loss', 100002, 'Heavy loss']), []);
  });

  test('an unknown name, an unknown id and a name two rules share are marked where written', async () => {
    const shared = [ruleDocument('heavy', 'Heavy loss'), ruleDocument('heavy-too', 'Heavy loss')];
    assert.deepEqual(await problems(['No such rule', 99, 'Heavy loss'], shared), [
      ['No such rule', 4, 18, 'alertRules: no alert rule is named "No such rule"'],
      [99, 4, 33, 'alertRules: no alert rule has id 99'],
      ['Heavy loss', 4, 36, 'alertRules: 2 alert rules are named "Heavy loss" (new, new); name the rule by its id'],
    ]);
  });

  test('a document naming no rule reads nothing', async () => {
    assert.deepEqual(await problems([]), []);
    assert.equal(requests, 0);
  });
});
