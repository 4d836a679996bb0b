// The agents' network provider (v7 `networkProviderInfo`) where a document's author picks an agent:
// completion of agents[].agentId and the hover name the provider and its AS beside the location,
// read from the emulator's /v7/agents over loopback, as `netmon plan` and the editor read it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { completionsAt, hoverAt } from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { enterpriseAgents } from '../../../src/workflows/deploy-run';
import type { Account } from '../../../src/workflows/account';

let emulator: RunningEmulator;
let client: NetmonClient;
before(async () => {
  emulator = await startEmulator({ port: 0, api: 'v7' });
  client = createNetmonClient({
    baseUrl: emulator.url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    apiVersion: 'v7',
  });
});
after(async () => {
  await client.close();
  await emulator.close();
});

const account = (): Account => ({
  client,
  serviceKey: 'demo',
  aidKey: '1001',
  requestAid: undefined,
  label: 'the demo account',
  close: async () => {},
});

test('agent completion and hover name the network provider and its AS (v7)', async () => {
  const agents = await enterpriseAgents(account(), []);
  const { records } = await client.enterpriseAgents().collect();
  const first = records[0]!;
  const info = first.networkProviderInfo as { name: string; asn: number };
  const provider = `${info.name} (AS${info.asn})`;
  assert.equal(agents.find((a) => a.agentId === String(first.agentId))?.network, provider);

  const text = `{\n  "type": "agent-to-server",\n  "agents": [{ "agentId": ${first.agentId} }]\n}\n`;
  const offset = text.indexOf(String(first.agentId)) + 1;
  const catalog = { enterpriseAgents: agents };
  const item = completionsAt('test', text, offset, catalog).find((i) => i.insertText === String(first.agentId));
  assert.ok(item, 'the agent is offered');
  assert.ok(item.detail?.includes(` · ${provider} — from `), item.detail);
  const hover = hoverAt('test', text, offset, catalog);
  assert.ok(hover?.contents.includes(provider), JSON.stringify(hover));
});
