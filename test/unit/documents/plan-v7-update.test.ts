// On v7 a PUT changes any field the schema does not mark read-only, so the plan updates an
// HTTP server test's url (or an agent-to-server test's server) in place; on v6, which updates
// testName, interval and agents only, the same change is still a replace. A change of type
// replaces on both.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computePlan, type DeployedTest, type PlanDocument } from '../../../src/documents';

function doc(uri: string, fields: Record<string, unknown>, testId: number): PlanDocument {
  const body = {
    type: 'http-server',
    testName: 'health',
    interval: 300,
    agents: [{ agentId: 1 }],
    url: 'https://one.example/health',
    ...fields,
    deployments: { demo: { default: testId } },
  };
  return { uri, text: `${JSON.stringify(body, null, 2)}\n` };
}

function deployed(testId: number, fields: Partial<DeployedTest> = {}): DeployedTest {
  return {
    testId,
    testName: 'health',
    type: 'http-server',
    interval: 300,
    agents: [{ agentId: 1 }],
    url: 'https://one.example/health',
    ...fields,
  };
}

const plan = (documents: PlanDocument[], live: DeployedTest[], apiVersion?: 'v6' | 'v7') =>
  computePlan({ documents, deployed: live, connectionKey: 'demo', ...(apiVersion ? { apiVersion } : {}) });

describe('plan: fields v7 can update', () => {
  const moved = [doc('a.netmon-test.json', { url: 'https://two.example/status', interval: 600 }, 20)];

  test('on v7 a changed url is an update that sends the url', () => {
    const [step, ...rest] = plan(moved, [deployed(20)], 'v7').steps;
    assert.equal(rest.length, 0);
    assert.equal(step?.action, 'update');
    if (step?.action !== 'update') return;
    assert.equal(step.testId, 20);
    assert.deepEqual(step.changes, [
      { field: 'url', from: 'https://one.example/health', to: 'https://two.example/status' },
      { field: 'interval', from: 300, to: 600 },
    ]);
    assert.equal(step.request.method, 'PUT');
    assert.equal(step.request.path, '/v7/tests/http-server/20');
    assert.deepEqual(step.request.body, {
      testName: 'health',
      interval: 600,
      agents: [{ agentId: 1 }],
      url: 'https://two.example/status',
    });
  });

  test('on v6 (and by default) the same change is still a replace', () => {
    for (const apiVersion of ['v6', undefined] as const) {
      const [step] = plan(moved, [deployed(20)], apiVersion).steps;
      assert.equal(step?.action, 'replace', String(apiVersion));
    }
  });

  test("on v7 an agent-to-server test's server moves in place with the port it names", () => {
    const document = doc(
      'b.netmon-test.json',
      { type: 'agent-to-server', url: undefined, server: 'b.example', port: 443 },
      21,
    );
    const live = deployed(21, { type: 'agent-to-server', url: undefined, server: 'a.example:443' });
    const [step] = plan([document], [live], 'v7').steps;
    assert.equal(step?.action, 'update');
    if (step?.action !== 'update') return;
    assert.deepEqual(
      step.changes.map((c) => c.field),
      ['server'],
    );
    const body = step.request.body as Record<string, unknown>;
    assert.equal(body['server'], 'b.example');
    assert.equal(body['port'], 443);
  });

  test('a changed type replaces on v7 too, an unchanged test plans nothing', () => {
    const [step] = plan(moved, [deployed(20, { type: 'page-load' })], 'v7').steps;
    assert.equal(step?.action, 'replace');
    const same = plan([doc('c.netmon-test.json', {}, 22)], [deployed(22)], 'v7');
    assert.deepEqual(same.steps, []);
    assert.deepEqual(same.unchanged, [{ uri: 'c.netmon-test.json', testId: 22 }]);
  });
});
