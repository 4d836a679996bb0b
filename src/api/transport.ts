// One HTTP attempt on undici: a keep-alive connection pool (directly or through a proxy),
// a whole-request timeout that covers headers and body, and the caller's AbortSignal
// wired to the socket. Knows nothing about the API's statuses or retries.
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { proxyFor } from './proxy';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TransportRequest {
  method: HttpMethod;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Why no complete response arrived. */
export class TransportFailure extends Error {
  constructor(readonly reason: 'timeout' | 'cancelled' | 'network', readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'TransportFailure';
  }
}

export interface TransportOptions {
  /** The one origin the client talks to; decides whether the proxy applies. */
  baseUrl: URL;
  /** Explicit proxy URL, `false` for none, undefined for the environment's proxy settings. */
  proxy?: string | false;
  connections: number;
}

const KEEP_ALIVE_MS = 30_000;

export function createDispatcher(options: TransportOptions): Dispatcher {
  const pool = { connections: options.connections, keepAliveTimeout: KEEP_ALIVE_MS };
  const proxy = proxyFor(options.baseUrl, options.proxy);
  return proxy ? new ProxyAgent({ uri: proxy, ...pool }) : new Agent(pool);
}

export class Transport {
  constructor(private readonly dispatcher: Dispatcher) {}

  async send(input: TransportRequest): Promise<TransportResponse> {
    if (input.signal?.aborted) throw new TransportFailure('cancelled', input.signal.reason);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timeout after ${input.timeoutMs} ms`));
    }, input.timeoutMs);
    const onCallerAbort = (): void => controller.abort(input.signal?.reason);
    input.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      const response = await request(input.url, {
        method: input.method,
        headers: input.headers,
        body: input.body,
        dispatcher: this.dispatcher,
        signal: controller.signal,
      });
      const text = await response.body.text();
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      if (timedOut) throw new TransportFailure('timeout', error);
      if (input.signal?.aborted) throw new TransportFailure('cancelled', error);
      throw new TransportFailure('network', error);
    } finally {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
