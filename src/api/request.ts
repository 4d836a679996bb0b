// Runs one API call: waits for the organization's rate budget, sends, classifies the
// outcome, retries what is safe to retry, reports every attempt to the listeners, and
// returns the body or throws a typed error.
//
// Retry rules: a 429 means the server executed nothing, so any method is retried once
// the budget resets. 5xx, dropped connections, truncated bodies and timeouts are retried
// for GET only: a POST/PUT/DELETE may have taken effect.
import { authHeaders, credentialSecrets, redactPath, withAuthQuery } from './auth';
import type { Credentials, RequestEvent, RequestListener, RetryPolicy } from './client';
import {
  CancelledError,
  NetmonError,
  ResponseTooLargeError,
  UnparseableResponseError,
  type RequiredPermission,
} from './errors';
import { errorForFailure, errorForStatus, type RequestContext } from './error-mapping';
import {
  correctForClockSkew,
  INSTANT_RATE_LIMIT_HEADERS,
  readRateLimitHeaders,
  resetMs,
  type OrganizationRateLimiter,
} from './rate-limiter';
import { Transport, TransportFailure, type HttpMethod, type TransportResponse } from './transport';
import type { RateLimitInfo } from './types';
import { nestsDeeperThan, tooDeepMessage } from './types';

export interface ApiRequest {
  method: HttpMethod;
  /** Without credentials; they are added per attempt. */
  url: URL;
  /** Serialized as JSON with Content-Type: application/json. */
  body?: unknown;
  /** json: parse the body; text: return it as is (XML); none: ignore it. */
  expect: 'json' | 'text' | 'none';
  signal?: AbortSignal;
  timeoutMs?: number;
  operation?: string;
  requiredPermission?: RequiredPermission;
  /** `Accept` of a JSON request (the dialect's; default application/json). */
  accept?: string;
  /** An instant test: also paced by the organization's instant-test budget. */
  instant?: boolean;
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON for `expect: 'json'`, the text for `text`, undefined for `none`. */
  data: unknown;
}

export interface ExecutorSettings {
  transport: Transport;
  credentials: Credentials;
  limiter: OrganizationRateLimiter;
  /** The instant-test budget (`X-Instant-Test-Rate-Limit-*`), shared like the organization's. */
  instantLimiter?: OrganizationRateLimiter;
  userAgent: string;
  timeoutMs: number;
  retry: Required<RetryPolicy>;
  listeners: ReadonlySet<RequestListener>;
}

interface AttemptResult {
  response?: TransportResponse;
  error?: NetmonError;
  rateLimit?: RateLimitInfo;
}

export class RequestExecutor {
  constructor(private readonly settings: ExecutorSettings) {}

  async execute(request: ApiRequest): Promise<ApiResponse> {
    const context: RequestContext = {
      method: request.method,
      path: redactPath(request.url),
      operation: request.operation,
      requiredPermission: request.requiredPermission,
    };
    let transientRetries = 0;
    let rateLimitRetries = 0;
    for (;;) {
      const retries = transientRetries + rateLimitRetries;
      const started = performance.now();
      const { attempt, waitedMs } = await this.attempt(request, context);
      const outcome = this.classify(request, context, attempt);
      const retryKind =
        outcome.kind === 'error'
          ? this.retryKind(request, outcome.error, transientRetries, rateLimitRetries)
          : undefined;
      this.report({
        method: request.method,
        path: context.path,
        status: attempt.response?.status,
        durationMs: performance.now() - started - waitedMs,
        retries,
        final: retryKind === undefined,
        rateLimitRemaining: attempt.rateLimit?.remaining,
        rateLimit: attempt.rateLimit,
        rateLimitWaitMs: waitedMs,
        error: outcome.kind === 'error' ? outcome.error : undefined,
      });
      if (outcome.kind === 'ok') return outcome.value;
      if (retryKind === undefined) throw outcome.error;
      if (retryKind === 'rate-limit') {
        rateLimitRetries += 1;
      } else {
        await this.backoff(transientRetries, request, context);
        transientRetries += 1;
      }
    }
  }

  private async attempt(
    request: ApiRequest,
    context: RequestContext,
  ): Promise<{ attempt: AttemptResult; waitedMs: number }> {
    const { limiter, transport } = this.settings;
    const instantLimiter = request.instant ? this.settings.instantLimiter : undefined;
    let permit;
    let instantPermit;
    try {
      instantPermit = await instantLimiter?.acquire(request.signal);
      permit = await limiter.acquire(request.signal);
    } catch (reason) {
      instantPermit?.complete({ status: undefined, info: undefined });
      return {
        attempt: { error: new CancelledError({ ...context, cause: reason }) },
        waitedMs: instantPermit?.waitedMs ?? 0,
      };
    }
    const waitedMs = permit.waitedMs + (instantPermit?.waitedMs ?? 0);
    const timeoutMs = request.timeoutMs ?? this.settings.timeoutMs;
    try {
      const response = await transport.send({
        method: request.method,
        url: withAuthQuery(request.url, this.settings.credentials),
        headers: this.headers(request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        timeoutMs,
        signal: request.signal,
      });
      const date = response.headers['date'];
      const skewed = (info: RateLimitInfo | undefined): RateLimitInfo | undefined =>
        info && correctForClockSkew(info, Array.isArray(date) ? date[0] : date, Date.now());
      const rateLimit = skewed(readRateLimitHeaders(response.headers));
      const instantLimit = skewed(readRateLimitHeaders(response.headers, INSTANT_RATE_LIMIT_HEADERS));
      permit.complete({ status: response.status, info: rateLimit });
      instantPermit?.complete({ status: response.status, info: instantLimit });
      // A 429 waits for the later of the two budgets' resets.
      const binding =
        instantLimit && (!rateLimit || (instantLimit.remaining <= 0 && resetMs(instantLimit) > resetMs(rateLimit)))
          ? instantLimit
          : rateLimit;
      return { attempt: { response, rateLimit: binding }, waitedMs };
    } catch (failure) {
      permit.complete({ status: undefined, info: undefined });
      instantPermit?.complete({ status: undefined, info: undefined });
      if (!(failure instanceof TransportFailure)) throw failure;
      return {
        attempt: { error: errorForFailure(failure, context, timeoutMs, credentialSecrets(this.settings.credentials)) },
        waitedMs,
      };
    }
  }

  private headers(request: ApiRequest): Record<string, string> {
    const headers: Record<string, string> = {
      'user-agent': this.settings.userAgent,
      accept: request.expect === 'text' ? 'application/xml, text/xml, */*' : (request.accept ?? 'application/json'),
      ...authHeaders(this.settings.credentials),
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    return headers;
  }

  private classify(
    request: ApiRequest,
    context: RequestContext,
    attempt: AttemptResult,
  ): { kind: 'ok'; value: ApiResponse } | { kind: 'error'; error: NetmonError } {
    const { response, error } = attempt;
    if (!response) return { kind: 'error', error: error ?? new CancelledError(context) };
    if (response.status < 200 || response.status >= 300) {
      return {
        kind: 'error',
        error: errorForStatus(
          response.status,
          response.text,
          context,
          attempt.rateLimit && resetMs(attempt.rateLimit) / 1000,
          credentialSecrets(this.settings.credentials),
        ),
      };
    }
    if (request.expect === 'none') return { kind: 'ok', value: { status: response.status, data: undefined } };
    if (request.expect === 'text') return { kind: 'ok', value: { status: response.status, data: response.text } };
    // Every consumer walks the parsed body; how deep it nests is not the server's to choose.
    if (nestsDeeperThan(response.text)) {
      return {
        kind: 'error',
        error: new UnparseableResponseError({
          ...context,
          status: response.status,
          errorMessage: tooDeepMessage('the response'),
        }),
      };
    }
    try {
      return { kind: 'ok', value: { status: response.status, data: JSON.parse(response.text) as unknown } };
    } catch (cause) {
      return { kind: 'error', error: new UnparseableResponseError({ ...context, status: response.status, cause }) };
    }
  }

  private retryKind(
    request: ApiRequest,
    error: NetmonError,
    transientRetries: number,
    rateLimitRetries: number,
  ): 'rate-limit' | 'transient' | undefined {
    const { retry } = this.settings;
    if (error.kind === 'rate-limited') return rateLimitRetries < retry.maxRateLimitRetries ? 'rate-limit' : undefined;
    if (request.method !== 'GET' || transientRetries >= retry.maxRetries || error instanceof ResponseTooLargeError)
      return undefined;
    const transient =
      (error.kind === 'server' && (error.status ?? 0) >= 500) ||
      error.kind === 'network' ||
      error.kind === 'timeout' ||
      error.kind === 'unparseable';
    return transient ? 'transient' : undefined;
  }

  /** Capped exponential backoff with jitter, cut short by cancellation. */
  private async backoff(retryIndex: number, request: ApiRequest, context: RequestContext): Promise<void> {
    const { baseDelayMs, maxDelayMs } = this.settings.retry;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** retryIndex);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    await abortableDelay(delay, request.signal).catch((reason: unknown) => {
      throw new CancelledError({ ...context, cause: reason });
    });
  }

  private report(event: RequestEvent): void {
    for (const listener of this.settings.listeners) {
      try {
        listener(event);
      } catch {
        // A broken log must not break the request it logs.
      }
    }
  }
}

function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
