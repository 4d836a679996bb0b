// `netmon har diff` through the real entry point: the text report (pages, onLoad and
// DOMContentLoaded deltas, rules used, rows by regression, totals), --json as the diff
// model, --page, files without pages, outside text that cannot steer the terminal, and
// exit 2 with the reason for usage errors and unreadable files.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { diffHar, type HarDiff } from '../../../src/analysis/har/diff';
import { netmon } from './run-netmon';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'har-real');
const fixture = (name: string): string => join(FIXTURES, `${name}.har`);
const read = (name: string): unknown => JSON.parse(readFileSync(fixture(name), 'utf8'));

/** The diff model of `--json`, beside which the CLI prints the findings that appeared and went away. */
function diffModel(stdout: string): HarDiff {
  const { findings, ...model } = JSON.parse(stdout) as HarDiff & { findings?: { appeared: unknown[] } };
  assert.ok(Array.isArray(findings?.appeared), 'the findings diff is printed too');
  return model;
}

describe('netmon har diff', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'netmon-har-diff-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('text: pages, page timings, rules, changed rows by regression, totals per domain and type', async () => {
    const result = await netmon(['har', 'diff', fixture('chrome-before'), fixture('chrome-after')]);
    assert.equal(result.code, 0, result.stderr);
    const out = result.stdout;
    assert.match(out, /^HAR diff: chrome-before\.har → chrome-after\.har$/m);
    assert.match(
      out,
      /^ {2}before: page 1 of 1 "https:\/\/shop\.example\.com\/" \(page_1\), 13 requests · WebInspector 537\.36$/m,
    );
    assert.match(out, /^ {2}onLoad: +1\.45 s → 1\.89 s \(\+440 ms\)$/m);
    assert.match(out, /^ {2}DOMContentLoaded: +812 ms → 1\.02 s \(\+208 ms\)$/m);
    assert.match(
      out,
      /^Requests: 1 status changed, 1 new, 1 missing, 1 slower, 1 faster, 9 unchanged \(slower\/faster: at least 50 ms and 20 %\)$/m,
    );
    assert.match(out, /^ {2}file-name hash ignored +×2$/m);
    assert.match(out, /^ {2}path ;jsessionid ignored \(session id\) +×1$/m);
    const rows = out
      .slice(out.indexOf('Changed requests'), out.indexOf('Totals per domain'))
      .trim()
      .split('\n')
      .slice(1);
    assert.match(
      rows[0] ?? '',
      /^ {2}slower +\+353 ms {2}wait \+350 ms +GET https:\/\/shop\.example\.com\/static\/js\/main\.\[hash\]\.js$/,
    );
    assert.match(
      rows[2] ?? '',
      /^ {2}status 200→500 +-28 ms {2}wait -25 ms +GET https:\/\/api\.shop\.example\.com\/products\?sid=\*&page=1$/,
    );
    assert.match(
      rows.at(-2) ?? '',
      /^ {2}faster +-251 ms {2}wait -205 ms +GET https:\/\/cdn\.example\.net\/lib\/analytics\.js\?v=\*$/,
    );
    assert.match(rows.at(-1) ?? '', /9 unchanged requests not listed \(--all lists them\)/);
    assert.match(
      out,
      /^ {2}cdn\.example\.net +1 → 1 +423 ms → 172 ms \(-251 ms\) +16\.9 kB → 16\.9 kB \(±0 B\) +1 faster$/m,
    );
    assert.match(out, /^Totals per type:\n {2}document /m);
    assert.match(out, /^ {2}image +3 → 3 .* 1 new, 1 missing$/m);
    assert.equal(result.stderr, '');
  });

  test('--json prints the diff model, the same as the library computes', async () => {
    const result = await netmon(['har', 'diff', '--json', fixture('chrome-before'), fixture('chrome-after')]);
    assert.equal(result.code, 0, result.stderr);
    const model = diffModel(result.stdout);
    assert.deepEqual(model, JSON.parse(JSON.stringify(diffHar(read('chrome-before'), read('chrome-after')))));
    assert.equal(model.rows[0]?.mark, 'slower');
  });

  test('--page picks a page of each file (id or number); --all lists unchanged requests too', async () => {
    const result = await netmon([
      'har',
      'diff',
      fixture('webpagetest-before'),
      fixture('webpagetest-after'),
      '--page',
      'page_1_1_1',
      '2',
      '--all',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      /before: page 2 of 2 "Run 1, Repeat View for https:\/\/portal\.example\.com\/" \(page_1_1_1\), 3 requests · WebPagetest 23\.12 \(Chrome 120\.0\.6099\.109\)/,
    );
    assert.match(result.stdout, /onLoad: +810 ms → 760 ms \(-50 ms\)/);
    assert.match(
      result.stdout,
      /^ {2}unchanged +±0 ms {2}— +GET https:\/\/tags\.example\.net\/gtm\.js\?id=GTM-ABC123$/m,
    );
  });

  test('gzip files (.har.gz, .zhar) are read like plain ones; a gzip that is broken says so', async () => {
    writeFileSync(join(dir, 'before.har.gz'), gzipSync(readFileSync(fixture('chrome-before'))));
    writeFileSync(join(dir, 'after.zhar'), gzipSync(readFileSync(fixture('chrome-after'))));
    const result = await netmon(['har', 'diff', '--json', join(dir, 'before.har.gz'), join(dir, 'after.zhar')]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(
      diffModel(result.stdout),
      JSON.parse(JSON.stringify(diffHar(read('chrome-before'), read('chrome-after')))),
    );
    writeFileSync(
      join(dir, 'broken.har.gz'),
      Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not really gzip')]),
    );
    const broken = await netmon(['har', 'diff', join(dir, 'broken.har.gz'), fixture('chrome-after')]);
    assert.equal(broken.code, 2);
    assert.match(
      broken.stderr,
      /cannot read .*broken\.har\.gz: broken\.har\.gz starts like gzip but cannot be decompressed/,
    );
  });

  test('files without pages compare all requests and say page timings are not compared', async () => {
    const result = await netmon(['har', 'diff', fixture('nopages-before'), fixture('nopages-after')]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /before: all requests \(no pages in the file\), 6 requests · Charles Proxy 4\.6\.6/);
    assert.match(result.stdout, /page timings: not compared \(before and after are all requests, not a page\)/);
    assert.match(result.stdout, /^ {2}status 202→429 /m);
  });

  test('outside text cannot steer the terminal: no escape or bidi characters in text or JSON', async () => {
    const evil = (wait: number) => ({
      log: {
        creator: { name: 'evil\u001b]0;pwned\u0007', version: '\u202e1' },
        pages: [
          {
            id: 'p',
            title: 'Title \u001b[2J\u001b[31m[x](command:workbench.action.terminal.sendSequence)\r\nFAKE: all good',
            startedDateTime: '2026-01-01T00:00:00Z',
            pageTimings: { onLoad: wait },
          },
        ],
        entries: [
          {
            pageref: 'p',
            startedDateTime: '2026-01-01T00:00:00Z',
            time: wait,
            request: { method: 'GET', url: `https://evil.example/\u001b[31m\u009b2J\u202e/${wait}.3f2a9c1b${wait}.js` },
            response: { status: 200, content: { size: 1, mimeType: 'text/javascript' } },
            timings: { send: 0, wait, receive: 0 },
          },
        ],
      },
    });
    writeFileSync(join(dir, 'evil-a.har'), JSON.stringify(evil(100)));
    writeFileSync(join(dir, 'evil-b.har'), JSON.stringify(evil(900)));
    for (const extra of [[], ['--json']]) {
      const result = await netmon(['har', 'diff', join(dir, 'evil-a.har'), join(dir, 'evil-b.har'), ...extra]);
      assert.equal(result.code, 0, result.stderr);
      assert.doesNotMatch(
        result.stdout,
        // eslint-disable-next-line no-control-regex
        /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
        `no control characters (${extra.join(' ') || 'text'})`,
      );
      if (extra.length === 0) {
        assert.doesNotMatch(result.stdout, /^FAKE/m, 'a newline in a title does not start a line of its own');
        assert.doesNotMatch(result.stdout, /\]\(command:/, 'link syntax is broken up');
      } else {
        const model = JSON.parse(result.stdout) as HarDiff;
        assert.equal(model.before.page?.title.startsWith('Title \u001b[2J'), true, 'the JSON keeps the data, escaped');
      }
    }
  });

  test('usage errors and unreadable files exit 2 and say what is wrong', async () => {
    mkdirSync(join(dir, 'a-directory.har'), { recursive: true });
    writeFileSync(join(dir, 'broken.har'), '{ "log": { "entries": [');
    writeFileSync(join(dir, 'not-a-har.har'), '{"hello": "world"}');
    const cases: [string[], RegExp][] = [
      [['har', 'diff', fixture('chrome-before')], /two HAR files are needed: before and after\nusage: netmon har diff/],
      [
        ['har', 'diff', fixture('chrome-before'), fixture('chrome-after'), fixture('firefox-after')],
        /too many files \(3\)/,
      ],
      [
        ['har', 'diff', fixture('chrome-before'), fixture('chrome-after'), '--frobnicate'],
        /unknown option --frobnicate/,
      ],
      [
        ['har', 'diff', fixture('chrome-before'), fixture('chrome-after'), '--page', 'page_1'],
        /--page takes two pages: one of each file/,
      ],
      [['har', 'diff', join(dir, 'missing.har'), fixture('chrome-after')], /cannot read .*missing\.har: no such file/],
      [
        ['har', 'diff', fixture('chrome-before'), join(dir, 'a-directory.har')],
        /cannot read .*a-directory\.har: not a file/,
      ],
      [['har', 'diff', join(dir, 'broken.har'), fixture('chrome-after')], /cannot read .*broken\.har: .*JSON/],
      [
        ['har', 'diff', join(dir, 'not-a-har.har'), fixture('chrome-after')],
        /cannot read .*not-a-har\.har: not a HAR: it has no log\.entries array/,
      ],
      [
        ['har', 'diff', fixture('webpagetest-before'), fixture('webpagetest-after'), '--page', '1', 'page_7'],
        /webpagetest-after\.har has no page "page_7"; its pages are "page_1_0_1", "page_1_1_1"/,
      ],
      [
        ['har', 'diff', fixture('nopages-before'), fixture('nopages-after'), '--page', 'page_1', '*'],
        /nopages-before\.har has no pages, so no page "page_1"/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await netmon(args);
      assert.equal(result.code, 2, `${args.slice(2).join(' ')}: ${result.stdout}${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stdout, '');
    }
  });

  test('`netmon har` lists both subcommands; `netmon har diff --help` exits 0', async () => {
    const bare = await netmon(['har']);
    assert.equal(bare.code, 2);
    assert.match(bare.stdout, /usage: netmon har report <in\.har> -o <out\.html>/);
    assert.match(
      bare.stdout,
      /usage: netmon har diff <before\.har\[\.gz\]> <after\.har\[\.gz\]> \[--page <A> <B>\] \[--json\]/,
    );
    const help = await netmon(['har', 'diff', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /cache-buster query\n? *values, file-name hashes and session ids ignored/);
    const unknown = await netmon(['har', 'frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown subcommand frobnicate/);
  });
});
