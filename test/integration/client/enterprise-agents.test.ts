// GET /v6/agents through the client against the emulator: the agents tests run from, by
// type, with the ids test creation accepts and the names test responses embed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NotFoundError, ValidationError } from '../../../src/api';
import { TestBed, rejection } from './helpers';

describe('enterprise agents', () => {
  let bed: TestBed;
  before(async () => {
    bed = await TestBed.start();
  });
  after(() => bed.close());

  test('lists cloud and enterprise agents; agentTypes narrows the list', async () => {
    const client = bed.client('viewer');
    const { records: all } = await client.enterpriseAgents().collect();
    assert.ok(all.length >= 3);
    assert.ok(all.every((agent) => typeof agent.agentId === 'number' && agent.agentName !== ''));
    const { records: cloud } = await client.enterpriseAgents({ agentTypes: ['CLOUD'] }).collect();
    const { records: enterprise } = await client.enterpriseAgents({ agentTypes: ['ENTERPRISE'] }).collect();
    assert.ok(cloud.length > 0 && enterprise.length > 0);
    assert.ok(cloud.every((agent) => agent.agentType === 'Cloud'));
    assert.equal(cloud.length + enterprise.length, all.length);
    const [first] = all;
    assert.deepEqual((await client.getEnterpriseAgent(first!.agentId)).agentName, first!.agentName);
  });

  test('the ids it lists are the ones test creation accepts, and tests embed the same names', async () => {
    const client = bed.client('admin');
    const { records } = await client.enterpriseAgents().collect();
    const picked = records.slice(-2);
    const created = await client.createTest('http-server', {
      testName: 'from listed agents',
      interval: 300,
      agents: picked.map((a) => ({ agentId: a.agentId })),
      url: 'https://example.com/health',
    });
    assert.deepEqual(
      created.agents.map((a) => [a.agentId, a.agentName]),
      picked.map((a) => [a.agentId, a.agentName]),
    );
  });

  test('an unknown agent is 404, an unknown agentTypes value 400', async () => {
    const client = bed.client('viewer');
    assert.ok((await rejection(client.getEnterpriseAgent(424242))) instanceof NotFoundError);
    const error = await rejection(client.enterpriseAgents({ agentTypes: ['SATELLITE' as never] }).collect());
    assert.ok(error instanceof ValidationError);
    assert.match(
      (error as Error).message,
      /agentTypes 'SATELLITE' must be one of ENTERPRISE, CLOUD, ENTERPRISE_CLUSTER/,
    );
  });
});
