// Planning alert rule documents against hand-built deployed rules: what a user sees in
// `netmon plan` (create, update with its field diff, unchanged, skipped with a reason), the
// bodies apply would send, and the import that makes documents which then plan to no change.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AlertRule } from '../../../src/api/types/alerts';
import { importedRuleDocument } from '../../../src/documents/alert-rules/import';
import { planAlertRules, type RulePlanInput } from '../../../src/documents/alert-rules/plan';
import { renderRulePlan } from '../../../src/documents/alert-rules/plan-text';

const TESTS = [
  { testId: '101', testName: 'Outlook from the offices' },
  { testId: '102', testName: 'Zoom from the offices' },
  { testId: '103', testName: 'Twin' },
  { testId: '104', testName: 'Twin' },
];

const LOSS: AlertRule = {
  ruleId: '7',
  ruleName: 'Loss on the offices',
  alertType: 'end-to-end-server',
  expression: '((loss >= 10%))',
  roundsViolatingOutOf: 1,
  roundsViolatingRequired: 1,
  roundsViolatingMode: 'any',
  minimumSources: 1,
  severity: 'major',
  testIds: ['102', '101'],
  isDefault: false,
  notifications: { email: { recipients: ['noc@example.com'] } },
};

function document(uri: string, fields: Record<string, unknown>): { uri: string; text: string } {
  return { uri, text: `// ${uri}\n${JSON.stringify(fields, null, 2)}\n` };
}

const LOSS_DOCUMENT = {
  ruleName: 'Loss on the offices',
  expression: '((loss >= 10%))',
  roundsViolatingRequired: 1,
  roundsViolatingMode: 'any',
  minimumSources: 1,
  severity: 'major',
  tests: ['Outlook from the offices', 'Zoom from the offices'],
};

function plan(input: Partial<RulePlanInput> & Pick<RulePlanInput, 'documents'>): ReturnType<typeof planAlertRules> {
  return planAlertRules({ deployed: [LOSS], tests: TESTS, ...input });
}

describe('alert rule plan', () => {
  test('a rule no deployed rule has is created, its tests named by name sent as ids', () => {
    const result = plan({
      documents: [
        document('jitter.json', {
          ruleName: 'Jitter',
          expression: '((jitter > 30 ms))',
          tests: ['Zoom from the offices', 101],
        }),
      ],
    });
    assert.equal(result.steps.length, 1);
    const [step] = result.steps;
    assert.equal(step?.action, 'create');
    assert.ok(step?.action === 'create');
    assert.deepEqual(step.body.testIds, ['102', '101']);
    assert.equal(step.body.alertType, 'end-to-end-server');
    const text = renderRulePlan(result, (uri) => uri).join('\n');
    assert.match(text, /\+ create {2}rule "Jitter" from jitter\.json/);
    assert.match(text, /test "Zoom from the offices" → 102/);
    assert.match(text, /Alert rules: 1 to create, 0 to update, 0 to delete\./);
  });

  test('the document of the deployed rule, its tests in another order, is unchanged', () => {
    const result = plan({ documents: [document('loss.json', LOSS_DOCUMENT)] });
    assert.deepEqual(result.steps, []);
    assert.deepEqual(result.unchanged, [{ uri: 'loss.json', ruleName: 'Loss on the offices', ruleId: '7' }]);
  });

  test('spaces the service writes differently in an expression are no change; a different number is', () => {
    const spaced = plan({ documents: [document('loss.json', { ...LOSS_DOCUMENT, expression: '( ( loss>=10% ) )' })] });
    assert.deepEqual(spaced.steps, []);
    const changed = plan({ documents: [document('loss.json', { ...LOSS_DOCUMENT, expression: '((loss >= 20%))' })] });
    assert.equal(changed.steps[0]?.action, 'update');
    assert.ok(changed.steps[0]?.action === 'update');
    assert.deepEqual(changed.steps[0].changes, [
      { field: 'expression', from: '((loss >= 10%))', to: '((loss >= 20%))' },
    ]);
  });

  test('a field the document leaves out keeps what is deployed, with no diff', () => {
    const { severity: _severity, minimumSources: _sources, roundsViolatingRequired: _x, ...fewer } = LOSS_DOCUMENT;
    const result = plan({ documents: [document('loss.json', fewer)] });
    assert.deepEqual(result.steps, []);
  });

  test('an update sends the notifications and fields the document does not speak to back as they were read', () => {
    const result = plan({ documents: [document('loss.json', { ...LOSS_DOCUMENT, severity: 'critical' })] });
    const [step] = result.steps;
    assert.ok(step?.action === 'update');
    assert.deepEqual(step.changes, [{ field: 'severity', from: 'major', to: 'critical' }]);
    assert.deepEqual(step.body.notifications, LOSS.notifications);
    assert.equal(step.body.isDefault, false);
    assert.equal(step.body.severity, 'critical');
    assert.equal('ruleId' in step.body, false);
    const text = renderRulePlan(result, (uri) => uri).join('\n');
    assert.match(text, /~ update {2}rule "Loss on the offices" → 7 from loss\.json/);
    assert.match(text, /severity: "major" → "critical"/);
  });

  test("the tests a rule covers are the deployed rule's testIds: one more is a testIds change", () => {
    const result = plan({
      documents: [document('loss.json', { ...LOSS_DOCUMENT, tests: [...LOSS_DOCUMENT.tests, 103] })],
    });
    const [step] = result.steps;
    assert.ok(step?.action === 'update');
    assert.deepEqual(step.changes, [{ field: 'testIds', from: ['101', '102'], to: ['101', '102', '103'] }]);
  });

  test('a document with a ruleId describes that rule even when renamed', () => {
    const result = plan({ documents: [document('loss.json', { ...LOSS_DOCUMENT, ruleId: '7', ruleName: 'Loss' })] });
    const [step] = result.steps;
    assert.ok(step?.action === 'update');
    assert.deepEqual(step.changes, [{ field: 'ruleName', from: 'Loss on the offices', to: 'Loss' }]);
    const gone = plan({ documents: [document('loss.json', { ...LOSS_DOCUMENT, ruleId: '99' })] });
    assert.ok(gone.steps[0]?.action === 'create');
    assert.equal(gone.steps[0].reason, 'bound-rule-missing');
  });

  test('a test name two tests share, or no test has, skips the document saying which', () => {
    const twin = plan({ documents: [document('t.json', { ...LOSS_DOCUMENT, tests: ['Twin'] })] });
    assert.deepEqual(twin.steps, []);
    assert.match(twin.skipped[0]?.reason ?? '', /2 tests are named "Twin" \(103, 104\)/);
    const missing = plan({ documents: [document('t.json', { ...LOSS_DOCUMENT, tests: ['Nope'] })] });
    assert.match(missing.skipped[0]?.reason ?? '', /no deployed test is named "Nope"/);
  });

  test('deployed rules no document describes are listed, never deleted; a delete happens only when asked', () => {
    const other: AlertRule = { ...LOSS, ruleId: '8', ruleName: 'Other' };
    const left = plan({ documents: [document('loss.json', LOSS_DOCUMENT)], deployed: [LOSS, other] });
    assert.deepEqual(left.unmanaged, [{ ruleId: '8', ruleName: 'Other' }]);
    assert.deepEqual(left.steps, []);
    const asked = plan({ documents: [document('loss.json', LOSS_DOCUMENT)], deleting: ['loss.json'] });
    assert.equal(asked.steps[0]?.action, 'delete');
    assert.ok(asked.steps[0]?.action === 'delete');
    assert.equal(asked.steps[0].ruleId, '7');
  });

  test('two documents of one rule: the second is skipped', () => {
    const result = plan({ documents: [document('a.json', LOSS_DOCUMENT), document('b.json', LOSS_DOCUMENT)] });
    assert.equal(result.unchanged.length, 1);
    assert.match(result.skipped[0]?.reason ?? '', /also describes rule 7, as a\.json does/);
  });
});

describe('alert rule import', () => {
  test('the imported document names tests by name (by id when the name is shared) and plans to no change', () => {
    const rule: AlertRule = { ...LOSS, testIds: ['104', '101'] };
    const imported = importedRuleDocument(rule, TESTS);
    assert.ok('text' in imported);
    assert.equal(imported.fileName, 'loss-on-the-offices-7.netmon-alert-rule.json');
    const written = JSON.parse(imported.text) as Record<string, unknown>;
    assert.deepEqual(written['tests'], ['Outlook from the offices', 104]);
    assert.equal(written['ruleId'], '7');
    assert.equal('notifications' in written, false);
    assert.deepEqual(importedRuleDocument(rule, TESTS), imported);
    const result = planAlertRules({ documents: [{ uri: 'x', text: imported.text }], deployed: [rule], tests: TESTS });
    assert.deepEqual(result.steps, []);
    assert.equal(result.unchanged.length, 1);
  });

  test('a rule the document format cannot hold is left out, saying why', () => {
    const imported = importedRuleDocument({ ...LOSS, alertType: 'voice' }, TESTS);
    assert.ok('problem' in imported);
    assert.match(imported.problem, /alertType must be one of/);
  });
});
