// The v7 emulator's faults as a client meets them: cursor pages dropped, truncated or failing
// (a GET walk retries them and loses and repeats nothing; a POST walk stops with a typed error
// and resumes where it stopped, with the same body), a 429 on an instant test carrying the
// v7 instant-test budget headers, and problem+json errors with the service's detail.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createNetmonClient,
  NetmonError,
  RateLimitedError,
  ValidationError,
  type NetmonClient,
  type NetmonClientOptions,
  type RequestEvent,
} from '../../../src/api';
import type { PathVisSummary, UserSession } from '../../../src/api/types';
import { RateLimiterRegistry } from '../../../src/api/rate-limiter';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { drain, rejection } from './helpers';

const NOW_MS = Date.UTC(2026, 10, 18, 14, 2, 0);
const range = { from: new Date(NOW_MS - 3 * 3_600_000), to: new Date(NOW_MS - 3_600_000) };
const RESULTS = '/v7/endpoint/test-results/';

describe('v7 faults through the client', () => {
  let emulator: RunningEmulator;
  const clients: NetmonClient[] = [];
  const clientOf = (options: Partial<NetmonClientOptions> = {}): NetmonClient => {
    const client = createNetmonClient(
      {
        baseUrl: emulator.url,
        credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
        apiVersion: 'v7',
        retry: { maxRetries: 6, baseDelayMs: 5, maxDelayMs: 40 },
        ...options,
      },
      { rateLimiters: new RateLimiterRegistry() },
    );
    clients.push(client);
    return client;
  };
  let testId = 0;
  before(async () => {
    // Short budget windows: a 429's wait for the reset stays within a test's time.
    const budget = { limit: 100_000, windowSeconds: 2 };
    emulator = await startEmulator({
      port: 0,
      api: 'v7',
      now: () => NOW_MS,
      pageSize: 5,
      instantTestDelaySeconds: 1,
      rateLimit: budget,
      instantTestRateLimit: budget,
    });
    testId = (await clientOf().endpointTests().collect()).records[0]!.testId;
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await emulator.close();
  });

  test('a GET cursor walk through dropped, truncated and failing pages yields every record once', async () => {
    const key = (p: PathVisSummary): string => `${p.agentId}/${p.roundId}`;
    const clean = await drain(clientOf().pathVis(testId, range));
    assert.ok(clean.length >= 30, `several pages (${clean.length} records)`);
    const pathPrefix = `${RESULTS}scheduled-tests/`;
    emulator.setFaults([
      { fault: 'truncate', every: 3, pathPrefix },
      { fault: 'drop', every: 5, pathPrefix },
      { fault: 'error', status: 503, every: 4, pathPrefix },
    ]);
    const client = clientOf();
    const retried: (number | undefined)[] = [];
    client.addRequestListener((event) => {
      if (!event.final) retried.push(event.status);
    });
    const records = await drain(client.pathVis(testId, range));
    emulator.setFaults([]);
    assert.deepEqual(records.map(key), clean.map(key));
    assert.ok(retried.includes(undefined) && retried.includes(503), `retried: ${retried.join(',')}`);
  });

  test('a POST cursor page that is dropped or truncated stops the walk with a typed error naming the path; it resumes with the same body', async () => {
    const filters = [{ key: 'platform', values: ['Mac'] }];
    const key = (s: UserSession): string => s.userSessionId;
    const clean = await drain(clientOf().userSessions({ ...range, filters }));
    const client = clientOf();
    const records: UserSession[] = [];
    const errors: string[] = [];
    let resumeFrom: string | undefined;
    for (const fault of ['drop', 'truncate', undefined] as const) {
      emulator.setFaults(fault ? [{ fault, every: 3, times: 1, pathPrefix: `${RESULTS}real-user-tests/filter` }] : []);
      const walk = client.userSessions({ ...range, filters, resumeFrom });
      try {
        for await (const record of walk) records.push(record);
      } catch (error) {
        assert.ok(error instanceof NetmonError, String(error));
        assert.match(error.message, /real-user-tests\/filter/);
        errors.push(error.kind);
        resumeFrom = walk.resumeUrl;
      }
    }
    assert.equal(errors.length, 2, 'a dropped page, then a truncated one');
    assert.ok(
      errors.every((kind) => kind === 'network' || kind === 'unparseable'),
      errors.join(', '),
    );
    assert.deepEqual(records.map(key), clean.map(key), 'nothing lost or repeated across the resumes');
  });

  test('a 429 on an instant test carries the v7 instant-test budget, and the client waits for it instead of failing', async () => {
    const editor = { kind: 'bearer' as const, token: 'demo-editor-token' };
    emulator.setFaults([
      { fault: 'rate-limit', times: 1, pathPrefix: '/v7/endpoint/tests/scheduled-tests/agent-to-server/instant' },
    ]);
    const seen: RequestEvent[] = [];
    const patient = clientOf({ credentials: editor, onRequest: (event) => seen.push(event) });
    const created = await patient.createInstantTest('agent-to-server', {
      testName: 'after a 429',
      serverName: 'example.com',
      maxMachines: 2,
    });
    assert.ok(created.testId);
    assert.deepEqual(
      seen.map((e) => [e.status, e.final]),
      [
        [429, false],
        [201, true],
      ],
    );
    assert.ok((seen[1]?.rateLimitWaitMs ?? 0) > 0, 'the retry waited for the budget to reset');
    emulator.setFaults([
      { fault: 'rate-limit', pathPrefix: '/v7/endpoint/tests/scheduled-tests/agent-to-server/instant' },
    ]);
    const impatient = clientOf({ credentials: editor, retry: { maxRetries: 0, maxRateLimitRetries: 0 } });
    const refused = await rejection(
      impatient.createInstantTest('agent-to-server', {
        testName: 'refused',
        serverName: 'example.com',
        maxMachines: 2,
      }),
    );
    emulator.setFaults([]);
    assert.ok(refused instanceof RateLimitedError, String(refused));
    assert.ok(refused.resetAt instanceof Date);
    assert.match(refused.message, /instant/);
  });

  test("a problem+json error is a typed error with the service's detail", async () => {
    emulator.setFaults([{ fault: 'error', status: 400, times: 1, pathPrefix: '/v7/endpoint/agents' }]);
    const refused = await rejection(clientOf().getEndpointAgent('any-agent'));
    emulator.setFaults([]);
    assert.ok(refused instanceof ValidationError, String(refused));
    assert.match(refused.message, /Injected fault: HTTP 400/);
  });
});
