// The v7 dialect's own rules, apart from HTTP: segment scores of topology probes, problem+json
// bodies, and v6 → v7 record details (ISO dates, loss in percent, failed pings, HAR metrics).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorBody } from '../../src/emulator/http/dialect';
import { HttpError, invalidField } from '../../src/emulator/http/errors';
import { isoDate, v7Ping } from '../../src/emulator/routes/v7/encode-common';
import { v7Har } from '../../src/emulator/routes/v7/encode-sessions';
import { segmentScore } from '../../src/emulator/routes/v7/encode-topology';
import type { Har } from '../../src/api/types';

const ping = (avgRtt: number, received = 10) => ({
  pktsSent: 10,
  pktsReceived: received,
  minRtt: avgRtt,
  avgRtt,
  maxRtt: avgRtt,
  meanDevRtt: 0,
});

describe('v7 topology segment scores', () => {
  it('are 100 for a clean, fast answer and fall with loss and with round trips beyond the segment', () => {
    assert.deepEqual(segmentScore('gateway', ping(4)), { score: 100, quality: 'great' });
    assert.ok(segmentScore('gateway', ping(4, 9)).score < 100);
    assert.ok(segmentScore('gateway', ping(40)).score < segmentScore('gateway', ping(15)).score);
    assert.equal(segmentScore('vpn', ping(40)).score, 100, 'a VPN may take longer than a gateway');
    assert.deepEqual(segmentScore('vpn', ping(40, 0)), { score: 0, quality: 'poor' });
    assert.equal(segmentScore('proxy', ping(30, 9)).quality, 'good', '10 % loss');
    assert.equal(segmentScore('proxy', ping(30, 8)).quality, 'poor', '20 % loss');
  });
});

describe('v7 error bodies', () => {
  it('are problem+json with the fields that failed, and OAuth-shaped for a 401', () => {
    assert.deepEqual(errorBody('v7', invalidField('searchFilters.platform[0]', 'bad platform')), {
      body: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'bad platform',
        errors: [{ code: 'invalid', field: 'searchFilters.platform[0]', message: 'bad platform' }],
      },
      contentType: 'application/problem+json',
    });
    assert.deepEqual(errorBody('v7', new HttpError(401, 'Invalid credentials')).body, {
      error: 'invalid_token',
      error_description: 'Invalid credentials',
    });
    assert.deepEqual(errorBody('v6', new HttpError(404, 'gone')), { body: { errorMessage: 'gone' } });
  });
});

describe('v7 record details', () => {
  it('writes ISO dates, loss in percent, whole-millisecond round trips and failed pings as errors', () => {
    assert.equal(isoDate('2026-11-20 15:04:05'), '2026-11-20T15:04:05Z');
    assert.deepEqual(
      v7Ping({ pktsSent: 5, pktsReceived: 4, minRtt: 1.2, avgRtt: 2.6, maxRtt: 4.49, meanDevRtt: 0.4 }),
      { avgRtt: 3, maxRtt: 4, minRtt: 1, meanDevRtt: 0, loss: 20, pktsReceived: 4, pktsSent: 5 },
    );
    assert.deepEqual(v7Ping('Request timed out'), { error: 'Request timed out' });
  });

  it('moves the HAR system metrics into the log as systemMetrics', () => {
    const har = {
      log: { version: '1.2', creator: { name: 'x', version: '1' }, pages: [], entries: [] },
      _systemMetrics: { startTimeMs: 1 },
    } as unknown as Har;
    const v7 = v7Har(har) as { log: Record<string, unknown> } & Record<string, unknown>;
    assert.deepEqual(v7.log.systemMetrics, { startTimeMs: 1 });
    assert.equal('_systemMetrics' in v7, false);
  });
});
