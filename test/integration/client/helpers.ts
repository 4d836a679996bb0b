// Shared set-up of the client's integration tests: a real emulator on a loopback port
// (with its control routes), clients for each demo user and auth form, and readers of
// the emulator's request log, so tests can assert what actually went over the wire.
import { after, before } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import {
  createNetmonClient,
  type Credentials,
  type NetmonClient,
  type NetmonClientOptions,
  type RequestEvent,
} from '../../../src/api';
import { RateLimiterRegistry } from '../../../src/api/rate-limiter';
import {
  DEMO_CREDENTIALS,
  startEmulator,
  type EmulatorOptions,
  type FaultRule,
  type RunningEmulator,
} from '../../../src/emulator';

export type Role = keyof typeof DEMO_CREDENTIALS;
export type AuthForm = Credentials['kind'];

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  status: number;
}

export function credentialsFor(role: Role, form: AuthForm = 'bearer'): Credentials {
  const { email, token } = DEMO_CREDENTIALS[role];
  if (form === 'basic') return { kind: 'basic', email, token };
  return { kind: form, token };
}

const DAY_MS = 86_400_000;
/** 14:00 UTC: the synthetic world's activity follows the time of day, quietest at night. */
const EMULATED_TIME_OF_DAY_MS = 14 * 3_600_000;
/**
 * The emulator's clock in these tests: real time moved back to the last 14:00 UTC, so record
 * counts in a window do not depend on when the suite runs, while rate-limit windows still
 * advance in real time (the emulator's Date header follows this clock; the client corrects the skew).
 */
const CLOCK_SHIFT_MS = -(((Date.now() - EMULATED_TIME_OF_DAY_MS) % DAY_MS) + DAY_MS) % DAY_MS;
export const emulatedNow = (): number => Date.now() + CLOCK_SHIFT_MS;

export class TestBed {
  private readonly clients: NetmonClient[] = [];
  /** Every attempt of every client made by this bed, in order. */
  readonly events: RequestEvent[] = [];

  private constructor(readonly emulator: RunningEmulator) {}

  static async start(options: EmulatorOptions = {}): Promise<TestBed> {
    return new TestBed(await startEmulator({ control: true, now: emulatedNow, ...options }));
  }

  get url(): string {
    return this.emulator.url;
  }

  /** A client with fast retries; `isolated` gives it its own rate limiter. */
  client(
    role: Role = 'admin',
    form: AuthForm = 'bearer',
    options: Partial<NetmonClientOptions> = {},
    isolated = false,
  ): NetmonClient {
    const client = createNetmonClient(
      {
        baseUrl: this.url,
        // The emulator states its dialect (it is never probed).
        apiVersion: 'v6',
        credentials: credentialsFor(role, form),
        retry: { baseDelayMs: 20, maxDelayMs: 200 },
        timeoutMs: 10_000,
        onRequest: (event) => this.events.push(event),
        ...options,
      },
      isolated ? { rateLimiters: new RateLimiterRegistry() } : {},
    );
    this.clients.push(client);
    return client;
  }

  setFaults(rules: FaultRule[]): void {
    this.emulator.setFaults(rules);
  }

  async requests(): Promise<LoggedRequest[]> {
    const response = await request(`${this.url}/_emulator/requests`);
    const body = (await response.body.json()) as { requests: LoggedRequest[] };
    return body.requests;
  }

  async clearRequests(): Promise<void> {
    await (await request(`${this.url}/_emulator/requests`, { method: 'DELETE' })).body.dump();
    this.events.length = 0;
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close()));
    await this.emulator.close();
  }
}

/** Resolves to the error a promise rejects with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

export async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/**
 * A server whose user-sessions list loops: page 3's `pages.next` leads back to page 2
 * (one session per page, `s<page>`). For the walk's and the tree's loop detection.
 */
export async function startLoopingServer(): Promise<{ url: string; close(): Promise<void> }> {
  let url = '';
  const server = createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
    const next = `${url}/v6/endpoint-data/user-sessions?page=${page === 3 ? 2 : page + 1}`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ userSessions: [{ userSessionId: `s${page}` }], pages: { current: page, next } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The same world served as v6 and as v7 on one fixed clock, with an admin client of group 1001 for
 * each (index 0 speaks v6, 1 speaks v7), started before the suite that calls this and closed after it.
 */
export function bothDialects(nowMs: number): { emulators: RunningEmulator[]; clients: NetmonClient[] } {
  const pair = { emulators: [] as RunningEmulator[], clients: [] as NetmonClient[] };
  before(async () => {
    for (const api of ['v6', 'v7'] as const) {
      const emulator = await startEmulator({ port: 0, api, now: () => nowMs });
      pair.emulators.push(emulator);
      pair.clients.push(
        createNetmonClient({
          baseUrl: emulator.url,
          credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
          aid: 1001,
          apiVersion: api,
        }),
      );
    }
  });
  after(async () => {
    await Promise.all(pair.clients.map((c) => c.close()));
    await Promise.all(pair.emulators.map((e) => e.close()));
  });
  return pair;
}
