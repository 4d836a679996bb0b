// `netmon run` through the real entry point against the emulator's v7 world: a test document
// (one agent named, as documents may) runs whole as an instant test and every agent's health
// is printed; a deployed test runs again by name with --json; an agent that does not answer
// in time makes exit 1; a v6 account and an invalid document are told what is wrong (exit 2).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient } from '../../../src/api';
import type { RunReport } from '../../../src/workflows/run';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';

describe('netmon run (emulator speaking v7)', () => {
  let emulator: RunningEmulator;
  let v6: RunningEmulator;
  const dir = mkdtempSync(join(tmpdir(), 'netmon-run-'));
  const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token };
  const run = (...args: string[]): ReturnType<typeof netmon> =>
    netmon(['run', '--base-url', emulator.url, ...args], { env, cwd: dir });
  let agents: { agentId: number; agentName: string }[] = [];

  before(async () => {
    emulator = await startEmulator({ port: 0, api: 'v7', instantTestDelaySeconds: 2 });
    v6 = await startEmulator({ port: 0, api: 'v6' });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    agents = (group?.enterpriseAgents() ?? [])
      .slice(0, 3)
      .map((a) => ({ agentId: a.agentId, agentName: String(a.agentName) }));
    const client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    await client.createTest('dns-server', {
      testName: 'Resolvers',
      interval: 3600,
      agents: agents.map((a) => ({ agentId: a.agentId })),
      domain: 'example.com',
      dnsServers: ['8.8.8.8'],
    });
    await client.close();
  });
  after(async () => {
    await emulator.close();
    await v6.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const document = (name: string, extra: Record<string, unknown> = {}): string => {
    const file = `${name}.netmon-test.json`;
    const [first, ...others] = agents;
    writeFileSync(
      join(dir, file),
      JSON.stringify(
        {
          type: 'http-server',
          testName: name,
          interval: 300,
          url: 'https://github.com/health',
          agents: [{ agentName: first?.agentName }, ...others.map((a) => ({ agentId: a.agentId }))],
          ...extra,
        },
        null,
        2,
      ),
    );
    return file;
  };

  test("a document runs whole as an instant test: every agent's health, nothing deployed", async () => {
    const result = await run(document('Health check'));
    // The world runs on the real clock here: an agent may sit in a seeded loss episode or miss a round
    // now and then. Exit 1 then, and only then: that is the contract a script relies on.
    const failing = /^ {2}FAILING /m.test(result.stdout);
    assert.equal(result.code, failing ? 1 : 0, result.stderr + result.stdout);
    assert.match(result.stdout, /^Health check \(http-server instant run, test \d+\): 3 agents answered\n\n/);
    for (const agent of agents)
      assert.ok(result.stdout.includes(agent.agentName), `${agent.agentName} in:\n${result.stdout}`);
    assert.match(result.stdout, /^ {2}(OK|DEGRADED|FAILING) /m);
    const listed = await run('Health check');
    assert.equal(listed.code, 2, 'the instant test was not deployed');
    assert.match(listed.stderr, /no deployed test is named or numbered "Health check"/);
  });

  test("a deployed test runs again by name; --json gives each agent's health in the run", async () => {
    const result = await run('resolvers', '--json');
    const report = JSON.parse(result.stdout) as RunReport;
    // The emulator's clock is the real one: in the daily loss episode of the transit its DNS server sits behind, an agent may fail.
    assert.equal(
      result.code,
      report.agents.some((agent) => agent.health === 'failing') ? 1 : 0,
      result.stderr + result.stdout,
    );
    assert.equal(report.instant, false);
    assert.equal(report.kind, 'dns-server');
    assert.deepEqual(report.agents.map((a) => a.agentId).sort(), agents.map((a) => String(a.agentId)).sort());
    assert.deepEqual(report.missing, []);
  });

  test('agents with no answer when the time is up make exit 1', async () => {
    const result = await run(document('Too quick'), '--timeout', '1');
    assert.equal(result.code, 1, result.stderr + result.stdout);
    assert.match(result.stdout, /: 0 agents answered\n\n {2}NO ANSWER agent \d+/);
  });

  test('an invalid document and a v6 account are told what is wrong (exit 2)', async () => {
    const invalid = await run(document('No url', { url: undefined }));
    assert.equal(invalid.code, 2);
    assert.match(invalid.stderr, /netmon run: \d+:\d+ .*url/);
    const old = await netmon(['run', '--base-url', v6.url, 'Resolvers'], { env, cwd: dir });
    assert.equal(old.code, 2);
    assert.match(old.stderr, /running enterprise tests now needs the current API \(v7\)/);
  });
});
