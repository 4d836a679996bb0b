// What the CLI prints cannot steer the terminal or the CI runner reading it: document test
// names and property names, and test names from the API, holding ESC, CR, BEL and a newline
// followed by `::error …` / `::add-mask::` / `##vso[…]`, through the real entry point against
// the emulator. Text output has no raw control character and no line a runner executes;
// SARIF and JUnit still carry the names exactly (their own encoders escape them).
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon, type CliResult } from './run-netmon';

const TOKEN = DEMO_CREDENTIALS.admin.token;
const INJECTED_NAME = 'Portal\u001b[2K\r~ nothing to change\u0007\n::error file=README.md::pwned\n::add-mask::hidden';
const INJECTED_PROPERTY =
  'extra\u001b]0;owned\u0007\r\n::error::from a property name\n##vso[task.setvariable variable=x]1';
const API_NAME = 'From the API\u001b[31m\r\n::warning::api text\n##[error]azure';

/** No raw control character (but newline and tab) and no line a CI runner takes as a command. */
function assertInert(output: string, what: string): void {
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.exec(output);
  assert.equal(
    control,
    null,
    `${what}: a raw control character U+${control?.[0].charCodeAt(0).toString(16).padStart(4, '0')} in ${JSON.stringify(output.slice(0, 400))}`,
  );
  const command = output.split('\n').find((line) => /^\s*(::|##\[)/.test(line) || /##vso\[/i.test(line));
  assert.equal(command, undefined, `${what}: a line a CI runner would execute`);
}

function xmlText(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('netmon output is inert in a terminal and a CI log', () => {
  let emulator: RunningEmulator;
  let dir: string;
  const run = (...args: string[]): Promise<CliResult> =>
    netmon(args, { cwd: dir, env: { NETMON_TOKEN: TOKEN, NETMON_BASE_URL: emulator.url } });

  before(async () => {
    emulator = await startEmulator({ port: 0, control: true });
  });
  after(async () => {
    await emulator.close();
  });
  beforeEach(async () => {
    await fetch(`${emulator.url}/_emulator/reset`, { method: 'POST' });
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'netmon-inject-'));
    mkdirSync(join(dir, 'tests'));
    const test = {
      type: 'http-server',
      testName: INJECTED_NAME,
      interval: 120,
      agents: [{ agentId: 1000 }],
      url: 'https://portal.example.com/health',
    };
    writeFileSync(join(dir, 'tests', 'named.netmon-test.json'), JSON.stringify(test, null, 2));
    mkdirSync(join(dir, 'invalid'));
    writeFileSync(
      join(dir, 'invalid', 'property.netmon-test.json'),
      JSON.stringify({ ...test, testName: 'Plain', [INJECTED_PROPERTY]: 1 }, null, 2),
    );
  });

  test("plan: a document's test name and a test name from the API", async () => {
    const created = await fetch(`${emulator.url}/v7/tests/http-server`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        testName: API_NAME,
        interval: 300,
        agents: [{ agentId: 1000 }],
        url: 'https://api.example.com/',
      }),
    });
    assert.ok(created.ok, `the emulator took the test: ${created.status}`);
    const planned = await run('plan', 'tests');
    assert.equal(planned.code, 1, planned.stderr);
    assert.match(planned.stdout, /\+ create/);
    assert.match(planned.stdout, /From the API/, 'the API test is listed as left alone');
    assertInert(planned.stdout, 'plan stdout');
    assertInert(planned.stderr, 'plan stderr');
    const json = await run('plan', 'tests', '--json');
    assertInert(json.stdout, 'plan --json');
    assert.ok(
      JSON.stringify(JSON.parse(json.stdout)).includes(JSON.stringify(INJECTED_NAME).slice(1, -1)),
      'the JSON carries the name exactly',
    );
  });

  test('validate: text, SARIF and JUnit', async () => {
    const text = await run('validate', 'invalid', 'tests');
    assert.equal(text.code, 1, text.stderr);
    assert.match(text.stdout, /property\.netmon-test\.json:\d+:\d+ error/);
    assertInert(text.stdout, 'validate text');

    const sarif = await run('validate', '--format', 'sarif', 'invalid');
    assertInert(sarif.stdout, 'validate sarif');
    const messages =
      (JSON.parse(sarif.stdout) as { runs: { results: { message: { text: string } }[] }[] }).runs[0]?.results.map(
        (r) => r.message.text,
      ) ?? [];
    assert.ok(
      messages.some((message) => message.includes(INJECTED_PROPERTY)),
      `SARIF keeps the property name exactly: ${JSON.stringify(messages)}`,
    );

    const junit = await run('validate', '--format', 'junit', 'invalid');
    assertInert(junit.stdout, 'validate junit');
    const failure = /<failure [^>]*>([^<]*)<\/failure>/.exec(junit.stdout)?.[1] ?? '';
    assert.ok(
      // eslint-disable-next-line no-control-regex
      xmlText(failure).includes(INJECTED_PROPERTY.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')),
      'JUnit keeps the name (less what XML 1.0 cannot carry)',
    );
  });
});
