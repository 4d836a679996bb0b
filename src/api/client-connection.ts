// What one client sends its requests through: the keep-alive connections (transport.ts), the
// organization's rate-limit budget shared by every client of the same account and credentials
// (rate-limiter.ts), and the executor that retries and reports each attempt (request.ts).
import { credentialFingerprint } from './auth';
import type { NetmonClientOptions, RequestListener } from './client';
import { sharedRateLimiters, type OrganizationRateLimiter, type RateLimiterRegistry } from './rate-limiter';
import { RequestExecutor } from './request';
import { createDispatcher, Transport } from './transport';
import { DEFAULT_USER_AGENT } from './version';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY = { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 5_000, maxRateLimitRetries: 5 };

/** Internal knobs for tests and embedders (a private limiter registry). */
export interface ClientInternals {
  rateLimiters?: RateLimiterRegistry;
}

export interface ClientConnection {
  transport: Transport;
  limiter: OrganizationRateLimiter;
  executor: RequestExecutor;
}

/** `baseUrl` without a trailing slash; `listeners` are the client's, added to later. */
export function connect(
  baseUrl: string,
  options: NetmonClientOptions,
  internals: ClientInternals,
  listeners: Set<RequestListener>,
): ClientConnection {
  const transport = new Transport(
    createDispatcher({
      baseUrl: new URL(baseUrl),
      proxy: options.proxy,
      connections: options.connections ?? 8,
    }),
    options.maxResponseBytes,
  );
  const registry = internals.rateLimiters ?? sharedRateLimiters;
  const organization = `${baseUrl}|${credentialFingerprint(options.credentials)}`;
  const limiter = registry.limiterFor(organization);
  const executor = new RequestExecutor({
    transport,
    credentials: options.credentials,
    limiter,
    instantLimiter: registry.limiterFor(`${organization}|instant-tests`),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    listeners,
  });
  return { transport, limiter, executor };
}
