// A HAR file read whole by the CLI's HAR commands (report, diff): plain or gzip, bounded by
// HAR_SIZE_LIMIT_BYTES read or inflated. (`har redact` streams instead: any size.)
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { HAR_SIZE_LIMIT_BYTES, harTooLargeMessage, isGzip, megabytes } from '../analysis/har/limits';
import { parseOutsideJson } from '../api/types';

/**
 * A HAR file parsed as outside JSON: a regular file (gzip — `.har.gz`, `.zhar`, or any file
 * with gzip's magic bytes — decompressed) no larger than HAR_SIZE_LIMIT_BYTES, read or
 * inflated, nested no deeper than MAX_JSON_DEPTH. Throws with what is wrong.
 */
export function readHarFile(path: string): unknown {
  const stat = statSync(resolve(path));
  if (!stat.isFile()) throw new Error('not a file');
  if (stat.size > HAR_SIZE_LIMIT_BYTES)
    throw new Error(`${harTooLargeMessage(basename(path), stat.size)}; export a single page`);
  const bytes = readFileSync(resolve(path));
  return parseOutsideJson(
    new TextDecoder('utf-8').decode(isGzip(bytes) ? inflate(bytes, basename(path)) : bytes),
    basename(path),
  );
}

function inflate(bytes: Uint8Array, name: string): Uint8Array {
  try {
    return gunzipSync(bytes, { maxOutputLength: HAR_SIZE_LIMIT_BYTES });
  } catch (error) {
    if (error instanceof RangeError)
      throw new Error(
        `${name} decompresses to more than ${megabytes(HAR_SIZE_LIMIT_BYTES)}, the limit for a HAR read whole`,
      );
    throw new Error(
      `${name} starts like gzip but cannot be decompressed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
