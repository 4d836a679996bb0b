// A HAR file read whole by the CLI's HAR commands (insights, diff), the MCP tools and the
// editor's reading worker: plain or gzip, bounded by HAR_SIZE_LIMIT_BYTES read or inflated
// and by what it holds (entries, pages, JSON values: HAR_COUNT_LIMITS), counted before
// anything is decoded or parsed. (`har redact` and `har report` stream instead; the report
// counts the same way.)
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import { HarCounter } from '../analysis/har/entry-count';
import {
  HAR_COUNT_LIMITS,
  HAR_SIZE_LIMIT_BYTES,
  HarLimitError,
  harInflatesTooLargeMessage,
  harTooLargeMessage,
  harTooManyMessage,
  isGzip,
  type HarCounts,
} from '../analysis/har/limits';
import { parseOutsideJson } from '../api/types';

/** Inflated a piece at a time: a bomb is refused after its first pieces, not after 150 MB. */
const INFLATE_CHUNK_BYTES = 256 * 1024;

export interface HarReadLimits {
  sizeBytes: number;
  counts: Readonly<HarCounts>;
}
export const HAR_READ_LIMITS: Readonly<HarReadLimits> = { sizeBytes: HAR_SIZE_LIMIT_BYTES, counts: HAR_COUNT_LIMITS };

/**
 * A HAR file parsed as outside JSON: a regular file (gzip — `.har.gz`, `.zhar`, or any file
 * with gzip's magic bytes — decompressed) within the limits, nested no deeper than
 * MAX_JSON_DEPTH. Throws with what is wrong (HarLimitError for a limit). Inflates as a stream.
 */
export async function readHarFileAsync(path: string): Promise<unknown> {
  const name = basename(path);
  // The bytes are dropped once decoded: the parse does not hold them as well.
  const text = new TextDecoder('utf-8').decode(await harJsonBytes(await readFile(checkedFile(path)), name));
  return parseOutsideJson(text, name);
}

/**
 * readHarFileAsync for synchronous callers (the MCP tools, evidence): a gzip is inflated whole (within the size limit)
 * before it is counted.
 */
export function readHarFile(path: string): unknown {
  const name = basename(path);
  return parseOutsideJson(checkedTextSync(path, name), name);
}

/** The checked text; its bytes are dropped on return, before the parse. */
function checkedTextSync(path: string, name: string): string {
  const bytes = readFileSync(checkedFile(path));
  const text = isGzip(bytes) ? inflateWhole(bytes, name, HAR_SIZE_LIMIT_BYTES) : bytes;
  checkCounts(text, name, HAR_COUNT_LIMITS);
  return new TextDecoder('utf-8').decode(text);
}

function checkedFile(path: string): string {
  const stat = statSync(resolve(path));
  if (!stat.isFile()) throw new Error('not a file');
  if (stat.size > HAR_SIZE_LIMIT_BYTES)
    throw new HarLimitError(`${harTooLargeMessage(basename(path), stat.size)}; export a single page`);
  return resolve(path);
}

/**
 * The JSON text of a HAR file's bytes: inflated when gzip, within the size limit, and
 * counted within the count limits as it comes — a file of 45 million empty entries is
 * refused after its first 200,000, before any text is decoded or parsed. Throws
 * HarLimitError with the limit passed.
 */
export async function harJsonBytes(
  bytes: Uint8Array,
  name: string,
  limits: Readonly<HarReadLimits> = HAR_READ_LIMITS,
  allocate: (size: number) => Uint8Array = (size) => new Uint8Array(size),
): Promise<Uint8Array> {
  if (!isGzip(bytes)) {
    checkCounts(bytes, name, limits.counts);
    return bytes;
  }
  const counter = new HarCounter(limits.counts);
  const pieces: Uint8Array[] = [];
  let total = 0;
  const gunzip = createGunzip({ chunkSize: INFLATE_CHUNK_BYTES });
  gunzip.end(bytes);
  try {
    for await (const piece of gunzip as AsyncIterable<Buffer>) {
      total += piece.length;
      if (total > limits.sizeBytes) throw new HarLimitError(harInflatesTooLargeMessage(name, limits.sizeBytes));
      const over = counter.write(piece);
      if (over !== undefined) throw tooMany(name, over, limits.counts);
      pieces.push(piece);
    }
  } catch (error) {
    if (error instanceof HarLimitError) throw error;
    throw notGzip(name, error);
  } finally {
    gunzip.destroy();
  }
  return joined(pieces, allocate(total));
}

function checkCounts(text: Uint8Array, name: string, limits: Readonly<HarCounts>): void {
  const over = new HarCounter(limits).write(text);
  if (over !== undefined) throw tooMany(name, over, limits);
}

function tooMany(name: string, over: keyof HarCounts, limits: Readonly<HarCounts>): HarLimitError {
  return new HarLimitError(harTooManyMessage(name, over, limits[over]));
}

function inflateWhole(bytes: Uint8Array, name: string, limit: number): Uint8Array {
  try {
    return gunzipSync(bytes, { maxOutputLength: limit });
  } catch (error) {
    if (error instanceof RangeError) throw new HarLimitError(harInflatesTooLargeMessage(name, limit));
    throw notGzip(name, error);
  }
}

function notGzip(name: string, error: unknown): Error {
  return new Error(
    `${name} starts like gzip but cannot be decompressed (${error instanceof Error ? error.message : String(error)})`,
  );
}

/** The inflated pieces in one buffer of their own (`out`: transferable or shared, never a view of node's pool). */
function joined(pieces: readonly Uint8Array[], out: Uint8Array): Uint8Array {
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
