// An entry whose pageref names no page is compared as part of the latest page that started
// before it (the first page when it started before all of them), as readHar places it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readDiffSide } from '../../../src/analysis/har/diff';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const page = (id: string, at: number) => ({
  id,
  title: id,
  startedDateTime: new Date(START + at).toISOString(),
  pageTimings: {},
});
const entry = (path: string, at: number, pageref: string) => ({
  pageref,
  startedDateTime: new Date(START + at).toISOString(),
  request: { method: 'GET', url: `https://a.example/${path}` },
  response: { status: 200, content: { size: 1, mimeType: 'text/plain' } },
  time: 10,
  timings: { send: 0, wait: 10, receive: 0 },
});

test('orphan entries go to the latest page that started before them, or to the first page', () => {
  const har = {
    log: {
      pages: [page('late', 2000), page('early', 0), page('middle', 1000)],
      entries: [
        entry('before-all', -50, 'gone'),
        entry('in-early', 500, 'gone'),
        entry('at-middle', 1000, 'gone'),
        entry('in-late', 2500, 'gone'),
        entry('named', 2600, 'early'),
      ],
    },
  };
  const paths = (id: string) =>
    readDiffSide(har, id)
      .requests.map((r) => r.url.replace('https://a.example/', ''))
      .sort();
  assert.deepEqual(paths('early'), ['before-all', 'in-early', 'named']);
  assert.deepEqual(paths('middle'), ['at-middle']);
  assert.deepEqual(paths('late'), ['in-late']);
});
