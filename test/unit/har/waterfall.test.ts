import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWaterfall, phaseSegments, readHar, timeToFirstByte } from '../../../src/analysis/har';

const doc = readHar(JSON.parse(readFileSync(join(__dirname, '../../fixtures/har/edge-cases.har'), 'utf8')));

describe('buildWaterfall', () => {
  const waterfall = buildWaterfall(doc, 'page_1');

  test('measures offsets from the page start', () => {
    assert.deepEqual(
      waterfall.rows.map((r) => r.offsetMs),
      [100, 600, 1200],
    );
  });

  test('spans to the later of the last request end and onLoad', () => {
    assert.equal(waterfall.spanMs, 1500);
    assert.equal(waterfall.onContentLoad, 800);
    assert.equal(waterfall.onLoad, 1500);
  });

  test('lays phases end to end in HAR order, skipping empty ones', () => {
    const secure = waterfall.rows[1];
    assert.ok(secure);
    assert.deepEqual(
      phaseSegments(secure).map((s) => [s.phase, s.startMs, s.durationMs]),
      [
        ['blocked', 600, 5],
        ['connect', 605, 50],
        ['ssl', 655, 100],
        ['send', 755, 2],
        ['wait', 757, 243],
        ['receive', 1000, 100],
      ],
    );
    assert.equal(timeToFirstByte(secure.entry), 400);
  });

  test('moves the origin back when a request starts before the page (clock skew)', () => {
    const skewed = readHar({
      log: {
        pages: [{ id: 'p', title: 't', startedDateTime: '2026-01-01T00:00:01.000Z', pageTimings: { onLoad: 100 } }],
        entries: [
          {
            pageref: 'p',
            startedDateTime: '2026-01-01T00:00:00.950Z',
            request: { url: 'https://a.example/' },
            response: { status: 200 },
            timings: { wait: 10 },
          },
        ],
      },
    });
    const w = buildWaterfall(skewed, 'p');
    assert.equal(w.rows[0]?.offsetMs, 0);
    assert.equal(w.onLoad, 150);
  });

  test('falls back to the first page for an unknown page id', () => {
    assert.equal(buildWaterfall(doc, 'nope').page.id, 'page_1');
  });
});
