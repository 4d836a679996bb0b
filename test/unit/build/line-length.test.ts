// The 120-column check counts what an editor shows: characters, not the bytes of UTF-8 (an arrow or an ellipsis is
// one column), and flags each line past the limit by its number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { longLines, MAX_COLUMNS } from '../../../scripts/check-line-length.mjs';

test('a line of exactly 120 columns passes, one of 121 is named by its number', () => {
  const fits = 'a'.repeat(MAX_COLUMNS);
  assert.deepEqual(longLines([fits, `${fits}b`, fits].join('\n')), [2]);
});

test('arrows, dashes and ellipses count one column each, however many bytes they take', () => {
  assert.deepEqual(longLines('→—…'.repeat(MAX_COLUMNS / 3)), []);
  assert.deepEqual(longLines(`${'→'.repeat(MAX_COLUMNS)}…`), [1]);
});
