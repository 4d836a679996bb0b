// Which request of one HAR is the same request in the other. Exact URLs first (same method,
// same URL as written, same body: a GraphQL operation by its name, another body by its hash),
// in start order among themselves; then what is left by normalised URL
// (url-match.ts), where a key held by several requests pairs the most similar ones (method
// and path as written, initiator, resource type, size) — never by order alone, so two
// `?id=1234567890` / `?id=2345678901` loads in swapped order are not crossed. Each pair
// says which rule made it. Pure; bounded: a key held by more than MAX_SIMILARITY_GROUP
// requests on a side is paired by start order (the number of comparisons stays linear).
import type { DiffRequest, HarDiffSide } from './diff';

export const PAIRING_RULES = [
  'exact URL',
  'exact URL and GraphQL operation',
  'exact URL and body',
  'normalised URL',
  'normalised URL, most similar',
] as const;
export type PairingRule = (typeof PAIRING_RULES)[number];

/** Requests of one key per side, at most, for the similarity pass. */
export const MAX_SIMILARITY_GROUP = 32;

/** bi / ai: positions on each side, -1 when that side has none; key: the normalised key. */
export interface RequestPair {
  bi: number;
  ai: number;
  key: string;
  rule?: PairingRule;
}

export function pairRequests(before: HarDiffSide, after: HarDiffSide): RequestPair[] {
  const pairs: RequestPair[] = [];
  const pairedBefore = new Uint8Array(before.requests.length);
  const pairedAfter = new Uint8Array(after.requests.length);
  // 1. Exact: the same method, URL as written and body.
  const exactKey = (r: DiffRequest): string => `${r.method} ${r.url} ${r.body}`;
  const exact = groupBy(before, exactKey, pairedBefore);
  for (let ai = 0; ai < after.requests.length; ai++) {
    const r = after.requests[ai] as DiffRequest;
    const queue = exact.get(exactKey(r));
    const bi = queue?.shift();
    if (bi === undefined) continue;
    pairedBefore[bi] = 1;
    pairedAfter[ai] = 1;
    pairs.push({ bi, ai, key: after.keys[ai] as string, rule: exactRule(r) });
  }
  // 2. Normalised: what is left, by key; several candidates pair by similarity.
  const left = groupBy(before, (_, i) => before.keys[i] as string, pairedBefore);
  const right = new Map<string, number[]>();
  for (let ai = 0; ai < after.requests.length; ai++) {
    if (pairedAfter[ai]) continue;
    const key = after.keys[ai] as string;
    const list = right.get(key);
    if (list) list.push(ai);
    else right.set(key, [ai]);
  }
  for (const [key, ais] of right) {
    const bis = left.get(key) ?? [];
    const matched =
      bis.length === 1 && ais.length === 1
        ? !sameRequest(before.requests[bis[0]!]!, after.requests[ais[0]!]!)
          ? []
          : [{ bi: bis[0] as number, ai: ais[0] as number, rule: 'normalised URL' as const }]
        : bySimilarity(before, bis, after, ais);
    for (const m of matched) {
      pairedBefore[m.bi] = 1;
      pairedAfter[m.ai] = 1;
      pairs.push({ ...m, key });
    }
  }
  for (let ai = 0; ai < after.requests.length; ai++)
    if (!pairedAfter[ai]) pairs.push({ bi: -1, ai, key: after.keys[ai] as string });
  for (let bi = 0; bi < before.requests.length; bi++)
    if (!pairedBefore[bi]) pairs.push({ bi, ai: -1, key: before.keys[bi] as string });
  return pairs;
}

function groupBy(
  side: HarDiffSide,
  keyOf: (r: DiffRequest, i: number) => string,
  skip: Uint8Array,
): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < side.requests.length; i++) {
    if (skip[i]) continue;
    const key = keyOf(side.requests[i] as DiffRequest, i);
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  }
  return groups;
}

/** Greedy: the most similar pair first; equal scores keep start order. Large groups pair by start order. */
function bySimilarity(
  before: HarDiffSide,
  bis: readonly number[],
  after: HarDiffSide,
  ais: readonly number[],
): { bi: number; ai: number; rule: PairingRule }[] {
  if (bis.length === 0 || ais.length === 0) return [];
  if (bis.length > MAX_SIMILARITY_GROUP || ais.length > MAX_SIMILARITY_GROUP) {
    return Array.from({ length: Math.min(bis.length, ais.length) }, (_, n) => ({
      bi: bis[n] as number,
      ai: ais[n] as number,
      rule: 'normalised URL' as const,
    })).filter((p) => sameRequest(before.requests[p.bi]!, after.requests[p.ai]!));
  }
  const candidates: { bi: number; ai: number; score: number; order: number }[] = [];
  bis.forEach((bi, x) =>
    ais.forEach((ai, y) => {
      if (!sameRequest(before.requests[bi]!, after.requests[ai]!)) return;
      candidates.push({
        bi,
        ai,
        score: similarity(before.requests[bi] as DiffRequest, after.requests[ai] as DiffRequest),
        order: Math.abs(x - y),
      });
    }),
  );
  candidates.sort((p, q) => q.score - p.score || p.order - q.order || p.bi - q.bi || p.ai - q.ai);
  const usedB = new Set<number>();
  const usedA = new Set<number>();
  const out: { bi: number; ai: number; rule: PairingRule }[] = [];
  for (const c of candidates) {
    if (usedB.has(c.bi) || usedA.has(c.ai)) continue;
    usedB.add(c.bi);
    usedA.add(c.ai);
    out.push({ bi: c.bi, ai: c.ai, rule: 'normalised URL, most similar' });
  }
  return out;
}

function exactRule(r: DiffRequest): PairingRule {
  if (r.body.startsWith('op:')) return 'exact URL and GraphQL operation';
  return r.body === '' ? 'exact URL' : 'exact URL and body';
}

/** The GraphQL operation(s) a request ran, '' when it is not one. */
export function operationOf(r: DiffRequest | undefined): string {
  return r?.body.startsWith('op:') ? r.body.slice(3) : '';
}

/** Two GraphQL operations of different names are different requests, whatever their URL. */
function sameRequest(b: DiffRequest, a: DiffRequest): boolean {
  return !(b.body.startsWith('op:') && a.body.startsWith('op:') && b.body !== a.body);
}

/** 0 … 1.5: how alike two requests of the same normalised key are; the same operation outweighs the rest. */
function similarity(b: DiffRequest, a: DiffRequest): number {
  let score = 0;
  if (b.body !== '' && b.body === a.body) score += 0.5;
  if (b.method === a.method) score += 0.2;
  if (pathOf(b.url) === pathOf(a.url)) score += 0.2;
  if (b.initiator !== '' && b.initiator === a.initiator) score += 0.2;
  if (b.resourceType === a.resourceType) score += 0.1;
  score += 0.2 * sizeLikeness(b.contentBytes, a.contentBytes);
  score += (0.1 * commonPrefix(b.url, a.url)) / Math.max(1, b.url.length, a.url.length);
  return score;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

function sizeLikeness(x: number, y: number): number {
  if (x < 0 || y < 0) return 0;
  return x === y ? 1 : Math.min(x, y) / Math.max(x, y);
}

function commonPrefix(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  let i = 0;
  while (i < n && x.charCodeAt(i) === y.charCodeAt(i)) i++;
  return i;
}
