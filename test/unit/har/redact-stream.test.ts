// The streaming redactor: the same HAR as redactHar whatever the chunking, any JSON
// layout a writer may produce, and a clear error (never a hang) on anything else.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createHarRedactStream,
  HarRedactError,
  redactHar,
  type HarRedactStreamOptions,
  type RedactionReport,
} from '../../../src/analysis/har/redact';
import { fixtureText, REDACT_FIXTURES } from '../../fixtures/har-redact/expectations';

function streamed(
  text: string,
  chunk: number | ((i: number) => number),
  options: HarRedactStreamOptions = {},
): { text: string; report: RedactionReport } {
  const stream = createHarRedactStream(options);
  let out = '';
  for (let i = 0, k = 0; i < text.length; k++) {
    const size = typeof chunk === 'number' ? chunk : chunk(k);
    out += stream.write(text.slice(i, i + size));
    i += size;
  }
  const end = stream.end();
  return { text: out + end.tail, report: end.report };
}

function expected(text: string, options: HarRedactStreamOptions = {}): { text: string; report: RedactionReport } {
  const { har, report } = redactHar(JSON.parse(text.replace(/^\uFEFF/, '')), options);
  return { text: `${JSON.stringify(har)}\n`, report };
}

/** Deterministic uneven chunk sizes, 1 to 97 characters. */
const uneven = (k: number): number => ((k * 7919) % 97) + 1;

const REAL = join(__dirname, '../../fixtures/har-real');
const ALL_FIXTURES: [string, string][] = [
  ...REDACT_FIXTURES.map((f): [string, string] => [f.name, fixtureText(f.name)]),
  ...readdirSync(REAL).map((name): [string, string] => [name, readFileSync(join(REAL, name), 'utf8')]),
];

describe("the stream gives redactHar's HAR for any chunking", () => {
  for (const [name, text] of ALL_FIXTURES) {
    test(name, () => {
      const want = expected(text);
      for (const chunk of [1, 7, text.length, uneven]) {
        const got = streamed(text, chunk);
        assert.equal(got.text, want.text, `${name} in chunks of ${typeof chunk === 'number' ? chunk : 'uneven sizes'}`);
        assert.deepEqual(got.report, want.report);
      }
    });
  }

  test('with options', () => {
    const text = fixtureText('chrome');
    for (const options of [{ keepCookies: true }, { keepBodies: true }, { keep: ['x-api-key', 'access_token'] }]) {
      assert.equal(streamed(text, 13, options).text, expected(text, options).text, JSON.stringify(options));
    }
  });
});

describe('JSON layouts the stream reads', () => {
  const entry = {
    request: { url: 'https://x.example/?token=s3cret&q=[1]', headers: [{ name: 'Cookie', value: 'a="b]}"' }] },
    response: { status: 200 },
    time: 1,
  };

  test('a byte-order mark, whitespace everywhere, and entries before pages', () => {
    const text = `\uFEFF \n{ "log" :\t{ "entries" : [ ${JSON.stringify(entry)} , ${JSON.stringify(entry)} ] ,\r\n "pages" : [ { "id" : "https://u:p@x.example/" } ] , "version" : "1.2" } }\n\n`;
    const got = streamed(text, 1);
    assert.equal(got.text, expected(text).text);
    assert.ok(!got.text.includes('s3cret') && !got.text.includes('u:p@'));
    assert.deepEqual(Object.keys((JSON.parse(got.text) as { log: object }).log), ['entries', 'pages', 'version']);
  });

  test('strings holding brackets, quotes, backslashes, escapes and emoji split anywhere, even mid-surrogate', () => {
    const tricky = {
      comment: 'a "quoted" [bracket] {brace} \\ back\\slash \u00e9 \u{1F600} \\" ]} end',
      _x: ['\\', '"', '\\\\"'],
    };
    const text = JSON.stringify({ log: { ...tricky, entries: [{ ...entry, ...tricky }] } })
      .replace('é', '\\u00e9')
      .replace('\u{1F600}', '\\ud83d\\ude00');
    const want = expected(text).text;
    for (const chunk of [1, 2, 3, 5, 7]) assert.equal(streamed(text, chunk).text, want);
    const raw = JSON.stringify({ log: { comment: '\u{1F600}\u{1F600}', entries: [] } });
    assert.equal(streamed(raw, 1).text, expected(raw).text, 'a surrogate pair split across two writes');
  });

  test('member names written with unicode escapes, the API envelope and a bare log', () => {
    for (const text of [
      `{"\\u006cog":{"\\u0065ntries":[${JSON.stringify(entry)}]}}`,
      `{"har":{"log":{"entries":[${JSON.stringify(entry)}]}},"meta":{"token":"envelope-secret"}}`,
      `{"entries":[${JSON.stringify(entry)}],"pages":[]}`,
    ]) {
      const got = streamed(text, 3);
      assert.equal(got.text, expected(text).text, text.slice(0, 40));
      assert.ok(!got.text.includes('s3cret') && !got.text.includes('envelope-secret'), text.slice(0, 40));
      assert.equal(got.report.entries, 1);
    }
  });

  test('entries that are empty, not an array, or hold something other than objects', () => {
    for (const text of [
      '{"log":{"entries":[]}}',
      '{"log":{"entries":null}}',
      '{"log":{"entries":[null,1,"https://u:p@x.example/",[]]}}',
      '{"log":[]}',
      '{}',
    ]) {
      assert.equal(streamed(text, 2).text, expected(text).text, text);
    }
  });
});

describe('malformed input is a clear error, never a hang', () => {
  const good = JSON.stringify({
    log: {
      version: '1.2',
      pages: [{ id: 'p' }],
      entries: [{ request: { url: 'https://x.example/a' } }, { request: { url: 'https://x.example/b' } }],
    },
  });

  function failure(text: string, options: HarRedactStreamOptions = {}, chunk = 5): HarRedactError {
    try {
      streamed(text, chunk, options);
    } catch (error) {
      assert.ok(error instanceof HarRedactError, String(error));
      return error;
    }
    assert.fail(`no error for ${text.slice(0, 60)}`);
  }

  test('every truncation of a HAR says it ends too early (or what is malformed), with the offset', () => {
    for (let cut = 0; cut < good.length; cut++) {
      const error = failure(good.slice(0, cut));
      assert.match(
        error.message,
        cut === 0 ? /the input is empty/ : /ends too early \(at char \d+, inside [^)]+\)|malformed JSON/,
        `cut at ${cut}`,
      );
    }
    assert.match(
      failure(good.slice(0, good.indexOf('/b'))).message,
      /ends too early \(at char \d+, inside log\.entries\[1\]\)/,
    );
  });

  test('says what is wrong and where', () => {
    const cases: [string, RegExp, number][] = [
      ['[]', /expected '\{' \(a HAR is a JSON object\), found "\[" at char 0/, 0],
      ['{"log":{}} x', /unexpected "x" after the end of the HAR at char 11/, 11],
      ['{"log" {}}', /expected ':' after "log", found "\{" at char 7/, 7],
      ['{"log":{"entries":[{"a":1},]}}', /expected an entry in log\.entries, found "\]" at char 27/, 27],
      [
        '{"log":{"entries":[{"a":1} {"b":2}]}}',
        /expected ',' or '\]' after log\.entries\[0\], found "\{" at char 27/,
        27,
      ],
      [
        '{"log":{"version":1.2.3}}',
        /malformed JSON in log\.version at char 21: Unexpected non-whitespace character after JSON/,
        21,
      ],
      [
        '{"log":{"entries":[{"a":1,}]}}',
        /malformed JSON in log\.entries\[0\] at char 26: Expected double-quoted property name/,
        26,
      ],
      [
        '{"log":{"entries":[{"a":tru}]}}',
        /malformed JSON in log\.entries\[0\] in the value starting at char 19: unexpected '\}'/,
        19,
      ],
      [
        '{"log":{"entries":[{"a" 1}]}}',
        /malformed JSON in log\.entries\[0\] at char 24: Expected ':' after property name/,
        24,
      ],
      [
        `{"log":{"entries":[${'['.repeat(200)}${']'.repeat(200)}]}}`,
        /nested deeper than 64 levels in log\.entries\[0\]/,
        81,
      ],
    ];
    for (const [text, message, offset] of cases) {
      const error = failure(text);
      assert.match(error.message, message, text.slice(0, 40));
      assert.equal(error.offset, offset, text.slice(0, 40));
    }
  });

  test('an error quotes no part of the input (it may hold a secret)', () => {
    const error = failure('{"log":{"entries":[{"password":"s3cret-value" x}]}}');
    assert.doesNotMatch(error.message, /s3cret/);
  });

  test('an entry larger than the limit is refused by name and size', () => {
    const big = JSON.stringify({ log: { entries: [{ a: 1 }, { comment: 'x'.repeat(5000) }] } });
    assert.match(
      failure(big, { maxValueChars: 4096 }, 1000).message,
      /log\.entries\[1\] \(from char \d+\) is larger than 4\.0 kB, the most the stream holds at once/,
    );
    assert.equal(streamed(big, 1000, { maxValueChars: 8192 }).report.entries, 2);
  });

  test('after an error the stream stays failed', () => {
    const stream = createHarRedactStream();
    assert.throws(() => stream.write('{"log" x'), HarRedactError);
    assert.throws(() => stream.write('}'), /expected ':'/);
    assert.throws(() => stream.end(), /expected ':'/);
  });
});
