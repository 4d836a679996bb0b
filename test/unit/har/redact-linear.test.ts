// Redaction reads outside text in time proportional to its size (issue #27, row 2): the
// crafted runs that made the JWT and URL-in-text patterns quadratic (142 s of CPU for 1 KB
// of gzip) are redacted at 1 MB each, in every place redaction reads free text, and the real
// secret after each run still goes. No timing is asserted (bench/redact measures
// worst_case_mbps): quadratic code does not finish these within the runner's timeout.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHarRedactStream, redactHar } from '../../../src/analysis/har/redact';
import { scrubText } from '../../../src/analysis/har/redact/detect';
import { jwtCandidates, tokenCandidates, urlsInText } from '../../../src/analysis/har/redact/shapes';
import { CRAFTED_JWT, craftedHar, craftedRuns } from '../../fixtures/har-redact/crafted';

const MB = 1024 * 1024;
const spans = (found: Iterable<{ start: number; end: number }>, text: string): string[] =>
  [...found].map(({ start, end }) => text.slice(start, end));

describe('the shape scanners find what the patterns found', () => {
  test('JWTs: JWS, alg "none" (empty signature), JWE (five segments), inside text and URLs', () => {
    const none = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.';
    const jwe = 'eyJhbGciOiJSU0EtT0FFUCJ9.eyJ4IjoxfQ.a2V5.aXY.Y2lwaGVy';
    const text = `Bearer ${CRAFTED_JWT}, ${none} x ?t=${jwe}. eyJshort.a.b eyJ-no-dots-here-at-all`;
    assert.deepEqual(spans(jwtCandidates(text), text), [CRAFTED_JWT, none, jwe]);
  });

  test('tokens: maximal runs of 24+ base64 characters with their padding, nothing shorter', () => {
    const long = 'Q7fZ2kL9mN4pX8vR3tY6wB1cD5gH0jKs';
    const text = `a ${'x'.repeat(23)} ${long}== ${long}=== b/c+d_e-f`;
    assert.deepEqual(spans(tokenCandidates(text), text), [`${long}==`, `${long}==`]);
  });

  test('URLs in text: the scheme starts a word, the URL stops at spaces, quotes and brackets', () => {
    const text =
      'see <https://a.example/x?y=1>, 1.git+ssh://host/repo "wss://h/s" x_http://no.example ://bare abc:// end';
    assert.deepEqual(spans(urlsInText(text), text), ['https://a.example/x?y=1', 'git+ssh://host/repo', 'wss://h/s']);
  });
});

describe('crafted runs at 1 MB are redacted whole', () => {
  for (const [name, run] of Object.entries(craftedRuns(MB))) {
    test(`${name}: the run stays, the JWT after it goes`, () => {
      assert.ok(run.length >= MB);
      const found: string[] = [];
      const out = scrubText(`${run} ${CRAFTED_JWT}`, (rule) => found.push(rule));
      assert.deepEqual(found, ['jwt']);
      assert.equal(out, `${run} [redacted: jwt]`);
    });
  }

  test('a HAR with each run in the URL, a header, a text/plain body and a custom field: parsed and streamed alike', () => {
    const { har, runs } = craftedHar(MB);
    const { har: redacted, report } = redactHar(har);
    const text = JSON.stringify(redacted);
    assert.ok(!text.includes(CRAFTED_JWT), 'every JWT after a run is gone');
    assert.equal(report.entries, Object.keys(runs).length);
    const entries = (redacted as { log: { entries: { request: { headers: { value: string }[] }; _note: string }[] } })
      .log.entries;
    Object.values(runs).forEach((run, i) => {
      assert.equal(entries[i]?._note, `${run} [redacted: jwt]`, 'the run itself stays');
      assert.equal(entries[i]?.request.headers[0]?.value, `${run} [redacted: jwt]`);
    });
    const stream = createHarRedactStream();
    const input = JSON.stringify(har);
    let streamed = '';
    for (let i = 0; i < input.length; i += 65536) streamed += stream.write(input.slice(i, i + 65536));
    assert.equal(streamed + stream.end().tail, `${text}\n`);
  });
});
