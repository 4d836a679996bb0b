// Chrome's `_blocked_queueing` is part of `blocked` already: counted once, phases add up to `time`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPhases } from '../../../src/analysis/har/reader';

test('_blocked_queueing is not added to blocked a second time; it stands in when blocked is missing or -1', () => {
  const chrome = {
    blocked: 12.5,
    _blocked_queueing: 9.1,
    dns: -1,
    connect: -1,
    ssl: -1,
    send: 0.2,
    wait: 40,
    receive: 3.3,
  };
  const phases = readPhases(chrome);
  assert.equal(phases.blocked, 12.5);
  const sum = Object.values(phases).reduce((s, v) => s + v, 0);
  assert.ok(Math.abs(sum - (12.5 + 0.2 + 40 + 3.3)) < 1e-9, `phases add up to time (${sum})`);
  assert.equal(readPhases({ blocked: -1, _blocked_queueing: 9.1, wait: 1 }).blocked, 9.1);
  assert.equal(readPhases({ _blocked_queueing: 4, wait: 1 }).blocked, 4);
});
