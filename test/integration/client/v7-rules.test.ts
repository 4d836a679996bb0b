// The v7 rules a user notices: which dialect a connection speaks (one cheap read, never a v6
// request on a v7 account), cursor paging (loop-safe, below the base URL, resumable), errors
// with the service's detail, the instant-test budget, JSON only, filters checked before sending.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AuthenticationError,
  createNetmonClient,
  ForbiddenError,
  InvalidFilterError,
  PagingLoopError,
  ServerError,
  ValidationError,
  type NetmonClient,
  type NetmonClientOptions,
  type RequestEvent,
} from '../../../src/api';
import { RateLimiterRegistry } from '../../../src/api/rate-limiter';
import { rejection } from './helpers';
import { fixture, V7Server } from './v7-server';

const AGENTS = '/v7/endpoint/agents';

describe('v7 rules', () => {
  let server: V7Server;
  const clients: NetmonClient[] = [];
  const clientOf = (options: Partial<NetmonClientOptions> = {}): NetmonClient => {
    const client = createNetmonClient(
      {
        baseUrl: server.url,
        credentials: { kind: 'bearer', token: 'secret-token' },
        retry: { maxRetries: 0 },
        ...options,
      },
      { rateLimiters: new RateLimiterRegistry() },
    );
    clients.push(client);
    return client;
  };
  before(async () => {
    server = await V7Server.start();
  });
  afterEach(async () => {
    server.reset();
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  after(() => server.close());

  describe('detection', () => {
    test('a v7 account is detected by one small read, shared by concurrent callers, and never sees a v6 request', async () => {
      const client = clientOf();
      const [versions, sessions] = await Promise.all([
        Promise.all([client.apiVersion(), client.apiVersion(), client.apiVersion()]),
        client.userSessions({ window: '1h' }).collect(),
      ]);
      assert.deepEqual(versions, ['v7', 'v7', 'v7']);
      assert.equal(sessions.records.length, 3);
      const probes = server.requests.filter((r) => r.path === AGENTS);
      assert.equal(probes.length, 1, 'one detection');
      assert.equal(probes[0]?.query['max'], '1', 'the smallest page');
      assert.ok(
        server.requests.every((r) => r.path.startsWith('/v7/')),
        server.paths().join(', '),
      );
    });

    test('a 404 means v6: only then are v6 paths asked', async () => {
      server.use((r) =>
        r.path === AGENTS
          ? { status: 404 }
          : r.path === '/v6/endpoint-agents'
            ? { status: 200, body: { endpointAgents: [{ agentId: 'a1', computerName: 'old' }], pages: { current: 1 } } }
            : undefined,
      );
      const client = clientOf();
      const { endpointAgents } = await client.listEndpointAgents();
      assert.equal(await client.apiVersion(), 'v6');
      assert.deepEqual(
        endpointAgents.map((a) => a.computerName),
        ['old'],
      );
      assert.deepEqual(server.paths(), [`GET ${AGENTS}`, 'GET /v6/endpoint-agents']);
    });

    test("a 2xx body that is not v7's means v6", async () => {
      server.use((r) => (r.path === AGENTS ? { status: 200, body: { endpointAgents: [] } } : undefined));
      assert.equal(await clientOf().apiVersion(), 'v6');
    });

    test('401 and 403 are errors, not a dialect, and the next call detects again', async () => {
      server.use((r) => (r.path === AGENTS ? { status: 401, file: 'unauthorized.json' } : undefined));
      const client = clientOf();
      const error = await rejection(client.userSessions({ window: '1h' }).collect());
      assert.ok(error instanceof AuthenticationError);
      assert.equal(error.errorMessage, 'Invalid access token');
      assert.ok(!server.requests.some((r) => r.path.startsWith('/v6/')), 'no v6 request after an auth error');
      server.reset();
      server.use((r) =>
        r.path === AGENTS
          ? { status: 403, body: { title: 'Forbidden', status: 403, detail: 'No permission to view endpoint agents' } }
          : undefined,
      );
      const forbidden = await rejection(client.apiVersion());
      assert.ok(forbidden instanceof ForbiddenError);
      assert.match(forbidden.message, /No permission to view endpoint agents/);
      server.reset();
      assert.equal(await client.apiVersion(), 'v7', 'detected once the account answers');
    });

    test('a stated dialect is not probed', async () => {
      await clientOf({ apiVersion: 'v7' }).listNetworks();
      assert.deepEqual(server.paths(), ['GET /v7/endpoint/test-results/local-networks']);
    });
  });

  describe('cursor paging', () => {
    test('a next link that repeats a page stops the walk', async () => {
      server.use((r) =>
        r.path === AGENTS
          ? {
              status: 200,
              body: { agents: [{ id: 'a' }], _links: { next: { href: `${server.url}${AGENTS}?cursor=same` } } },
            }
          : undefined,
      );
      const error = await rejection(clientOf({ apiVersion: 'v7' }).endpointAgents().collect());
      assert.ok(error instanceof PagingLoopError);
      assert.equal(server.requests.length, 2);
    });

    test('a next link to another host is refused: credentials go nowhere else', async () => {
      server.use((r) =>
        r.path === AGENTS
          ? {
              status: 200,
              body: {
                agents: [{ id: 'a' }],
                _links: { next: { href: 'http://evil.example/v7/endpoint/agents?cursor=2' } },
              },
            }
          : undefined,
      );
      const error = await rejection(clientOf({ apiVersion: 'v7' }).endpointAgents().collect());
      assert.ok(error instanceof PagingLoopError);
      assert.match(error.message, /leaves http:\/\/127\.0\.0\.1/);
      assert.equal(server.requests.length, 1);
    });

    test('a failed filtered walk resumes at resumeUrl with the same body', async () => {
      server.use((r) =>
        r.query['cursor'] === 'r2' && server.requests.filter((q) => q.query['cursor'] === 'r2').length === 1
          ? { status: 503 }
          : undefined,
      );
      const client = clientOf({ apiVersion: 'v7' });
      const filters = [{ key: 'ssid', values: ['wifi-name'] }];
      const walk = client.userSessions({ window: '1d', filters });
      const seen: string[] = [];
      const error = await rejection(
        (async () => {
          for await (const session of walk) seen.push(session.userSessionId);
        })(),
      );
      assert.ok(error instanceof ServerError, 'a POST is not retried');
      assert.match(walk.resumeUrl ?? '', /cursor=r2/);
      for await (const session of client.userSessions({ window: '1d', filters, resumeFrom: walk.resumeUrl }))
        seen.push(session.userSessionId);
      assert.equal(seen.length, 3);
      assert.equal(new Set(seen).size, 3, 'nothing twice');
      assert.deepEqual(server.requests.at(-1)?.body, { searchFilters: { ssid: ['wifi-name'] } });
    });
  });

  describe('errors', () => {
    test('problem+json becomes a ValidationError with the detail and each field, tokens redacted', async () => {
      server.use((r) => (r.method === 'POST' ? { status: 400, file: 'problem-validation.json' } : undefined));
      const error = await rejection(
        clientOf({ apiVersion: 'v7' }).createTest('agent-to-server', { testName: 'x', interval: 7, agents: [] }),
      );
      assert.ok(error instanceof ValidationError);
      assert.match(
        error.errorMessage ?? '',
        /^Validation failed for the request body\. \(interval: must be one of 60, .*; server: is required/,
      );
      assert.ok(!error.message.includes('leaked-token-123'), error.message);
      assert.match(error.message, /REDACTED/);
    });

    test('a detail read whose body holds no record fails as unparseable, naming the path', async () => {
      server.use((r) =>
        r.path.startsWith('/v7/endpoint/test-results/real-user-tests/')
          ? { status: 200, body: { results: [], _links: {} } }
          : undefined,
      );
      await assert.rejects(
        clientOf({ apiVersion: 'v7' }).getUserSession('gone'),
        /real-user-tests\/gone.*holds no record/,
      );
    });

    test('JSON only: an XML request on a v7 account is refused with a clear sentence and sends nothing', async () => {
      const client = clientOf({ apiVersion: 'v7' });
      await assert.rejects(
        client.listEndpointAgents({ format: 'xml' }),
        /format "xml" is API v6 only: this account speaks API v7/,
      );
      await assert.rejects(client.xmlPages('v7/endpoint/agents').next(), /JSON only/);
      assert.equal(server.requests.length, 0);
    });
  });

  describe('filters', () => {
    test('checked before sending: a value v7 does not know costs no request', async () => {
      const error = await rejection(
        clientOf({ apiVersion: 'v7' })
          .userSessions({ filters: [{ key: 'platform', values: ['BeOS'] }] })
          .collect(),
      );
      assert.ok(error instanceof InvalidFilterError);
      assert.match(error.message, /"BeOS" is not one of windows, roomos/);
      const topology = await rejection(
        clientOf({ apiVersion: 'v7' })
          .networkProbes({ filters: [{ key: 'visitedSite', values: ['x'] }] })
          .collect(),
      );
      assert.ok(topology instanceof InvalidFilterError, "a key the operation's schema lacks");
      assert.equal(server.requests.length, 0);
    });

    test('a key given twice keeps its AND: the values both allow, or a refusal when none', async () => {
      const warnings: string[] = [];
      const client = clientOf({ apiVersion: 'v7', onWarning: (message) => warnings.push(message) });
      await client
        .userSessions({
          filters: [
            { key: 'connection', values: ['Wireless', 'Ethernet'] },
            { key: 'connection', values: ['wireless'] },
          ],
        })
        .collect();
      assert.deepEqual(server.requests[0]?.body, { searchFilters: { connection: ['wireless'] } });
      assert.equal(warnings.length, 1);
      const error = await rejection(
        client
          .userSessions({
            filters: [
              { key: 'ssid', values: ['a'] },
              { key: 'ssid', values: ['b'] },
            ],
          })
          .collect(),
      );
      assert.ok(error instanceof InvalidFilterError);
      assert.match(error.message, /nothing could match/);
    });
  });

  test('the instant-test budget (X-Instant-Test-Rate-Limit-*) paces the next instant test: no avoidable 429', async () => {
    const resetSeconds = Math.ceil(Date.now() / 1000) + 1;
    server.use((r) =>
      r.path.endsWith('/instant')
        ? {
            status: 201,
            body: fixture('instant-agent-to-server.json'),
            headers: {
              'x-instant-test-rate-limit-limit': '1',
              'x-instant-test-rate-limit-remaining': '0',
              'x-instant-test-rate-limit-reset': String(resetSeconds),
            },
          }
        : undefined,
    );
    const events: RequestEvent[] = [];
    const client = clientOf({ apiVersion: 'v7', onRequest: (event) => events.push(event) });
    const body = { testName: 'instant', serverName: 'example.org', maxMachines: 1 };
    await client.createInstantTest('agent-to-server', body);
    await client.createInstantTest('agent-to-server', body);
    assert.deepEqual(
      events.map((e) => e.status),
      [201, 201],
    );
    assert.ok((events[1]?.rateLimitWaitMs ?? 0) > 0, 'the second waited for the instant-test budget');
    assert.ok(Date.now() >= resetSeconds * 1000, 'and was sent after its Reset');
    await client.listNetworks();
    assert.equal(events[2]?.rateLimitWaitMs, 0, 'other calls are not held by the instant-test budget');
  });
});
