// One budget per organization, shared by every concurrent call of every client that
// uses the same base URL and credential. The server's X-Organization-Rate-Limit-* headers
// drive it: a request goes out only while the last known Remaining, minus the requests
// still in flight, leaves room for it; otherwise it waits for Reset. After Reset one
// probe request goes first, so a stale guess of the new window costs at most one request.
import type { RateLimitInfo } from './types';
import { RATE_LIMIT_HEADERS } from './types';

export interface RateLimitPermit {
  /** How long the request waited for budget. */
  readonly waitedMs: number;
  /** Report the outcome; call it exactly once, also when no response arrived. */
  complete(outcome: AttemptOutcome): void;
}

export interface AttemptOutcome {
  /** Undefined when no response arrived (network error, timeout, cancel). */
  status: number | undefined;
  /** The response's rate-limit headers, when it carried them. */
  info: RateLimitInfo | undefined;
}

interface Waiter {
  resolve(permit: RateLimitPermit): void;
  reject(reason: unknown): void;
  enqueuedAt: number;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/** A 429 without usable headers: back off this long before the next probe. */
const BLIND_BACKOFF_MS = 1000;
/** Margin after the announced Reset, for clocks and second rounding. */
const RESET_MARGIN_MS = 30;

export class OrganizationRateLimiter {
  private state: RateLimitInfo | undefined;
  /** True once a response carried no rate-limit headers: the server does not limit. */
  private unlimited = false;
  private inFlight = 0;
  private probeInFlight = false;
  private blockedUntilMs = 0;
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Latest state reported by the server. */
  get info(): RateLimitInfo | undefined {
    return this.state;
  }

  /** Resolves when the request may be sent; rejects with `signal.reason` when aborted. */
  acquire(signal?: AbortSignal): Promise<RateLimitPermit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const enqueuedAt = this.now();
    return new Promise<RateLimitPermit>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        enqueuedAt,
        signal,
        onAbort: () => {
          this.removeWaiter(waiter);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  private removeWaiter(waiter: Waiter): void {
    const index = this.waiters.indexOf(waiter);
    if (index >= 0) this.waiters.splice(index, 1);
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  }

  private pump(): void {
    while (this.waiters.length > 0) {
      const admission = this.admission();
      if (admission === 'wait') break;
      const waiter = this.waiters.shift();
      if (!waiter) break;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.issue(waiter.enqueuedAt, admission === 'probe'));
    }
    this.scheduleWake();
  }

  /** Whether the next request may go now, and whether it is the probe of a new window. */
  private admission(): 'send' | 'probe' | 'wait' {
    if (this.unlimited) return 'send';
    const now = this.now();
    if (now < this.blockedUntilMs) return 'wait';
    const state = this.state;
    const windowOver = !state || now >= resetMs(state) + RESET_MARGIN_MS;
    if (windowOver) return this.probeInFlight || (this.inFlight > 0 && !state) ? 'wait' : 'probe';
    if (this.probeInFlight) return 'wait';
    return state.remaining - this.inFlight >= 1 ? 'send' : 'wait';
  }

  private issue(enqueuedAt: number, probe: boolean): RateLimitPermit {
    this.inFlight += 1;
    if (probe) this.probeInFlight = true;
    let done = false;
    return {
      waitedMs: this.now() - enqueuedAt,
      complete: ({ status, info }) => {
        if (done) return;
        done = true;
        this.inFlight -= 1;
        if (probe) this.probeInFlight = false;
        if (status !== undefined) this.record(info, status === 429);
        this.pump();
      },
    };
  }

  private record(info: RateLimitInfo | undefined, rateLimited: boolean): void {
    if (!info) {
      if (rateLimited) this.blockedUntilMs = this.now() + BLIND_BACKOFF_MS;
      else if (!this.state) this.unlimited = true;
      return;
    }
    this.unlimited = false;
    const current = this.state;
    // The server's Reset names the window; its local time varies per answer (the Date header
    // has 1 s resolution), so it must not decide which answer is newer.
    if (!current || info.resetEpochSeconds > current.resetEpochSeconds) {
      this.state = { ...info };
    } else if (info.resetEpochSeconds === current.resetEpochSeconds) {
      const local = Math.max(resetMs(current), resetMs(info));
      this.state = {
        ...current,
        limit: info.limit,
        remaining: Math.min(current.remaining, info.remaining),
        ...(local !== current.resetEpochSeconds * 1000 ? { resetLocalMs: local } : {}),
      };
    }
    if (rateLimited) this.onRateLimited(info);
  }

  private onRateLimited(info: RateLimitInfo): void {
    if (this.state && this.state.resetEpochSeconds === info.resetEpochSeconds) {
      this.state = { ...this.state, remaining: 0 };
    }
    // A 429 whose Reset is already past (a coarse or skewed clock) must not cause a storm.
    this.blockedUntilMs = Math.max(resetMs(info) + RESET_MARGIN_MS, this.now() + 100);
  }

  private scheduleWake(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiters.length === 0 || this.unlimited) return;
    const wakeAt = Math.max(this.blockedUntilMs, this.state ? resetMs(this.state) + RESET_MARGIN_MS : 0);
    const delay = wakeAt - this.now();
    // An in-flight response will pump when it completes. Without one, a Reset that passed
    // since admission() read the clock must still wake the waiters, or they wait forever.
    if (delay <= 0 && this.inFlight > 0) return;
    // A Reset weeks away (a server's clock or header gone wrong) must not overflow the timer, which
    // node then fires after 1 ms, again and again: wake at least every minute and look again.
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.pump();
      },
      Math.min(Math.max(0, delay), LONGEST_SLEEP_MS),
    );
  }
}

const LONGEST_SLEEP_MS = 60_000;

/** Server clocks further off than this are corrected (the Date header has 1 s resolution). */
const SKEW_TOLERANCE_MS = 2000;

/**
 * Places Reset on the local clock (resetLocalMs) when the server's Date header shows a clock skew, so
 * a server clock that runs behind does not make the client wait past the real reset
 * (or, running ahead, probe too early).
 */
export function correctForClockSkew(
  info: RateLimitInfo,
  dateHeader: string | undefined,
  localNowMs: number,
): RateLimitInfo {
  const serverNowMs = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(serverNowMs)) return info;
  const skewMs = serverNowMs - localNowMs;
  if (Math.abs(skewMs) <= SKEW_TOLERANCE_MS) return info;
  return { ...info, resetLocalMs: info.resetEpochSeconds * 1000 - skewMs };
}

/** When a window resets on this machine's clock. */
export function resetMs(info: RateLimitInfo): number {
  return info.resetLocalMs ?? info.resetEpochSeconds * 1000;
}

/** Reads the three headers; undefined unless all are present and numeric. */
/** v7 instant tests carry a budget of their own (the vendor's SDK waits on both Resets). */
export const INSTANT_RATE_LIMIT_HEADERS = {
  limit: 'x-instant-test-rate-limit-limit',
  remaining: 'x-instant-test-rate-limit-remaining',
  reset: 'x-instant-test-rate-limit-reset',
} as const;

export function readRateLimitHeaders(
  headers: Record<string, string | string[] | undefined>,
  names: { limit: string; remaining: string; reset: string } = RATE_LIMIT_HEADERS,
): RateLimitInfo | undefined {
  const number = (name: string): number | undefined => {
    const raw = headers[name];
    const text = Array.isArray(raw) ? raw[0] : raw;
    if (text === undefined || text.trim() === '') return undefined;
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  };
  const limit = number(names.limit);
  const remaining = number(names.remaining);
  const resetEpochSeconds = number(names.reset);
  if (limit === undefined || remaining === undefined || resetEpochSeconds === undefined) return undefined;
  return { limit, remaining, resetEpochSeconds };
}

/** Limiters keyed by organization (base URL + credential fingerprint). */
export class RateLimiterRegistry {
  private readonly limiters = new Map<string, OrganizationRateLimiter>();

  limiterFor(key: string): OrganizationRateLimiter {
    let limiter = this.limiters.get(key);
    if (!limiter) {
      limiter = new OrganizationRateLimiter();
      this.limiters.set(key, limiter);
    }
    return limiter;
  }
}

/** Shared by all clients of this process, so two clients of one organization share a budget. */
export const sharedRateLimiters = new RateLimiterRegistry();
