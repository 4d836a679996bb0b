// The decoding boundary: what real services send, read into the model's types.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRecord } from '../../../src/api/decode/records';
import { SHAPES } from '../../../src/api/decode/shapes';

describe('decodeRecord', () => {
  test('ids as integers, numbers as numeric strings, flags as strings; unknown fields kept', () => {
    const decoded = decodeRecord(
      {
        networkProbeId: 123,
        agentId: 77,
        roundId: '1795000000',
        icmpBlocked: 'false',
        icmpPing: { avgRtt: '12.5', pktsSent: 4 },
        futureField: { a: 1 },
      },
      SHAPES.networkProbes,
      '/v6/endpoint-data/network-topology',
      0,
    );
    assert.ok(decoded.ok);
    assert.deepEqual(decoded.record, {
      networkProbeId: '123',
      agentId: '77',
      roundId: 1_795_000_000,
      icmpBlocked: false,
      icmpPing: { avgRtt: 12.5, pktsSent: 4 },
      futureField: { a: 1 },
    });
  });

  test('null optional objects and values that are not numbers become absent, never NaN', () => {
    const decoded = decodeRecord(
      { userSessionId: 's', experienceScore: 'n/a', numberOfPages: null },
      SHAPES.userSessions,
      '/x',
      0,
    );
    assert.ok(decoded.ok);
    assert.equal('experienceScore' in decoded.record, false);
    assert.equal('numberOfPages' in decoded.record, false);
    const network = decodeRecord({ userSessionId: 's', destination: null }, SHAPES.networkSessions, '/x', 0);
    assert.ok(network.ok && !('destination' in network.record));
  });

  test('a record without its own id is reported with the field and the endpoint', () => {
    const decoded = decodeRecord({ agentId: 'a' }, SHAPES.userSessions, '/v6/endpoint-data/user-sessions', 4);
    assert.deepEqual(decoded, {
      ok: false,
      problem: {
        endpoint: '/v6/endpoint-data/user-sessions',
        index: 4,
        field: 'userSessionId',
        message: 'record 5 of /v6/endpoint-data/user-sessions has no userSessionId',
      },
    });
    assert.equal(decodeRecord('text', SHAPES.endpointTests, '/e', 0).ok, false);
    const numeric = decodeRecord({ testId: '42' }, SHAPES.endpointTests, '/e', 0);
    assert.ok(numeric.ok && numeric.record['testId'] === 42);
  });

  test('a failed measurement sent as a string stays a string', () => {
    const decoded = decodeRecord({ networkProbeId: 'p', icmpPing: 'Request timed out' }, SHAPES.networkProbes, '/x', 0);
    assert.ok(decoded.ok && decoded.record['icmpPing'] === 'Request timed out');
  });
});

describe('decodeDetails', () => {
  test('a detail record is decoded in place, deep as its shape, and gets the id it was asked by', async () => {
    const { decodeDetails } = await import('../../../src/api/decode/records');
    const body = {
      userSessions: [
        {
          agentId: 7,
          pages: [{ id: 1, responseCode: '200', pageTimings: { onLoad: '942' } }, 'junk'],
          network: {
            connect: { rtt: '12' },
            gatewayPing: 'timed out',
            networkProfile: { wirelessProfile: { rssi: '-71' } },
          },
        },
      ],
    };
    const decoded = decodeDetails(
      body,
      ['userSessions'],
      SHAPES.userSessionDetail,
      '/v6/endpoint-data/user-sessions/s1',
      's1',
    ) as typeof body;
    assert.deepEqual(decoded.userSessions[0], {
      userSessionId: 's1',
      agentId: '7',
      pages: [{ id: '1', responseCode: 200, pageTimings: { onLoad: 942 } }],
      network: { connect: { rtt: 12 }, gatewayPing: 'timed out', networkProfile: { wirelessProfile: { rssi: -71 } } },
    });
  });
});
