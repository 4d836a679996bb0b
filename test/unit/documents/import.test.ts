// Imported documents are valid, bound, plan as unchanged against the tests they came from,
// and are the same bytes every time; tests already bound are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  computePlan,
  parseDocument,
  planImport,
  readBinding,
  validateDocument,
  type DeployedTest,
} from '../../../src/documents';

const VALID = join(__dirname, '..', '..', 'fixtures', 'documents', 'valid');
const TARGET = { serviceKey: 'https://api.example.com', aidKey: '1001' };

/** One deployed test per fixture document of every type, as the service would list it. */
function deployedTests(): DeployedTest[] {
  return readdirSync(VALID)
    .filter((f) => f.endsWith('.netmon-test.json'))
    .map((file, index) => {
      const value = parseDocument(readFileSync(join(VALID, file), 'utf8')).value as Record<string, unknown>;
      const agents = ((value['agents'] ?? []) as { agentId: number | string }[]).map((a) => ({
        ...a,
        agentName: `Agent ${String(a.agentId)}`,
      }));
      return { ...value, testId: 500 + index, agents } as unknown as DeployedTest;
    });
}

test('every type imports as a valid document bound to its test, which plans as unchanged', () => {
  const deployed = deployedTests();
  const { write, skipped } = planImport(deployed, TARGET, new Set());
  assert.equal(write.length, 13);
  assert.deepEqual(skipped, []);
  for (const document of write) {
    const errors = validateDocument('test', document.text).diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(
      errors.map((d) => d.message),
      [],
      document.text,
    );
    assert.equal(readBinding(document.text, TARGET.serviceKey, TARGET.aidKey), document.testId);
    assert.match(document.fileName, new RegExp(`-${document.testId}\\.netmon-test\\.json$`));
  }
  const plan = computePlan({
    documents: write.map((d) => ({ uri: d.fileName, text: d.text })),
    deployed,
    connectionKey: TARGET.serviceKey,
    aid: TARGET.aidKey,
  });
  assert.deepEqual(plan.steps, []);
  assert.equal(plan.unchanged.length, 13);
});

test('the same bytes every time; bound tests and types without documents are left out', () => {
  const deployed = deployedTests();
  assert.deepEqual(planImport(deployed, TARGET, new Set()), planImport([...deployed].reverse(), TARGET, new Set()));
  const second = planImport(
    [...deployed, { testId: 9, testName: 'Odd', type: 'rtp-stream', interval: 60, agents: [] }],
    TARGET,
    new Set(deployed.map((t) => t.testId)),
  );
  assert.deepEqual(second.write, []);
  assert.equal(second.skipped.length, 14);
  assert.match(second.skipped.find((s) => s.testId === 9)?.reason ?? '', /type rtp-stream has no test document/);
});
