// `netmon plan` leaves out documents under example folders, as the editor's Plan does (the
// default of netmon.plan.excludedFolders, one constant for both), and says so; naming the
// folder itself or passing --include-examples takes them in. Through the real entry point,
// against the emulator.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon, type CliResult } from './run-netmon';

const document = (testName: string): string =>
  `${JSON.stringify({ type: 'http-server', testName, interval: 300, agents: [{ agentId: 1000 }], url: 'https://www.example.com/' }, null, 2)}\n`;

describe('netmon plan and example folders', () => {
  let emulator: RunningEmulator;
  let dir: string;
  const run = (...args: string[]): Promise<CliResult> =>
    netmon(args, { cwd: dir, env: { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token, NETMON_BASE_URL: emulator.url } });
  const creates = (result: CliResult): string[] =>
    [...result.stdout.matchAll(/\+ create {2}"([^"]+)"/g)].map((m) => m[1] ?? '').sort();

  before(async () => {
    emulator = await startEmulator({ port: 0, control: true });
    dir = mkdtempSync(join(tmpdir(), 'netmon-plan-examples-'));
    mkdirSync(join(dir, 'tests', 'examples'), { recursive: true });
    mkdirSync(join(dir, 'examples'), { recursive: true });
    writeFileSync(join(dir, 'tests', 'ours.netmon-test.json'), document('Ours'));
    writeFileSync(join(dir, 'tests', 'examples', 'nested.netmon-test.json'), document('Nested example'));
    writeFileSync(join(dir, 'examples', 'top.netmon-test.json'), document('Top example'));
  });
  after(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the workspace planned: example documents are left out, and the plan says which and how to include them', async () => {
    const result = await run('plan', '.');
    assert.equal(result.code, 1, result.stderr);
    assert.deepEqual(creates(result), ['Ours']);
    assert.match(
      result.stdout,
      /Left out \(example folders\): examples\/top\.netmon-test\.json, tests\/examples\/nested\.netmon-test\.json\. Name that folder, or pass --include-examples, to include them\./,
    );
    const json = JSON.parse((await run('plan', '.', '--json')).stdout) as { excluded: string[] };
    assert.deepEqual(json.excluded, ['examples/top.netmon-test.json', 'tests/examples/nested.netmon-test.json']);
  });

  test('--include-examples, the example folder named, or a glob inside it: included', async () => {
    assert.deepEqual(creates(await run('plan', '.', '--include-examples')), ['Nested example', 'Ours', 'Top example']);
    const named = await run('plan', 'examples');
    assert.deepEqual(creates(named), ['Top example']);
    assert.doesNotMatch(named.stdout, /Left out/);
    assert.deepEqual(creates(await run('plan', 'tests/examples/*.netmon-test.json')), ['Nested example']);
    assert.deepEqual(creates(await run('plan', 'tests/examples/nested.netmon-test.json')), ['Nested example']);
  });

  test('only examples matched: exit 2 with what to do; apply leaves them out the same way', async () => {
    const only = await run('plan', '*/examples/**/*.netmon-test.json');
    assert.equal(only.code, 2);
    assert.match(
      only.stderr,
      /only example documents matched .* \(1 left out\); name their folder, or pass --include-examples/,
    );
    const applied = await run('apply', '.', '--json');
    const plan = JSON.parse(applied.stdout) as { steps: { testName: string }[] };
    assert.deepEqual(
      plan.steps.map((s) => s.testName),
      ['Ours'],
    );
  });
});
