// The reader's repairs of exporters' spellings: one HTTP version whatever the exporter wrote
// (WebPageTest's `1.1`, Firefox's `HTTP/2.0`, Chrome's `unknown`, WebPageTest 3.0's mangled
// `us:` next to its `_protocol`), and WebPageTest 2.18/2.19's `_all_start`/`_load_start`
// written as strings read as the numbers they are, in the waterfall and in the HAR diff.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildWaterfall } from '../../../src/analysis/har';
import { readDiffSide } from '../../../src/analysis/har/diff-read';
import { httpVersionOf, normalizeHttpVersion, readHar } from '../../../src/analysis/har/reader';

const T0 = Date.UTC(2015, 11, 26, 13, 52, 12);

function entry(fields: Record<string, unknown>, versions: { request?: string; response?: string } = {}) {
  return {
    pageref: 'page_1_0',
    startedDateTime: new Date(T0 + 272).toISOString(),
    time: 296,
    request: { method: 'GET', url: 'https://github.com/', httpVersion: versions.request ?? '1.1', headers: [] },
    response: {
      status: 200,
      httpVersion: versions.response ?? '1.1',
      headers: [],
      content: { size: 7298, mimeType: 'text/html' },
    },
    timings: { blocked: -1, dns: -1, connect: 130, ssl: 130, send: 0, wait: 138, receive: 28 },
    ...fields,
  };
}

const har = (...entries: unknown[]) => ({
  log: {
    creator: { name: 'WebPagetest', version: '2.19' },
    pages: [{ id: 'page_1_0', title: 'Run 1', startedDateTime: new Date(T0).toISOString(), pageTimings: {} }],
    entries,
  },
});

test('every exporter spelling of a version reads as one; what is not a version is unknown', () => {
  const cases: [string, string][] = [
    ['HTTP/1.1', 'http/1.1'],
    ['http/1.1', 'http/1.1'],
    ['1.1', 'http/1.1'],
    ['HTTP/1.0', 'http/1.0'],
    ['h2', 'h2'],
    ['HTTP/2', 'h2'],
    ['HTTP/2.0', 'h2'],
    ['spdy/3.1', 'h2'],
    ['h3', 'h3'],
    ['h3-29', 'h3'],
    ['HTTP/3', 'h3'],
    ['http/2+quic/46', 'h3'],
    ['unknown', 'unknown'],
    ['', 'unknown'],
    ['us:', 'unknown'],
    ['2 2', 'unknown'],
  ];
  for (const [written, version] of cases) assert.equal(normalizeHttpVersion(written), version, written);
});

test("WebPageTest's mangled httpVersion gives way to its _protocol; the request's version stands in for an empty response's", () => {
  const doc = readHar(
    har(
      entry({ _protocol: 'HTTP/2' }, { request: 'me:', response: 'us:' }),
      entry({ _protocol: 'http/1.1' }, { request: 'ori', response: '' }),
      entry({}, { request: '1.1', response: '' }),
      entry({}, { request: 'unknown', response: 'unknown' }),
      entry({ _protocol: 'QUIC' }, { request: '', response: '' }),
    ),
  );
  assert.deepEqual(
    doc.entries.map((e) => [e.httpVersion, httpVersionOf(e)]),
    [
      ['HTTP/2', 'h2'],
      ['http/1.1', 'http/1.1'],
      ['1.1', 'http/1.1'],
      ['unknown', 'unknown'],
      ['QUIC', 'h3'],
    ],
  );
});

test('WebPageTest 2.18/2.19 string _all_start and _load_start: the request is drawn from _all_start, in the waterfall and the diff', () => {
  const raw = har(entry({ _all_start: '142', _load_start: '272', _all_end: 438 }));
  const row = buildWaterfall(readHar(raw), 'page_1_0').rows[0]!;
  assert.deepEqual([row.offsetMs, row.endMs], [142, 438]);
  assert.equal(readDiffSide(raw).requests[0]!.startOffsetMs, 142);
  const garbage = har(entry({ _all_start: 'soon', _load_start: '272' }));
  assert.equal(buildWaterfall(readHar(garbage), 'page_1_0').rows[0]!.offsetMs, 272, 'not a number: no lead');
});

test("Chrome's gQUIC spelling (http/2+quic/46) is HTTP/3's transport in the entry's protocol too, as in its version", () => {
  const doc = readHar(har(entry({}, { request: 'http/2+quic/46', response: 'http/2+quic/46' })));
  const [read] = doc.entries;
  assert.equal(read!.protocol, 'h3');
  assert.equal(httpVersionOf(read!), 'h3');
});
