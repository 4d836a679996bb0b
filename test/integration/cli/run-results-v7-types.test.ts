// `netmon run` and `netmon results` through the real entry point for the types only v7 has,
// against the emulator's v7 world: a SIP server document runs whole and each agent's SIP
// answer is printed; a BGP document is refused before anything is sent (exit 2, one
// sentence); a deployed FTP test's agents (and its network layer) and a BGP test's monitors each say their health; an
// API test's results list the steps of its agents' newest round.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient } from '../../../src/api';
import type { ResultsSummary } from '../../../src/analysis/results/read';
import type { RunReport } from '../../../src/workflows/run';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';

describe('netmon run and netmon results of the types only v7 has', () => {
  let emulator: RunningEmulator;
  const dir = mkdtempSync(join(tmpdir(), 'netmon-v7-types-'));
  const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token };
  const cli = (command: string, ...args: string[]): ReturnType<typeof netmon> =>
    netmon([command, '--base-url', emulator.url, ...args], { env, cwd: dir });
  let agents: { agentId: number; agentName: string }[] = [];
  // A real clock (the CLI waits in real time), set two hours back while the tests are deployed.
  let offsetMs = -2 * 3_600_000;

  before(async () => {
    emulator = await startEmulator({
      port: 0,
      api: 'v7',
      instantTestDelaySeconds: 2,
      now: () => Date.now() + offsetMs,
    });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    agents = (group?.enterpriseAgents() ?? [])
      .slice(0, 3)
      .map((a) => ({ agentId: a.agentId, agentName: String(a.agentName) }));
    const client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    await client.createTest('ftp-server', {
      testName: 'Nightly drop',
      interval: 300,
      agents: agents.map((a) => ({ agentId: a.agentId })),
      url: 'ftp://ftp.example.com/drop.zip',
      requestType: 'download',
      username: 'u',
      password: 'p',
    } as never);
    await client.createTest('bgp', { testName: 'Our prefix', prefix: '203.0.113.0/24' } as never);
    await client.createTest('api', {
      testName: 'Orders API',
      interval: 300,
      agents: agents.map((a) => ({ agentId: a.agentId })),
      url: 'https://api.example.com',
      requests: [
        { name: 'Token', method: 'post', url: 'https://api.example.com/token' },
        { name: 'Orders', method: 'get', url: 'https://api.example.com/orders' },
      ],
    } as never);
    await client.close();
    offsetMs = 0;
  });
  after(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = (file: string, document: Record<string, unknown>): string => {
    writeFileSync(join(dir, file), JSON.stringify(document, null, 2));
    return file;
  };

  test("a SIP server document runs whole as an instant test: each agent's SIP answer", async () => {
    const file = write('registrar.netmon-test.json', {
      type: 'sip-server',
      testName: 'Registrar',
      interval: 300,
      agents: agents.map((a) => ({ agentId: a.agentId })),
      targetSipCredentials: { sipRegistrar: 'sip.example.com', port: 5060, protocol: 'tcp' },
    });
    const result = await cli('run', file);
    // The world runs on the real clock here (the CLI waits in real time): an agent may sit in a seeded incident
    // ("No route to host") now and then. Exit 1 then, and only then: the contract a script relies on.
    const failing = /^ {2}FAILING /m.test(result.stdout);
    assert.equal(result.code, failing ? 1 : 0, result.stderr + result.stdout);
    assert.match(result.stdout, /^Registrar \(sip-server instant run, test \d+\): 3 agents answered\n\n/);
    for (const agent of agents)
      assert.match(
        result.stdout,
        new RegExp(`^ {2}(OK {8}${agent.agentName}: SIP 200, total \\d+ ms|FAILING {3}${agent.agentName}: .+)$`, 'm'),
      );
    assert.match(result.stdout, /^ {2}OK {8}.+: SIP 200, total \d+ ms$/m, 'at least one agent answers');
    const json = JSON.parse((await cli('run', file, '--json')).stdout) as RunReport;
    assert.equal(json.kind, 'sip-server');
  });

  test('a BGP document is refused before anything is sent, in one sentence (exit 2)', async () => {
    const result = await cli(
      'run',
      write('prefix.netmon-test.json', { type: 'bgp', testName: 'Prefix now', prefix: '203.0.113.0/24' }),
    );
    assert.equal(result.code, 2, result.stdout);
    assert.match(result.stderr, /netmon run: bgp tests have no instant run; deploy it to see its results/);
    const deployed = await cli('run', 'Our prefix');
    assert.equal(deployed.code, 2);
    assert.match(deployed.stderr, /bgp tests have no instant run/);
  });

  test("netmon results of an FTP test prints each agent's health; of a BGP test each monitor's", async () => {
    const ftp = await cli('results', 'Nightly drop', '--window', '1h');
    assert.equal(ftp.code, /\n {2}FAILING /.test(ftp.stdout) ? 1 : 0, ftp.stderr);
    // Its own results first, then its network layer (a seeded transit episode may degrade it).
    assert.match(
      ftp.stdout,
      /^Nightly drop \(ftp-server test \d+\): (ok|DEGRADED|FAILING)\n\nftp-server: (ok|FAILING) \(3 agents, 36 results\)\n/,
    );
    assert.match(
      ftp.stdout,
      /\n\nnetwork: (ok|DEGRADED|FAILING) \(3 agents, 36 results\)\n[^]*\n\npath-vis: [A-Za-z ]+ \(3 agents, 36 results\)\n[^]*\n\nPath \(3 newest rounds\): /,
    );
    for (const agent of agents) assert.ok(ftp.stdout.includes(agent.agentName), ftp.stdout);
    assert.match(ftp.stdout, /FTP 226, total \d+ ms/);
    const bgp = await cli('results', 'Our prefix', '--window', '1h', '--json');
    assert.equal(bgp.code, 0, bgp.stderr);
    const summary = JSON.parse(bgp.stdout) as ResultsSummary;
    assert.deepEqual(
      summary.kinds.map((k) => [k.kind, k.agents.length, k.records]),
      [['bgp', 8, 8 * 12]],
    );
    assert.ok(summary.kinds[0]?.agents.every((a) => /reachable/.test(a.reason)));
    // Each monitor's AS path to the prefix in the newest round, compared with the round before.
    const [paths] = summary.bgpPaths ?? [];
    assert.equal(paths?.prefix, '203.0.113.0/24');
    assert.equal(paths?.roundId, Math.max(...(summary.kinds[0]?.agents.map((a) => a.roundId) ?? [])));
    assert.equal(paths?.previousRoundId, (paths?.roundId ?? 0) - 300);
    assert.equal(paths?.monitors.length, 8);
    assert.ok(
      paths?.monitors.every((m) => m.reachable && m.path.length >= 2 && ['same', 'changed'].includes(m.change)),
      JSON.stringify(paths?.monitors[0]),
    );
    const text = await cli('results', 'Our prefix', '--window', '1h');
    assert.match(
      text.stdout,
      /\n\nAS paths to 203\.0\.113\.0\/24 \(round [0-9-]+ [0-9:]+ UTC, compared with [0-9-]+ [0-9:]+ UTC\): 8 of 8 monitors reach 203\.0\.113\.0\/24; (no route changed|8 routes changed)/,
    );
    for (const monitor of paths?.monitors ?? []) {
      const name = monitor.monitorName.replace(/[^A-Za-z0-9]/g, '.');
      assert.match(
        text.stdout,
        new RegExp(`\\n {2}(same|CHANGED) +${name} +100% {2}AS ${monitor.path[0]?.asn} `),
        monitor.monitorName,
      );
    }
  });

  test("netmon results of an API test lists each agent's steps of its newest round, the failing or slowest named (text and --json)", async () => {
    const json = await cli('results', 'Orders API', '--window', '1h', '--json');
    assert.ok(json.code === 0 || json.code === 1, json.stderr);
    const summary = JSON.parse(json.stdout) as ResultsSummary;
    assert.deepEqual(
      summary.apiSteps?.map((r) => r.agentId),
      summary.kinds[0]?.agents.map((a) => a.agentId),
      'the three agents, worst first',
    );
    const newest = Math.max(...(summary.kinds[0]?.agents.map((a) => a.roundId) ?? []));
    for (const round of summary.apiSteps ?? []) {
      assert.equal(round.roundId, newest);
      if (round.steps.length === 1) continue; // a failed round stops at its first step
      assert.deepEqual(
        round.steps.map((s) => [s.stepNumber, s.name]),
        [
          [1, 'Token'],
          [2, 'Orders'],
        ],
      );
      assert.equal(
        round.steps.reduce((sum, s) => sum + (s.time ?? 0), 0),
        round.transactionTime,
      );
    }
    const text = await cli('results', 'Orders API', '--window', '1h');
    for (const agent of agents) {
      const name = agent.agentName.replace(/[^A-Za-z0-9]/g, '.');
      assert.match(
        text.stdout,
        new RegExp(
          `\\n\\nAPI steps of ${name} \\(round [0-9-]+ [0-9:]+ UTC\\): (slowest step [12] '(Token|Orders)': \\d+ ms of \\d+ ms|step [12] '(Token|Orders)' failed: .+)\\n {3}1\\. (ok|FAILED) +Token `,
        ),
        text.stdout,
      );
    }
  });
});
