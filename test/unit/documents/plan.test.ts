import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EnterpriseTest } from '../../../src/api/types';
import {
  applyPlan,
  computePlan,
  type DeployedTest,
  type PlanDocument,
  type PlanExecutor,
  type PlanStep,
} from '../../../src/documents';

function doc(uri: string, fields: Record<string, unknown>, testId?: number): PlanDocument {
  const body = {
    type: 'agent-to-server',
    testName: uri,
    interval: 60,
    agents: [{ agentId: 1 }],
    server: 'a.example',
    ...fields,
  };
  const withBinding = testId === undefined ? body : { ...body, deployments: { demo: { default: testId } } };
  return { uri, text: `// ${uri}\n${JSON.stringify(withBinding, null, 2)}\n` };
}

function deployed(testId: number, fields: Partial<DeployedTest> = {}): DeployedTest {
  return {
    testId,
    testName: `t${testId}`,
    type: 'agent-to-server',
    interval: 60,
    agents: [{ agentId: 1 }],
    server: 'a.example:80',
    ...fields,
  };
}

const summary = (steps: readonly PlanStep[]): string[] =>
  steps.map((s) => `${s.action} ${s.uri ?? ''} ${'testId' in s ? s.testId : ''}`.trim());

describe('plan', () => {
  const documents = [
    doc('e-new.netmon-test.json', {}),
    doc('a-new.netmon-test.json', {}),
    doc('b-same.netmon-test.json', { testName: 't10' }, 10),
    doc(
      'c-renamed.netmon-test.json',
      { testName: 'renamed', interval: 300, agents: [{ agentId: '2' }, { agentId: 1 }] },
      11,
    ),
    doc('d-moved.netmon-test.json', { testName: 't12', server: 'b.example' }, 12),
    doc('f-gone.netmon-test.json', { testName: 't13' }, 13),
    doc('g-marked.netmon-test.json', { testName: 't14', markedForDeletion: true }, 14),
    doc('h-invalid.netmon-test.json', { interval: 61 }),
  ];
  const live = [
    deployed(10),
    deployed(11),
    deployed(12),
    deployed(14),
    deployed(15),
    deployed(16, { testName: 'made in the UI' }),
  ];
  const plan = computePlan({
    documents,
    deployed: live,
    connectionKey: 'demo',
    previousBindings: [{ uri: 'z-deleted.netmon-test.json', testId: 15 }],
  });

  test('creates, updates, replaces and deletes in a deterministic order', () => {
    assert.deepEqual(summary(plan.steps), [
      'create a-new.netmon-test.json',
      'create e-new.netmon-test.json',
      'create f-gone.netmon-test.json',
      'update c-renamed.netmon-test.json 11',
      'replace d-moved.netmon-test.json 12',
      'delete g-marked.netmon-test.json 14',
      'delete z-deleted.netmon-test.json 15',
    ]);
    const shuffled = computePlan({
      documents: [...documents].reverse(),
      deployed: [...live].reverse(),
      connectionKey: 'demo',
      previousBindings: [{ uri: 'z-deleted.netmon-test.json', testId: 15 }],
    });
    assert.deepEqual(shuffled, plan);
  });

  test('an update lists field diffs; port 80 added by the service is not a change', () => {
    const update = plan.steps.find((s) => s.action === 'update');
    assert.deepEqual(update?.action === 'update' && update.changes, [
      { field: 'testName', from: 't11', to: 'renamed' },
      { field: 'interval', from: 60, to: 300 },
      { field: 'agents', from: [1], to: [1, 2] },
    ]);
    assert.deepEqual(update?.request.body, {
      testName: 'renamed',
      interval: 300,
      agents: [{ agentId: 2 }, { agentId: 1 }],
    });
    assert.deepEqual(plan.unchanged, [{ uri: 'b-same.netmon-test.json', testId: 10 }]);
  });

  test('a changed target cannot be updated through the API, so it is a replace', () => {
    const replace = plan.steps.find((s) => s.action === 'replace');
    assert.deepEqual(replace?.action === 'replace' && replace.changes, [
      { field: 'server', from: 'a.example:80', to: 'b.example' },
    ]);
  });

  test('a binding to a test that is gone is re-created; deletes name why', () => {
    const recreate = plan.steps.find((s) => s.uri === 'f-gone.netmon-test.json');
    assert.equal(recreate?.action === 'create' && recreate.reason, 'bound-test-missing');
    const reasons = plan.steps
      .filter((s) => s.action === 'delete')
      .map((s) => s.action === 'delete' && [s.testId, s.reason, s.request.path]);
    assert.deepEqual(reasons, [
      [14, 'marked', '/v7/tests/agent-to-server/14'],
      [15, 'document-removed', '/v7/tests/agent-to-server/15'],
    ]);
  });

  test('invalid documents are skipped with the reason; tests no document knows stay untouched', () => {
    assert.deepEqual(plan.skipped, [
      {
        uri: 'h-invalid.netmon-test.json',
        reason: '5:15 "interval" must be one of 60, 120, 300, 600, 900, 1800, 3600 seconds: the service refuses 61',
      },
    ]);
    assert.deepEqual(plan.unmanaged, [{ testId: 16, testName: 'made in the UI', type: 'agent-to-server' }]);
  });

  test('two documents bound to the same test: the second is skipped', () => {
    const twin = computePlan({
      documents: [
        doc('a.netmon-test.json', { testName: 't10' }, 10),
        doc('b.netmon-test.json', { testName: 'other' }, 10),
      ],
      deployed: [deployed(10)],
      connectionKey: 'demo',
    });
    assert.deepEqual(twin.skipped, [
      { uri: 'b.netmon-test.json', reason: 'also bound to test 10 by a.netmon-test.json' },
    ]);
  });

  test('a marked document whose test is already gone plans nothing', () => {
    const gone = computePlan({
      documents: [doc('a.netmon-test.json', { markedForDeletion: true }, 10)],
      deployed: [],
      connectionKey: 'demo',
    });
    assert.deepEqual([gone.steps, gone.unchanged, gone.skipped], [[], [], []]);
  });

  test('tests as the API lists them can be planned against directly', () => {
    const listed: EnterpriseTest = {
      testId: 10,
      testName: 't10',
      type: 'agent-to-server',
      interval: 60,
      enabled: 1,
      server: 'a.example:80',
      agents: [
        {
          agentId: 1,
          agentName: 'a',
          location: 'x',
          countryId: 'DE',
          ipAddress: '10.0.0.1',
          prefix: '10.0.0.0/8',
          network: 'n',
          public: 0,
        },
      ],
      createdBy: 'me',
      createdDate: '2026-11-01 00:00:00',
    };
    const result = computePlan({
      documents: [doc('a.netmon-test.json', { testName: 't10' }, 10)],
      deployed: [listed],
      connectionKey: 'demo',
    });
    assert.deepEqual(result.unchanged, [{ uri: 'a.netmon-test.json', testId: 10 }]);
  });

  test('bindings of another connection or account group do not count: the same-named test is a conflict, neither created again nor taken over', () => {
    const other = computePlan({
      documents: [doc('a.netmon-test.json', { testName: 't10' }, 10)],
      deployed: [deployed(10)],
      connectionKey: 'prod',
    });
    assert.deepEqual(summary(other.steps), []);
    assert.deepEqual(
      other.conflicts.map((c) => `${c.uri} ${c.testIds.join()}`),
      ['a.netmon-test.json 10'],
    );
  });

  test('an unbound document whose name no deployed test has is a create', () => {
    const fresh = computePlan({
      documents: [doc('a.netmon-test.json', { testName: 'new name' })],
      deployed: [deployed(10)],
      connectionKey: 'prod',
    });
    assert.deepEqual([summary(fresh.steps), fresh.conflicts], [['create a.netmon-test.json'], []]);
  });
});

describe('apply', () => {
  function recorder(failOn?: string): { log: string[]; executor: PlanExecutor } {
    const log: string[] = [];
    let nextId = 100;
    const executor: PlanExecutor = {
      create: async (r) => {
        if (failOn === r.body.testName) throw new Error('400');
        log.push(`POST ${r.path}`);
        return nextId++;
      },
      update: async (r) => {
        log.push(`PUT ${r.path}`);
      },
      delete: async (r) => {
        log.push(`DELETE ${r.path}`);
      },
      bind: async (uri, testId) => {
        log.push(`bind ${uri} ${testId ?? '-'}`);
      },
    };
    return { log, executor };
  }
  const plan = computePlan({
    documents: [
      doc('a.netmon-test.json', {}),
      doc('b.netmon-test.json', { testName: 'x', interval: 300 }, 10),
      doc('c.netmon-test.json', { testName: 't11', markedForDeletion: true }, 11),
    ],
    deployed: [deployed(10), deployed(11)],
    connectionKey: 'demo',
  });

  test('runs every step and records bindings after creates and deletes', async () => {
    const { log, executor } = recorder();
    const asked: string[][] = [];
    const result = await applyPlan(plan, executor, {
      confirmDestructive: async (steps) => {
        asked.push(summary(steps));
        return true;
      },
    });
    assert.deepEqual(asked, [['delete c.netmon-test.json 11']]);
    assert.deepEqual(log, [
      'POST /v7/tests/agent-to-server',
      'bind a.netmon-test.json 100',
      'PUT /v7/tests/agent-to-server/10',
      'DELETE /v7/tests/agent-to-server/11',
      'bind c.netmon-test.json -',
    ]);
    assert.equal(result.completed.length, 3);
  });

  test('never deletes without confirmation', async () => {
    const { log, executor } = recorder();
    const result = await applyPlan(plan, executor, { confirmDestructive: async () => false });
    assert.ok(!log.some((l) => l.startsWith('DELETE')));
    assert.deepEqual(summary(result.declined), ['delete c.netmon-test.json 11']);
  });

  test('stops at the first failure; what ran before is bound', async () => {
    const { log, executor } = recorder('a.netmon-test.json');
    const result = await applyPlan(plan, executor, { confirmDestructive: async () => true });
    assert.deepEqual(log, []);
    assert.equal(result.failed?.step.uri, 'a.netmon-test.json');
    assert.equal(result.completed.length, 0);
  });
});
