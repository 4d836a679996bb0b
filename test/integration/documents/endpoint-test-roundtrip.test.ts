// Endpoint test documents against the emulator's v7 world over loopback HTTP: every scheduled
// and dynamic test imports as a document that plans as unchanged against what the client
// lists; an edited document's plan, applied with the client, changes the test (PATCH in place,
// or replaced when its agents change), after which it plans as unchanged again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import type { EndpointAgent } from '../../../src/api/types';
import {
  applyEndpointStep,
  computeEndpointPlan,
  planEndpointImport,
  setBinding,
  type EndpointDirectory,
} from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const TARGET = { serviceKey: 'demo', aidKey: '1001' };

describe('endpoint test documents round-trip through the v7 emulator', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let directory: Required<EndpointDirectory>;
  before(async () => {
    emulator = await startEmulator({ api: 'v7', now: () => Date.UTC(2026, 10, 20, 16, 0, 0) });
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      aid: 1001,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    const agents: EndpointAgent[] = [];
    for await (const agent of client.endpointAgents()) agents.push(agent);
    directory = { labels: await client.listEndpointLabels(), agents };
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  const plan = async (documents: { uri: string; text: string }[]) =>
    computeEndpointPlan({
      documents,
      deployed: await client.listManagedEndpointTests(),
      connectionKey: TARGET.serviceKey,
      aid: TARGET.aidKey,
      directory,
    });

  test('import → plan: no change, for every scheduled and dynamic test of the account', async () => {
    const deployed = await client.listManagedEndpointTests();
    assert.ok(
      deployed.some((t) => t.type === 'dynamic') &&
        deployed.some((t) => t.type === 'http-server') &&
        deployed.some((t) => t.type === 'agent-to-server'),
    );
    const { write } = planEndpointImport(deployed, directory, TARGET, new Set());
    assert.equal(write.length, deployed.length);
    const result = await plan(write.map((d) => ({ uri: d.fileName, text: d.text })));
    assert.deepEqual(result.skipped, []);
    assert.deepEqual(
      result.steps.map((s) => `${s.action} ${s.testName}`),
      [],
    );
    assert.equal(result.unchanged.length, deployed.length);
  });

  test('create by label name, patch the server in place, replace for another label; each then plans as unchanged', async () => {
    let text = [
      '{',
      '  "type": "agent-to-server",',
      '  "testName": "Round trip",',
      '  "interval": 300,',
      '  "agentLabels": ["Mac laptops"],',
      '  "server": "example.com"',
      '}',
      '',
    ].join('\n');
    const applyAll = async (): Promise<string[]> => {
      const { steps } = await plan([{ uri: 'rt.netmon-endpoint-test.json', text }]);
      for (const step of steps) {
        const testId = await applyEndpointStep(step, client);
        if (testId !== undefined) text = setBinding(text, TARGET.serviceKey, TARGET.aidKey, testId);
      }
      return steps.map((s) => s.action);
    };
    assert.deepEqual(await applyAll(), ['create']);
    assert.deepEqual(await applyAll(), []);
    text = text.replace('example.com', 'example.org');
    assert.deepEqual(await applyAll(), ['update']);
    const patched = (await client.listManagedEndpointTests()).find((t) => t.testName === 'Round trip');
    assert.equal(patched?.fields.server, 'example.org');
    text = text.replace('Mac laptops', 'Windows desktops');
    assert.deepEqual(await applyAll(), ['replace']);
    const replaced = (await client.listManagedEndpointTests()).filter((t) => t.testName === 'Round trip');
    assert.equal(replaced.length, 1);
    assert.deepEqual(replaced[0]?.agentSelector.endpointAgentLabels, [
      directory.labels.find((l) => l.name === 'Windows desktops')?.id,
    ]);
    assert.deepEqual(await applyAll(), []);
  });
});
