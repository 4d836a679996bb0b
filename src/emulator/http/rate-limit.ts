// Per-organization request budgets in fixed windows. Without a configured limit the
// emulator still reports a nominal budget (NOMINAL_LIMIT per NOMINAL_WINDOW_SECONDS) in
// the headers so clients can exercise their header handling, but never answers 429.
export const NOMINAL_LIMIT = 10_000;
export const NOMINAL_WINDOW_SECONDS = 60;

export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

interface Bucket {
  windowStart: number;
  used: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly limit: number;
  private readonly windowSeconds: number;

  /** `headerPrefix` names the budget (v7 instant tests have their own: x-instant-test-rate-limit). */
  constructor(
    private readonly config: RateLimitConfig | undefined,
    private readonly headerPrefix = 'x-organization-rate-limit',
  ) {
    this.limit = config?.limit ?? NOMINAL_LIMIT;
    this.windowSeconds = config?.windowSeconds ?? NOMINAL_WINDOW_SECONDS;
  }

  /** Counts one request for `organization` at `nowSeconds`. */
  take(organization: string, nowSeconds: number): RateDecision {
    const bucket = this.bucketAt(organization, nowSeconds);
    const enforced = this.config !== undefined;
    const allowed = !enforced || bucket.used < this.limit;
    if (allowed) bucket.used += 1;
    return { allowed, headers: this.headers(bucket) };
  }

  /** Headers as they stand, without spending budget (for answers that cost nothing). */
  peek(organization: string, nowSeconds: number): Record<string, string> {
    return this.headers(this.bucketAt(organization, nowSeconds));
  }

  /** Headers of a spent budget, for injected 429 storms. */
  exhausted(organization: string, nowSeconds: number): Record<string, string> {
    return { ...this.headers(this.bucketAt(organization, nowSeconds)), [`${this.headerPrefix}-remaining`]: '0' };
  }

  private bucketAt(organization: string, nowSeconds: number): Bucket {
    const windowStart = Math.floor(nowSeconds / this.windowSeconds) * this.windowSeconds;
    let bucket = this.buckets.get(organization);
    if (!bucket || bucket.windowStart !== windowStart) {
      bucket = { windowStart, used: 0 };
      this.buckets.set(organization, bucket);
    }
    return bucket;
  }

  private headers(bucket: Bucket): Record<string, string> {
    return {
      [`${this.headerPrefix}-limit`]: String(this.limit),
      [`${this.headerPrefix}-remaining`]: String(Math.max(0, this.limit - bucket.used)),
      [`${this.headerPrefix}-reset`]: String(bucket.windowStart + this.windowSeconds),
    };
  }
}
