// A feature of one API version used on an account that speaks the other says so in one
// sentence, before anything is sent, never with a stack trace: v7's filter keys and values
// (pages by domain, platform roomos, topology type dns) on a v6 account, v6's (topologies by
// trigger, XML, the unversioned test paths) on a v7 account, and v7's agent search by last
// check-in on v6.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient, type NetmonClient, type RequestEvent } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { rejection } from './helpers';

const NOW_MS = Date.UTC(2026, 10, 18, 14, 2, 0);
const window = '1h';

describe('a feature of the other API version says so in one sentence', () => {
  const emulators: RunningEmulator[] = [];
  const clients: Record<'v6' | 'v7', NetmonClient> = {} as Record<'v6' | 'v7', NetmonClient>;
  const sent: RequestEvent[] = [];
  before(async () => {
    for (const api of ['v6', 'v7'] as const) {
      const emulator = await startEmulator({ port: 0, api, now: () => NOW_MS });
      emulators.push(emulator);
      clients[api] = createNetmonClient({
        baseUrl: emulator.url,
        credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
        apiVersion: api,
        onRequest: (e) => sent.push(e),
      });
    }
  });
  after(async () => {
    await Promise.all(Object.values(clients).map((c) => c.close()));
    await Promise.all(emulators.map((e) => e.close()));
  });

  /** The call's error message: one line, no stack frames, and no request went out. */
  async function refusal(call: () => Promise<unknown>): Promise<string> {
    sent.length = 0;
    const error = await rejection(call());
    assert.ok(error instanceof Error);
    assert.doesNotMatch(error.message, /\n|\bat .+:\d+:\d+/, 'one line, no stack frames');
    assert.equal(sent.length, 0, `nothing sent: ${sent.map((e) => e.path).join(', ')}`);
    return error.message;
  }

  const cases: [string, 'v6' | 'v7', () => Promise<unknown>, RegExp][] = [
    [
      'pages filtered by domain on v6',
      'v6',
      () => clients.v6.webSessions({ window, filters: [{ key: 'domain', values: ['example.com'] }] }).collect(),
      /invalid search filter "domain": filters \/user-sessions\/web in API v7 only; this account speaks API v6, \(allowed: .*\)$/,
    ],
    [
      'platform roomos on v6',
      'v6',
      () => clients.v6.userSessions({ window, filters: [{ key: 'platform', values: ['roomos'] }] }).collect(),
      /"roomos" is an API v7 value; this account speaks API v6, which takes Mac, Windows \(POST \/v6\/endpoint-data\/user-sessions\)$/,
    ],
    [
      'topology type dns on v6',
      'v6',
      () => clients.v6.networkProbes({ window, filters: [{ key: 'type', values: ['dns'] }] }).collect(),
      /"dns" is an API v7 value; this account speaks API v6, which takes vpn, proxy, gateway \(POST \/v6\/endpoint-data\/network-topology\)$/,
    ],
    [
      'agents by last check-in on v6',
      'v6',
      () => clients.v6.findEndpointAgents({ seenSince: new Date(NOW_MS - 3_600_000) }),
      /^invalid search filter "lastSeen": finding endpoint agents by last check-in needs API v7 \(POST \/v7\/endpoint\/agents\/filter\); this account speaks API v6 \(GET \/v6\/endpoint-agents\)$/,
    ],
    [
      'topologies filtered by trigger on v7',
      'v7',
      () => clients.v7.networkProbes({ window, filters: [{ key: 'trigger', values: ['auto'] }] }).collect(),
      /invalid search filter "trigger": filters local-network topologies in API v6 only; this account speaks API v7, \(allowed: .*\)$/,
    ],
    [
      'XML on v7',
      'v7',
      () => clients.v7.getPage('/v7/endpoint/agents', { format: 'xml' }),
      /^format "xml" is API v6 only: this account speaks API v7, which answers JSON only$/,
    ],
    [
      'the unversioned test paths on v7',
      'v7',
      () => clients.v7.deleteTest('http-server', 1, { legacyPaths: true }),
      /API v6; this account speaks API v7/,
    ],
  ];
  for (const [name, , call, expected] of cases) {
    test(name, async () => assert.match(await refusal(call), expected));
  }

  test("the explorer's filters (onlyFiltersTaken): a trigger filter lists v7's topologies without it, says so, and still filters the sessions", async () => {
    const warnings: string[] = [];
    const emulator = emulators[1] as RunningEmulator;
    const client = createNetmonClient({
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      apiVersion: 'v7',
      onWarning: (m) => warnings.push(m),
    });
    try {
      const filters = [{ key: 'trigger', values: ['auto'] }];
      const probes = await client
        .networkProbes({ window, filters, onlyFiltersTaken: true })
        .collect({ maxRecords: 50 });
      assert.ok(probes.records.length > 0, 'the topology list is read, not refused');
      assert.ok(
        warnings.some((w) =>
          /network-topology: API v7 does not filter it by trigger; listed without that filter/.test(w),
        ),
        warnings.join('\n'),
      );
      const all = await client.userSessions({ window }).collect({ maxRecords: 500 });
      const auto = await client.userSessions({ window, filters, onlyFiltersTaken: true }).collect({ maxRecords: 500 });
      assert.ok(
        auto.records.length > 0 && auto.records.length < all.records.length,
        `${auto.records.length} of ${all.records.length}: the sessions are still filtered by trigger`,
      );
    } finally {
      await client.close();
    }
  });
});
