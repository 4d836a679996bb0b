// Test documents that name alert rules (`alertRules`, by name or id), planned on hand-built data:
// the binding is planned on the rule (its testIds), never against the test's own write-only
// alertRules; an unknown or ambiguous name is a problem at its place; a rule no rule document
// describes only gains tests; a test the apply creates is bound once its id is known.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AlertRule, AlertRuleFields } from '../../../src/api/types/alerts';
import { computePlan, type Plan } from '../../../src/documents';
import { applyRuleSteps } from '../../../src/documents/alert-rules/deploy';
import { planAlertRules, type RulePlanInput } from '../../../src/documents/alert-rules/plan';
import { renderRulePlan } from '../../../src/documents/alert-rules/plan-text';
import { testRuleNames } from '../../../src/documents/alert-rules/test-names';

const TESTS = [
  { testId: '101', testName: 'Outlook' },
  { testId: '102', testName: 'Zoom' },
];
const LOSS: AlertRule = {
  ruleId: '7',
  ruleName: 'Loss',
  alertType: 'end-to-end-server',
  expression: '((loss >= 10%))',
  roundsViolatingOutOf: 1,
  testIds: ['101'],
  notifications: { email: { recipients: ['noc@example.com'] } },
};
const TWIN_A: AlertRule = { ...LOSS, ruleId: '8', ruleName: 'Twin', testIds: [] };
const TWIN_B: AlertRule = { ...TWIN_A, ruleId: '9' };

/** A test document as the test plan leaves it: deployed (its id) or created by the apply (none). */
function testDocument(uri: string, testName: string, alertRules: unknown[], testId?: number) {
  const text = `{\n  "type": "agent-to-server",\n  "testName": ${JSON.stringify(testName)},\n  "alertRules": ${JSON.stringify(alertRules)}\n}\n`;
  const plan: Plan = { steps: [], unchanged: [], skipped: [], unmanaged: [], conflicts: [] };
  if (testId !== undefined) plan.unchanged.push({ uri, testId });
  else
    plan.steps.push({
      action: 'create',
      uri,
      type: 'agent-to-server',
      testName,
      reason: 'new',
      request: null as never,
    });
  return testRuleNames([{ uri, text }], plan);
}

function plan(input: Partial<RulePlanInput>): ReturnType<typeof planAlertRules> {
  return planAlertRules({ documents: [], deployed: [LOSS, TWIN_A, TWIN_B], tests: TESTS, ...input });
}

const text = (result: ReturnType<typeof planAlertRules>): string => renderRulePlan(result, (uri) => uri).join('\n');

describe('test documents that name alert rules', () => {
  test('a rule named by name that does not watch the test is updated to watch it, keeping its notifications', () => {
    const result = plan({ testDocuments: testDocument('zoom.netmon-test.json', 'Zoom', ['Loss'], 102) });
    assert.equal(result.steps.length, 1);
    const [step] = result.steps;
    assert.equal(step?.action, 'update');
    assert.deepEqual(step.action === 'update' && step.changes, [
      { field: 'testIds', from: ['101'], to: ['101', '102'] },
    ]);
    assert.deepEqual(step?.action === 'update' && step.body.notifications, LOSS.notifications);
    assert.match(text(result), /~ update {2}rule "Loss" → 7 from zoom.netmon-test.json/);
    assert.match(text(result), /zoom.netmon-test.json names rule "Loss" → 7: watch test "Zoom" \(102\)/);
    assert.ok(!result.unmanaged.some((r) => r.ruleId === '7'));
  });

  test('a rule named by id that already watches the test is no change', () => {
    const result = plan({ testDocuments: testDocument('outlook.netmon-test.json', 'Outlook', [7], 101) });
    assert.deepEqual(result.steps, []);
    assert.deepEqual(result.skipped, []);
  });

  test('an unknown name and an ambiguous one are problems at their place in the test document', () => {
    const named = testDocument('zoom.netmon-test.json', 'Zoom', ['Lost', 'Twin'], 102);
    const result = plan({ testDocuments: named });
    assert.deepEqual(result.steps, []);
    assert.deepEqual(
      result.skipped.map((s) => `${s.uri} ${s.reason}`),
      [
        'zoom.netmon-test.json 4:18 alertRules: no alert rule is named "Lost"',
        'zoom.netmon-test.json 4:25 alertRules: 2 alert rules are named "Twin" (8, 9); name the rule by its id',
      ],
    );
    assert.equal(result.namingProblems[0]?.length, '"Lost"'.length);
  });

  test('a rule a rule document describes watches its tests and the bound ones; a test no longer named leaves it', () => {
    const fields = { ruleName: 'Loss', expression: '((loss >= 10%))', tests: [] };
    const ruleDocument = { uri: 'loss.netmon-alert-rule.json', text: JSON.stringify(fields) };
    const bound = plan({
      documents: [ruleDocument],
      testDocuments: testDocument('o.netmon-test.json', 'Outlook', ['Loss'], 101),
    });
    assert.deepEqual(bound.steps, []);
    assert.equal(bound.unchanged.length, 1);
    const unbound = plan({ documents: [ruleDocument] });
    assert.deepEqual(unbound.steps[0]?.action === 'update' && unbound.steps[0].changes, [
      { field: 'testIds', from: ['101'], to: [] },
    ]);
  });

  test('a rule no rule document describes is not unbound when a test document stops naming it', () => {
    assert.deepEqual(plan({ testDocuments: [] }).steps, []);
  });

  test('a test the apply creates is bound to a rule the apply creates, with the id it gets', async () => {
    const ruleDocument = {
      uri: 'jitter.netmon-alert-rule.json',
      text: JSON.stringify({ ruleName: 'Jitter', expression: '((jitter > 30 ms))', tests: ['Outlook'] }),
    };
    const result = plan({
      documents: [ruleDocument],
      testDocuments: testDocument('new.netmon-test.json', 'New', ['Jitter']),
    });
    assert.equal(result.steps[0]?.action, 'create');
    assert.match(
      text(result),
      /new.netmon-test.json names rule "Jitter" → the new rule: watch test "New" \(its id once created\)/,
    );
    const sent: AlertRuleFields[] = [];
    const writer = {
      createAlertRule: (body: AlertRuleFields) => Promise.resolve(void sent.push(body)),
      updateAlertRule: () => Promise.reject(new Error('no update expected')),
      deleteAlertRule: () => Promise.reject(new Error('no delete expected')),
    };
    const applied = await applyRuleSteps(result.steps, writer as never, {
      createdTest: (uri) => (uri === 'new.netmon-test.json' ? 555 : undefined),
    });
    assert.equal(applied.failed, undefined);
    assert.deepEqual(sent[0]?.testIds, ['101', '555']);
  });
});

describe('a test document naming rules, in the test plan (v7)', () => {
  const document = {
    uri: 'a.netmon-test.json',
    text: JSON.stringify({
      type: 'agent-to-server',
      testName: 'A',
      interval: 60,
      server: 'example.com',
      agents: [{ agentId: 1 }],
      alertRules: ['Loss', 7],
    }),
  };

  test('the create sends no alertRules (the rules are bound through their testIds)', () => {
    const result = computePlan({ documents: [document], deployed: [], connectionKey: 'k', apiVersion: 'v7' });
    const [step] = result.steps;
    assert.equal(step?.action, 'create');
    assert.ok(step?.action === 'create' && !('alertRules' in step.request.body));
  });

  test('the alertRules a deployed test reads back with are no change', () => {
    const bound = JSON.parse(document.text) as Record<string, unknown>;
    const text = JSON.stringify({ ...bound, deployments: { k: { default: 5 } } });
    const deployed = {
      testId: 5,
      testName: 'A',
      type: 'agent-to-server',
      interval: 60,
      server: 'example.com:80',
      agents: [{ agentId: 1 }],
      alertRules: [{ ruleId: '99' }],
    };
    const result = computePlan({
      documents: [{ uri: document.uri, text }],
      deployed: [deployed],
      connectionKey: 'k',
      apiVersion: 'v7',
    });
    assert.deepEqual(result.steps, []);
    assert.deepEqual(result.unchanged, [{ uri: document.uri, testId: 5 }], JSON.stringify(result.skipped));
  });
});
