// A test name in the plan text is outside text (a document's field, or the service's name of a
// deployed test): the enterprise and the endpoint plan quote it the same way, on one line, with
// nothing that could draw plan lines of its own, reorder what follows, or fill the screen.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  computePlan,
  MAX_QUOTED_NAME,
  quotedTestName,
  renderEndpointPlan,
  renderPlan,
  type DeployedTest,
  type EndpointFolderPlan,
} from '../../../src/documents';

const HOSTILE = `Portal\n  - delete  "Payroll" (test 1) — marked for deletion\u202Egnp.exe [Open](command:netmon.signOut) \u009b31m${'x'.repeat(300)}`;

function planLines(text: string): string[] {
  return text.split('\n');
}

describe('test names in the plan text', () => {
  test('quoted in JSON string syntax, one line, controls and direction marks escaped, cut to a readable length', () => {
    const quoted = quotedTestName(HOSTILE);
    assert.ok(quoted.startsWith('"Portal\\n  - delete  \\"Payroll\\"'), quoted.slice(0, 60));
    assert.ok(!/[\n\u202E\u009b]/.test(quoted), 'no newline, override or C1 control left');
    assert.ok(quoted.includes('\\u202e') && quoted.includes('\\u009b'), 'each is shown escaped');
    assert.ok(quoted.length <= MAX_QUOTED_NAME + 60, `cut: ${quoted.length} characters`);
    assert.ok(quoted.endsWith('…"'), 'says it was cut');
    assert.equal(quotedTestName('Plain name'), '"Plain name"', 'an ordinary name reads as before');
  });

  test('the enterprise plan: a hostile name stays inside its own step line', () => {
    const deployed: DeployedTest[] = [
      {
        testId: 7,
        testName: HOSTILE,
        type: 'agent-to-server',
        interval: 60,
        agents: [{ agentId: 1 }],
        server: 'a.example:80',
      },
    ];
    const text = `{"type":"agent-to-server","testName":${JSON.stringify(HOSTILE)},"interval":60,"agents":[{"agentId":1}],"server":"a.example","markedForDeletion":true,"deployments":{"demo":{"default":7}}}`;
    const plan = computePlan({ documents: [{ uri: 'a.netmon-test.json', text }], deployed, connectionKey: 'demo' });
    const lines = planLines(renderPlan(plan, 'here', (uri) => uri));
    const steps = lines.filter((line) => /^ {2}[-+~]/.test(line));
    assert.deepEqual(steps.length, 1, lines.join('\n'));
    assert.ok(steps[0]?.startsWith(`  - delete  ${quotedTestName(HOSTILE)} (test 7)`), steps[0]);
  });

  test('the endpoint plan quotes with the same helper', () => {
    const folder: EndpointFolderPlan = {
      documents: 1,
      plan: {
        steps: [
          { action: 'delete', uri: 'b.netmon-endpoint-test.json', type: 'http-server', testName: HOSTILE, testId: 9 },
        ],
        unchanged: [],
        skipped: [],
      },
    };
    const lines = renderEndpointPlan(folder, (uri) => uri);
    assert.ok(
      lines.includes(
        `  - delete  ${quotedTestName(HOSTILE)} (endpoint http-server test 9) — marked for deletion in b.netmon-endpoint-test.json`,
      ),
      lines.join('\n'),
    );
    assert.equal(lines.filter((line) => line.includes('Payroll')).length, 1, 'the name drew no line of its own');
  });
});
