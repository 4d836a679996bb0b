// `netmon agent timeline <computer name>` on a v7 account asks the service's agent filter for
// the exact name (one small read) instead of reading the whole agent list; a name that is not
// exact still finds its agent through the list, as on v6.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentTimeline } from '../../../src/analysis/timeline';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';

const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);
const AID = 1001;

interface Logged {
  method: string;
  path: string;
  query: Record<string, string>;
}

describe('netmon agent timeline finds the agent with the v7 agent filter', () => {
  let emulator: RunningEmulator;
  let agent: { agentId: string; computerName: string };
  before(async () => {
    emulator = await startEmulator({ port: 0, api: 'v7', now: () => NOW_MS, control: true });
    const first = emulator.world.group(AID)?.featuredAgents()[0];
    const record = emulator.world.group(AID)?.endpointAgent(first?.agentId ?? '');
    agent = { agentId: String(record?.agentId), computerName: String(record?.computerName) };
  });
  after(() => emulator.close());

  async function run(query: string): Promise<{ timeline: AgentTimeline; requests: Logged[] }> {
    await fetch(`${emulator.url}/_emulator/requests`, { method: 'DELETE' });
    const result = await netmon(
      ['agent', 'timeline', query, '--window', '1h', '--json', '--base-url', emulator.url, '--aid', String(AID)],
      { env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token } },
    );
    assert.equal(result.code, 0, result.stderr);
    const { requests } = (await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as { requests: Logged[] };
    return {
      timeline: JSON.parse(result.stdout) as AgentTimeline,
      requests: requests.filter((r) => r.path.startsWith('/v7/endpoint/agents')),
    };
  }

  test('an exact computer name: one POST /v7/endpoint/agents/filter, no walk of the agent list', async () => {
    const { timeline, requests } = await run(agent.computerName);
    assert.equal(timeline.agent.agentId, agent.agentId);
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}${r.query['max'] ? ` max=${r.query['max']}` : ''}`),
      ['GET /v7/endpoint/agents max=1', 'POST /v7/endpoint/agents/filter'],
      'detection, then the filter',
    );
  });

  test('a name that is not exact falls back to the agent list and still finds the one agent', async () => {
    const upper = agent.computerName.toUpperCase();
    const { timeline, requests } = await run(upper === agent.computerName ? agent.computerName.toLowerCase() : upper);
    assert.equal(timeline.agent.agentId, agent.agentId);
    assert.ok(
      requests.some((r) => r.method === 'GET' && r.query['max'] === undefined),
      'the list was read',
    );
  });
});
