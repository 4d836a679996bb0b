import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWaterfall, readHar, sortRows } from '../../../src/analysis/har';

const doc = readHar(JSON.parse(readFileSync(join(__dirname, '../../fixtures/har/edge-cases.har'), 'utf8')));
const rows = buildWaterfall(doc, 'page_1').rows;
const names = (key: Parameters<typeof sortRows>[1], dir: 'asc' | 'desc'): string[] =>
  sortRows(rows, key, dir).map((r) => r.entry.url);

test('sorts by time, size, status and domain in both directions', () => {
  assert.deepEqual(names('time', 'desc'), [
    'https://portal.example.com/',
    'http://portal.example.com/',
    'https://cdn.example.net/app.js?v=3',
  ]);
  assert.deepEqual(names('size', 'desc')[0], 'https://portal.example.com/');
  assert.deepEqual(names('status', 'asc')[2], 'http://portal.example.com/');
  assert.deepEqual(names('domain', 'asc')[0], 'https://cdn.example.net/app.js?v=3');
});

test('ties keep file order, so sorting is repeatable', () => {
  const tied = sortRows(rows, 'method', 'asc').map((r) => r.entry.index);
  assert.deepEqual(
    tied,
    [...tied].sort((a, b) => a - b),
  );
  assert.deepEqual(
    sortRows(rows, 'method', 'desc').map((r) => r.entry.index),
    tied,
  );
});

test('does not reorder the input array', () => {
  const before = rows.map((r) => r.entry.index);
  sortRows(rows, 'time', 'desc');
  assert.deepEqual(
    rows.map((r) => r.entry.index),
    before,
  );
});
