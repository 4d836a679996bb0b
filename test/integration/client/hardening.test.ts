// What a hostile or broken server must not be able to do to the client: make it show the
// token in error text, hand back pages.next with the token, fill memory with an endless
// body, or turn an id such as ".." into a call to another endpoint.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createNetmonClient,
  NetmonError,
  ResponseTooLargeError,
  ValidationError,
  type Credentials,
  type RequestEvent,
} from '../../../src/api';
import { DEMO_CREDENTIALS } from '../../../src/emulator';
import { TestBed, rejection } from './helpers';

const SECRET = 'Sup3r-Secret-Token-42';
const MEGABYTE = 1024 * 1024;

/** Answers like a careless server: error messages echo the URL and the Authorization header. */
function hostileHandler(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  if (path.startsWith('/echo-url')) {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ errorMessage: `bad request ${path}` }));
  } else if (path.startsWith('/echo-header')) {
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        errorMessage: `could not check Authorization: ${request.headers.authorization ?? ''} (token ${SECRET})`,
      }),
    );
  } else if (path.startsWith('/xml')) {
    response.writeHead(400, { 'content-type': 'application/xml' });
    response.end(
      '<error><errorMessage>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#233;&#x41;</errorMessage></error>',
    );
  } else if (path.startsWith('/endless')) {
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 32);
    const pump = (): void => {
      while (!response.destroyed && response.write(chunk));
    };
    response.on('drain', pump);
    pump();
  } else if (path.startsWith('/deep')) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"endpointAgents":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
  } else if (path.startsWith('/announced')) {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * MEGABYTE) });
    response.write('[');
  } else {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  }
}

describe('client hardening against a hostile server', () => {
  let server: Server;
  let baseUrl: string;
  before(async () => {
    server = createServer(hostileHandler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function clientWith(
    credentials: Credentials,
    events: RequestEvent[] = [],
    maxResponseBytes?: number,
  ): ReturnType<typeof createNetmonClient> {
    return createNetmonClient({
      apiVersion: 'v6',
      baseUrl,
      credentials,
      retry: { maxRetries: 0 },
      timeoutMs: 10_000,
      onRequest: (e) => events.push(e),
      maxResponseBytes,
    });
  }

  const leaks = (error: unknown, events: readonly RequestEvent[]): string[] => {
    assert.ok(error instanceof NetmonError);
    const texts = [
      error.message,
      error.errorMessage ?? '',
      ...events.map((e) => `${e.path} ${e.error?.message ?? ''}`),
    ];
    return texts.filter((text) => text.includes(SECRET) || /Bearer [^R]|Basic [^R]/.test(text));
  };

  test('a server echoing the authToken query into errorMessage does not leak it into error text or events', async () => {
    const events: RequestEvent[] = [];
    const client = clientWith({ kind: 'query', token: SECRET }, events);
    try {
      const error = await rejection(client.getPage('/echo-url/x'));
      assert.ok(error instanceof ValidationError);
      assert.match(error.message, /bad request \/echo-url\/x\?authToken=REDACTED/);
      assert.deepEqual(leaks(error, events), []);
    } finally {
      await client.close();
    }
  });

  for (const credentials of [
    { kind: 'bearer', token: SECRET },
    { kind: 'basic', email: 'a@example.com', token: SECRET },
  ] as Credentials[]) {
    test(`a server echoing the ${credentials.kind} Authorization header does not leak it`, async () => {
      const events: RequestEvent[] = [];
      const client = clientWith(credentials, events);
      try {
        const error = await rejection(client.getPage('/echo-header'));
        assert.match(
          String((error as Error).message),
          /could not check Authorization: (Bearer|Basic) REDACTED \(token REDACTED\)/,
        );
        assert.deepEqual(leaks(error, events), []);
      } finally {
        await client.close();
      }
    });
  }

  test('XML error messages come with their entities decoded', async () => {
    const client = clientWith({ kind: 'bearer', token: SECRET });
    try {
      const error = await rejection(client.getPage('/xml', { format: 'xml' }));
      assert.ok(error instanceof ValidationError);
      assert.equal(error.errorMessage, 'a & b <c> "d" \'e\' éA');
    } finally {
      await client.close();
    }
  });

  test('a body nested 100,000 levels is refused with a clear error, not a stack overflow later', async () => {
    const error = await rejection(clientWith({ kind: 'bearer', token: SECRET }).getPage('/deep'));
    assert.ok(error instanceof NetmonError);
    assert.equal(error.kind, 'unparseable');
    assert.match(error.message, /nested deeper than 64 levels/);
  });

  test('an endless body stops at maxResponseBytes with a clear error and no retry', async () => {
    const events: RequestEvent[] = [];
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl,
      credentials: { kind: 'bearer', token: SECRET },
      maxResponseBytes: MEGABYTE,
      onRequest: (e) => events.push(e),
      retry: { baseDelayMs: 5, maxDelayMs: 10 },
    });
    try {
      const error = await rejection(client.getPage('/endless'));
      assert.ok(error instanceof ResponseTooLargeError);
      assert.match(error.message, /response exceeds 1048576 bytes/);
      assert.equal(events.length, 1, 'a body too large is not fetched again');
      const announced = await rejection(client.getPage('/announced'));
      assert.ok(announced instanceof ResponseTooLargeError, 'a too large Content-Length is refused before reading');
      assert.deepEqual(await client.getPage('/small'), { ok: true });
    } finally {
      await client.close();
    }
  });
});

describe('client against the emulator', () => {
  let bed: TestBed;
  before(async () => {
    bed = await TestBed.start({ pageSize: 10 });
  });
  after(() => bed.close());

  test('getPage with the query auth form hands back pages.next without the token', async () => {
    const client = bed.client('admin', 'query');
    const page = (await client.getPage('/v6/endpoint-data/user-sessions', { window: '1d' })) as {
      pages?: { next?: string };
    };
    const next = page.pages?.next;
    assert.ok(next, 'the first page links to a second');
    assert.ok(!next.includes(DEMO_CREDENTIALS.admin.token) && !next.includes('authToken'), next);
    const second = (await client.getPage(next)) as { pages?: { current?: number } };
    assert.equal(second.pages?.current, 2, 'the cleaned link still works');
  });

  test('"." and ".." ids are refused instead of reaching another endpoint', async () => {
    await bed.clearRequests();
    const client = bed.client('admin');
    for (const id of ['..', '.', '']) {
      assert.throws(() => client.getUserSession(id), /is not a valid id/);
    }
    assert.throws(() => client.getPageDetails('s1', '..'), /is not a valid id/);
    assert.deepEqual(await bed.requests(), [], 'nothing was sent');
  });
});
