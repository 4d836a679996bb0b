// `netmon plan` and `netmon apply` through the real entry point against the emulator: the
// exit codes CI gates on, apply that changes nothing unless confirmed, bindings written
// into the documents and nothing else, a plan after apply that is empty for a document of
// every test type, and an apply interrupted twice (a create whose answer was lost, then a
// dropped connection) that, re-run, leaves every test existing exactly once.
import { after, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isV7OnlyTestType, type EnterpriseTestResponse } from '../../../src/api/types';
import { parseDocument, readBinding, removeBinding } from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon, type CliResult } from './run-netmon';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'documents', 'valid');

function isV7OnlyDocument(file: string): boolean {
  return (
    file.endsWith('.netmon-test.json') &&
    isV7OnlyTestType(String((parseDocument(readFileSync(file, 'utf8')).value as { type?: unknown }).type))
  );
}
const TOKEN = DEMO_CREDENTIALS.admin.token;
const AID = '1001';

describe('netmon plan and apply', () => {
  let emulator: RunningEmulator;
  let dir: string;
  let originals: Map<string, string>;
  const env = (): Record<string, string> => ({ NETMON_TOKEN: TOKEN, NETMON_BASE_URL: emulator.url });
  const run = (...args: string[]): Promise<CliResult> => netmon(args, { cwd: dir, env: env() });
  const deployedNames = async (): Promise<string[]> => {
    const response = await fetch(`${emulator.url}/v7/tests`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return ((await response.json()) as EnterpriseTestResponse).test.map((t) => t.testName).sort();
  };
  const documentNames = (): string[] =>
    [...originals.values()].map((text) => (parseDocument(text).value as { testName: string }).testName).sort();

  after(async () => {
    await emulator.close();
  });
  beforeEach(async () => {
    // A fresh account per test: tests an earlier test created would make its documents conflicts.
    await emulator?.close();
    emulator = await startEmulator({ port: 0, control: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'netmon-plan-'));
    // This account speaks v6 (the spec): the types only v7 has are left out (their own suite covers them).
    cpSync(FIXTURES, join(dir, 'tests'), {
      recursive: true,
      filter: (source) =>
        !source.endsWith('.netmon-instant.json') &&
        !source.endsWith('.netmon-filter.json') &&
        !isV7OnlyDocument(source),
    });
    originals = new Map(
      readdirSync(join(dir, 'tests')).map((file) => [file, readFileSync(join(dir, 'tests', file), 'utf8')]),
    );
  });

  test('plan exits 1 with the changes, apply --yes writes only the bindings, then plan exits 0 for every test type', async () => {
    const before = await deployedNames();
    const planned = await run('plan', 'tests');
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, /Plan: 8 to create, 0 to update, 0 to replace, 0 to delete\./);
    assert.match(
      planned.stdout,
      /\+ create {2}"Portal availability" \(http-server\) from tests\/portal\.netmon-test\.json/,
    );

    const applied = await run('apply', 'tests', '--yes');
    assert.equal(applied.code, 0, applied.stderr);
    assert.match(applied.stderr, /8 steps applied/);
    assert.deepEqual(await deployedNames(), [...before, ...documentNames()].sort());
    for (const [file, original] of originals) {
      const text = readFileSync(join(dir, 'tests', file), 'utf8');
      assert.ok(readBinding(text, emulator.url, AID) !== undefined, `${file} is bound`);
      assert.equal(removeBinding(text, emulator.url, AID), original, `${file}: nothing but the binding changed`);
    }

    const again = await run('plan', 'tests', '--json');
    assert.equal(again.code, 0, again.stdout);
    const plan = JSON.parse(again.stdout) as { changes: number; unchanged: unknown[] };
    assert.equal(plan.changes, 0);
    assert.equal(plan.unchanged.length, originals.size);
    assert.equal((await run('apply', 'tests', '--yes')).code, 0, 'a second apply has nothing to do');
    assert.deepEqual(await deployedNames(), [...before, ...documentNames()].sort());
  });

  test('apply without --yes and without a terminal changes nothing and exits 2 with the plan as JSON', async () => {
    const before = await deployedNames();
    const result = await run('apply', 'tests');
    assert.equal(result.code, 2);
    const plan = JSON.parse(result.stdout) as {
      confirmed: boolean;
      changes: number;
      steps: { action: string; document: string }[];
    };
    assert.equal(plan.confirmed, false);
    assert.equal(plan.changes, 8);
    assert.ok(plan.steps.every((step) => step.action === 'create' && step.document.startsWith('tests/')));
    assert.match(result.stderr, /pass --yes to apply/);
    assert.deepEqual(await deployedNames(), before);
    for (const [file, original] of originals) assert.equal(readFileSync(join(dir, 'tests', file), 'utf8'), original);
  });

  test('interrupted twice, re-run: every test exists exactly once and the plan is empty', async () => {
    const before = await deployedNames();
    // The third create is stored, but its answer is cut off: the client cannot know its id.
    emulator.setFaults([{ fault: 'truncate', pathPrefix: '/v7/tests/', every: 3, times: 1 }]);
    const first = await run('apply', 'tests', '--yes');
    assert.equal(first.code, 1, first.stderr);
    assert.match(first.stderr, /2 of 8 steps applied; then create of ".*" failed: .*run netmon apply again to resume/);
    // The connection drops before the second create of the next run reaches the service.
    emulator.setFaults([{ fault: 'drop', pathPrefix: '/v7/tests/', every: 2, times: 1 }]);
    const second = await run('apply', 'tests', '--yes');
    assert.equal(second.code, 1, second.stderr);
    assert.match(second.stderr, /Recovered: ".*" was created as test \d+ by an interrupted apply/);
    emulator.setFaults([]);
    const third = await run('apply', 'tests', '--yes');
    assert.equal(third.code, 0, third.stderr);

    const deployed = await deployedNames();
    for (const name of documentNames())
      assert.equal(
        deployed.filter((n) => n === name).length,
        1 + before.filter((n) => n === name).length,
        `"${name}" exists once`,
      );
    assert.equal((await run('plan', 'tests')).code, 0);
    assert.deepEqual(readdirSync(dir).sort(), ['tests'], 'the journal is gone once nothing is in flight');
  });

  test('agents named in a document resolve to their ids: plan shows name → id, apply creates the test on them', async () => {
    const { agents } = (await (
      await fetch(`${emulator.url}/v6/agents`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as { agents: { agentId: number; agentName: string }[] };
    const [first, second] = agents;
    const text = `{\n  "type": "http-server",\n  "testName": "Named agents",\n  "interval": 300,\n  "agents": [{ "agentName": ${JSON.stringify(first!.agentName)} }, { "agentName": ${JSON.stringify(second!.agentName.toUpperCase())} }],\n  "url": "https://named.example.com/"\n}\n`;
    rmSync(join(dir, 'tests'), { recursive: true });
    mkdirSync(join(dir, 'tests'));
    writeFileSync(join(dir, 'tests', 'named.netmon-test.json'), text);
    const planned = await run('plan', 'tests');
    assert.equal(planned.code, 1, planned.stderr);
    assert.ok(planned.stdout.includes(`agent ${JSON.stringify(first!.agentName)} → ${first!.agentId}`), planned.stdout);
    assert.equal((await run('apply', 'tests', '--yes')).code, 0);
    const listed = (await (
      await fetch(`${emulator.url}/v7/tests`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as EnterpriseTestResponse;
    assert.deepEqual(
      listed.test.find((t) => t.testName === 'Named agents')?.agents.map((a) => a.agentId),
      [first!.agentId, second!.agentId],
    );
    assert.equal((await run('plan', 'tests')).code, 0, 'the named document plans as unchanged');

    writeFileSync(
      join(dir, 'tests', 'named.netmon-test.json'),
      text.replace(JSON.stringify(first!.agentName), '"Nowhere, XX"'),
    );
    const unknown = await run('plan', 'tests');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stdout, /Skipped tests\/named\.netmon-test\.json: No enterprise agent named "Nowhere, XX"/);
  });

  test('on v7 a changed url is an update the service makes in place: the test keeps its id', async () => {
    await emulator.close();
    emulator = await startEmulator({ port: 0, control: true, api: 'v7' });
    assert.equal((await run('apply', 'tests', '--yes')).code, 0);
    const file = join(dir, 'tests', 'portal.netmon-test.json');
    const bound = readBinding(readFileSync(file, 'utf8'), emulator.url, AID);
    assert.ok(bound !== undefined);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('https://portal.example.com/health', 'https://portal.example.com/ready'),
    );
    const planned = await run('plan', 'tests');
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, /Plan: 0 to create, 1 to update, 0 to replace, 0 to delete\./, planned.stdout);
    assert.equal((await run('apply', 'tests', '--yes')).code, 0);
    const response = await fetch(`${emulator.url}/v7/tests/http-server/${bound}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(((await response.json()) as { url?: string }).url, 'https://portal.example.com/ready');
    assert.equal(readBinding(readFileSync(file, 'utf8'), emulator.url, AID), bound, 'the same test, bound as before');
  });

  test('usage and connection problems exit 2 and never print the token', async () => {
    const outputs: CliResult[] = [];
    const noArgs = await run('plan');
    outputs.push(noArgs);
    assert.equal(noArgs.code, 2);
    assert.match(noArgs.stderr, /name a folder, file or glob of test documents/);
    const noToken = await netmon(['plan', 'tests', '--base-url', emulator.url], { cwd: dir });
    outputs.push(noToken);
    assert.equal(noToken.code, 2);
    assert.match(noToken.stderr, /set NETMON_TOKEN/);
    const refused = await netmon(['apply', 'tests', '--yes'], {
      cwd: dir,
      env: { NETMON_TOKEN: `${TOKEN}-wrong`, NETMON_BASE_URL: emulator.url },
    });
    outputs.push(refused);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /401/);
    for (const output of outputs)
      assert.ok(!`${output.stdout}${output.stderr}`.includes(TOKEN), 'the token is never printed');
  });
});
