// plan_documents and apply_documents over alert rule documents, through `netmon mcp --allow-writes`
// (the SDK's client over stdio) against the emulator: the plan an agent reads names every rule step
// that apply would make (none applied unseen), apply creates a new rule, and a document describing a
// rule the account already has (the seeded default, by its name) is refused whole: an agent creates
// rules, only the user changes one. On v6 the rule documents are one sentence.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { NOW_MS } from './context';

const REPO = join(__dirname, '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = join(REPO, 'src', 'cli', 'netmon.ts');

interface CallResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
type Step = { kind: string; action: string; testName: string; ruleId?: string };

const NEW_RULE = { ruleName: 'Loss from the offices', expression: '((loss >= 20%))', severity: 'major' };
/** The seeded default rule, by its name, with a different threshold: a document taking it over. */
const DEFAULT_CHANGED = { ruleName: 'Default Network Loss', expression: '((loss >= 50%))', severity: 'major' };

const WINDOW = { name: 'Saturday maintenance', startDate: '2030-01-05T22:00:00Z', duration: 7200 };

const textOf = (result: CallResult): string => result.content.map((c) => c.text ?? '').join('\n');

async function world(api: 'v6' | 'v7'): Promise<{
  client: NetmonClient;
  workspace: string;
  call: (name: string, args: Record<string, unknown>) => Promise<CallResult>;
  close(): Promise<void>;
}> {
  const workspace = mkdtempSync(join(tmpdir(), 'netmon-tools-rules-'));
  const state = mkdtempSync(join(tmpdir(), 'netmon-tools-rules-state-'));
  const emulator: RunningEmulator = await startEmulator({ port: 0, now: () => NOW_MS, api });
  const client = createNetmonClient({
    baseUrl: emulator.url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    apiVersion: api,
  });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', TSX, ENTRY, 'mcp', '--base-url', emulator.url, '--aid', '1001', '--api', api, '--allow-writes'],
    cwd: workspace,
    env: {
      ...(process.env as Record<string, string>),
      NETMON_TOKEN: DEMO_CREDENTIALS.admin.token,
      NETMON_STATE_DIR: state,
    },
    stderr: 'pipe',
  });
  const mcp = new Client({ name: 'netmon-test', version: '1.0.0' });
  await mcp.connect(transport);
  return {
    client,
    workspace,
    call: async (name, args) => (await mcp.callTool({ name, arguments: args })) as CallResult,
    close: async () => {
      await mcp.close();
      await client.close();
      await emulator.close();
      rmSync(workspace, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    },
  };
}

describe('plan_documents and apply_documents with alert rule documents (v7)', () => {
  let w: Awaited<ReturnType<typeof world>>;
  before(async () => {
    w = await world('v7');
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
    const w = await world('v6');
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
