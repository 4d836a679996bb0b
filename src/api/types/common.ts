// Building blocks shared by every resource: open records and enums, paging, errors,
// rate-limit headers and account groups.

/** A string enum that still accepts values the service may add later. */
export type OpenEnum<T extends string> = T | (string & {});
/** A record that tolerates fields the spec does not list yet. */
export type Open<T> = T & { readonly [extra: string]: unknown };

/** `{ pages: { current, next? } }` on every list. */
export interface Pages {
  current: number;
  next?: string;
}

export interface AccountGroup {
  aid: number;
  accountGroupName: string;
  current: boolean;
  default: boolean;
}

export interface AccountGroupsResponse {
  accountGroups: AccountGroup[];
}
export interface ErrorBody {
  errorMessage: string;
}

/** Rate-limit state read from the X-Organization-Rate-Limit-* headers. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** The server's Reset: also the identity of its rate window. */
  resetEpochSeconds: number;
  /** When that Reset falls on this machine's clock, where the server's clock is off (see correctForClockSkew). */
  resetLocalMs?: number;
}
export const RATE_LIMIT_HEADERS = {
  limit: 'x-organization-rate-limit-limit',
  remaining: 'x-organization-rate-limit-remaining',
  reset: 'x-organization-rate-limit-reset',
} as const;
