// Every field of the vendor's v7 request schema of every enterprise test type: a document that
// gives them all validates clean, deploys through the plan over loopback HTTP to the v7
// emulator (which answers as the vendor's response schema says), and comes back through
// "Import Deployed Tests" as a document that carries them all and plans as no change.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { ENTERPRISE_TEST_TYPES, WRITE_ONLY_TEST_FIELDS, type EnterpriseTestType } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import {
  computePlan,
  listDeployedTests,
  parseDocument,
  planImport,
  setBinding,
  toDeployedTest,
  validateDocument,
  type DeployedTest,
} from '../../../src/documents';
import { NOW_MS, conforming, recordsOf } from '../emulator/openapi';
import { VENDOR_SEGMENTS, fullRequest } from './vendor-samples';

const AID = '1001';

describe('every field of every test type: schema, deploy, import, plan (v7 over loopback HTTP)', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let agentIds: string[] = [];
  const sent = new Map<EnterpriseTestType, { text: string; request: Record<string, unknown>; testId: number }>();

  before(async () => {
    emulator = await startEmulator({ port: 0, api: 'v7', now: () => NOW_MS });
    client = createNetmonClient({
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      aid: Number(AID),
      apiVersion: 'v7',
    });
    agentIds = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents').map((a) => String(a.agentId));
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test('a document with every field of its type validates clean and deploys through the plan', async () => {
    for (const type of ENTERPRISE_TEST_TYPES) {
      // DNSSEC under v7's name: the document says dnssec, the plan means dns-dnssec.
      const request = fullRequest(type, agentIds);
      const text = `${JSON.stringify({ type: VENDOR_SEGMENTS[type], ...request }, null, 2)}\n`;
      const errors = validateDocument('test', text).diagnostics.filter((d) => d.severity === 'error');
      assert.deepEqual(
        errors.map((d) => d.message),
        [],
        `${type}: every vendor field is accepted`,
      );
      const plan = computePlan({
        documents: [{ uri: `${type}.netmon-test.json`, text }],
        deployed: [],
        connectionKey: emulator.url,
        aid: AID,
      });
      const step = plan.steps[0];
      assert.equal(step?.action, 'create', `${type}: ${JSON.stringify(plan.skipped)}`);
      if (step?.action !== 'create') continue;
      assert.equal(step.type, type);
      const created = await client.createTest(step.type, step.request.body);
      const path = `/v7/tests/${VENDOR_SEGMENTS[type]}/${created.testId}`;
      await conforming(emulator, `/tests/${VENDOR_SEGMENTS[type]}/{testId}`, path);
      sent.set(type, { text, request, testId: Number(created.testId) });
    }
    assert.equal(sent.size, ENTERPRISE_TEST_TYPES.length);
  });

  test('the documents, bound, plan as no change against what the emulator shows', async () => {
    const deployed = (await listDeployedTests(client)).map(toDeployedTest);
    const documents = [...sent].map(([type, { text, testId }]) => ({
      uri: `${type}.netmon-test.json`,
      text: setBinding(text, emulator.url, AID, testId),
    }));
    const plan = computePlan({ documents, deployed, connectionKey: emulator.url, aid: AID });
    assert.deepEqual(
      plan.steps.map((s) => `${s.action} ${s.type} ${s.action === 'replace' ? JSON.stringify(s.changes) : ''}`),
      [],
    );
    assert.equal(plan.unchanged.length, ENTERPRISE_TEST_TYPES.length);
  });

  test('import writes every field the service shows back, valid, and the imported documents plan as no change', async () => {
    const deployed: DeployedTest[] = (await listDeployedTests(client)).map(toDeployedTest);
    const { write, skipped } = planImport(deployed, { serviceKey: emulator.url, aidKey: AID }, new Set());
    assert.deepEqual(skipped, []);
    assert.equal(write.length, ENTERPRISE_TEST_TYPES.length);
    for (const document of write) {
      const errors = validateDocument('test', document.text).diagnostics.filter((d) => d.severity === 'error');
      assert.deepEqual(
        errors.map((d) => d.message),
        [],
        document.text,
      );
      const [type, original] = [...sent].find(([, s]) => s.testId === document.testId)!;
      const imported = parseDocument(document.text).value as Record<string, unknown>;
      const missing = Object.keys(original.request).filter(
        (field) =>
          !WRITE_ONLY_TEST_FIELDS.has(field) &&
          // Which rules watch a test is imported with the rules (netmon import --rules: each rule's testIds), not
          // into the test's document: the vendor's schema has a test's alertRules write-only.
          field !== 'alertRules' &&
          !(field in imported) &&
          !(field === 'port' && String(imported['server']).endsWith(':443')),
      );
      assert.deepEqual(missing, [], `${type}: the imported document carries every field sent`);
    }
    const plan = computePlan({
      documents: write.map((d) => ({ uri: d.fileName, text: d.text })),
      deployed,
      connectionKey: emulator.url,
      aid: AID,
    });
    assert.deepEqual(
      plan.steps.map((s) => `${s.action} ${s.type} ${s.action === 'replace' ? JSON.stringify(s.changes) : ''}`),
      [],
    );
    assert.equal(plan.unchanged.length, ENTERPRISE_TEST_TYPES.length);
  });
});
