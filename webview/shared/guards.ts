// Small runtime checks for message parameters: postMessage delivers whatever the other
// side (or a hostile frame) sent, so each protocol checks params before they are used.

export type Guard<T> = (value: unknown) => value is T;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isString: Guard<string> = (value): value is string => typeof value === 'string';

export const isFiniteNumber: Guard<number> = (value): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function isArrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(guard);
}

export function isOptional<T>(guard: Guard<T>): Guard<T | undefined> {
  return (value): value is T | undefined => value === undefined || guard(value);
}

export function isRecordOf<T>(guard: Guard<T>): Guard<Record<string, T>> {
  return (value): value is Record<string, T> => isRecord(value) && Object.values(value).every(guard);
}

/** An object whose listed fields pass their guards (other fields are left alone). */
export function hasFields<T>(shape: { [K in keyof T]-?: Guard<T[K]> }): Guard<T> {
  return (value): value is T =>
    isRecord(value) && Object.entries(shape).every(([field, guard]) => (guard as Guard<unknown>)(value[field]));
}

/** `{ type, params }` whose params pass the guard registered for its type. */
export function isTypedMessage<M extends { type: string }>(
  value: unknown,
  guards: { [K in M['type']]: Guard<unknown> },
): value is M {
  if (!isRecord(value) || typeof value['type'] !== 'string') return false;
  if (!Object.prototype.hasOwnProperty.call(guards, value['type'])) return false;
  const guard = (guards as Record<string, Guard<unknown>>)[value['type']];
  return guard !== undefined && guard(value['params']);
}

export const isNothing: Guard<undefined> = (value): value is undefined => value === undefined;
