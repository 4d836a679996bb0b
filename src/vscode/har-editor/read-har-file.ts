// A HAR file read whole, for the waterfall editor and the HAR diff: `.har`, or gzip
// (`.har.gz`, `.zhar`, or any file that starts with gzip's magic bytes) decompressed with the
// output bounded by the same limit as a plain file, so a small bomb cannot fill the memory.
import { gunzipSync } from 'node:zlib';
import * as vscode from 'vscode';
import { HAR_SIZE_LIMIT_BYTES, harTooLargeMessage, isGzip, megabytes } from '../../analysis/har/limits';
import { parseOutsideJson } from '../../api/types';

export function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() || uri.toString();
}

/** The file's text; throws with what is wrong (too large, not gzip after all). */
export async function readHarText(uri: vscode.Uri, limit = HAR_SIZE_LIMIT_BYTES): Promise<string> {
  const name = fileName(uri);
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > limit) throw new Error(harTooLargeMessage(name, size, limit));
  const bytes = await vscode.workspace.fs.readFile(uri);
  return new TextDecoder('utf-8').decode(isGzip(bytes) ? gunzip(bytes, name, limit) : bytes);
}

/** The file parsed as outside JSON (SyntaxError when it is not JSON). */
export async function readHarUri(uri: vscode.Uri, limit = HAR_SIZE_LIMIT_BYTES): Promise<unknown> {
  return parseOutsideJson(await readHarText(uri, limit), fileName(uri));
}

/** Why a read failed, in words that follow "<file> cannot be …: ". */
export function harReadFailure(error: unknown): string {
  if (error instanceof SyntaxError) return `it is not valid JSON (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}

function gunzip(bytes: Uint8Array, name: string, limit: number): Uint8Array {
  try {
    return gunzipSync(bytes, { maxOutputLength: limit });
  } catch (error) {
    if (error instanceof RangeError)
      throw new Error(`${name} decompresses to more than the limit of ${megabytes(limit)} for a HAR read whole`);
    throw new Error(
      `${name} starts like gzip but cannot be decompressed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
