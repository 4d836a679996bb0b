// Record ids that say how to regenerate their record: round start, kind, index within the
// round, and a checksum keyed by seed and account group so foreign or made-up ids miss.
import { HEX_BYTES, hex32 } from './format';
import { HASH_START, extendHash, extendHashText, hashKey } from './prng';

export type RecordKind = 'session' | 'probe';
const KIND_DIGIT: Record<RecordKind, string> = { session: 'a', probe: 'b' };

export interface DecodedId {
  roundId: number;
  index: number;
}

function checksum(seed: number, aid: number, kind: RecordKind, roundId: number, index: number): string {
  const high = extendHash(prefixKey(seed, aid, kind), roundId, index);
  const low = extendHash(extendHashText(extendHash(HASH_START, index, roundId), kind), aid, seed);
  return hex32(high) + (HEX_BYTES[low >>> 24] as string);
}

/** hashKey(seed, aid, kind), remembered per kind: a list asks with the same three all the time. */
const prefixes = new Map<RecordKind, { seed: number; aid: number; key: number }>();

function prefixKey(seed: number, aid: number, kind: RecordKind): number {
  const known = prefixes.get(kind);
  if (known && known.seed === seed && known.aid === aid) return known.key;
  const key = hashKey(seed, aid, kind);
  prefixes.set(kind, { seed, aid, key });
  return key;
}

/** 24 lowercase hex digits, like the service's object ids (which also lead with a time). */
export function encodeRecordId(seed: number, aid: number, kind: RecordKind, roundId: number, index: number): string {
  return (
    hex32(roundId) + KIND_DIGIT[kind] + index.toString(16).padStart(5, '0') + checksum(seed, aid, kind, roundId, index)
  );
}

export function decodeRecordId(seed: number, aid: number, kind: RecordKind, id: string): DecodedId | undefined {
  if (!/^[0-9a-f]{24}$/.test(id) || id[8] !== KIND_DIGIT[kind]) return undefined;
  const roundId = parseInt(id.slice(0, 8), 16);
  const index = parseInt(id.slice(9, 14), 16);
  return id.slice(14) === checksum(seed, aid, kind, roundId, index) ? { roundId, index } : undefined;
}
