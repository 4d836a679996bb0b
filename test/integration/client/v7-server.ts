// A small v7 service for the client's tests until the emulator serves v7: node:http on
// loopback, answering each operation with its fixture (test/fixtures/v7, written from the
// vendor's OpenAPI) as `application/hal+json`, errors as `application/problem+json`, and
// logging every request it receives (method, path, query, headers, body).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'v7');
const VENDOR_BASE = 'https://api.thousandeyes.com/v7';
const AGENT = '861b7557-cd57-4bbb-b648-00bddf88ef49';
const SESSION = '07625:1490529480:aVDViw0i';
const TOPOLOGY = '00160:54c3a4b180c6:1490536500:c7a58c49';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  accept: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface Answer {
  status: number;
  file?: string;
  body?: unknown;
  headers?: Record<string, string>;
}
/** Answers one request, or undefined to fall through to the fixtures. */
export type Handler = (request: ReceivedRequest) => Answer | undefined;

/** Where the client asks for each resource, and the fixture that answers. */
const ROUTES: Readonly<Record<string, string>> = {
  'GET /v7/endpoint/agents': 'endpoint-agents.json',
  [`GET /v7/endpoint/agents/${AGENT}`]: 'endpoint-agent.json',
  'POST /v7/endpoint/test-results/real-user-tests/filter': 'real-user-tests.json',
  [`GET /v7/endpoint/test-results/real-user-tests/${SESSION}`]: 'real-user-test.json',
  'POST /v7/endpoint/test-results/real-user-tests/pages/filter': 'pages.json',
  [`GET /v7/endpoint/test-results/real-user-tests/${SESSION}/pages/C31gBrYJ`]: 'page-har.json',
  'POST /v7/endpoint/test-results/real-user-tests/networks/filter': 'networks.json',
  'POST /v7/endpoint/test-results/local-networks/topologies/filter': 'topologies.json',
  [`GET /v7/endpoint/test-results/local-networks/topologies/${TOPOLOGY}`]: 'topology.json',
  'GET /v7/endpoint/test-results/local-networks': 'local-networks.json',
  'GET /v7/endpoint/tests/scheduled-tests': 'scheduled-tests.json',
  'GET /v7/endpoint/tests/scheduled-tests/http-server': 'scheduled-tests-http-server.json',
  'GET /v7/endpoint/tests/scheduled-tests/http-server/281474976710706': 'scheduled-test-http-server.json',
  'POST /v7/endpoint/tests/scheduled-tests/http-server/instant': 'instant-http-server.json',
  'POST /v7/endpoint/tests/scheduled-tests/agent-to-server/instant': 'instant-agent-to-server.json',
  'POST /v7/endpoint/test-results/scheduled-tests/202701/network/filter': 'network-results.json',
  'GET /v7/endpoint/test-results/scheduled-tests/202701/path-vis': 'path-vis.json',
  [`GET /v7/endpoint/test-results/scheduled-tests/202701/path-vis/agent/${AGENT}/round/1384309800`]:
    'path-vis-round.json',
  'GET /v7/endpoint/test-results/scheduled-tests/281474976710706/http-server': 'http-server-results.json',
  'POST /v7/tests/agent-to-server': 'test-created.json',
  'PUT /v7/tests/agent-to-server/281474976710706': 'test-updated.json',
  'POST /v7/tests/dnssec': 'test-created.json',
  'GET /v7/tests': 'tests.json',
  'GET /v7/agents': 'agents.json',
  'GET /v7/agents/281474976710706': 'agent.json',
  'GET /v7/account-groups': 'account-groups.json',
};

export const V7_IDS = {
  agent: AGENT,
  session: SESSION,
  topology: TOPOLOGY,
  page: 'C31gBrYJ',
  netTest: 202701,
  webTest: 281474976710706,
  round: 1384309800,
} as const;

export function fixture(file: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as unknown;
}

export class V7Server {
  readonly requests: ReceivedRequest[] = [];
  private handlers: Handler[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<V7Server> {
    const started: { instance?: V7Server } = {};
    const server = createServer((request, response) => void started.instance?.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    started.instance = new V7Server(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return started.instance;
  }

  /** Answers before the fixtures (first match wins); cleared by `reset`. */
  use(handler: Handler): void {
    this.handlers.push(handler);
  }

  reset(): void {
    this.handlers = [];
    this.requests.length = 0;
  }

  /** `METHOD /path` of every request received, in order. */
  paths(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const text = await readBody(request);
    const received: ReceivedRequest = {
      method: request.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      accept: request.headers['accept'],
      contentType: request.headers['content-type'],
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    this.requests.push(received);
    const answer =
      this.handlers.map((handler) => handler(received)).find((found) => found !== undefined) ??
      this.fromFixtures(received);
    const body = answer.body ?? (answer.file ? fixture(answer.file) : undefined);
    const type = answer.status >= 400 ? 'application/problem+json' : 'application/hal+json';
    response.writeHead(answer.status, { 'content-type': type, ...answer.headers });
    response.end(body === undefined ? '' : JSON.stringify(body).replaceAll(VENDOR_BASE, `${this.url}/v7`));
  }

  private fromFixtures(request: ReceivedRequest): Answer {
    // The second page of the endpoint agents, by the cursor the first page's next link gave.
    if (request.path === '/v7/endpoint/agents' && request.query['cursor'] === 'c2')
      return { status: 200, file: 'endpoint-agents-page2.json' };
    if (request.path.endsWith('/real-user-tests/filter') && request.query['cursor'] === 'r2')
      return { status: 200, file: 'real-user-tests-page2.json' };
    if (request.method === 'DELETE' && request.path.startsWith('/v7/tests/')) return { status: 204 };
    const file = ROUTES[`${request.method} ${request.path}`];
    if (file)
      return {
        status: request.method === 'POST' && /\/(tests\/[a-z-]+|instant)$/.test(request.path) ? 201 : 200,
        file,
      };
    return {
      status: 404,
      body: { type: 'about:blank', title: 'Not Found', status: 404, detail: `No resource at ${request.path}` },
    };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
