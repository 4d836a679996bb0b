// Narrowing helpers for untrusted JSON: every accessor returns a usable value, never throws.

export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

/** A finite number, or the fallback (HAR uses -1 for "not applicable"; callers decide). */
export function asNumber(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return fallback;
}

/** A duration: negative (the -1 sentinel) and missing both mean zero. */
export function asDuration(value: unknown): number {
  const n = asNumber(value, 0);
  return n > 0 ? n : 0;
}
