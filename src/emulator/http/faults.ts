// Fault injection (see FaultRule in ../api.ts): each rule counts the requests it matches
// and fires on every `every`-th one, at most `times` times.
import type { FaultRule } from '../api';
import { badRequest } from './errors';

const FAULT_KINDS = ['latency', 'drop', 'error', 'truncate', 'rate-limit'] as const;

interface ActiveRule {
  rule: FaultRule;
  seen: number;
  fired: number;
}

export class FaultInjector {
  private active: ActiveRule[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    this.set(rules);
  }

  set(rules: readonly FaultRule[]): void {
    this.active = rules.map((rule) => ({ rule: { ...rule }, seen: 0, fired: 0 }));
  }

  rules(): FaultRule[] {
    return this.active.map((a) => ({ ...a.rule }));
  }

  /** The faults that fire for this request (latency first, then at most one terminal fault). */
  pick(path: string): FaultRule[] {
    const firing: FaultRule[] = [];
    for (const entry of this.active) {
      const { rule } = entry;
      if (rule.pathPrefix && !path.startsWith(rule.pathPrefix)) continue;
      entry.seen += 1;
      if (entry.seen % (rule.every ?? 1) !== 0) continue;
      if (rule.times !== undefined && entry.fired >= rule.times) continue;
      entry.fired += 1;
      firing.push(rule);
    }
    return firing.sort((a, b) => Number(b.fault === 'latency') - Number(a.fault === 'latency'));
  }
}

/** Validates an untrusted fault rule (control route bodies, CLI flags). */
export function toFaultRule(value: unknown, where: string): FaultRule {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest(`${where} must be an object`);
  const input = value as Record<string, unknown>;
  const fault = input.fault;
  if (typeof fault !== 'string' || !(FAULT_KINDS as readonly string[]).includes(fault)) {
    throw badRequest(`${where}.fault must be one of ${FAULT_KINDS.join(', ')}`);
  }
  const rule: FaultRule = { fault: fault as FaultRule['fault'] };
  for (const key of Object.keys(input)) {
    if (!['fault', 'every', 'times', 'pathPrefix', 'status', 'latencyMs'].includes(key))
      throw badRequest(`${where}.${key} is not a fault rule field`);
  }
  const every = positiveInt(input.every, `${where}.every`, 1);
  if (every !== undefined) rule.every = every;
  const times = positiveInt(input.times, `${where}.times`, 0);
  if (times !== undefined) rule.times = times;
  const latencyMs = positiveInt(input.latencyMs, `${where}.latencyMs`, 0);
  if (latencyMs !== undefined) rule.latencyMs = Math.min(latencyMs, 120_000);
  const status = positiveInt(input.status, `${where}.status`, 100);
  if (status !== undefined) {
    if (status > 599) throw badRequest(`${where}.status must be an HTTP status (100..599)`);
    rule.status = status;
  }
  if (input.pathPrefix !== undefined) {
    if (typeof input.pathPrefix !== 'string') throw badRequest(`${where}.pathPrefix must be a string`);
    rule.pathPrefix = input.pathPrefix;
  }
  return rule;
}

function positiveInt(value: unknown, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw badRequest(`${name} must be an integer ≥ ${min}`);
  return value;
}

/** Parses the CLI form `kind[:key=value…]`, e.g. `error:status=503:every=3`. */
export function parseFaultFlag(text: string): FaultRule {
  const [kind, ...pairs] = text.split(':');
  const input: Record<string, unknown> = { fault: kind };
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 0) throw badRequest(`--fault ${text}: '${pair}' must be key=value`);
    const key = pair.slice(0, eq) === 'ms' ? 'latencyMs' : pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    input[key] = key === 'pathPrefix' ? raw : Number(raw);
  }
  return toFaultRule(input, `--fault ${text}`);
}
