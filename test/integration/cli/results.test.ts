// `netmon results` through the real entry point against the emulator's v7 world: a deployed
// agent-to-server test read by name shows each agent's health and, during the seeded loss
// episode, the hop where its path loses packets, and so do the network layers of FTP, SIP and
// DNS server tests (not when networkMeasurements is off); --json gives the model; a v6 account and
// mistakes are told what is wrong (exit 2).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ResultsSummary } from '../../../src/analysis/results/read';
import { DEMO_CREDENTIALS, type PathEpisode, type RunningEmulator } from '../../../src/emulator';
import { deployOfficeTests, startV7World } from '../alerts-world';
import { netmon } from './run-netmon';

const HOUR = 3600;

describe('netmon results (emulator speaking v7)', () => {
  let emulator: RunningEmulator;
  let loss: PathEpisode;
  const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token };
  const run = (...args: string[]): ReturnType<typeof netmon> =>
    netmon(['results', '--base-url', emulator.url, ...args], { env });

  before(async () => {
    const world = await startV7World(0);
    ({ emulator } = world);
    const { client, group } = world;
    const day = Math.floor(Date.UTC(2026, 10, 20) / 1000);
    const found = group.pathEpisodes(day, day + 86400).find((e) => e.kind === 'lossEpisode');
    assert.ok(found);
    loss = found;
    world.setClock(loss.startSeconds - HOUR);
    const agents = world.agents(5);
    // Two tests on the group's two seeded transits (route change, loss): one crosses the lossy one.
    await deployOfficeTests(world);
    await client.createTest('dns-dnssec', { testName: 'Signed zone', interval: 300, agents, domain: 'example.com' });
    // Server tests of the other layers, each with its network layer across one of the seeded transits; one without it.
    await client.createTest('ftp-server', {
      testName: 'Drop box',
      interval: 300,
      agents,
      url: 'ftp://ftp.example.com/drop.zip',
      requestType: 'download',
      username: 'u',
      password: 'p',
    } as never);
    await client.createTest('sip-server', {
      testName: 'Registrar',
      interval: 300,
      agents,
      targetSipCredentials: { sipRegistrar: 'sip.example.com', port: 5060, protocol: 'udp' },
    } as never);
    await client.createTest('dns-server', {
      testName: 'Resolver',
      interval: 300,
      agents,
      domain: 'example.com',
      dnsServers: ['ns1.example.net'],
    });
    await client.createTest('ftp-server', {
      testName: 'Quiet drop',
      interval: 300,
      agents,
      url: 'ftp://ftp.example.com/q.zip',
      requestType: 'download',
      username: 'u',
      password: 'p',
      networkMeasurements: false,
    } as never);
    await client.close();
    // Twenty minutes into the episode.
    world.setClock(loss.startSeconds + 20 * 60);
  });
  after(() => emulator.close());

  test("by name: each agent's health, and the hop of the seeded loss localized", async () => {
    const texts = await Promise.all(
      ['Outlook from the offices', 'zoom from the offices'].map((name) => run(name, '--window', '15m')),
    );
    const lossy = texts.find((t) => t.stdout.includes(String(loss.detail.hopAddress)));
    assert.ok(lossy, texts.map((t) => t.stdout + t.stderr).join('\n---\n'));
    assert.match(
      lossy.stdout,
      /^(Outlook|Zoom) from the offices \(agent-to-server test \d+\): DEGRADED\n\nnetwork: DEGRADED \(5 agents, 15 results\)\n {2}DEGRADED /,
    );
    assert.match(lossy.stdout, new RegExp(`% loss, latency \\d+ ms`));
    assert.match(
      lossy.stdout,
      new RegExp(
        `Path \\(3 newest rounds\\): .*lose packets after ${String(loss.detail.hopAddress).replace(/\./g, '\\.')}`,
      ),
    );
    assert.equal(lossy.code, 0, 'degraded, not failing');
  });

  test('--json by id: the summary model; dnssec results of a signed zone are ok', async () => {
    const tests = JSON.parse((await run('Signed zone', '--json', '--window', '15m')).stdout) as ResultsSummary;
    assert.equal(tests.type, 'dnssec');
    assert.deepEqual(
      tests.kinds.map((k) => [k.kind, k.agents.length]),
      [['dnssec', 5]],
    );
    const byId = await run(String(tests.testId), '--json', '--window', '15m');
    assert.equal(byId.code, 0, byId.stderr);
    assert.equal((JSON.parse(byId.stdout) as ResultsSummary).testName, 'Signed zone');
  });

  test('FTP, SIP and DNS server tests: their own results, then their network layer with its path localized, the seeded loss among them', async () => {
    const lossHop = String(loss.detail.hopAddress);
    const texts = await Promise.all(
      [
        ['Drop box', 'ftp-server'],
        ['Registrar', 'sip-server'],
        ['Resolver', 'dns-server'],
      ].map(async ([name, kind]) => {
        const result = await run(name as string, '--window', '15m');
        assert.match(
          result.stdout,
          new RegExp(
            `^${name} \\(${kind} test \\d+\\): [A-Za-z ]+\\n\\n${kind}: [A-Za-z ]+ \\(5 agents, 15 results\\)\\n`,
          ),
          result.stdout + result.stderr,
        );
        assert.match(
          result.stdout,
          /\n\nnetwork: [A-Za-z ]+ \(5 agents, 15 results\)\n[^]*\n\npath-vis: [A-Za-z ]+ \(5 agents, 15 results\)\n/,
          result.stdout,
        );
        assert.match(result.stdout, /\n\nPath \(3 newest rounds\): /, result.stdout);
        return result.stdout;
      }),
    );
    const lossy = texts.find((text) => text.includes(lossHop));
    assert.ok(lossy, texts.join('\n---\n'));
    assert.match(lossy, new RegExp(`\\n {2}DEGRADED .+% loss, latency \\d+ ms`));
    assert.match(
      lossy,
      new RegExp(`Path \\(3 newest rounds\\): .*lose packets after ${lossHop.replace(/\./g, '\\.')}`),
    );
    const summary = JSON.parse((await run('Resolver', '--window', '15m', '--json')).stdout) as ResultsSummary;
    assert.deepEqual(
      summary.kinds.map((k) => k.kind),
      ['dns-server', 'network', 'path-vis'],
    );
    assert.ok(summary.localization, 'the model holds the localization');
  });

  test('an FTP test without network measurements says so, and reads only its own results', async () => {
    const result = await run('Quiet drop', '--window', '15m');
    assert.ok(result.code === 0 || result.code === 1, result.stderr);
    assert.match(result.stdout, /\nftp-server: [A-Za-z ]+ \(5 agents, 15 results\)\n/);
    assert.doesNotMatch(result.stdout, /\n(network|path-vis): |\nPath \(/);
    assert.match(
      result.stdout,
      /\n\nNetwork: network measurements are off for this test \(networkMeasurements\): it has no network or path results\n$/,
    );
  });

  test('a v6 account, an unknown test and a missing name say what is wrong (exit 2)', async () => {
    const v6 = await run('Signed zone', '--api', 'v6');
    assert.equal(v6.code, 2);
    assert.equal(
      v6.stderr.trim(),
      'netmon results: results of enterprise tests need the current API (v7); this account speaks API v6',
    );
    const unknown = await run('No such test');
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /no deployed test is named or numbered "No such test" \(7 tests in this account group\)/,
    );
    const none = await run();
    assert.equal(none.code, 2);
    assert.match(none.stderr, /name one deployed test/);
  });
});
