// Alert rule documents through the real `netmon` entry point against the emulator over loopback
// HTTP: plan and apply create a rule (its tests named by name), a change of severity updates it
// and keeps the notifications the document does not speak to, and after apply the plan is empty;
// `netmon import --rules` writes a document per deployed rule that plans to no change and that a
// second import leaves as it is; a v6 account says that alert rules need v7. A test document that
// names a rule by name (its alertRules) is created and then watched by the rule the same apply
// creates: the rule's testIds hold it, and plan (then import and plan) shows no change.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { DEMO_CREDENTIALS, startEmulator } from '../../../src/emulator';
import { ALERT_TESTS } from '../alerts-world';
import { mailRelayDocument, useAlertWorldForCli } from '../alerts-world-cli';
import { netmon } from './run-netmon';

const RULE = {
  ruleName: 'Latency on the offices',
  expression: '((avgLatency > 150 ms))',
  roundsViolatingRequired: 2,
  roundsViolatingOutOf: 3,
  severity: 'minor',
  tests: [ALERT_TESTS[0]],
};
const NOTIFICATIONS = { email: { message: 'Latency', recipients: ['noc@example.com'] } };

describe('netmon plan, apply and import of alert rule documents (emulator speaking v7)', () => {
  const shared = useAlertWorldForCli('netmon-rules-', 'netmon-rules-import-');
  const [folder, imported] = shared.folders as [string, string];
  const { run } = shared;
  const file = join(folder, 'latency.netmon-alert-rule.json');
  const ruleNamed = async (name: string) => {
    const listed = (await shared.world.client.listAlertRules()).filter((rule) => rule.ruleName === name);
    assert.equal(listed.length, 1, `one rule named ${name}`);
    return shared.world.client.getAlertRule(listed[0]?.ruleId ?? '');
  };
  const testId = async (name: string): Promise<string> => {
    const tests = await shared.world.client.listEnterpriseTests();
    return String(tests.find((t) => t.testName === name)?.testId);
  };

  test('plan shows the create with its test resolved; apply creates it; then nothing changes', async () => {
    writeFileSync(file, JSON.stringify(RULE, null, 2));
    const outlook = await testId(ALERT_TESTS[0]);
    const planned = await run('plan', folder);
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, /\+ create {2}rule "Latency on the offices" from /);
    assert.ok(planned.stdout.includes(`test "${ALERT_TESTS[0]}" → ${outlook}`), planned.stdout);
    const applied = await run('apply', folder, '--yes');
    assert.equal(applied.code, 0, applied.stderr);
    const rule = await ruleNamed(RULE.ruleName);
    assert.deepEqual(rule.testIds, [outlook]);
    assert.equal(rule.severity, 'minor');
    assert.equal(rule.roundsViolatingOutOf, 3);
    const again = await run('plan', folder);
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, /Alert rules: 0 to create, 0 to update, 0 to delete\./);
  });

  test('a changed severity and one more test update the rule, keeping its notifications', async () => {
    const { ruleId, ...fields } = await ruleNamed(RULE.ruleName);
    await shared.world.client.updateAlertRule(ruleId, { ...fields, notifications: NOTIFICATIONS });
    writeFileSync(file, JSON.stringify({ ...RULE, severity: 'critical', tests: [...ALERT_TESTS] }, null, 2));
    const planned = await run('plan', folder);
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, new RegExp(`~ update {2}rule "Latency on the offices" → ${ruleId} from `));
    assert.match(planned.stdout, /severity: "minor" → "critical"/);
    const applied = await run('apply', folder, '--yes');
    assert.equal(applied.code, 0, applied.stderr);
    const rule = await shared.world.client.getAlertRule(ruleId);
    assert.equal(rule.severity, 'critical');
    assert.deepEqual(
      [...(rule.testIds ?? [])].sort(),
      [await testId(ALERT_TESTS[0]), await testId(ALERT_TESTS[1])].sort(),
    );
    assert.deepEqual(rule.notifications, NOTIFICATIONS);
    assert.equal((await run('plan', folder)).code, 0);
  });

  test('import writes every deployed rule, names its tests, plans to no change, and a second import writes nothing', async () => {
    const first = await run('import', '--rules', imported);
    assert.equal(first.code, 0, first.stderr);
    const rules = await shared.world.client.listAlertRules();
    const files = readdirSync(imported).sort();
    assert.equal(files.length, rules.length, first.stdout);
    const ours = files.find((name) => name.startsWith('latency-on-the-offices-'));
    assert.ok(ours);
    const document = JSON.parse(readFileSync(join(imported, ours), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(document['tests'], [...ALERT_TESTS]);
    const texts = files.map((name) => readFileSync(join(imported, name), 'utf8'));
    const second = await run('import', '--rules', imported);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, new RegExp(`0 written, ${rules.length} unchanged, 0 left alone`));
    assert.deepEqual(
      files.map((name) => readFileSync(join(imported, name), 'utf8')),
      texts,
    );
    const planned = await run('plan', imported);
    assert.equal(planned.code, 0, planned.stdout + planned.stderr);
    assert.match(planned.stdout, /Alert rules: 0 to create, 0 to update, 0 to delete\./);
  });
});

describe('a test document naming a rule by name (emulator speaking v7)', () => {
  const shared = useAlertWorldForCli('netmon-rules-named-', 'netmon-rules-named-import-');
  const [folder, imported] = shared.folders as [string, string];
  const { run } = shared;

  test('plan shows the test and the rule; apply binds them through the rule; plan and import then plan: no change', async () => {
    const { world } = shared;
    const rule = { ruleName: 'Relay loss', expression: '((loss >= 5%))', severity: 'major' };
    const relay = await mailRelayDocument(world.client, { alertRules: ['Relay loss'] });
    writeFileSync(join(folder, 'relay-loss.netmon-alert-rule.json'), JSON.stringify(rule, null, 2));
    writeFileSync(join(folder, 'relay.netmon-test.json'), JSON.stringify(relay, null, 2));
    const planned = await run('plan', folder);
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, /\+ create {2}"Mail relay" \(agent-to-server\) from /);
    assert.match(planned.stdout, /\+ create {2}rule "Relay loss" from /);
    assert.match(
      planned.stdout,
      /relay.netmon-test.json names rule "Relay loss" → the new rule: watch test "Mail relay"/,
    );
    const applied = await run('apply', folder, '--yes');
    assert.equal(applied.code, 0, applied.stdout + applied.stderr);
    const testId = String((await world.client.listEnterpriseTests()).find((t) => t.testName === 'Mail relay')?.testId);
    const ruleId = (await world.client.listAlertRules()).find((r) => r.ruleName === 'Relay loss')?.ruleId ?? '';
    assert.deepEqual((await world.client.getAlertRule(ruleId)).testIds, [testId]);
    const again = await run('plan', folder);
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, /Alert rules: 0 to create, 0 to update, 0 to delete\./);
    // The imported rule documents (the rule with its ruleId, its test by name) beside the bound test document.
    assert.equal((await run('import', '--rules', imported)).code, 0);
    copyFileSync(join(folder, 'relay.netmon-test.json'), join(imported, 'relay.netmon-test.json'));
    const afterImport = await run('plan', imported);
    assert.equal(afterImport.code, 0, afterImport.stdout + afterImport.stderr);
    assert.match(afterImport.stdout, /Alert rules: 0 to create, 0 to update, 0 to delete\./);
  });

  test('a name no rule has is a problem at its place, and apply refuses', async () => {
    const text = readFileSync(join(folder, 'relay.netmon-test.json'), 'utf8').replace('"Relay loss"', '"Relay lost"');
    writeFileSync(join(folder, 'relay.netmon-test.json'), text);
    const planned = await run('plan', folder);
    assert.notEqual(planned.code, 0);
    assert.match(planned.stdout, /relay.netmon-test.json: \d+:\d+ alertRules: no alert rule is named "Relay lost"/);
    const applied = await run('apply', folder, '--yes');
    assert.notEqual(applied.code, 0);
  });
});

describe('alert rule documents on a v6 account', () => {
  test('plan and import say in one sentence that alert rules need v7', async () => {
    const emulator = await startEmulator({ port: 0, api: 'v6' });
    const folder = mkdtempSync(join(tmpdir(), 'netmon-rules-v6-'));
    try {
      writeFileSync(join(folder, 'latency.netmon-alert-rule.json'), JSON.stringify(RULE));
      const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token, NETMON_BASE_URL: emulator.url };
      const planned = await netmon(['plan', folder, '--api', 'v6'], { env });
      assert.equal(planned.code, 0, planned.stderr);
      assert.ok(planned.stdout.includes('alert rules need the v7 API, and this account speaks v6.'), planned.stdout);
      const importing = await netmon(['import', '--rules', folder, '--api', 'v6'], { env });
      assert.equal(importing.code, 2);
      assert.equal(
        importing.stderr.trim(),
        'netmon import: Alert rules need the v7 API, and this account speaks v6: nothing was imported.',
      );
    } finally {
      await emulator.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
