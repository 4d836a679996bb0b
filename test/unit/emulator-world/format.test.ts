import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDateTime } from '../../../src/emulator/world/format';

test('formatDateTime agrees with Date for leap days, year ends and the far future', () => {
  const samples = [0, 951782400, 951868799, 1709164800, 1735689599, 1735689600, 1795000000, 4102444800 + 86399];
  for (let s = 1700000000; s < 1900000000; s += 7_777_777) samples.push(s);
  for (const seconds of samples) {
    assert.equal(formatDateTime(seconds), new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' '));
  }
});
