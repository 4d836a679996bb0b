// Auth forms, aid scoping, XML and every error class, against the emulator.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AuthenticationError,
  CancelledError,
  createNetmonClient,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnparseableResponseError,
  ValidationError,
} from '../../../src/api';
import { DEMO_CREDENTIALS } from '../../../src/emulator';
import { TestBed, rejection, type AuthForm } from './helpers';

const TOKEN = DEMO_CREDENTIALS.admin.token;

describe('auth forms and aid', () => {
  let bed: TestBed;
  before(async () => {
    bed = await TestBed.start({ pageSize: 10 });
  });
  after(() => bed.close());

  for (const form of ['bearer', 'basic', 'query'] as AuthForm[]) {
    test(`${form} credentials are accepted`, async () => {
      const { accountGroups } = await bed.client('admin', form).listAccountGroups();
      assert.deepEqual(
        accountGroups.map((g) => g.aid),
        [1001, 1002],
      );
    });
  }

  test('the authToken query form never shows the token in events, pages, resume URLs or errors', async () => {
    await bed.clearRequests();
    const client = bed.client('admin', 'query');
    const walk = client.userSessions({ window: '1h' });
    const seen: string[] = [];
    for await (const page of walk.pages()) {
      seen.push(page.url, page.next ?? '', JSON.stringify(page.response.pages));
      if (page.current === 3) break;
    }
    seen.push(walk.resumeUrl ?? '');
    const error = await rejection(client.getUserSession('no-such-session'));
    assert.ok(error instanceof NotFoundError);
    seen.push(error.message, error.path, ...bed.events.map((e) => e.path));
    assert.ok(
      seen.every((text) => !text.includes(TOKEN)),
      'token leaked',
    );
    const sent = await bed.requests();
    assert.ok(sent.length >= 4 && sent.every((r) => r.query['authToken'] === '***'), 'every request carried the token');
  });

  test('wrong credentials raise AuthenticationError with the server message', async () => {
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: bed.url,
      credentials: { kind: 'bearer', token: 'wrong' },
    });
    const error = await rejection(client.listEndpointAgents());
    await client.close();
    assert.ok(error instanceof AuthenticationError);
    assert.equal(error.status, 401);
    assert.equal(error.method, 'GET');
    assert.equal(error.path, '/v6/endpoint-agents');
    assert.match(error.errorMessage ?? '', /Invalid credentials/);
  });

  test('aid scopes the data to one account group', async () => {
    const client = bed.client('admin');
    const first = (await client.listEndpointAgents({ aid: 1001 })).endpointAgents.map((a) => a.agentId);
    const second = (await client.listEndpointAgents({ aid: 1002 })).endpointAgents.map((a) => a.agentId);
    assert.ok(first.length > 0 && second.length > 0);
    assert.ok(!first.some((id) => second.includes(id)), 'groups share no agents');
    const scoped = bed.client('admin', 'bearer', { aid: 1002 });
    assert.deepEqual(
      (await scoped.listEndpointAgents()).endpointAgents.map((a) => a.agentId),
      second,
    );
    const groups = (await scoped.listAccountGroups()).accountGroups;
    assert.equal(groups.find((g) => g.current)?.aid, 1002);
  });

  test('an aid the user is not assigned to is a ValidationError naming the group', async () => {
    const error = await rejection(bed.client('admin').listEndpointAgents({ aid: 1003 }));
    assert.ok(error instanceof ValidationError);
    assert.equal(error.status, 400);
    assert.match(error.errorMessage ?? '', /not assigned/);
    assert.equal(error.path, '/v6/endpoint-agents?aid=1003');
  });

  test('format xml returns the XML text, and XML errors still carry the message', async () => {
    const client = bed.client('admin');
    const xml = await client.listEndpointAgents({ format: 'xml' });
    assert.equal(typeof xml, 'string');
    assert.match(xml, /^<\?xml[^>]*>\s*<response><endpointAgents>/);
    const sessions = await client.userSessions({ window: '1h' }).collect({ maxRecords: 1 });
    const error = await rejection(client.getUserSession(`${sessions.records[0]?.userSessionId}x`, { format: 'xml' }));
    assert.ok(error instanceof NotFoundError);
    assert.match(error.errorMessage ?? '', /not found/);
  });
});

describe('error classes', () => {
  let bed: TestBed;
  before(async () => {
    bed = await TestBed.start({ rateLimit: { limit: 1000, windowSeconds: 1 } });
  });
  after(() => bed.close());

  test('test management by a viewer: ForbiddenError "needs Account Admin"', async () => {
    const error = await rejection(
      bed.client('viewer').createTest('agent-to-server', {
        testName: 'x',
        interval: 60,
        agents: [{ agentId: 1000 }],
        server: 'example.com',
      }),
    );
    assert.ok(error instanceof ForbiddenError);
    assert.equal(error.status, 403);
    assert.equal(error.requiredPermission, 'Account Admin');
    assert.match(error.message, /creating tests needs Account Admin/);
    assert.equal(error.method, 'POST');
  });

  test('an instant test by a viewer: ForbiddenError "needs Edit endpoint tests"', async () => {
    const error = await rejection(
      bed
        .client('viewer')
        .createInstantTest('agent-to-server', { testName: 'x', serverName: 'example.com', maxMachines: 1 }),
    );
    assert.ok(error instanceof ForbiddenError);
    assert.equal(error.requiredPermission, 'Edit endpoint tests');
    assert.match(error.message, /needs Edit endpoint tests/);
  });

  test('a body the server rejects: ValidationError with its errorMessage', async () => {
    const error = await rejection(
      bed.client('admin').createTest('http-server', {
        testName: 'no url',
        interval: 60,
        agents: [{ agentId: 1000 }],
        server: 'example.com',
      }),
    );
    assert.ok(error instanceof ValidationError);
    assert.equal(error.status, 400);
    assert.match(error.errorMessage ?? '', /server/);
    assert.match(error.message, /^400 .*POST \/v7\/tests\/http-server/);
  });

  test('an unknown record: NotFoundError', async () => {
    const error = await rejection(bed.client('admin').getNetworkProbe('missing-probe'));
    assert.ok(error instanceof NotFoundError);
    assert.equal(error.status, 404);
    assert.equal(error.path, '/v6/endpoint-data/network-topology/missing-probe');
  });

  test('429 on every attempt: RateLimitedError after the allowed retries', async () => {
    bed.setFaults([{ fault: 'rate-limit', pathPrefix: '/v6/endpoint-agents' }]);
    await bed.clearRequests();
    const client = bed.client('admin', 'bearer', { retry: { maxRateLimitRetries: 1 } }, true);
    const error = await rejection(client.listEndpointAgents());
    bed.setFaults([]);
    assert.ok(error instanceof RateLimitedError);
    assert.equal(error.status, 429);
    assert.ok(error.resetAt instanceof Date);
    assert.equal((await bed.requests()).length, 2, 'first attempt and one retry');
  });

  test('5xx on a POST is not retried: ServerError after one request', async () => {
    bed.setFaults([{ fault: 'error', status: 500, pathPrefix: '/v6/endpoint-instant' }]);
    await bed.clearRequests();
    const error = await rejection(
      bed
        .client('admin')
        .createInstantTest('agent-to-server', { testName: 'x', serverName: 'example.com', maxMachines: 1 }),
    );
    bed.setFaults([]);
    assert.ok(error instanceof ServerError);
    assert.equal(error.status, 500);
    assert.match(error.errorMessage ?? '', /Injected fault/);
    assert.equal((await bed.requests()).length, 1);
  });

  test('5xx on a GET is retried with capped backoff, then ServerError', async () => {
    bed.setFaults([{ fault: 'error', status: 503, pathPrefix: '/v6/endpoint-agents' }]);
    await bed.clearRequests();
    const error = await rejection(
      bed.client('admin', 'bearer', { retry: { maxRetries: 2, baseDelayMs: 10 } }).listEndpointAgents(),
    );
    bed.setFaults([]);
    assert.ok(error instanceof ServerError);
    assert.equal(error.status, 503);
    assert.equal((await bed.requests()).length, 3);
  });

  test('a dropped connection: NetworkError once GET retries run out', async () => {
    bed.setFaults([{ fault: 'drop', pathPrefix: '/v6/endpoint-agents' }]);
    const error = await rejection(
      bed.client('admin', 'bearer', { retry: { maxRetries: 1, baseDelayMs: 10 } }).listEndpointAgents(),
    );
    bed.setFaults([]);
    assert.ok(error instanceof NetworkError);
    assert.equal(error.status, undefined);
    assert.equal(error.path, '/v6/endpoint-agents');
  });

  test('no answer within the timeout: TimeoutError', async () => {
    bed.setFaults([{ fault: 'latency', latencyMs: 1500, pathPrefix: '/v6/endpoint-agents' }]);
    const started = Date.now();
    const error = await rejection(
      bed.client('admin', 'bearer', { timeoutMs: 150, retry: { maxRetries: 0 } }).listEndpointAgents(),
    );
    bed.setFaults([]);
    assert.ok(error instanceof TimeoutError);
    assert.equal(error.timeoutMs, 150);
    assert.ok(Date.now() - started < 1000);
  });

  test('an aborted signal: CancelledError, and the request stops at once', async () => {
    bed.setFaults([{ fault: 'latency', latencyMs: 3000, pathPrefix: '/v6/endpoint-agents' }]);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(bed.client('admin').listEndpointAgents({ signal: controller.signal }));
    bed.setFaults([]);
    assert.ok(error instanceof CancelledError);
    assert.ok(Date.now() - started < 1000, 'did not wait for the response');
  });
});

describe('a base URL that is not the API', () => {
  let server: Server;
  let url: string;
  before(async () => {
    // A web page where the API should be (a captive portal, a wrong host): 200 with HTML.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Sign in to Wi-Fi</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('a 200 that is not JSON: UnparseableResponseError', async () => {
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: url,
      credentials: { kind: 'bearer', token: TOKEN },
      retry: { maxRetries: 1, baseDelayMs: 5 },
    });
    const error = await rejection(client.listEndpointAgents());
    await client.close();
    assert.ok(error instanceof UnparseableResponseError);
    assert.equal(error.status, 200);
  });
});
