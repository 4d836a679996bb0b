// After Apply, a Plan against what the service now lists must show nothing to do, even
// though the service normalises what it stores (server gets :80, url gets a scheme and /).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EnterpriseTest, EnterpriseTestResponse, EnterpriseTestType } from '../../../src/api/types';
import { computePlan, type DeployedTest, type PlanDocument } from '../../../src/documents';
import { testCreateRequest } from '../../../src/documents/payloads';
import { TestBed } from './helpers';

const TARGETS: readonly { type: EnterpriseTestType; target: Record<string, string> }[] = [
  { type: 'http-server', target: { url: 'example.com' } },
  { type: 'http-server', target: { url: 'https://example.org' } },
  { type: 'page-load', target: { url: 'http://example.net/path?q=1' } },
  { type: 'agent-to-server', target: { server: 'a.example' } },
];

function toDeployed(test: EnterpriseTest): DeployedTest {
  return {
    testId: test.testId,
    testName: test.testName,
    type: test.type,
    interval: test.interval,
    agents: test.agents,
    server: test.server,
    url: test.url,
    domain: test.domain,
    targetAgentId: test.targetAgentId,
    transactionScript: test.transactionScript,
  };
}

describe('plan after apply', () => {
  let bed: TestBed;
  before(async () => {
    bed = await TestBed.start();
  });
  after(async () => {
    await bed.close();
  });

  test('a test created from a document and bound to it plans as unchanged', async () => {
    const client = bed.client('admin');
    const documents: PlanDocument[] = [];
    for (const [index, { type, target }] of TARGETS.entries()) {
      const fields = { type, testName: `roundtrip ${index}`, interval: 300, agents: [{ agentId: 1000 }], ...target };
      const created = await client.createTest(type, testCreateRequest(fields).body);
      const testId = created.testId;
      assert.ok(testId !== undefined);
      documents.push({
        uri: `t${index}.netmon-test.json`,
        text: JSON.stringify({ ...fields, deployments: { demo: { default: testId } } }),
      });
    }
    const listed = (await client.getPage('/v7/tests')) as EnterpriseTestResponse;
    const deployed = listed.test.filter((t) => t.testName.startsWith('roundtrip')).map(toDeployed);
    assert.equal(deployed.length, TARGETS.length);
    const plan = computePlan({ documents, deployed, connectionKey: 'demo' });
    assert.deepEqual(plan.steps, []);
    assert.equal(plan.unchanged.length, TARGETS.length);
  });
});
