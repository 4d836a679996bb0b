// A HAR file read whole for the HAR diff's file sides: `.har`, or gzip (`.har.gz`, `.zhar`, or
// any file that starts with gzip's magic bytes). The reading worker (har-off-thread.ts) inflates
// it within the same size limit as a plain file and counts it within HAR_COUNT_LIMITS, so a
// small bomb is refused off the host's thread before anything is parsed.
import * as vscode from 'vscode';
import { HAR_SIZE_LIMIT_BYTES, harTooLargeMessage } from '../../analysis/har/limits';
import { parseOutsideJson } from '../../api/types';
import { readHarOffThread } from './har-off-thread';

export function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() || uri.toString();
}

/** The file parsed as outside JSON; throws with what is wrong (too large, holds too much, not JSON: SyntaxError). */
export async function readHarUri(uri: vscode.Uri, limit = HAR_SIZE_LIMIT_BYTES): Promise<unknown> {
  const name = fileName(uri);
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > limit) throw new Error(harTooLargeMessage(name, size, limit));
  const text = await readHarOffThread(uri, name, limit);
  if (text === undefined) throw new Error(`${name} was not read`); // only a cancelled read answers nothing
  return parseOutsideJson(new TextDecoder('utf-8').decode(text.bytes), name);
}

/** Why a read failed, in words that follow "<file> cannot be …: ". */
export function harReadFailure(error: unknown): string {
  if (error instanceof SyntaxError) return `it is not valid JSON (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}
