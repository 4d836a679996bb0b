// The decoding boundary of list records. Real services send ids as strings or integers,
// numbers as numeric strings, optional objects as null, and fields we do not know; our
// emulator sends none of that. Every record of every list passes through here: ids become
// the type the model declares, numeric strings numbers, nulls absent, unknown fields stay.
// A record without its own id cannot be shown or linked: it is reported and left out, and
// the rest of the page is kept. One pass per record, no recursion beyond the declared shape.
// Records are normalised in place: they come straight from JSON.parse and nobody else holds
// them, and copying every record would cost more than reading it.
import { tolerantFlag } from '../types/tolerant';

export interface RecordShape {
  /** The field that identifies the record; a record without it is reported. */
  id: string;
  /** How the id is typed in the model. */
  idType: 'text' | 'number';
  /** Other id fields: strings in the model (an integer id is written as its digits). */
  textIds?: readonly string[];
  /** Numeric fields: a numeric string becomes a number; anything else not numeric is dropped. */
  numbers?: readonly string[];
  /** Boolean fields: true/false, "true"/"false", 1/0. */
  booleans?: readonly string[];
  /** Nested objects with their own shape; null or a non-object is dropped (absent). */
  objects?: Readonly<Record<string, NestedShape>>;
  /** Arrays of objects with their own shape; a non-array is dropped, non-objects in it too. */
  arrays?: Readonly<Record<string, NestedShape>>;
}

/** A nested object's fields; as deep as the declared shape, never deeper. */
export interface NestedShape {
  numbers?: readonly string[];
  textIds?: readonly string[];
  booleans?: readonly string[];
  objects?: Readonly<Record<string, NestedShape>>;
  arrays?: Readonly<Record<string, NestedShape>>;
}

/** A record left out of a page, and why: the endpoint, its position and the missing field. */
export interface RecordProblem {
  endpoint: string;
  index: number;
  field: string;
  message: string;
}

export type DecodedRecord = { ok: true; record: Record<string, unknown> } | { ok: false; problem: RecordProblem };

export function decodeRecord(raw: unknown, shape: RecordShape, endpoint: string, index: number): DecodedRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const rawKind = raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw;
    return {
      ok: false,
      problem: {
        endpoint,
        index,
        field: shape.id,
        message: `record ${index + 1} of ${endpoint} is ${rawKind}, not an object`,
      },
    };
  }
  const record = raw as Record<string, unknown>;
  const id = shape.idType === 'number' ? asNumber(record[shape.id]) : asText(record[shape.id]);
  if (id === undefined || id === '') {
    return {
      ok: false,
      problem: { endpoint, index, field: shape.id, message: `record ${index + 1} of ${endpoint} has no ${shape.id}` },
    };
  }
  record[shape.id] = id;
  normalize(record, shape);
  return { ok: true, record };
}

/** Objects that may also arrive as an error string (a failed measurement); kept as sent. */
const STRING_ALLOWED: Readonly<Record<string, true>> = {
  icmpPing: true,
  gatewayPing: true,
  ping: true,
  traceroute: true,
};

interface Compiled {
  textIds: readonly string[];
  numbers: readonly string[];
  booleans: readonly string[];
  objects: readonly (readonly [string, Compiled])[];
  arrays: readonly (readonly [string, Compiled])[];
}

const compiledShapes = new WeakMap<NestedShape, Compiled>();

/** The shape as flat lists, built once per shape: decoding runs for every record of every page. */
function compiled(shape: NestedShape): Compiled {
  let found = compiledShapes.get(shape);
  if (!found) {
    found = {
      textIds: shape.textIds ?? [],
      numbers: shape.numbers ?? [],
      booleans: shape.booleans ?? [],
      objects: Object.entries(shape.objects ?? {}).map(([name, nested]) => [name, compiled(nested)] as const),
      arrays: Object.entries(shape.arrays ?? {}).map(([name, nested]) => [name, compiled(nested)] as const),
    };
    compiledShapes.set(shape, found);
  }
  return found;
}

function normalize(record: Record<string, unknown>, shape: NestedShape): void {
  normalizeCompiled(record, compiled(shape));
}

function normalizeCompiled(record: Record<string, unknown>, shape: Compiled): void {
  normalizeScalars(record, shape);
  for (const [name, nested] of shape.objects) {
    const value = record[name];
    if (value === undefined) continue;
    if (isObject(value)) normalizeCompiled(value, nested);
    else if (!(typeof value === 'string' && name in STRING_ALLOWED)) delete record[name];
  }
  for (const [name, nested] of shape.arrays) {
    const value = record[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      const items = value.every(isObject) ? (value as Record<string, unknown>[]) : value.filter(isObject);
      for (const item of items) normalizeCompiled(item, nested);
      if (items !== value) record[name] = items;
    } else if (!(typeof value === 'string' && name in STRING_ALLOWED)) {
      delete record[name];
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeScalars(record: Record<string, unknown>, shape: Compiled): void {
  for (const name of shape.textIds) {
    const value = record[name];
    if (value === undefined || typeof value === 'string') continue;
    const text = asText(value);
    if (text === undefined) delete record[name];
    else record[name] = text;
  }
  for (const name of shape.numbers) {
    const value = record[name];
    if (value === undefined || (typeof value === 'number' && Number.isFinite(value))) continue;
    const number = asNumber(value);
    if (number === undefined) delete record[name];
    else record[name] = number;
  }
  for (const name of shape.booleans) {
    const value = record[name];
    if (value === undefined || typeof value === 'boolean') continue;
    const flag = asBoolean(value);
    if (flag === undefined) delete record[name];
    else record[name] = flag;
  }
}

/** A string, or an integer written as its digits. */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A finite number, or a string that is one ("12", "0.5"). */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** One reader of flags for decoding and analysis (types/tolerant.ts says which words count). */
export const asBoolean = tolerantFlag;

/**
 * A detail answer (`{ userSessions: [record] }`, `{ endpointNet: { pathVis: [...] } }`): its
 * records decoded in place. The record asked for by id gets that id when it lacks one;
 * what is not a record at all is left out.
 */
export function decodeDetails(
  body: unknown,
  path: readonly string[],
  shape: RecordShape,
  endpoint: string,
  askedId?: string | number,
): unknown {
  if (!isObject(body)) return body;
  const root = { ...body };
  let parent: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const child = parent[key];
    if (!isObject(child)) return root;
    parent[key] = { ...child };
    parent = parent[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] ?? '';
  const list = parent[last];
  if (!Array.isArray(list)) return root;
  parent[last] = list.flatMap((item, index) => {
    const withId =
      isObject(item) && askedId !== undefined && (item[shape.id] === undefined || item[shape.id] === null)
        ? { ...item, [shape.id]: askedId }
        : item;
    const decoded = decodeRecord(withId, shape, endpoint, index);
    return decoded.ok ? [decoded.record] : [];
  });
  return root;
}
