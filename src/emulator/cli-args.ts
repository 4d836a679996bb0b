// Command-line flags of the emulator CLI, turned into EmulatorOptions.
import { parseArgs } from 'node:util';
import type { EmulatorOptions, FaultRule } from './api';
import { HttpError } from './http/errors';
import { parseFaultFlag } from './http/faults';
import { parseWindow } from './http/time';

export const USAGE = `Usage: netmon-emulator [options]
  --host HOST           listen address (default 127.0.0.1)
  --port N              port (default 8787; 0 picks a free one)
  --seed N              world seed (default 1)
  --preset demo|large   world size (default demo)
  --page-size N         records per page on time-ranged lists (default 100)
  --inventory-page-size N
                        records per page of agents, networks and endpoint tests
                        (default 1000)
  --rate-limit N        requests per organization per window (default: not enforced,
                        headers report a nominal 10000 per 60 s)
  --rate-window D       rate-limit window, e.g. 60s, 5m (default 60s)
  --data FILE           persist created tests in FILE (atomic writes)
  --fault RULE          repeatable, e.g. drop:every=5, error:status=503:every=3,
                        latency:ms=200, truncate:every=2:times=1, rate-limit:pathPrefix=/v6/
  --control             enable the /_emulator/ control routes
  --instant-delay S     seconds before instant test results appear (default 3)
  --api v6|v7           API served: v6 (the spec; default) or v7 (the current service)
  --help`;

export type CliCommand = { help: true } | { help: false; options: EmulatorOptions };

export function parseCli(argv: readonly string[]): CliCommand {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      seed: { type: 'string' },
      preset: { type: 'string' },
      'page-size': { type: 'string' },
      'inventory-page-size': { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window': { type: 'string' },
      data: { type: 'string' },
      fault: { type: 'string', multiple: true },
      control: { type: 'boolean' },
      'instant-delay': { type: 'string' },
      api: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return { help: true };
  const options: EmulatorOptions = {
    host: values.host ?? '127.0.0.1',
    port: integer(values.port, '--port', 0, 65535) ?? 8787,
  };
  const seed = integer(values.seed, '--seed', 0, Number.MAX_SAFE_INTEGER);
  if (seed !== undefined) options.seed = seed;
  if (values.preset !== undefined) {
    if (values.preset !== 'demo' && values.preset !== 'large') throw new Error('--preset must be demo or large');
    options.preset = values.preset;
  }
  const pageSize = integer(values['page-size'], '--page-size', 1, 100_000);
  if (pageSize !== undefined) options.pageSize = pageSize;
  const inventoryPageSize = integer(values['inventory-page-size'], '--inventory-page-size', 1, 100_000);
  if (inventoryPageSize !== undefined) options.inventoryPageSize = inventoryPageSize;
  const limit = integer(values['rate-limit'], '--rate-limit', 1, Number.MAX_SAFE_INTEGER);
  if (limit !== undefined)
    options.rateLimit = { limit, windowSeconds: duration(values['rate-window'] ?? '60s', '--rate-window') };
  else if (values['rate-window'] !== undefined) throw new Error('--rate-window needs --rate-limit');
  if (values.data !== undefined) options.dataFile = values.data;
  if (values.fault) options.faults = values.fault.map(fault);
  if (values.control) options.control = true;
  const delay = integer(values['instant-delay'], '--instant-delay', 0, 86_400);
  if (delay !== undefined) options.instantTestDelaySeconds = delay;
  if (values.api !== undefined) {
    if (values.api !== 'v6' && values.api !== 'v7') throw new Error(`--api must be v6 or v7, got '${values.api}'`);
    options.api = values.api;
  }
  return { help: false, options };
}

function integer(text: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < min || value > max)
    throw new Error(`${flag} must be an integer in ${min}..${max}, got '${text}'`);
  return value;
}

function duration(text: string, flag: string): number {
  try {
    return parseWindow(text);
  } catch (error) {
    throw new Error(`${flag}: ${messageOf(error)}`);
  }
}

function fault(text: string): FaultRule {
  try {
    return parseFaultFlag(text);
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

function messageOf(error: unknown): string {
  return error instanceof HttpError || error instanceof Error ? error.message : String(error);
}
