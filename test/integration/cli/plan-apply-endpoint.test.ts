// `netmon plan` / `netmon apply` over a folder holding both kinds of document, through the
// real entry point against the emulator: on v7 one plan with each step saying its kind,
// apply creating both and binding each document, a PATCH in place, a replace that needs
// --allow-replace where no apply created the test and not where one did (the journal's rule); example folders left out for both kinds; on v6 the endpoint documents are
// one sentence and the enterprise documents still plan and apply.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBinding } from '../../../src/documents';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon, type CliResult } from './run-netmon';

const TOKEN = DEMO_CREDENTIALS.admin.token;
const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'documents', 'valid', 'home.netmon-test.json');
const ENDPOINT_DOC = 'vpn.netmon-endpoint-test.json';
const endpointText = (server: string, label: string): string =>
  [
    '{',
    '  "type": "agent-to-server",',
    '  "testName": "VPN gateway",',
    '  "interval": 300,',
    `  "agentLabels": [${JSON.stringify(label)}],`,
    `  "server": ${JSON.stringify(server)}`,
    '}',
    '',
  ].join('\n');

describe('netmon plan and apply with endpoint test documents', () => {
  let emulator: RunningEmulator | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function setUp(
    api: 'v6' | 'v7',
  ): Promise<{ run: (...args: string[]) => Promise<CliResult>; folder: string; url: string }> {
    emulator = await startEmulator({ port: 0, api });
    dir = mkdtempSync(join(tmpdir(), 'netmon-endpoint-plan-'));
    const folder = join(dir, 'tests');
    mkdirSync(join(folder, 'examples'), { recursive: true });
    copyFileSync(FIXTURE, join(folder, 'home.netmon-test.json'));
    writeFileSync(join(folder, ENDPOINT_DOC), endpointText('vpn.example.com', 'Mac laptops'));
    writeFileSync(
      join(folder, 'examples', 'sample.netmon-endpoint-test.json'),
      endpointText('sample.example.com', 'Mac laptops').replace('VPN gateway', 'Sample'),
    );
    const { url } = emulator;
    const cwd = dir;
    return { folder, url, run: (...args) => netmon(args, { cwd, env: { NETMON_TOKEN: TOKEN, NETMON_BASE_URL: url } }) };
  }

  const endpointTests = async (url: string): Promise<{ testId: number; testName: string; server?: string }[]> => {
    const response = await fetch(`${url}/v7/endpoint/tests/scheduled-tests/agent-to-server`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    // v7 answers test ids as strings.
    return ((await response.json()) as { tests: { testId: string; testName: string; server?: string }[] }).tests.map(
      (t) => ({ ...t, testId: Number(t.testId) }),
    );
  };

  test('v7: one plan for both kinds, apply binds both, an edit patches in place, a new label replaces it where apply created it and needs --allow-replace elsewhere', async () => {
    const { run, folder, url } = await setUp('v7');
    const planned = await run('plan', 'tests');
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, /\+ create {2}"Home page" \(page-load\) from tests\/home\.netmon-test\.json/);
    assert.match(
      planned.stdout,
      /\+ create {2}"VPN gateway" \(endpoint agent-to-server\) from tests\/vpn\.netmon-endpoint-test\.json/,
    );
    assert.match(planned.stdout, /Left out \(example folders\): tests\/examples\/sample\.netmon-endpoint-test\.json/);
    assert.doesNotMatch(planned.stdout, /"Sample"/);

    const json = JSON.parse((await run('plan', 'tests', '--json')).stdout) as {
      changes: number;
      steps: { kind: string; action: string; testName: string }[];
    };
    assert.deepEqual(
      json.steps.map((s) => `${s.kind} ${s.action} ${s.testName}`),
      ['test create Home page', 'endpoint create VPN gateway'],
    );
    assert.equal(json.changes, 2);

    const applied = await run('apply', 'tests', '--yes');
    assert.equal(applied.code, 0, applied.stderr);
    assert.match(applied.stderr, /2 steps applied/);
    const created = (await endpointTests(url)).filter((t) => t.testName === 'VPN gateway');
    assert.equal(created.length, 1);
    const documentPath = join(folder, ENDPOINT_DOC);
    assert.equal(readBinding(readFileSync(documentPath, 'utf8'), url, '1001'), created[0]?.testId);
    assert.ok(readBinding(readFileSync(join(folder, 'home.netmon-test.json'), 'utf8'), url, '1001') !== undefined);
    assert.equal((await run('plan', 'tests')).code, 0, 'both documents match what is deployed');

    writeFileSync(documentPath, readFileSync(documentPath, 'utf8').replace('vpn.example.com', 'vpn2.example.com'));
    const patch = await run('plan', 'tests');
    assert.match(patch.stdout, /~ update {2}"VPN gateway" \(endpoint agent-to-server test \d+\)/);
    assert.match(patch.stdout, /server: "vpn\.example\.com" → "vpn2\.example\.com"/);
    assert.equal((await run('apply', 'tests', '--yes')).code, 0);
    assert.deepEqual(
      (await endpointTests(url)).filter((t) => t.testName === 'VPN gateway').map((t) => [t.testId, t.server]),
      [[created[0]?.testId, 'vpn2.example.com']],
    );

    writeFileSync(documentPath, readFileSync(documentPath, 'utf8').replace('Mac laptops', 'Windows desktops'));
    // Another machine (its own journal) did not create it: there the replace needs --allow-replace.
    const elsewhere = mkdtempSync(join(dir!, 'state-'));
    const refused = await netmon(['apply', 'tests', '--yes'], {
      cwd: dir!,
      env: { NETMON_TOKEN: TOKEN, NETMON_BASE_URL: url, NETMON_STATE_DIR: elsewhere },
    });
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(
      refused.stdout,
      /Needs --allow-replace.*not create from this machine.*\n {2}replace endpoint "VPN gateway"/,
    );
    // Here apply created it: the journal records it as ours, so --yes replaces it.
    const replaced = await run('apply', 'tests', '--yes');
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.doesNotMatch(replaced.stdout, /Needs --allow-replace/);
    const after = (await endpointTests(url)).filter((t) => t.testName === 'VPN gateway');
    assert.equal(after.length, 1);
    assert.notEqual(after[0]?.testId, created[0]?.testId);
    assert.equal(readBinding(readFileSync(documentPath, 'utf8'), url, '1001'), after[0]?.testId);
  });

  test('v6: the endpoint documents are one sentence; the enterprise document still plans and applies', async () => {
    const { run, folder, url } = await setUp('v6');
    const planned = await run('plan', 'tests');
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, /\+ create {2}"Home page" \(page-load\)/);
    assert.match(
      planned.stdout,
      /1 endpoint test document left out: Endpoint tests as code and endpoint labels need the current API \(v7\)/,
    );
    assert.doesNotMatch(planned.stdout, /VPN gateway/);
    const json = JSON.parse((await run('plan', 'tests', '--json')).stdout) as {
      steps: { kind: string }[];
      endpointLeftOut?: string;
    };
    assert.deepEqual(
      json.steps.map((s) => s.kind),
      ['test'],
    );
    assert.match(json.endpointLeftOut ?? '', /need the current API/);

    const applied = await run('apply', 'tests', '--yes');
    assert.equal(applied.code, 0, applied.stderr);
    assert.match(applied.stderr, /1 step applied .*need the current API/);
    assert.ok(readBinding(readFileSync(join(folder, 'home.netmon-test.json'), 'utf8'), url, '1001') !== undefined);
    assert.equal(readBinding(readFileSync(join(folder, ENDPOINT_DOC), 'utf8'), url, '1001'), undefined);
  });
});
