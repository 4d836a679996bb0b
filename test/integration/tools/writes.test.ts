// The write tools against the emulator: refused without writes allowed (nothing reaches the
// account), and with them apply_documents creates the test the plan showed and binds its
// document, so a second plan has nothing left to do.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTool } from '../../../src/tools/catalogue';
import { describeInstantRun } from '../../../src/tools/instant';
import { toolWorld, type ToolWorld } from './context';

describe('write tools', () => {
  let world: ToolWorld;
  let workspace: string;
  let state: string;
  const previousState = process.env['NETMON_STATE_DIR'];

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'netmon-tools-writes-'));
    state = mkdtempSync(join(tmpdir(), 'netmon-tools-state-'));
    process.env['NETMON_STATE_DIR'] = state;
    copyFileSync(
      join(__dirname, '..', '..', '..', 'examples', 'corporate-dns.netmon-test.json'),
      join(workspace, 'corporate-dns.netmon-test.json'),
    );
    world = await toolWorld({ cwd: workspace });
  });
  after(async () => {
    await world.close();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
    if (previousState === undefined) delete process.env['NETMON_STATE_DIR'];
    else process.env['NETMON_STATE_DIR'] = previousState;
  });

  test('apply_documents is refused without writes allowed, and the account keeps its tests', async () => {
    const before = (await world.ctx.account.client.listEnterpriseTests()).length;
    const refused = await callTool('apply_documents', { paths: ['.'] }, world.ctx);
    assert.equal(refused.isError, true);
    assert.match(refused.text, /writes are not allowed/);
    assert.equal((await world.ctx.account.client.listEnterpriseTests()).length, before);
  });

  test('with writes allowed: the planned test is created, its document bound, and the next plan is empty', async () => {
    const plan = await callTool('plan_documents', { paths: ['.'] }, world.ctx);
    assert.match(plan.text, /1 to create/);
    const applied = await callTool('apply_documents', { paths: ['.'] }, { ...world.ctx, allowWrites: true });
    assert.equal(applied.isError, false, applied.text);
    assert.ok((await world.ctx.account.client.listEnterpriseTests()).some((t) => t.testName === 'Corporate DNS'));
    assert.match(
      readFileSync(join(workspace, 'corporate-dns.netmon-test.json'), 'utf8'),
      /"demo"/,
      'the document records its binding',
    );
    const again = await callTool('plan_documents', { paths: ['.'] }, world.ctx);
    assert.match(again.text, /0 to create, 0 to update, 0 to replace, 0 to delete; 1 unchanged/);
  });
});

describe('run_instant_test', () => {
  let world: ToolWorld;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'netmon-tools-instant-'));
    copyFileSync(
      join(__dirname, '..', '..', '..', 'examples', 'intranet-from-laptops.netmon-instant.json'),
      join(workspace, 'intranet.netmon-instant.json'),
    );
    copyFileSync(
      join(__dirname, '..', '..', '..', 'examples', 'corporate-dns.netmon-test.json'),
      join(workspace, 'dns.netmon-test.json'),
    );
    world = await toolWorld({ cwd: workspace, instantTestDelaySeconds: 0 });
  });
  after(async () => {
    await world.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  test('refused without writes allowed; with them, the results per agent, by name', async () => {
    const refused = await callTool('run_instant_test', { document: 'intranet.netmon-instant.json' }, world.ctx);
    assert.equal(refused.isError, true);
    assert.match(refused.text, /writes are not allowed/);
    const ran = await callTool(
      'run_instant_test',
      { document: 'intranet.netmon-instant.json' },
      { ...world.ctx, allowWrites: true },
    );
    assert.equal(ran.isError, false, ran.text);
    const results = ran.data['results'] as { agentId: string; agent: string }[];
    assert.ok(results.length > 0, ran.text);
    assert.ok(
      results.some((r) => r.agent !== r.agentId),
      'agents are named',
    );
  });

  test('on v6 a DNS test document needs the current API: said as a sentence', async () => {
    const outcome = await callTool(
      'run_instant_test',
      { document: 'dns.netmon-test.json' },
      { ...world.ctx, allowWrites: true },
    );
    assert.equal(outcome.isError, true);
    assert.match(outcome.text, /dns-server test: running it now needs the current API \(v7\)/);
  });
});

describe('run_instant_test on v7', () => {
  let world: ToolWorld;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'netmon-tools-instant-v7-'));
    world = await toolWorld({ cwd: workspace, api: 'v7', instantTestDelaySeconds: 0 });
    const agents = (await world.ctx.account.client.enterpriseAgents().collect({ maxRecords: 2 })).records.slice(0, 2);
    writeFileSync(
      join(workspace, 'resolvers.netmon-test.json'),
      JSON.stringify({
        type: 'dns-server',
        testName: 'Resolvers',
        interval: 3600,
        domain: 'example.com',
        agents: agents.map((a) => ({ agentName: a.agentName })),
      }),
    );
  });
  after(async () => {
    await world.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  test("a DNS test document runs whole from its agents on the emulator's clock, each answered by name", async () => {
    const outcome = await callTool(
      'run_instant_test',
      { document: 'resolvers.netmon-test.json' },
      { ...world.ctx, allowWrites: true },
    );
    assert.equal(outcome.isError, false, outcome.text);
    assert.equal(outcome.data['kind'], 'dns-server');
    const agents = outcome.data['agents'] as { agentId: string; agent: string }[];
    assert.equal(agents.length, 2, outcome.text);
    assert.ok(
      agents.every((a) => a.agent !== a.agentId),
      'agents are named',
    );
    assert.match(outcome.text, /2 of 2 agents answered/);
  });

  test('the confirmation says what runs: type, target and agents', async () => {
    const said = await describeInstantRun(world.ctx, 'resolvers.netmon-test.json');
    assert.match(
      said,
      /^the dns-server test "Resolvers" toward example\.com of resolvers\.netmon-test\.json, whole, as an instant test \(nothing is deployed\) from its agents: [^;]+; [^;]+$/,
    );
  });
});
