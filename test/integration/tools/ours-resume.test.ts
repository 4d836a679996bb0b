// The rule of what is ours (src/documents/ours.ts) keeps apply_documents resumable: a test an
// interrupted apply from this machine created (its create noted in the journal, its answer
// lost) is found again, bound, and then changed like any test that is ours.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { journalPath } from '../../../src/workflows/apply-state';
import { callTool } from '../../../src/tools/catalogue';
import { enterpriseAgentIds } from '../emulator/helpers';
import { toolWorld, type ToolWorld } from './context';

describe('apply_documents after an interrupted apply', () => {
  let world: ToolWorld;
  let workspace: string;
  let state: string;
  const previousState = process.env['NETMON_STATE_DIR'];
  const [agentId] = enterpriseAgentIds(1001);

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'netmon-ours-resume-'));
    state = mkdtempSync(join(tmpdir(), 'netmon-ours-resume-state-'));
    process.env['NETMON_STATE_DIR'] = state;
    world = await toolWorld({ cwd: workspace, allowWrites: true });
  });
  after(async () => {
    await world.close();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
    if (previousState === undefined) delete process.env['NETMON_STATE_DIR'];
    else process.env['NETMON_STATE_DIR'] = previousState;
  });

  test('the test its lost create made is bound again and updated; nothing else is created', async () => {
    const path = join(workspace, 'resumed.netmon-test.json');
    writeFileSync(
      path,
      `${JSON.stringify({ type: 'agent-to-server', testName: 'Resumed', interval: 600, agents: [{ agentId }], server: 'a.example' }, null, 2)}\n`,
    );
    // What the interrupted apply left: its create noted, and the test the service made of it.
    const journal = journalPath(process.env, world.ctx.account);
    mkdirSync(dirname(journal), { recursive: true });
    writeFileSync(
      journal,
      JSON.stringify({
        version: 1,
        pending: [{ uri: path, type: 'agent-to-server', testName: 'Resumed', existingTestIds: [] }],
        owned: [],
      }),
    );
    const { testId } = await world.ctx.account.client.createTest('agent-to-server', {
      testName: 'Resumed',
      interval: 300,
      agents: [{ agentId: agentId! }],
      server: 'a.example',
    });

    const applied = await callTool('apply_documents', { paths: ['.'] }, world.ctx);
    assert.equal(applied.isError, false, applied.text);
    const tests = (await world.ctx.account.client.listEnterpriseTests()).filter((t) => t.testName === 'Resumed');
    assert.deepEqual(
      tests.map((t) => [t.testId, t.interval]),
      [[testId, 600]],
    );
    assert.match(readFileSync(path, 'utf8'), new RegExp(`"1001": ${testId}`));
  });
});
