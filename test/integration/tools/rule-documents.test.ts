// plan_documents and apply_documents over alert rule documents, through `netmon mcp --allow-writes`
// (the SDK's client over stdio) against the emulator: the plan an agent reads names every rule step
// that apply would make (none applied unseen), apply creates a new rule, and a document describing a
// rule the account already has (the seeded default, by its name) is refused whole: an agent creates
// rules, only the user changes one. On v6 the rule documents are one sentence.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writesWorld, type CallResult } from './writes-world';

type Step = { kind: string; action: string; testName: string; ruleId?: string };

const NEW_RULE = { ruleName: 'Loss from the offices', expression: '((loss >= 20%))', severity: 'major' };
/** The seeded default rule, by its name, with a different threshold: a document taking it over. */
const DEFAULT_CHANGED = { ruleName: 'Default Network Loss', expression: '((loss >= 50%))', severity: 'major' };

const WINDOW = { name: 'Saturday maintenance', startDate: '2030-01-05T22:00:00Z', duration: 7200 };

const textOf = (result: CallResult): string => result.content.map((c) => c.text ?? '').join('\n');

describe('plan_documents and apply_documents with alert rule documents (v7)', () => {
  let w: Awaited<ReturnType<typeof writesWorld>>;
  before(async () => {
    w = await writesWorld('v7', 'netmon-tools-rules');
  });
  after(async () => {
    await w.close();
  });

  test('the plan names the rule to create; apply creates it; planned again, nothing changes', async () => {
    writeFileSync(join(w.workspace, 'offices.netmon-alert-rule.json'), JSON.stringify(NEW_RULE, null, 2));
    const plan = await w.call('plan_documents', { paths: ['.'] });
    assert.ok(!plan.isError, textOf(plan));
    assert.match(textOf(plan), /Plan for 1 alert rule document: 1 to create, 0 to update/);
    const steps = plan.structuredContent?.['steps'] as Step[];
    assert.deepEqual(
      steps.map((s) => [s.kind, s.action, s.testName]),
      [['rule', 'create', NEW_RULE.ruleName]],
    );

    const applied = await w.call('apply_documents', { paths: ['.'] });
    assert.ok(!applied.isError, textOf(applied));
    const rules = await w.client.listAlertRules();
    assert.equal(rules.filter((r) => r.ruleName === NEW_RULE.ruleName).length, 1, 'the rule was created once');

    const again = await w.call('plan_documents', { paths: ['.'] });
    assert.match(
      textOf(again),
      /Plan for 1 alert rule document: 0 to create, 0 to update, 0 to replace, 0 to delete; 1 unchanged/,
    );
    assert.deepEqual(again.structuredContent?.['steps'], []);
  });

  test('a suppression window document is shown, and apply refuses it whole: no window is created', async (t) => {
    const window = join(w.workspace, 'saturday.netmon-alert-suppression-window.json');
    writeFileSync(window, JSON.stringify(WINDOW, null, 2));
    t.after(() => rmSync(window));
    const plan = await w.call('plan_documents', { paths: ['.'] });
    const steps = plan.structuredContent?.['steps'] as Step[];
    assert.deepEqual(
      steps.map((s) => [s.kind, s.action, s.testName]),
      [['window', 'create', WINDOW.name]],
    );
    assert.match(textOf(plan), /Plan for 1 suppression window document: 1 to create/);
    assert.match(textOf(plan), /1 step would change suppression windows \(create suppression window \(new\)\)/);
    const applied = await w.call('apply_documents', { paths: ['.'] });
    assert.equal(applied.isError, true, textOf(applied));
    assert.match(textOf(applied), /a suppression window silences alerts: only the user creates or changes one/);
    assert.deepEqual(
      (await w.client.listSuppressionWindows()).filter((x) => x.name === WINDOW.name),
      [],
      'no window was created',
    );
  });

  test('a document changing a rule the account has is shown, and apply refuses it whole: the rule stays', async () => {
    writeFileSync(join(w.workspace, 'default.netmon-alert-rule.json'), JSON.stringify(DEFAULT_CHANGED, null, 2));
    const before = (await w.client.listAlertRules()).find((r) => r.ruleName === DEFAULT_CHANGED.ruleName);
    assert.ok(before, 'the seeded default rule exists');
    const plan = await w.call('plan_documents', { paths: ['.'] });
    const steps = plan.structuredContent?.['steps'] as Step[];
    assert.deepEqual(
      steps.map((s) => [s.kind, s.action, s.ruleId]),
      [['rule', 'update', String(before.ruleId)]],
    );
    assert.match(textOf(plan), /1 step would change alert rules \(update alert rule \d+\): apply_documents refuses/);

    const applied = await w.call('apply_documents', { paths: ['.'] });
    assert.equal(applied.isError, true, textOf(applied));
    assert.match(textOf(applied), /nothing was applied: .*an alert rule is updated or deleted only by the user/);
    const after = await w.client.getAlertRule(String(before.ruleId));
    assert.doesNotMatch(String(after.expression), /50/, 'the default rule keeps its threshold');
  });
});

describe('plan_documents with alert rule documents (v6)', () => {
  test('the rule documents are left out in one sentence', async () => {
    const w = await writesWorld('v6', 'netmon-tools-rules');
    try {
      writeFileSync(join(w.workspace, 'offices.netmon-alert-rule.json'), JSON.stringify(NEW_RULE, null, 2));
      const plan = await w.call('plan_documents', { paths: ['.'] });
      assert.ok(!plan.isError, textOf(plan));
      assert.match(String(plan.structuredContent?.['alertRulesLeftOut']), /v7/);
      assert.deepEqual(plan.structuredContent?.['steps'], []);
    } finally {
      await w.close();
    }
  });
});
