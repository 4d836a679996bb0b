// WebPageTest writes startedDateTime at `_load_start`, after DNS, connect and TLS (issue 28):
// a request starts at `_all_start`, so its phases are drawn where WebPageTest draws them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readHar } from '../../../src/analysis/har/reader';
import { readDiffSide } from '../../../src/analysis/har/diff-read';

const T0 = Date.UTC(2023, 11, 1, 15, 18, 29);
const wpt = {
  log: {
    version: '1.2',
    creator: { name: 'WebPagetest', version: '23.11' },
    pages: [
      { id: 'page_1_0_1', title: 'Run 1', startedDateTime: new Date(T0).toISOString(), pageTimings: { onLoad: 1400 } },
    ],
    entries: [
      {
        pageref: 'page_1_0_1',
        startedDateTime: new Date(T0 + 484).toISOString(),
        time: 876,
        _all_start: 30,
        _load_start: 484,
        _all_end: 906,
        request: {
          method: 'GET',
          url: 'https://www.nghttp2.org/',
          httpVersion: 'HTTP/2',
          headers: [],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: 'HTTP/2',
          headers: [],
          cookies: [],
          content: { size: 6000, mimeType: 'text/html' },
          redirectURL: '',
          headersSize: -1,
          bodySize: 6000,
        },
        cache: {},
        timings: { blocked: -1, dns: 101, connect: 254, ssl: 150, send: 0, wait: 400, receive: 121 },
      },
    ],
  },
};

test('the base page starts at _all_start (30 ms), not at startedDateTime (_load_start, 484 ms), and ends at 906 ms', () => {
  const doc = readHar(wpt);
  const entry = doc.entries[0]!;
  const page = doc.pages[0]!;
  assert.equal(entry.startMs - page.startMs, 30);
  assert.equal(entry.startMs - page.startMs + entry.totalMs, 906);
  const side = readDiffSide(wpt);
  assert.equal(side.requests[0]?.startOffsetMs, 30);
});

test('a HAR without _all_start is read as it says', () => {
  const { _all_start: _dropped, ...entry } = wpt.log.entries[0]!;
  const plain = { log: { ...wpt.log, entries: [entry] } };
  assert.equal(readHar(plain).entries[0]!.startMs - T0, 484);
});
