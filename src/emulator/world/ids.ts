// Record ids that say how to regenerate their record: round start, kind, index within the
// round, and a checksum keyed by seed and account group so foreign or made-up ids miss.
import { hashKey } from './prng';

export type RecordKind = 'session' | 'probe';
const KIND_DIGIT: Record<RecordKind, string> = { session: 'a', probe: 'b' };

export interface DecodedId { roundId: number; index: number }

function checksum(seed: number, aid: number, kind: RecordKind, roundId: number, index: number): string {
  const high = hashKey(seed, aid, kind, roundId, index);
  const low = hashKey(index, roundId, kind, aid, seed);
  return (high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0')).slice(0, 10);
}

/** 24 lowercase hex digits, like the service's object ids (which also lead with a time). */
export function encodeRecordId(seed: number, aid: number, kind: RecordKind, roundId: number, index: number): string {
  return roundId.toString(16).padStart(8, '0') + KIND_DIGIT[kind] + index.toString(16).padStart(5, '0')
    + checksum(seed, aid, kind, roundId, index);
}

export function decodeRecordId(seed: number, aid: number, kind: RecordKind, id: string): DecodedId | undefined {
  if (!/^[0-9a-f]{24}$/.test(id) || id[8] !== KIND_DIGIT[kind]) return undefined;
  const roundId = parseInt(id.slice(0, 8), 16);
  const index = parseInt(id.slice(9, 14), 16);
  return id.slice(14) === checksum(seed, aid, kind, roundId, index) ? { roundId, index } : undefined;
}
