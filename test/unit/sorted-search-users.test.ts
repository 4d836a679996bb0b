// What the shared binary search finds for its users outside the HAR analysis, checked against
// a scan: a document's line of an offset (LF, CRLF and lone CR endings) and a timeline lane's
// marks in a range and the mark nearest a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../src/documents/diagnostic';
import { marksIn, nearestMark, type Mark } from '../../webview/timeline/lanes';

test('a document offset maps to its line and column, as a scan of the line breaks finds them', () => {
  const text = 'ab\ncd\r\n\r\nefg\rh\n';
  const index = new LineIndex(text);
  const scan = (offset: number): { line: number; character: number } => {
    const clamped = Math.max(0, Math.min(offset, text.length));
    let line = 0;
    let start = 0;
    for (let i = 0; i < clamped; i++) {
      const breaks = text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n');
      if (breaks) {
        line++;
        start = i + 1;
      }
    }
    return { line, character: clamped - start };
  };
  for (let offset = -2; offset <= text.length + 2; offset++)
    assert.deepEqual(index.positionAt(offset), scan(offset), `offset ${offset}`);
  assert.deepEqual(new LineIndex('').positionAt(3), { line: 0, character: 0 });
});

test("a lane's marks in a range and the mark nearest a time, as a scan finds them", () => {
  const marks: Mark[] = [0, 10, 10, 25, 40, 40, 41, 100].map((t) => ({ t, y: 0.5, text: `mark at ${t}` }));
  for (const [from, to] of [
    [-5, -1],
    [0, 0],
    [10, 10],
    [5, 30],
    [40, 41],
    [99, 1e9],
    [200, 300],
    [30, 20],
  ] as const) {
    assert.deepEqual(
      marksIn(marks, from, to),
      marks.filter((mark) => mark.t >= from && mark.t <= to),
      `${from}..${to}`,
    );
  }
  for (const t of [-50, 0, 4, 5, 6, 10, 17.5, 18, 24, 40, 40.5, 70, 70.5, 100, 1e9]) {
    const found = nearestMark(marks, t);
    const best = Math.min(...marks.map((mark) => Math.abs(mark.t - t)));
    // The first mark at or after `t` (the last when none is), or the one before it on a tie or when nearer.
    const firstAtOrAfter = marks.findIndex((mark) => mark.t >= t);
    const at = firstAtOrAfter === -1 ? marks.length - 1 : firstAtOrAfter;
    const expected =
      at > 0 && Math.abs((marks[at - 1] as Mark).t - t) <= Math.abs((marks[at] as Mark).t - t) ? at - 1 : at;
    assert.equal(found?.index, expected, `at ${t}`);
    assert.equal(Math.abs((found?.mark.t ?? NaN) - t), best, `nearest at ${t}`);
  }
  assert.equal(nearestMark([], 5), undefined);
});
