// Public, programmatic face of the embedded emulator: what tests, benchmarks, the CLI and
// the extension's demo mode use. Implemented by src/emulator/server.ts (startEmulator).
import type { ApiDialect } from './http/dialect';
import type { Preset, World } from './world/model';

export type { ApiDialect } from './http/dialect';

/**
 * A fault rule: applied to every `every`-th request whose path starts with `pathPrefix`
 * (all paths when absent), at most `times` times (unlimited when absent).
 * - latency: delay the response by latencyMs
 * - drop: destroy the socket without answering
 * - error: answer `status` (default 503) with an errorMessage
 * - truncate: send the headers and half the body, then end the connection
 * - rate-limit: answer 429 as if the organization's budget were spent
 */
export interface FaultRule {
  fault: 'latency' | 'drop' | 'error' | 'truncate' | 'rate-limit';
  every?: number;
  times?: number;
  pathPrefix?: string;
  status?: number;
  latencyMs?: number;
}

export interface EmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  seed?: number;
  preset?: Preset;
  /** Records per page on the time-ranged lists (default 100). */
  pageSize?: number;
  /**
   * Records per page of the inventory lists: endpoint agents, networks and endpoint tests
   * (default 1,000, so only the `large` preset's biggest group pages); small values make
   * small presets page too.
   */
  inventoryPageSize?: number;
  /** Requests per organization per window; unlimited when absent. */
  rateLimit?: { limit: number; windowSeconds: number };
  /**
   * v7's instant-test budget per organization (`X-Instant-Test-Rate-Limit-*`), apart from
   * `rateLimit`; like it by default.
   */
  instantTestRateLimit?: { limit: number; windowSeconds: number };
  /** Persist created enterprise tests here (atomic writes). */
  dataFile?: string;
  /** Faults active from the start. */
  faults?: FaultRule[];
  /** Enables the /_emulator/ control routes (off by default). */
  control?: boolean;
  /**
   * Extra Host names a loopback emulator answers to (e.g. a name a proxy forwards); any
   * other non-loopback Host is refused with 421 against DNS rebinding.
   */
  allowedHosts?: string[];
  /** Seconds before an instant test's results appear on the data endpoints (default 3). */
  instantTestDelaySeconds?: number;
  /** Clock in epoch milliseconds (default Date.now); tests move it to cross round boundaries. */
  now?: () => number;
  /**
   * The API served from the world: 'v6' (default; the spec's v6 endpoint data with its v7
   * preview) or 'v7' (the current service: `/v7/endpoint/…`, cursor links, problem+json).
   * An emulator speaks one of them; clients read `RunningEmulator.api` instead of probing.
   */
  api?: ApiDialect;
}

export interface RunningEmulator {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:40123 */
  readonly url: string;
  readonly port: number;
  /** The API dialect this emulator speaks (EmulatorOptions.api). */
  readonly api: ApiDialect;
  setFaults(rules: FaultRule[]): void;
  /** Requests answered so far (all paths), for tests that count what a client sent. */
  readonly requestCount: number;
  /**
   * The synthetic world this emulator serves (read-only use): tests read what it holds,
   * e.g. `world.group(aid)?.episodes(from, to)` for the seeded episodes.
   */
  readonly world: World;
  close(): Promise<void>;
}

/**
 * Control routes (only with `control: true`), JSON bodies:
 *   GET    /_emulator/faults          → { faults: FaultRule[] }
 *   PUT    /_emulator/faults          ← { faults: FaultRule[] }
 *   DELETE /_emulator/faults          clears them
 *   GET    /_emulator/requests        → { requests: { method, path, query, headers, body?, status, aborted? }[] }
 *                                        (last 1,000, at most 4 MB; bodies over 16 KB summarised, none for
 *                                        unauthenticated callers; credentials redacted; 499 + aborted when the client
 *                                        left)
 *   DELETE /_emulator/requests        clears that log
 */
export const CONTROL_PREFIX = '/_emulator/';

export const DEMO_CREDENTIALS = {
  admin: { email: 'admin@demo.netmon', token: 'demo-admin-token' },
  viewer: { email: 'viewer@demo.netmon', token: 'demo-viewer-token' },
} as const;
