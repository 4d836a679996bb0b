// One HTTP attempt on undici: a keep-alive connection pool (directly or through a proxy),
// a whole-request timeout that covers headers and body, and the caller's AbortSignal
// wired to the socket. Knows nothing about the API's statuses or retries.
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { proxyFor } from './proxy';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  constructor(
    readonly reason: 'timeout' | 'cancelled' | 'network' | 'too-large',
    readonly original: unknown,
  ) {
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

export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The body was bigger than the configured cap; reading stopped there. */
export class ResponseTooLargeFailure extends Error {
  constructor(readonly limit: number) {
    super(`response exceeds ${limit} bytes`);
    this.name = 'ResponseTooLargeFailure';
  }
}

const KEEP_ALIVE_MS = 30_000;

export function createDispatcher(options: TransportOptions): Dispatcher {
  const pool = { connections: options.connections, keepAliveTimeout: KEEP_ALIVE_MS };
  const proxy = proxyFor(options.baseUrl, options.proxy);
  return proxy ? new ProxyAgent({ uri: proxy, ...pool }) : new Agent(pool);
}

export class Transport {
  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
  ) {}

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
      const text = await readCapped(response.body, response.headers['content-length'], this.maxResponseBytes);
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      if (error instanceof ResponseTooLargeFailure) throw new TransportFailure('too-large', error);
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

/** The body as UTF-8, refusing (before or while reading) one larger than `limit` bytes. */
async function readCapped(
  body: Dispatcher.ResponseData['body'],
  contentLength: string | string[] | undefined,
  limit: number,
): Promise<string> {
  const announced = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (Number.isFinite(announced) && announced > limit) {
    body.destroy();
    throw new ResponseTooLargeFailure(limit);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    received += bytes.length;
    if (received > limit) {
      body.destroy();
      throw new ResponseTooLargeFailure(limit);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}
