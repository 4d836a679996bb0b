// The wire: user agent, keep-alive connection reuse, and proxies (explicit or from
// HTTPS_PROXY) tunnelling to the emulator.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createNetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS } from '../../../src/emulator';
import packageJson from '../../../package.json';
import { TestBed, drain } from './helpers';

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const stop = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

describe('headers and keep-alive', () => {
  // A recorder in front of the emulator: it forwards each request and notes its headers
  // and the TCP connection it arrived on.
  let bed: TestBed;
  let recorder: Server;
  let url: string;
  const seen: { headers: IncomingHttpHeaders; connection: number }[] = [];
  before(async () => {
    bed = await TestBed.start({ pageSize: 10 });
    const connections = new WeakMap<Socket, number>();
    let connectionCount = 0;
    recorder = createServer(async (req, res) => {
      if (!connections.has(req.socket)) connections.set(req.socket, ++connectionCount);
      seen.push({ headers: req.headers, connection: connections.get(req.socket) ?? 0 });
      const upstream = await fetch(`${bed.url}${req.url}`, {
        headers: { authorization: req.headers.authorization ?? '' },
      });
      // Links in the body name the emulator; point them back at the recorder.
      const body = (await upstream.text()).replaceAll(bed.url, url);
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
    url = `http://127.0.0.1:${await listen(recorder)}`;
  });
  after(async () => {
    await stop(recorder);
    await bed.close();
  });

  test('sends netmon-workbench/<version> and reuses kept-alive connections for a sequential walk', async () => {
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    const records = await drain(client.userSessions({ window: '3h' }));
    await client.close();
    assert.ok(records.length > 20);
    assert.ok(seen.every((s) => s.headers['user-agent'] === `netmon-workbench/${packageJson.version}`));
    assert.ok(seen.every((s) => s.headers.accept === 'application/json'));
    // undici may open a second socket while the first is being released; both are reused.
    const connections = new Set(seen.map((s) => s.connection)).size;
    assert.ok(seen.length >= 8 && connections <= 2, `${seen.length} requests over ${connections} connections`);
  });

  test('a user agent can be passed in', async () => {
    seen.length = 0;
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      userAgent: 'my-script/2',
    });
    await client.listEndpointAgents();
    await client.close();
    assert.equal(seen[0]?.headers['user-agent'], 'my-script/2');
  });
});

describe('proxies', () => {
  // A CONNECT proxy that tunnels any host name to the emulator on loopback, so the client
  // can use a non-loopback base URL (loopback never goes through a proxy).
  let bed: TestBed;
  let proxy: Server;
  let proxyUrl: string;
  let baseUrl: string;
  const tunnels: string[] = [];
  before(async () => {
    bed = await TestBed.start({ pageSize: 10, allowedHosts: ['api.netmon.test'] });
    proxy = createServer((_req, res) => {
      res.writeHead(405);
      res.end();
    });
    proxy.on('connect', (req, clientSocket: Socket, head: Buffer) => {
      tunnels.push(req.url ?? '');
      const upstream = connect(bed.emulator.port, '127.0.0.1', () => {
        clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(clientSocket).pipe(upstream);
      });
      upstream.on('error', () => clientSocket.destroy());
      clientSocket.on('error', () => upstream.destroy());
    });
    proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
    baseUrl = `http://api.netmon.test:${bed.emulator.port}`;
  });
  after(async () => {
    await stop(proxy);
    await bed.close();
  });

  test('an explicit proxy URL carries every page of a walk', async () => {
    tunnels.length = 0;
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl,
      proxy: proxyUrl,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    const pages = await drain(client.userSessions({ window: '1h' }).pages());
    await client.close();
    assert.ok(pages.length >= 3);
    assert.ok(pages.every((page) => page.url.startsWith(baseUrl)));
    assert.ok(tunnels.length >= 1 && tunnels.every((t) => t === `api.netmon.test:${bed.emulator.port}`));
  });

  test('HTTPS_PROXY from the environment is used when no proxy is given', async () => {
    tunnels.length = 0;
    const saved = {
      HTTPS_PROXY: process.env['HTTPS_PROXY'],
      NO_PROXY: process.env['NO_PROXY'],
      HTTP_PROXY: process.env['HTTP_PROXY'],
    };
    process.env['HTTPS_PROXY'] = proxyUrl;
    delete process.env['HTTP_PROXY'];
    delete process.env['NO_PROXY'];
    try {
      const client = createNetmonClient({
        apiVersion: 'v6',
        baseUrl,
        credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      });
      const { endpointAgents } = await client.listEndpointAgents();
      await client.close();
      assert.ok(endpointAgents.length > 0);
      assert.equal(tunnels.length, 1);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
