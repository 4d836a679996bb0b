// A folder's endpoint test documents in the folder-wide plan, against the emulator over
// loopback HTTP: on v7 they plan against the account's endpoint tests (labels read only when a
// document names them) and the plan's text and JSON say each step is an endpoint step, hostile
// names quoted; applying with deletes declined runs the rest and leaves the replace; on v6 they
// are one sentence and nothing is asked of the service about them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import {
  applyEndpointSteps,
  endpointPlanJson,
  planEndpointFolder,
  renderEndpointPlan,
  setBinding,
} from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const KEY = 'demo';
const AID = '1001';
const document = (name: string, extra: string): string =>
  [
    '{',
    '  "type": "agent-to-server",',
    `  "testName": ${JSON.stringify(name)},`,
    '  "interval": 300,',
    extra,
    '  "server": "example.com"',
    '}',
    '',
  ].join('\n');

async function open(api: 'v6' | 'v7'): Promise<{ emulator: RunningEmulator; client: NetmonClient }> {
  const emulator = await startEmulator({ api });
  const client = createNetmonClient({
    baseUrl: emulator.url,
    apiVersion: api,
    aid: 1001,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
  });
  return { emulator, client };
}

describe('endpoint test documents in the folder plan', () => {
  let v7: { emulator: RunningEmulator; client: NetmonClient };
  before(async () => {
    v7 = await open('v7');
  });
  after(async () => {
    await v7.client.close();
    await v7.emulator.close();
  });

  test('v7: each step says it is an endpoint step, in text and JSON; a hostile name is quoted', async () => {
    const hostile = 'Evil\u001b[31m name';
    const documents = [
      { uri: 'a.netmon-endpoint-test.json', text: document(hostile, '  "agentLabels": ["Mac laptops"],') },
      { uri: 'b.netmon-endpoint-test.json', text: document('Nowhere', '  "agentLabels": ["No such label"],') },
    ];
    const folder = await planEndpointFolder({ documents, client: v7.client, connectionKey: KEY, aidKey: AID });
    assert.deepEqual(
      folder.plan?.steps.map((s) => s.action),
      ['create'],
    );
    assert.match(folder.plan?.skipped[0]?.reason ?? '', /Endpoint label "No such label" is not in the account/);
    const text = renderEndpointPlan(folder, (uri) => uri).join('\n');
    assert.ok(
      text.includes(`+ create  "Evil\\u001b[31m name" (endpoint agent-to-server) from a.netmon-endpoint-test.json`),
      text,
    );
    assert.ok(!text.includes('\u001b'), 'no escape character reaches the text');
    assert.match(text, /Skipped b\.netmon-endpoint-test\.json: Endpoint label "No such label"/);
    assert.match(text, /Endpoint plan: 1 to create, 0 to update, 0 to replace, 0 to delete\./);
    const json = endpointPlanJson(folder, (uri) => uri);
    assert.deepEqual(
      json.steps.map((s) => (s as { kind: string }).kind),
      ['endpoint'],
    );
    assert.equal(json.skipped.length, 1);
  });

  test('v7: applying with deletes declined runs the update, binds each document, and leaves the replace', async () => {
    const created = await v7.client.createEndpointTest('agent-to-server', {
      testName: 'Keep',
      interval: 300,
      agentSelectorType: 'all-agents',
      server: 'example.com',
    });
    const doomed = await v7.client.createEndpointTest('agent-to-server', {
      testName: 'Move',
      interval: 300,
      agentSelectorType: 'all-agents',
      server: 'example.com',
    });
    const documents = [
      {
        uri: 'keep.netmon-endpoint-test.json',
        text: setBinding(document('Keep', '').replace('"example.com"', '"example.org"'), KEY, AID, created.testId),
      },
      {
        uri: 'move.netmon-endpoint-test.json',
        text: setBinding(document('Move', '  "agentLabels": ["Mac laptops"],'), KEY, AID, doomed.testId),
      },
    ];
    const folder = await planEndpointFolder({ documents, client: v7.client, connectionKey: KEY, aidKey: AID });
    assert.deepEqual(
      folder.plan?.steps.map((s) => `${s.action} ${s.testName}`),
      ['update Keep', 'replace Move'],
    );
    const bound: [string, number | undefined][] = [];
    const result = await applyEndpointSteps(folder.plan?.steps ?? [], v7.client, {
      allowDestructive: false,
      bind: (uri, testId) => {
        bound.push([uri, testId]);
        return Promise.resolve();
      },
    });
    assert.deepEqual(
      result.completed.map((s) => s.action),
      ['update'],
    );
    assert.deepEqual(
      result.declined.map((s) => s.action),
      ['replace'],
    );
    assert.deepEqual(bound, [['keep.netmon-endpoint-test.json', created.testId]]);
    const tests = await v7.client.listManagedEndpointTests();
    assert.equal(tests.find((t) => t.testId === created.testId)?.fields.server, 'example.org');
    assert.ok(
      tests.some((t) => t.testId === doomed.testId),
      'the declined replace deleted nothing',
    );
  });

  test('v6: one sentence saying they need the current API', async () => {
    const v6 = await open('v6');
    try {
      const documents = [1, 2].map((n) => ({ uri: `${n}.netmon-endpoint-test.json`, text: document(`T${n}`, '') }));
      const folder = await planEndpointFolder({ documents, client: v6.client, connectionKey: KEY, aidKey: AID });
      assert.equal(folder.plan, undefined);
      assert.deepEqual(
        renderEndpointPlan(folder, (uri) => uri),
        [
          '',
          '2 endpoint test documents left out: Endpoint tests as code and endpoint labels need the current API (v7): this account speaks API v6, where endpoint tests are read-only.',
        ],
      );
      assert.deepEqual(endpointPlanJson(folder, (uri) => uri).steps, []);
    } finally {
      await v6.client.close();
      await v6.emulator.close();
    }
  });
});
