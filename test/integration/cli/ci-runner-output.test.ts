// The security review's reproductions where a user meets them: `netmon validate` and `netmon
// plan` on a folder of documents whose test names and property names hold runner commands
// mid-line (`##[error]`) or after Unicode whitespace (NBSP, U+3000 before `::add-mask::`), and a
// test name from the API doing the same, through the real entry point. No printed line is one a
// CI runner executes (the model in test/unit/cli/ci-runner.ts), and the names read the same.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { runnerCommands } from '../../unit/cli/ci-runner';
import { netmon, type CliResult } from './run-netmon';

const TOKEN = DEMO_CREDENTIALS.admin.token;
const LEAKED_NAME = 'Payments ##[error]Deploy key leaked';
const NBSP_PROPERTY = '\u00a0::add-mask::x';
/** A line break in the name puts U+3000 and the command at the start of a printed line. */
const IDEOGRAPHIC_SPACE_NAME = 'Checkout\n\u3000::add-mask::y';
const API_NAME = 'From the API\n\u00a0::add-mask::z ##vso[task.setvariable variable=x]1';

const httpTest = (testName: string): object => ({
  type: 'http-server',
  testName,
  interval: 120,
  agents: [{ agentId: 1000 }],
  url: 'https://payments.example.com/health',
});

function assertNoRunnerCommand(result: CliResult, what: string): void {
  for (const [stream, output] of [
    ['stdout', result.stdout],
    ['stderr', result.stderr],
  ] as const) {
    assert.deepEqual(runnerCommands(output), [], `${what} ${stream}: ${JSON.stringify(output.slice(0, 600))}`);
  }
}

/** What a reader sees: the zero-width spaces that break the markers are invisible. */
const seen = (text: string): string => text.replace(/\u200b/g, '');

function xmlText(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('netmon prints no line a CI runner executes', () => {
  let emulator: RunningEmulator;
  let dir: string;
  const run = (...args: string[]): Promise<CliResult> =>
    netmon(args, { cwd: dir, env: { NETMON_TOKEN: TOKEN, NETMON_BASE_URL: emulator.url } });

  before(async () => {
    emulator = await startEmulator({ port: 0, control: true });
    dir = mkdtempSync(join(tmpdir(), 'netmon-ci-runner-'));
    mkdirSync(join(dir, 'invalid'));
    // The same name twice, so validate prints it; an unknown property, so validate prints its name.
    writeFileSync(join(dir, 'invalid', 'payments.netmon-test.json'), JSON.stringify(httpTest(LEAKED_NAME), null, 2));
    writeFileSync(
      join(dir, 'invalid', 'payments-copy.netmon-test.json'),
      JSON.stringify({ ...httpTest(LEAKED_NAME), [NBSP_PROPERTY]: 1, [IDEOGRAPHIC_SPACE_NAME]: 2 }, null, 2),
    );
    mkdirSync(join(dir, 'tests'));
    writeFileSync(join(dir, 'tests', 'payments.netmon-test.json'), JSON.stringify(httpTest(LEAKED_NAME), null, 2));
    writeFileSync(
      join(dir, 'tests', 'checkout.netmon-test.json'),
      JSON.stringify(httpTest(IDEOGRAPHIC_SPACE_NAME), null, 2),
    );
  });
  after(async () => {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the fixtures are commands to a runner as they stand', () => {
    for (const text of [LEAKED_NAME, NBSP_PROPERTY, IDEOGRAPHIC_SPACE_NAME, API_NAME])
      assert.notDeepEqual(runnerCommands(text), [], JSON.stringify(text));
  });

  test('validate: text, SARIF and JUnit', async () => {
    const text = await run('validate', 'invalid');
    assert.equal(text.code, 1, text.stderr);
    assertNoRunnerCommand(text, 'validate');
    for (const name of [LEAKED_NAME, NBSP_PROPERTY, IDEOGRAPHIC_SPACE_NAME])
      assert.ok(seen(text.stdout).includes(name), `the text reads ${JSON.stringify(name)}`);

    const sarif = await run('validate', '--format', 'sarif', 'invalid');
    assertNoRunnerCommand(sarif, 'validate --format sarif');
    const messages = JSON.stringify(
      (JSON.parse(sarif.stdout) as { runs: { results: { message: { text: string } }[] }[] }).runs[0]?.results.map(
        (r) => r.message.text,
      ),
    );
    for (const name of [LEAKED_NAME, NBSP_PROPERTY, IDEOGRAPHIC_SPACE_NAME])
      assert.ok(messages.includes(JSON.stringify(name).slice(1, -1)), `SARIF carries ${JSON.stringify(name)} exactly`);

    const junit = await run('validate', '--format', 'junit', 'invalid');
    assertNoRunnerCommand(junit, 'validate --format junit');
    const failures = [...junit.stdout.matchAll(/<failure [^>]*>([^<]*)<\/failure>/g)]
      .map((m) => xmlText(m[1] ?? ''))
      .join('\n');
    for (const name of [LEAKED_NAME, NBSP_PROPERTY, IDEOGRAPHIC_SPACE_NAME])
      assert.ok(failures.includes(name), `JUnit carries ${JSON.stringify(name)} exactly`);
  });

  test('plan: test names from the documents and from the API', async () => {
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
    assertNoRunnerCommand(planned, 'plan');
    assert.match(seen(planned.stdout), /Payments ##\[error\]Deploy key leaked/);
    assert.match(seen(planned.stdout), /From the API/, 'the API test is listed as left alone');
  });
});
