// `netmon har redact` and the redaction in `netmon har report`: files in and out (gzip
// either way), the --report file, exit codes, and nothing left behind on failure.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { redactHar } from '../../../src/analysis/har/redact';
import { NOT_REDACTED_PREFIX, runHar } from '../../../src/cli/har-report';
import { runHarRedact } from '../../../src/cli/har-redact';
import { readHar } from '../../../src/analysis/har';
import { craftedGzip } from '../../fixtures/har-redact/crafted';
import { harEntriesEnvelope, ODD_SECRETS } from '../../fixtures/har-redact/odd-places';
import { fixtureText, REDACT_FIXTURES } from '../../fixtures/har-redact/expectations';
import { ensureBuilt } from '../../webview/helpers/panel';

function scratch(): { dir: string; [Symbol.dispose](): void } {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-redact-'));
  return { dir, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
}

function capture(): { io: { stdout(line: string): void; stderr(line: string): void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (line) => out.push(line), stderr: (line) => err.push(line) }, out, err };
}

const CHROME = fixtureText('chrome');
const CHROME_SECRETS = REDACT_FIXTURES.find((f) => f.name === 'chrome')?.secrets ?? [];
const expectedOutput = (text: string, options = {}): string =>
  `${JSON.stringify(redactHar(JSON.parse(text), options).har)}\n`;

describe('netmon har redact', () => {
  test('writes the redacted HAR and a summary of counts per rule, without any value', async () => {
    using s = scratch();
    writeFileSync(join(s.dir, 'in.har'), CHROME);
    const { io, out, err } = capture();
    assert.equal(await runHar(['redact', join(s.dir, 'in.har'), '-o', join(s.dir, 'out.har')], io), 0, err.join('\n'));
    assert.equal(readFileSync(join(s.dir, 'out.har'), 'utf8'), expectedOutput(CHROME));
    assert.match(out[0] ?? '', /^wrote .*out\.har \(\d+\.\d kB\) from in\.har$/);
    assert.match(
      out.join('\n'),
      /redacted 26 values in 4 entries:\n {2}cookie +6 {2}cookie values \(request\.cookie sessionid/,
    );
    for (const secret of CHROME_SECRETS) assert.ok(!out.join('\n').includes(secret));
  });

  test('reads gzip by its first bytes (whatever the name), writes gzip for .gz and .zhar', async () => {
    using s = scratch();
    writeFileSync(join(s.dir, 'in.har'), gzipSync(CHROME));
    const { io, err } = capture();
    for (const name of ['out.har.gz', 'out.zhar']) {
      assert.equal(await runHar(['redact', join(s.dir, 'in.har'), '-o', join(s.dir, name)], io), 0, err.join('\n'));
      const bytes = readFileSync(join(s.dir, name));
      assert.deepEqual([...bytes.subarray(0, 2)], [0x1f, 0x8b]);
      assert.equal(gunzipSync(bytes).toString('utf8'), expectedOutput(CHROME));
    }
  });

  test('--report writes what was removed, rule by rule and where, never the values', async () => {
    using s = scratch();
    writeFileSync(join(s.dir, 'in.har'), CHROME);
    const { io } = capture();
    assert.equal(
      await runHar(
        [
          'redact',
          join(s.dir, 'in.har'),
          '-o',
          join(s.dir, 'out.har'),
          '--report',
          join(s.dir, 'report.json'),
          '--keep',
          'X-Api-Key,theme',
        ],
        io,
      ),
      0,
    );
    const text = readFileSync(join(s.dir, 'report.json'), 'utf8');
    const report = JSON.parse(text) as {
      input: string;
      entries: number;
      total: number;
      options: { keep: string[] };
      rules: { id: string; count: number; locations: { entry?: number; where: string; name?: string }[] }[];
    };
    assert.equal(report.input, 'in.har');
    assert.deepEqual(report.options.keep, ['X-Api-Key', 'theme']);
    assert.equal(report.entries, 4);
    assert.deepEqual(
      report.rules.map((r) => r.id),
      [
        'cookie',
        'authorization',
        'secret-header',
        'secret-query',
        'userinfo',
        'jwt',
        'high-entropy',
        'form-field',
        'json-field',
        'response-body',
      ],
    );
    assert.equal(report.rules.find((r) => r.id === 'secret-header')?.count, 1, 'X-Api-Key kept');
    assert.deepEqual(
      report.rules.find((r) => r.id === 'cookie')?.locations.map((l) => `${l.where} ${l.name}`),
      [
        'request.cookie sessionid',
        'request.cookie sessionid',
        'response.cookie sessionid',
        'response.cookie sessionid',
      ],
    );
    for (const secret of CHROME_SECRETS) assert.ok(!text.includes(secret));
    assert.ok(readFileSync(join(s.dir, 'out.har'), 'utf8').includes('chrome-api-key-K3Y'));
  });

  test('-o - writes the HAR to standard output and the summary to stderr; options keep what they name', async () => {
    const chunks: string[] = [];
    const stdout = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    const { io, out, err } = capture();
    const input = join(__dirname, '../../fixtures/har-redact/chrome.har');
    assert.equal(await runHarRedact([input, '-o', '-', '--keep-cookies', '--keep-bodies'], io, stdout), 0);
    assert.equal(chunks.join(''), expectedOutput(CHROME, { keepCookies: true, keepBodies: true }));
    assert.ok(
      chunks.join('').includes('chrome-session-S3CR3T') && chunks.join('').includes('chrome-body-secret-in-html'),
    );
    assert.deepEqual(out, []);
    assert.match(err[0] ?? '', /^wrote standard output from chrome\.har$/);
  });

  test('usage errors, unreadable and malformed inputs exit 2 and leave no file behind', async () => {
    using s = scratch();
    writeFileSync(join(s.dir, 'truncated.har'), CHROME.slice(0, CHROME.length / 2));
    writeFileSync(join(s.dir, 'not-utf8.har'), Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    writeFileSync(join(s.dir, 'broken.har.gz'), gzipSync(CHROME).subarray(0, 300));
    const cases: [string[], RegExp][] = [
      [['in.har'], /where to\? give -o <out\.har>/],
      [['-o', 'x.har'], /which HAR\? give one input file/],
      [['a.har', 'b.har', '-o', 'x.har'], /one input file, not 2/],
      [['in.har', '-o', 'x.har', '--frobnicate'], /unknown option --frobnicate/],
      [['in.har', '-o'], /-o needs a value/],
      [[join(s.dir, 'missing.har'), '-o', join(s.dir, 'out.har')], /cannot read .*missing\.har: no such file/],
      [[s.dir, '-o', join(s.dir, 'out.har')], /is not a file/],
      [
        [join(s.dir, 'truncated.har'), '-o', join(s.dir, 'out.har')],
        /truncated\.har is not a valid HAR: the HAR ends too early \(at char \d+, inside log\.entries\[\d\]\)/,
      ],
      [[join(s.dir, 'not-utf8.har'), '-o', join(s.dir, 'out.har')], /not-utf8\.har is not UTF-8 text/],
      [
        [join(s.dir, 'broken.har.gz'), '-o', join(s.dir, 'out.har.gz')],
        /cannot read broken\.har\.gz: the gzip data is damaged or truncated/,
      ],
    ];
    for (const [args, message] of cases) {
      const { io, err } = capture();
      assert.equal(await runHar(['redact', ...args], io), 2, args.join(' '));
      assert.match(err.join('\n'), message, args.join(' '));
    }
    assert.deepEqual(
      readdirSync(s.dir).sort(),
      ['broken.har.gz', 'not-utf8.har', 'truncated.har'],
      'no output or temporary file is left',
    );
  });

  test('an existing output needs --force and a symlink there is refused, before any work', async () => {
    using s = scratch();
    writeFileSync(join(s.dir, 'in.har'), CHROME);
    writeFileSync(join(s.dir, 'victim'), 'keep me');
    symlinkSync(join(s.dir, 'victim'), join(s.dir, 'link.har'));
    writeFileSync(join(s.dir, 'old.har'), 'old');
    const { io, err } = capture();
    assert.equal(await runHar(['redact', join(s.dir, 'in.har'), '-o', join(s.dir, 'link.har'), '--force'], io), 2);
    assert.match(err.at(-1) ?? '', /link\.har is a symbolic link: refusing to write through it/);
    assert.equal(readFileSync(join(s.dir, 'victim'), 'utf8'), 'keep me');
    assert.equal(await runHar(['redact', join(s.dir, 'in.har'), '-o', join(s.dir, 'old.har')], io), 2);
    assert.match(err.at(-1) ?? '', /old\.har already exists: pass --force to overwrite it/);
    assert.equal(await runHar(['redact', join(s.dir, 'in.har'), '-o', join(s.dir, 'old.har'), '--force'], io), 0);
    assert.equal(readFileSync(join(s.dir, 'old.har'), 'utf8'), expectedOutput(CHROME));
  });

  test("the review's 1 KB .har.gz (a megabyte of `eyJ` and of `a.a.a…://` once inflated) is redacted, its runs kept", async () => {
    using s = scratch();
    const gz = craftedGzip();
    assert.ok(gz.length < 4096, `${gz.length} bytes`);
    writeFileSync(join(s.dir, 'crafted.har.gz'), gz);
    const { io, err } = capture();
    assert.equal(
      await runHar(['redact', join(s.dir, 'crafted.har.gz'), '-o', join(s.dir, 'out.har')], io),
      0,
      err.join('\n'),
    );
    type Shape = { log: { entries: { request: { headers: { value: string }[] } }[] } };
    const values = (har: Shape): string[] => har.log.entries[0]?.request.headers.map((h) => h.value) ?? [];
    const input = values(JSON.parse(gunzipSync(gz).toString('utf8')) as Shape);
    assert.ok(input.every((value) => value.length > 1000_000));
    assert.deepEqual(values(JSON.parse(readFileSync(join(s.dir, 'out.har'), 'utf8')) as Shape), input);
  });

  test('the real entry point: exit codes, and `netmon har` lists redact', () => {
    using s = scratch();
    const netmon = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/netmon.ts', ...args], { encoding: 'utf8' });
    writeFileSync(join(s.dir, 'bad.har'), '{"log":{"entries":[{"password":"s3cret" x}]}}');
    const bad = netmon('har', 'redact', join(s.dir, 'bad.har'), '-o', join(s.dir, 'out.har'));
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /bad\.har is not a valid HAR: malformed JSON in log\.entries\[0\] at char \d+/);
    assert.doesNotMatch(bad.stderr, /s3cret/);
    assert.ok(!existsSync(join(s.dir, 'out.har')));
    const help = netmon('har', 'redact', '--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage: netmon har redact <in\.har\[\.gz\]\|in\.zhar> -o <out\.har\[\.gz\]\|->/);
    assert.match(netmon('har').stdout, /usage: netmon har redact/);
    assert.match(netmon('--help').stderr, /redact <in\.har> -o <out\.har>/);
  });
});

describe('netmon har report redacts by default', () => {
  const embedded = (html: string): string =>
    /<script type="application\/json" id="har-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';

  test('the embedded HAR has no secrets and the report says how many were removed', async () => {
    ensureBuilt('har');
    using s = scratch();
    writeFileSync(join(s.dir, 'in.har'), CHROME);
    const { io, out } = capture();
    assert.equal(await runHar(['report', join(s.dir, 'in.har'), '-o', join(s.dir, 'out.html')], io), 0);
    const html = readFileSync(join(s.dir, 'out.html'), 'utf8');
    for (const secret of CHROME_SECRETS) assert.ok(!html.includes(secret), secret.slice(0, 20));
    assert.match(html, /<title>https:\/\/REDACTED-userinfo@portal\.example\.com\/login\?next=%2Fhome<\/title>/);
    assert.ok(embedded(html).includes('[redacted: cookie sessionid]'));
    assert.match(out.at(-1) ?? '', /; redacted 26 values \(--no-redact keeps them\)$/);
  });

  test('a HAR shaped { har: { entries } } is redacted as the viewer reads it: two requests, no secret', async () => {
    ensureBuilt('har');
    using s = scratch();
    writeFileSync(join(s.dir, 'in.har'), JSON.stringify(harEntriesEnvelope()));
    const { io, out } = capture();
    assert.equal(await runHar(['report', join(s.dir, 'in.har'), '-o', join(s.dir, 'out.html')], io), 0);
    const data = JSON.parse(embedded(readFileSync(join(s.dir, 'out.html'), 'utf8'))) as { har: unknown };
    assert.equal(readHar(data.har).entries.length, 2);
    const text = JSON.stringify(data);
    for (const secret of [ODD_SECRETS.envelopeCookie, ODD_SECRETS.envelopeAuth, ODD_SECRETS.envelopePassword])
      assert.ok(!text.includes(secret), secret);
    assert.match(out.at(-1) ?? '', /; redacted [1-9]\d* values/);
  });

  test('a gzip input (.har.gz) is read like a plain one', async () => {
    ensureBuilt('har');
    using s = scratch();
    writeFileSync(join(s.dir, 'in.har.gz'), gzipSync(CHROME));
    const { io } = capture();
    assert.equal(await runHar(['report', join(s.dir, 'in.har.gz'), '-o', join(s.dir, 'out.html')], io), 0);
    const html = readFileSync(join(s.dir, 'out.html'), 'utf8');
    assert.ok(embedded(html).includes('[redacted: cookie sessionid]'));
    for (const secret of CHROME_SECRETS) assert.ok(!html.includes(secret), secret.slice(0, 20));
  });

  test('--no-redact embeds the HAR as recorded and the title says so', async () => {
    ensureBuilt('har');
    using s = scratch();
    writeFileSync(join(s.dir, 'in.har'), CHROME);
    const { io, out } = capture();
    assert.equal(
      await runHar(
        ['report', join(s.dir, 'in.har'), '-o', join(s.dir, 'out.html'), '--no-redact', '--title', 'Ticket 42'],
        io,
      ),
      0,
    );
    const html = readFileSync(join(s.dir, 'out.html'), 'utf8');
    assert.ok(embedded(html).includes('chrome-session-S3CR3T'));
    assert.ok(html.includes(`<title>${NOT_REDACTED_PREFIX}Ticket 42</title>`));
    assert.match(embedded(html), /"title":"NOT REDACTED — Ticket 42"/);
    assert.match(out.at(-1) ?? '', /NOT redacted: it holds the cookies, tokens and bodies as recorded$/);
  });
});
